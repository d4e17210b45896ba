import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceCollections } from '../financing/invoice-collections';
import { and, eq } from 'drizzle-orm';
import type { PaymentResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { outbox } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { inTenantUndispatched } from '../../../test/outbox-fixtures';
import { fixedClock } from '../../platform/clock';
import { smtpTransport } from '../../platform/mail';
import { Outbox } from '../../platform/outbox';
import { createDocumentDelivery } from '../document-delivery/document-delivery.service';
import { pdfText } from '../document-delivery/delivery-test-helpers';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { paymentDeliveryAdapter } from './payment-delivery';
import { createPaymentService } from './payments.service';
import { createPayment, openInvoice, paymentBody } from './test-payments';

/**
 * A receipt mail whose PDF the outbox renders when it sends the mail (what booking an online
 * payment writes, so the booking never waits for a PDF under the business's number lock).
 */
let h: Harness;
let vendor: TestClient;
let foreign: TestClient;
let customerId: string;
let delivery: ReturnType<typeof receiptDelivery>;
const BUYER_EMAIL = 'ap@initech.example';

const receiptDelivery = (harness: Harness) => createDocumentDelivery(harness.app, paymentDeliveryAdapter(createPaymentService(harness.app, createDocumentAttachments(harness.app), createInvoiceCollections(harness.app).collectInTx)));

beforeAll(async () => {
  h = await createHarness({ clock: fixedClock(new Date('2026-11-20T10:00:00Z')) });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Receipts At Send Ltd');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer: { id: customerId } } = await onboardedCustomer(h, vendor, 'Initech', BUYER_EMAIL));
  delivery = receiptDelivery(h);
});
afterAll(async () => {
  await h.close();
});

const businessOf = (client: TestClient) => client.business ?? '';

async function paidPayment(total: number): Promise<PaymentResource> {
  const invoice = await openInvoice(vendor, customerId, total);
  return createPayment(vendor, paymentBody(customerId, total, { invoice_id: invoice.id }));
}

/** The receipt mail as booking writes it: in the caller's transaction, the PDF left for the send (each test delivers it itself). */
async function receiptMailFor(payment: PaymentResource): Promise<string> {
  const scope = { tenantId: h.landlordId, businessId: businessOf(vendor) };
  const sent = await inTenantUndispatched(h.app.db, h.landlordId, (tx) =>
    delivery.sendWithDefaultsInTx(tx, { ...scope, userId: null, ip: null }, scope, payment.id, { origin: 'http://localhost', userEmail: null }, 'at-send'),
  );
  return sent.mailId;
}

async function stored(tenantId: string, id: string) {
  const [row] = await inTenant(h.app.db, tenantId, (tx) => tx.select().from(outbox).where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))));
  if (!row) throw new Error(`No outbox row ${id}`);
  return row;
}

const mailsTo = (number: string) => h.smtp.mails.filter((mail) => mail.subject.includes(number));

describe('receipt PDF rendered at send', () => {
  it('stores only what to render, and the sent mail carries the PDF of the payment', async () => {
    const payment = await paidPayment(4_200);
    const id = await receiptMailFor(payment);
    const row = await stored(h.landlordId, id);
    expect(row.attachments).toEqual([{ render: 'payment-pdf', id: payment.id, business_id: businessOf(vendor) }]);
    expect(row.status).toBe('pending');

    await h.app.outbox.deliver(h.landlordId, id);
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (received) => received.subject.includes(payment.payment_number));
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toContain(`filename=${payment.payment_number}.pdf`);
    // '%PDF-' in base64: the attachment is a PDF made at send, not an empty part.
    expect(mail.raw).toContain('JVBERi0');
    // What the renderer makes: the receipt of this payment.
    const file = await inTenant(h.app.db, h.landlordId, (tx) => h.app.outbox.attachmentRenderers.render(tx, h.landlordId, { kind: 'payment-pdf', id: payment.id, businessId: businessOf(vendor) }));
    expect(file).toMatchObject({ filename: `${payment.payment_number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(file.content);
    for (const expected of ['Payment Receipt', payment.payment_number, '$42.00', 'Initech']) expect(text).toContain(expected);
    expect((await stored(h.landlordId, id)).status).toBe('sent');

    // Delivered again (a duplicate job): sent once.
    await h.app.outbox.deliver(h.landlordId, id);
    expect(mailsTo(payment.payment_number)).toHaveLength(1);
  });

  it('renders again on the attempt after a failed send, and sends once', async () => {
    const payment = await paidPayment(1_500);
    const id = await receiptMailFor(payment);
    const unreachable = smtpTransport({ host: '127.0.0.1', port: 1, secure: false });
    const broken = new Outbox(h.app.db, h.jobs, unreachable, 'a@example.com', h.app.clock, h.app.secretBox, null, h.app.outbox.attachmentRenderers);
    await expect(broken.deliver(h.landlordId, id)).rejects.toThrow('ECONNREFUSED');
    const failed = await stored(h.landlordId, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, attachments: [{ render: 'payment-pdf', id: payment.id }] });

    await h.app.outbox.deliver(h.landlordId, id);
    await h.app.outbox.deliver(h.landlordId, id);
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (received) => received.subject.includes(payment.payment_number));
    expect(mail.raw).toContain(`filename=${payment.payment_number}.pdf`);
    expect(mailsTo(payment.payment_number)).toHaveLength(1);
    expect(await stored(h.landlordId, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends nothing when the payment was deleted before the send, and the queue does not retry it', async () => {
    const payment = await paidPayment(2_300);
    const id = await receiptMailFor(payment);
    expect((await vendor.delete(`/api/v1/payments/${payment.id}`)).status).toBe(200);
    await h.app.outbox.deliver(h.landlordId, id);
    const row = await stored(h.landlordId, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('no longer exists');
    expect(mailsTo(payment.payment_number)).toHaveLength(0);
  });

  it("never renders another tenant's or another business's payment", async () => {
    const payment = await paidPayment(3_100);
    const pdfOf = (businessId: string) => ({ to: 'probe@example.com', subject: 'Probe', text: 'probe', secrets: [], attachmentsAtSend: [{ kind: 'payment-pdf', id: payment.id, businessId }] });
    // In the other tenant's outbox, naming this tenant's payment and business: its row-level security hides the payment.
    const crossTenant = await inTenantUndispatched(h.app.db, h.otherTenantId, (tx) => h.app.outbox.write(tx, h.otherTenantId, pdfOf(businessOf(vendor))));
    // In this tenant, naming the payment under another business (the foreign tenant's, like every other id): not that business's payment.
    const crossBusiness = await inTenantUndispatched(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, pdfOf(businessOf(foreign))));
    await h.app.outbox.deliver(h.otherTenantId, crossTenant);
    await h.app.outbox.deliver(h.landlordId, crossBusiness);
    for (const row of [await stored(h.otherTenantId, crossTenant), await stored(h.landlordId, crossBusiness)]) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.lastError).toContain('no longer exists');
    }
    expect(h.smtp.mails.filter((mail) => mail.subject === 'Probe')).toHaveLength(0);
  });
});
