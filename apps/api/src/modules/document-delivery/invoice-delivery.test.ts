import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type DocumentEmailPreview, type InvoiceResource, type PublicLinkResponse, currencyByCode, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice, createTaxType, invoiceBody, onboardedCustomer, postalAddress } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { businesses } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { solidPng } from '../../platform/pdf/sample-documents';
import { deliveryRows, pdfImageCount, pdfText, publicTokenIn, rawGet } from './delivery-test-helpers';

let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let vat: string;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@globex.example';

async function uploadLogo(client: TestClient, png: Buffer): Promise<void> {
  const boundary = '----delivery-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="business_logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await h.server.inject({
    method: 'POST',
    url: '/api/v1/business/upload-logo',
    headers: {
      host: client.host,
      cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      business: client.business ?? '',
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Globex Corporation', BUYER_EMAIL));
  vat = await createTaxType(vendor, 'VAT', '19');
  // The business address has no API yet: it is written the way the profile screen will store it.
  await h.app.db
    .update(businesses)
    .set({ billingAddress: { name: null, address_street_1: 'ul. Piotrkowska 1', address_street_2: null, city: 'Łódź', state: null, zip: '90-001', country_id: 177, phone: null } })
    .where(eq(businesses.id, vendor.business ?? ''));
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as InvoiceResource;

describe('invoice PDF', () => {
  it('renders the invoice with the business, customer, lines, totals and formatted dates', async () => {
    await uploadLogo(vendor, solidPng(8, [200, 30, 30]));
    const shipped = await createCustomer(vendor, 'Zürich Shipping AG', 'ship@zurich.example', { shipping_address: { ...postalAddress, name: 'Dock 4', address_street_1: 'Hafenstrasse 9' } });
    const invoice = await createInvoice(vendor, shipped.id, {
      discount_type: 'percentage',
      discount: '10',
      taxes: [{ tax_type_id: vat }],
      notes: 'Thank you for your business',
    });
    const response = await rawGet(h, vendor, `/api/v1/invoices/${invoice.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${invoice.invoice_number}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.body);
    for (const expected of [
      invoice.invoice_number,
      'Łódź Widgets',
      'ul. Piotrkowska 1',
      '90-001',
      'Poland',
      'Zürich Shipping AG',
      'Switzerland',
      'Hafenstrasse 9',
      'Consulting',
      'Support',
      'Discount (10%)',
      'VAT (19%)',
      '$374.85',
      '20 Nov 2026',
      '20 Dec 2026',
      'Thank you for your business',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // An address part left empty leaves no empty line or dangling comma ('Zürich, ZH 8001', not 'Zürich, ZH 8001,').
    expect(text).toContain('Zürich, ZH 8001');
    expect(await pdfImageCount(response.body)).toBe(1);
  });

  it('is readable by the receiving business once sent, never by a third business or tenant', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    expect((await rawGet(h, buyer, `/api/v1/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`)).status).toBe(200);
    const received = await rawGet(h, buyer, `/api/v1/invoices/${invoice.id}/pdf`);
    expect(received.status).toBe(200);
    expect(await pdfText(received.body)).toContain('Globex Corporation');
    expect((await rawGet(h, sibling, `/api/v1/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await rawGet(h, foreign, `/api/v1/invoices/${invoice.id}/pdf`)).status).toBe(404);
  });
});

describe('invoice email', () => {
  it('previews the mail with the placeholders filled and {link} kept for sending', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const response = await vendor.get(`/api/v1/invoices/${invoice.id}/preview-email`);
    expect(response.status).toBe(200);
    const preview = response.body.data as DocumentEmailPreview;
    expect(preview).toMatchObject({ to: BUYER_EMAIL, reply_to: ADMIN_EMAIL, subject: 'You have received a new invoice from Łódź Widgets', send_as_attachment: false });
    expect(preview.body).toBe(`Dear Globex Corporation,\n\nPlease find invoice ${invoice.invoice_number} for $350.00, due 20 Dec 2026.\n\nView it online: {link}\n\nThank you,\nŁódź Widgets`);

    expect((await vendor.put('/api/v1/business', { name: 'Łódź Widgets', email: 'billing@lodz.example' })).status).toBe(200);
    expect((await vendor.post('/api/v1/business/settings', { settings: { invoice_email_subject: 'Invoice {number} from {business}' } })).status).toBe(200);
    const again = (await vendor.get(`/api/v1/invoices/${invoice.id}/preview-email`)).body.data as DocumentEmailPreview;
    expect(again).toMatchObject({ reply_to: 'billing@lodz.example', subject: `Invoice ${invoice.invoice_number} from Łódź Widgets` });
  });

  it('asks for the amount still due after a partial payment, in the currency of the invoice', async () => {
    const kwd = currencyByCode('KWD')?.id ?? 0;
    const dinars = await createCustomer(vendor, 'Kuwait Trading', 'ap@kuwait.example', { currency_id: kwd });
    const invoice = await createInvoice(vendor, dinars.id, { items: [{ name: 'Survey', quantity: '1', price: 12345 }] });
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
    expect((await vendor.post('/api/v1/payments', { direction: 'received', customer_id: dinars.id, invoice_id: invoice.id, payment_date: '2026-11-20', amount: 5000 })).status).toBe(201);
    const preview = (await vendor.get(`/api/v1/invoices/${invoice.id}/preview-email`)).body.data as DocumentEmailPreview;
    expect(preview.body).toContain(`Please find invoice ${invoice.invoice_number} for KD7.345, due 20 Dec 2026.`);
    expect(preview.body).not.toContain('12.345');
    const sent = await vendor.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: 'ap@kuwait.example', subject: `Due ${invoice.invoice_number}`, body: preview.body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await h.smtp.waitFor('ap@kuwait.example', (m) => m.subject === `Due ${invoice.invoice_number}`);
    expect(mail.text).toContain('for KD7.345, due 20 Dec 2026.');
    expect(mail.text).toContain('http://localhost/public/invoices/view/');
  });

  it('sends a draft with the public link, copies the sender on request and marks it sent', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const response = await vendor.post(`/api/v1/invoices/${invoice.id}/send-email`, {
      to: BUYER_EMAIL,
      reply_to: 'billing@lodz.example',
      subject: `Link mail ${invoice.invoice_number}`,
      body: 'Hello {customer}, see {number}: {link}',
      notify_admin: true,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(dataOf(response.body)).toMatchObject({ id: invoice.id, status: 'sent', sent_at: clock.now().toISOString() });
    expect(response.body.mail).toEqual({ status: 'queued', held_reason: null });
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (m) => m.subject === `Link mail ${invoice.invoice_number}`);
    expect(mail.text).toContain(`Hello Globex Corporation, see ${invoice.invoice_number}: http://localhost/public/invoices/view/`);
    expect(mail.raw).not.toContain('application/pdf');
    expect(mail.raw).toMatch(/^Reply-To: billing@lodz\.example/m);
    expect(mail.to).toContain(ADMIN_EMAIL);
    expect(publicTokenIn(mail, 'invoices').length).toBeGreaterThanOrEqual(43);
  });

  it('attaches the PDF when the business sends invoices as attachments', async () => {
    expect((await vendor.post('/api/v1/business/settings', { settings: { invoice_send_as_attachment: true } })).status).toBe(200);
    try {
      const invoice = await createInvoice(vendor, customer.id);
      const response = await vendor.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: BUYER_EMAIL, subject: `Attached ${invoice.invoice_number}`, body: 'Attached.' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const mail = await h.smtp.waitFor(BUYER_EMAIL, (m) => m.subject === `Attached ${invoice.invoice_number}`);
      expect(mail.raw).toContain('application/pdf');
      expect(mail.raw).toMatch(new RegExp(`filename="?${invoice.invoice_number}\\.pdf`));
      expect(mail.to).not.toContain(ADMIN_EMAIL);
    } finally {
      await vendor.post('/api/v1/business/settings', { settings: { invoice_send_as_attachment: false } });
    }
  });

  it('writes nothing when the send transition is refused', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/void`)).status).toBe(200);
    const before = await deliveryRows(h, invoice.id);
    const response = await vendor.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: BUYER_EMAIL, subject: 'Void', body: 'No.' });
    expect(response.status).toBe(422);
    expect(errorsOf(response).status).toBeDefined();
    expect(await deliveryRows(h, invoice.id)).toEqual(before);
  });

  it('sends at once when created or updated with send_invoice', async () => {
    const created = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { send_invoice: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invoice = dataOf(created.body);
    expect(invoice.status).toBe('sent');
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (m) => m.text.includes(`Please find invoice ${invoice.invoice_number} `));
    expect(mail.text).toContain('http://localhost/public/invoices/view/');

    const draft = await createInvoice(vendor, customer.id);
    const updated = await vendor.put(`/api/v1/invoices/${draft.id}`, invoiceBody(customer.id, { send_invoice: true }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(dataOf(updated.body).status).toBe('sent');
    await h.smtp.waitFor(BUYER_EMAIL, (m) => m.text.includes(`Please find invoice ${draft.invoice_number} `));
  });

  it('refuses send_invoice for a customer without an email before saving anything', async () => {
    const silent = await createCustomer(vendor, 'No Mail GmbH');
    const before = (await vendor.get(`/api/v1/invoices?customer_id=${silent.id}`)).body.meta as { total: number };
    const response = await vendor.post('/api/v1/invoices', invoiceBody(silent.id, { send_invoice: true }));
    expect(response.status).toBe(422);
    expect(errorsOf(response).customer_id).toEqual([messages.customerEmailMissing]);
    expect(((await vendor.get(`/api/v1/invoices?customer_id=${silent.id}`)).body.meta as { total: number }).total).toBe(before.total);
  });

  it('issues public links on request', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const response = await vendor.post(`/api/v1/invoices/${invoice.id}/links`);
    expect(response.status).toBe(200);
    const link = response.body as PublicLinkResponse;
    expect(link.url).toMatch(/^http:\/\/localhost\/public\/invoices\/view\/[\w-]{43}$/);
    expect(link.expires_at).toBeNull();
    expect((await deliveryRows(h, invoice.id)).links).toBe(1);
  });
});

describe('invoice delivery access', () => {
  it('needs send-invoice to preview, send, link or send on save', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    expect((await rawGet(h, viewer, `/api/v1/invoices/${invoice.id}/pdf`)).status).toBe(200);
    expect((await viewer.get(`/api/v1/invoices/${invoice.id}/preview-email`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: BUYER_EMAIL, subject: 'x', body: 'y' })).status).toBe(403);
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/links`)).status).toBe(403);
    const role = await vendor.post('/api/v1/roles', { name: 'Clerk', abilities: ['view-invoice', 'create-invoice', 'view-customer'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const clerk = await inviteAndAccept(h, vendor, 'clerk@lodz.example', 'Clerk');
    const countBefore = ((await vendor.get('/api/v1/invoices')).body.meta as { total: number }).total;
    expect((await clerk.post('/api/v1/invoices', invoiceBody(customer.id, { send_invoice: true }))).status).toBe(403);
    expect(((await vendor.get('/api/v1/invoices')).body.meta as { total: number }).total).toBe(countBefore);
    expect((await clerk.post('/api/v1/invoices', invoiceBody(customer.id))).status).toBe(201);
    expect(await deliveryRows(h, invoice.id)).toMatchObject({ links: 0 });
  });

  it('answers 404 for another business or tenant and changes nothing', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const before = await deliveryRows(h, invoice.id);
    for (const outsider of [sibling, foreign]) {
      expect((await rawGet(h, outsider, `/api/v1/invoices/${invoice.id}/pdf`)).status).toBe(404);
      expect((await outsider.get(`/api/v1/invoices/${invoice.id}/preview-email`)).status).toBe(404);
      expect((await outsider.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: 'x@outsider.example', subject: 'x', body: 'y' })).status).toBe(404);
      expect((await outsider.post(`/api/v1/invoices/${invoice.id}/links`)).status).toBe(404);
    }
    // The receiving business may read it, not send it.
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`)).status).toBe(200);
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/links`)).status).toBe(404);
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}`)).body.data).toMatchObject({ status: 'sent' });
    expect(await deliveryRows(h, invoice.id)).toEqual(before);
  });
});
