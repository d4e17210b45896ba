import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardPayment, type CounterpartyResource, type InvoiceListItem, type InvoiceResource, type PaymentResource, type PublicDocument, type PublicLinkResponse, onlinePaymentMessages } from '@app/contracts';
import { type FakeStripe, signPayload } from '@app/fakes';
import { auditLogs, onlinePaymentIntents, outbox, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { settleEvents } from '../../../test/payouts';
import { cardPaymentOf, confirmBankByHand, confirmCard, intentIdOf, type PaymentScene, startPaymentScene, verifyMicrodeposits } from '../../../test/online-payments';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsOf, subjectIdOf } from '../../../test/webhook-events';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { invoiceOf, openInvoice } from '../payments/test-payments';

/**
 * Paying an invoice from a US bank account (issue 17) against the fake Stripe, whose debits stay
 * `processing` until the test settles them: the invoice shows the payment as processing, is paid
 * only from the verified `payment_intent.succeeded`, and a returned debit (R01) books nothing,
 * tells the vendor and leaves the invoice payable again.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@bank-buyer.example';
/** Stripe's ACH test accounts (routing 110000000): one settles, one is returned R01 (insufficient funds). */
const SETTLES = '000123456789';
const RETURNED_R01 = '000222222227';

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: { percent: '1', fixed: 0 }, fakeOptions: { bankSettlementDelayMs: null }, vendor: 'Bank Vendor', buyer: { name: 'Bank Buyer', email: BUYER_EMAIL } });
  ({ h, fake, vendor, customer, buyer } = online);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

async function invoiceWithLink(total: number): Promise<{ invoice: InvoiceResource; token: string }> {
  const invoice = await openInvoice(vendor, customer.id, total);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  return { invoice, token: tokenOfUrl(link.url) };
}

async function startAsGuest(token: string, body: Record<string, unknown>, host?: string) {
  const guest = h.client(host);
  await guest.csrf();
  return guest.post(`/api/v1/public/invoices/${token}/card-payment`, body);
}

/** The account typed by hand waits for microdeposits; the payer then enters the code (Stripe.js `verifyMicrodepositsForPayment`), and the debit starts. */
async function confirmBank(payment: CardPayment, accountNumber: string): Promise<Record<string, unknown>> {
  expect(await confirmBankByHand(fake, payment, accountNumber)).toMatchObject({ status: 'requires_action', next_action: { type: 'verify_with_microdeposits' } });
  return verifyMicrodeposits(fake, payment);
}

async function paymentsOn(invoiceId: string): Promise<PaymentResource[]> {
  const response = await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoiceId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PaymentResource[];
}

async function listRowOf(invoiceId: string): Promise<InvoiceListItem | undefined> {
  const response = await vendor.get('/api/v1/invoices?limit=100');
  expect(response.status).toBe(200);
  return (response.body.data as InvoiceListItem[]).find((row) => row.id === invoiceId);
}

async function publicPageOf(token: string): Promise<PublicDocument> {
  const response = await h.client().get(`/api/v1/public/invoices/${token}`);
  expect(response.status).toBe(200);
  return response.body as unknown as PublicDocument;
}

async function historyEvents(invoiceId: string): Promise<{ event: string; reason: string | null }[]> {
  const rows = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.modelId, invoiceId)));
  return rows.flatMap((row) => {
    const event = row.changes.event?.after;
    return typeof event === 'string' ? [{ event, reason: typeof row.changes.reason?.after === 'string' ? row.changes.reason.after : null }] : [];
  });
}

const settle = () => settleEvents(h, fake);

describe('a guest pays an invoice from a US bank account', () => {
  it('shows processing until the debit settles, refuses a new start meanwhile, then is paid once', async () => {
    const { invoice, token } = await invoiceWithLink(25_000);
    const payment = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(payment).toMatchObject({ amount: 25_000, currency: 'usd', method: 'us_bank_account' });
    expect(await confirmBank(payment, SETTLES)).toMatchObject({ status: 'processing' });
    await settle();

    const processing = { amount: 25_000, method: 'us_bank_account' };
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 25_000, amount_paid: 0, payment_processing: processing });
    expect(await listRowOf(invoice.id)).toMatchObject({ paid_status: 'unpaid', payment_processing: processing });
    expect((await publicPageOf(token)).invoice).toMatchObject({ due_amount: 25_000, payment_processing: processing });
    expect(await paymentsOn(invoice.id)).toHaveLength(0);
    expect((await historyEvents(invoice.id)).map((entry) => entry.event)).toContain('online_payment_processing');

    // While the money is on its way, no one starts another payment: by bank, by card, or for part of it.
    for (const body of [{ method: 'us_bank_account' }, {}, { amount: 1_000 }]) {
      const refused = await startAsGuest(token, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(onlinePaymentMessages.inProgress);
    }
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { method: 'us_bank_account' })).status).toBe(409);

    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 25_000, payment_processing: null });
    expect((await publicPageOf(token)).invoice).toMatchObject({ payment_processing: null });
    expect(await paymentsOn(invoice.id)).toHaveLength(1);
    const rows = await h.app.db.select().from(payments).where(and(eq(payments.tenantId, h.landlordId), eq(payments.providerPaymentId, intentIdOf(payment))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ onlineMethod: 'us_bank_account', amount: 25_000 });

    // A late (reordered) processing event does not bring the mark back.
    const late = fake.control.events().find((e) => e.type === 'payment_intent.processing' && 'id' in e.data.object && e.data.object.id === intentIdOf(payment));
    if (!late) throw new Error('No payment_intent.processing event');
    fake.control.redeliverEvent(late.id);
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', payment_processing: null });
  });

  it('books nothing on an R01 return, tells the vendor, and takes the payment again', async () => {
    const { invoice, token } = await invoiceWithLink(8_000);
    const payment = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(await confirmBank(payment, RETURNED_R01)).toMatchObject({ status: 'processing' });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ payment_processing: { amount: 8_000, method: 'us_bank_account' } });

    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 8_000, amount_paid: 0, payment_processing: null });
    expect(await paymentsOn(invoice.id)).toHaveLength(0);
    const failed = (await historyEvents(invoice.id)).filter((entry) => entry.event === 'online_payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.reason).toMatch(/insufficient funds/);
    const mails = await h.app.db.select().from(outbox).where(and(eq(outbox.tenantId, h.landlordId), eq(outbox.to, ADMIN_EMAIL)));
    const notice = mails.filter((mail) => mail.subject === `Bank payment of $80.00 on invoice ${invoice.invoice_number} failed`);
    expect(notice, mails.map((mail) => mail.subject).join(' | ')).toHaveLength(1);
    expect(notice[0]?.text).toContain(onlinePaymentMessages.bankPaymentFailed);

    // The provider tells the same failure again under a new event id: nothing is recorded or mailed twice.
    const told = fake.control.events().filter((event) => event.type === 'payment_intent.payment_failed' && (event.data.object as { id?: string }).id === intentIdOf(payment));
    expect(told).toHaveLength(1);
    const replay = JSON.stringify({ ...told[0], id: `${told[0]?.id ?? ''}_replayed` });
    const delivered = await h.client().post('/api/v1/webhooks/payment-provider', replay, { 'content-type': 'application/json', 'stripe-signature': signPayload(replay, online.webhookSecret, Math.floor(Date.now() / 1000)) });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    await settle();
    expect((await historyEvents(invoice.id)).filter((entry) => entry.event === 'online_payment_failed')).toHaveLength(1);
    // Subscribers hear of the return once, as the attempt (its stored intent) with the bank's words.
    const [attempt] = await h.app.db.select({ id: onlinePaymentIntents.id }).from(onlinePaymentIntents).where(eq(onlinePaymentIntents.providerIntentId, intentIdOf(payment)));
    const published = (await eventsOf(h, h.landlordId)).filter((event) => event.type === 'payment.failed' && subjectIdOf(event) === attempt?.id);
    expect(published.map((event) => event.businessId)).toEqual([vendor.business]);
    expect(published[0]?.data.payment).toMatchObject({ invoice_id: invoice.id, amount: 8_000, method: 'us_bank_account', provider_payment_id: intentIdOf(payment), failure_message: expect.stringMatching(/insufficient funds/) });
    const mailsAfter = await h.app.db.select().from(outbox).where(and(eq(outbox.tenantId, h.landlordId), eq(outbox.to, ADMIN_EMAIL)));
    expect(mailsAfter.filter((mail) => mail.subject === notice[0]?.subject)).toHaveLength(1);

    // Payable again: the same attempt takes another account, and that one settles.
    const again = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(again.client_secret).toBe(payment.client_secret);
    expect(await confirmBank(again, SETTLES)).toMatchObject({ status: 'processing' });
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', amount_paid: 8_000, payment_processing: null });
    expect(await paymentsOn(invoice.id)).toHaveLength(1);
  });

  it('makes a change of method a new attempt, the card one canceled before the payer can use it', async () => {
    const { invoice, token } = await invoiceWithLink(4_000);
    const card = cardPaymentOf(await startAsGuest(token, {}));
    expect(card.method).toBe('card');
    const bank = cardPaymentOf(await startAsGuest(token, { method: 'us_bank_account' }));
    expect(bank.client_secret).not.toBe(card.client_secret);
    expect(await confirmCard(fake, card, 'pm_card_visa')).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    // A bank attempt is not confirmed with a card.
    expect(await confirmCard(fake, bank, 'pm_card_visa')).toMatchObject({ error: { code: 'payment_intent_incompatible_payment_method' } });
    expect(await confirmBank(bank, SETTLES)).toMatchObject({ status: 'processing' });
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', payment_processing: null });
  });

  it('refuses a method it does not know', async () => {
    const { token } = await invoiceWithLink(2_000);
    const refused = await startAsGuest(token, { method: 'sepa_debit' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('method');
  });
});

describe('who may pay by bank', () => {
  it('lets the customer business pay its incoming invoice by bank, and no other business, tenant or role', async () => {
    const invoice = await openInvoice(vendor, customer.id, 3_000);
    const body = { method: 'us_bank_account' };
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Bank Stranger Co');
    expect((await stranger.post(`/api/v1/invoices/${invoice.id}/card-payment`, body)).status).toBe(404);
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/card-payment`, body)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Bank Foreign Ltd', OTHER_HOST);
    expect((await foreign.post(`/api/v1/invoices/${invoice.id}/card-payment`, body)).status).toBe(404);
    const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
    expect((await startAsGuest(tokenOfUrl(link.url), body, OTHER_HOST)).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@bank-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/card-payment`, body)).status).toBe(403);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ payment_processing: null });

    const own = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, body));
    expect(own).toMatchObject({ amount: 3_000, method: 'us_bank_account' });
    expect(await confirmBank(own, SETTLES)).toMatchObject({ status: 'processing' });
    await settle();
    // The customer business sees its payment processing on its incoming invoice too.
    const incoming = await buyer.get(`/api/v1/invoices/${invoice.id}`);
    expect(incoming.body.data).toMatchObject({ payment_processing: { amount: 3_000, method: 'us_bank_account' } });
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', payment_processing: null });
  });
});
