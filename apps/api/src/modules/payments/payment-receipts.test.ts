import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type DocumentEmailPreview, type PaymentResource, type PublicPayment, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { linkIn } from '../../../test/smtp';
import { fixedClock } from '../../platform/clock';
import { pdfText, rawGet } from '../document-delivery/delivery-test-helpers';
import { createMode, createPayment, openInvoice, paymentBody } from './test-payments';

let h: Harness;
let vendor: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let payment: PaymentResource;
const BUYER_EMAIL = 'ap@globex.example';

beforeAll(async () => {
  h = await createHarness({ clock: fixedClock(new Date('2026-11-20T10:00:00Z')) });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer } = await onboardedCustomer(h, vendor, 'Globex Corporation', BUYER_EMAIL));
  const invoice = await openInvoice(vendor, customer.id, 12345);
  payment = await createPayment(vendor, paymentBody(customer.id, 12345, { invoice_id: invoice.id, payment_method_id: await createMode(vendor, 'Bank transfer') }));
});
afterAll(async () => {
  await h.close();
});

/** Subjects with non-ASCII text arrive encoded ('Payment_receipt_...'). */
const isReceipt = (mail: { subject: string }) => /Payment.receipt/.test(mail.subject);
const receiptMails = () => h.smtp.mails.filter(isReceipt);

describe('receipt PDF', () => {
  it('renders the receipt with its number, date, mode, invoice and amount', async () => {
    const response = await rawGet(h, vendor, `/api/v1/payments/${payment.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${payment.payment_number}.pdf"`);
    const text = await pdfText(response.body);
    for (const expected of ['Payment Receipt', payment.payment_number, '20 Nov 2026', 'Bank transfer', payment.invoice?.invoice_number ?? '-', '$123.45', 'Globex Corporation']) expect(text).toContain(expected);
  });
});

describe('receipt mail', () => {
  it('previews the mail to the customer and sends it with the PDF through the outbox', async () => {
    const preview = (await vendor.get(`/api/v1/payments/${payment.id}/preview-email`)).body.data as DocumentEmailPreview;
    expect(preview).toMatchObject({ to: BUYER_EMAIL, subject: `Payment receipt ${payment.payment_number} from Łódź Widgets`, send_as_attachment: true });
    expect(preview.body).toContain('$123.45');
    expect(preview.body).toContain('{link}');
    const sent = await vendor.post(`/api/v1/payments/${payment.id}/send-email`, { to: preview.to, subject: preview.subject, body: preview.body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ id: payment.id, amount: 12345 });
    const mail = await h.smtp.waitFor(BUYER_EMAIL, isReceipt);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toContain(`filename=${payment.payment_number}.pdf`);
    expect(linkIn(mail, /\/public\/payments\/view\/[\w-]+/)).toMatch(/^\/public\/payments\/view\/[\w-]{40,}$/);
  });

  it('refuses a bad address, a member without send-payment, and another business', async () => {
    expect(errorsOf(await vendor.post(`/api/v1/payments/${payment.id}/send-email`, { to: 'nope', subject: 'S', body: 'B' })).to?.[0]).toBe(messages.incorrectEmail);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    expect((await viewer.get(`/api/v1/payments/${payment.id}/preview-email`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/payments/${payment.id}/send-email`, { to: BUYER_EMAIL, subject: 'S', body: 'B' })).status).toBe(403);
    expect((await viewer.get(`/api/v1/payments/${payment.id}/pdf`)).status).toBe(200);
    const before = receiptMails().length;
    expect((await foreign.post(`/api/v1/payments/${payment.id}/send-email`, { to: 'x@example.com', subject: 'S', body: 'B' })).status).toBe(404);
    expect((await foreign.get(`/api/v1/payments/${payment.id}/preview-email`)).status).toBe(404);
    expect(receiptMails()).toHaveLength(before);
  });
});

describe('public receipt', () => {
  it('shows the mailed receipt and its PDF to anyone with the link', async () => {
    const mail = await h.smtp.waitFor(BUYER_EMAIL, isReceipt);
    const token = linkIn(mail, /\/public\/payments\/view\/[\w-]+/).split('/').pop() ?? '';
    const guest = h.client();
    const page = await guest.get(`/api/v1/public/payments/${token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const receipt = page.body as unknown as PublicPayment;
    expect(receipt).toMatchObject({ model: 'payment', business: { name: 'Łódź Widgets' }, payment: { id: payment.id, amount: 12345, payment_number: payment.payment_number }, pdf_url: `/api/v1/public/payments/${token}/pdf` });
    const pdf = await rawGet(h, guest, `/api/v1/public/payments/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.body)).toContain(payment.payment_number);
    // A receipt link is not an invoice link, and the token is bound to its tenant.
    expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(404);
    expect((await h.client(OTHER_HOST).get(`/api/v1/public/payments/${token}`)).status).toBe(404);
  });

  it("answers a made-up token with 'Receipt does not exist.'", async () => {
    const guest = h.client();
    const missing = await guest.get('/api/v1/public/payments/not-a-real-token-0123456789abcdefghijklmnop');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.receiptMissing });
    expect((await guest.get('/api/v1/public/payments/not-a-real-token/pdf')).body).toEqual({ message: messages.receiptMissing });
  });

  it('issues a link on request, and the receipt of a deleted payment no longer exists', async () => {
    const other = await createCustomer(vendor, 'Walk-in', 'walkin@example.com');
    const cashPayment = await createPayment(vendor, paymentBody(other.id, 900));
    const link = await vendor.post(`/api/v1/payments/${cashPayment.id}/links`);
    expect(link.status).toBe(200);
    const token = String(link.body.url).split('/').pop() ?? '';
    expect((await h.client().get(`/api/v1/public/payments/${token}`)).status).toBe(200);
    expect((await vendor.get(`/api/v1/payments/${cashPayment.id}/transfers`)).body).toEqual({ data: [] });
    expect((await vendor.delete(`/api/v1/payments/${cashPayment.id}`)).status).toBe(200);
    expect((await h.client().get(`/api/v1/public/payments/${token}`)).body).toEqual({ message: messages.receiptMissing });
  });
});
