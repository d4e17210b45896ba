import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type InvoiceResource, type PublicDocument, type PublicLinkResponse, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createInvoice, onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { createPayment, openInvoice, paymentBody } from '../payments/test-payments';
import { randomToken } from '../../platform/crypto';
import { PUBLIC_LINK_RATE_LIMIT } from './document-delivery.routes';
import { pdfText, publicTokenIn, rawGet, tokenOfUrl } from './delivery-test-helpers';

let h: Harness;
let vendor: TestClient;
let guest: TestClient;
let customer: CounterpartyResource;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@globex.example';

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  ({ customer } = await onboardedCustomer(h, vendor, 'Globex Corporation', BUYER_EMAIL));
  guest = h.client();
});
afterAll(async () => {
  await h.close();
});
// Each test starts with a fresh rate-limit window (the limiter runs on the harness clock).
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

async function sentInvoiceLink(): Promise<{ invoice: InvoiceResource; link: PublicLinkResponse; token: string }> {
  const invoice = await createInvoice(vendor, customer.id);
  expect((await vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`)).status).toBe(200);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  return { invoice, link, token: tokenOfUrl(link.url) };
}

describe('public invoice page', () => {
  it('shows the mailed invoice to anyone with the link and marks it viewed the first time', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const sent = await vendor.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: BUYER_EMAIL, subject: `Public ${invoice.invoice_number}`, body: 'See {link}' });
    expect(sent.status).toBe(200);
    const token = publicTokenIn(await h.smtp.waitFor(BUYER_EMAIL, (m) => m.subject === `Public ${invoice.invoice_number}`), 'invoices');

    const viewedAt = clock.now().toISOString();
    const first = await guest.get(`/api/v1/public/invoices/${token}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const page = first.body as unknown as PublicDocument;
    expect(page).toMatchObject({ model: 'invoice', business: { name: 'Łódź Widgets', logo_url: null }, estimate: null, can_approve: false, can_reject: false, pdf_url: `/api/v1/public/invoices/${token}/pdf` });
    expect(page.invoice).toMatchObject({ id: invoice.id, invoice_number: invoice.invoice_number, status: 'viewed', viewed_at: viewedAt, total: invoice.total });
    expect(page.invoice).not.toHaveProperty('allowed_actions');
    expect(page.invoice).not.toHaveProperty('attachments');

    clock.advance(5_000);
    const second = (await guest.get(`/api/v1/public/invoices/${token}`)).body as unknown as PublicDocument;
    expect(second.invoice?.viewed_at).toBe(viewedAt);
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}`)).body.data).toMatchObject({ status: 'viewed', viewed_at: viewedAt });

    const pdf = await rawGet(h, guest, page.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.body)).toContain(invoice.invoice_number);
  });

  it('lists the payments of the invoice, oldest first, beside what is paid and due', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const other = await openInvoice(vendor, customer.id, 10000);
    const later = await createPayment(vendor, paymentBody(customer.id, 1500, { invoice_id: invoice.id }));
    const earlier = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id, payment_date: '2026-11-18' }));
    await createPayment(vendor, paymentBody(customer.id, 2000, { invoice_id: other.id }));
    const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;

    const page = (await guest.get(`/api/v1/public/invoices/${tokenOfUrl(link.url)}`)).body as unknown as PublicDocument;
    expect(page.payments).toEqual([
      { payment_date: '2026-11-18', payment_number: earlier.payment_number, amount: 4000 },
      { payment_date: '2026-11-20', payment_number: later.payment_number, amount: 1500 },
    ]);
    expect(page.invoice).toMatchObject({ amount_paid: 5500, due_amount: 4500, paid_status: 'partially_paid' });
  });

  it('does not show a draft behind a link', async () => {
    const draft = await createInvoice(vendor, customer.id);
    const link = (await vendor.post(`/api/v1/invoices/${draft.id}/links`)).body as PublicLinkResponse;
    const response = await guest.get(`/api/v1/public/invoices/${tokenOfUrl(link.url)}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(messages.publicLinkInvalid);
    expect((await vendor.get(`/api/v1/invoices/${draft.id}`)).body.data).toMatchObject({ status: 'draft', viewed_at: null });
  });

  it('refuses a link once it expired', async () => {
    expect((await vendor.post('/api/v1/business/settings', { settings: { link_expiry_enabled: true, link_expiry_days: 2 } })).status).toBe(200);
    try {
      const { link, token } = await sentInvoiceLink();
      expect(link.expires_at).toBe(new Date(clock.now().getTime() + 2 * 86_400_000).toISOString());
      expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(200);
      clock.advance(2 * 86_400_000 + 1000);
      // Two days also end the vendor's session.
      expect((await vendor.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
      const expired = await guest.get(`/api/v1/public/invoices/${token}`);
      expect(expired.status).toBe(404);
      expect(expired.body.message).toBe(messages.publicLinkInvalid);
      expect((await rawGet(h, guest, `/api/v1/public/invoices/${token}/pdf`)).status).toBe(404);
    } finally {
      await vendor.post('/api/v1/business/settings', { settings: { link_expiry_enabled: false } });
    }
  });

  it('refuses a made-up token and a token used on another tenant', async () => {
    const made = await guest.get(`/api/v1/public/invoices/${randomToken()}`);
    expect(made.status).toBe(404);
    expect(made.body.message).toBe(messages.publicLinkInvalid);
    expect((await rawGet(h, guest, `/api/v1/public/invoices/${randomToken()}/pdf`)).status).toBe(404);
    const { token } = await sentInvoiceLink();
    expect((await h.client(OTHER_HOST).get(`/api/v1/public/invoices/${token}`)).status).toBe(404);
    expect((await guest.get(`/api/v1/public/estimates/${token}`)).status).toBe(404);
  });

  it('limits how many tokens one address may try', async () => {
    const { token } = await sentInvoiceLink();
    for (let attempt = 0; attempt < PUBLIC_LINK_RATE_LIMIT.max; attempt += 1) {
      expect((await guest.get(`/api/v1/public/invoices/${randomToken()}`)).status).toBe(404);
    }
    const limited = await guest.get(`/api/v1/public/invoices/${token}`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.tooManyAttempts);
    clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs);
    expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(200);
  });
});
