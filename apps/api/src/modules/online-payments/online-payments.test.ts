import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardPayment, type CounterpartyResource, type InvoiceResource, type PaymentResource, type PublicLinkResponse, messages, onlinePaymentMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { auditLogs, onlinePaymentIntents, outbox, payments, tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { cardPaymentOf, confirmCard, intentIdOf, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { deliverWebhook, stripeEventBody, stripeSignature } from '../../../test/payment-provider';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsAbout, eventsOf, typesAbout } from '../../../test/webhook-events';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { createPayment, invoiceOf, openInvoice, paymentBody } from '../payments/test-payments';

/**
 * Paying an invoice by card against the fake Stripe, which delivers its signed events to the app
 * listening on 127.0.0.1: the invoice is paid only from the verified `payment_intent.succeeded`.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@card-buyer.example';

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let accountId: string;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: { percent: '2.5', fixed: 30 }, vendor: 'Card Vendor', buyer: { name: 'Card Buyer', email: BUYER_EMAIL } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
});
afterAll(() => online.close());
// Each test starts with a fresh window of the public pages' per-address limit.
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

async function invoiceWithLink(total: number): Promise<{ invoice: InvoiceResource; token: string }> {
  const invoice = await openInvoice(vendor, customer.id, total);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  return { invoice, token: tokenOfUrl(link.url) };
}

async function startAsGuest(token: string, body: Record<string, unknown> = {}, host?: string) {
  const guest = h.client(host);
  await guest.csrf();
  return guest.post(`/api/v1/public/invoices/${token}/card-payment`, body);
}

async function paymentsOn(invoiceId: string): Promise<PaymentResource[]> {
  const response = await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoiceId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PaymentResource[];
}

const settle = () => settleEvents(h, fake);

function succeededEvent(intentId: string) {
  const event = fake.control.events().find((e) => e.type === 'payment_intent.succeeded' && 'id' in e.data.object && e.data.object.id === intentId);
  if (!event) throw new Error(`No payment_intent.succeeded for ${intentId}`);
  return event;
}

/** A delivery signed with the tenant's real secret whose body says an intent succeeded. */
async function deliverSucceeded(object: Record<string, unknown>) {
  const { body } = stripeEventBody({ type: 'payment_intent.succeeded', object: { object: 'payment_intent', status: 'succeeded', ...object } });
  const delivered = await deliverWebhook(h, '127.0.0.1', body, stripeSignature(body, online.webhookSecret));
  expect(delivered.status).toBe(200);
}

describe('a guest pays an invoice by card', () => {
  it('is paid from the verified webhook, once, with the fee and the transfer to the business, and a receipt', async () => {
    const { invoice, token } = await invoiceWithLink(12_000);
    const options = await h.client().get(`/api/v1/public/invoices/${token}/card-payment`);
    expect(options.body).toEqual({ data: { available: true, message: null, publishable_key: fake.publishableKey, provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null } });
    const payment = cardPaymentOf(await startAsGuest(token));
    expect(payment).toMatchObject({ amount: 12_000, currency: 'usd', publishable_key: fake.publishableKey });
    // The same start again gives the same intent.
    expect(cardPaymentOf(await startAsGuest(token)).client_secret).toBe(payment.client_secret);

    const confirmed = await confirmCard(fake, payment, 'pm_card_visa');
    expect(confirmed.status).toBe('succeeded');
    const event = succeededEvent(intentIdOf(payment));
    expect(event.data.object).toMatchObject({ transfer_data: { destination: accountId }, application_fee_amount: 330, amount_received: 12_000 });

    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 12_000 });
    const booked = await paymentsOn(invoice.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amount: 12_000 });
    const rows = await h.app.db.select().from(payments).where(and(eq(payments.tenantId, h.landlordId), eq(payments.providerPaymentId, intentIdOf(payment))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ onlineMethod: 'card', direction: 'received' });
    const receipts = await h.app.db.select().from(outbox).where(and(eq(outbox.tenantId, h.landlordId), eq(outbox.to, BUYER_EMAIL)));
    const receipt = receipts.find((mail) => /receipt/i.test(mail.subject) && mail.text.includes(booked[0]?.payment_number ?? '?'));
    // The booking named the receipt's PDF; the outbox renders it when it sends the mail.
    expect(receipt?.attachments).toEqual([expect.objectContaining({ render: 'payment-pdf', id: booked[0]?.id })]);

    // A replayed delivery of the same event, and a second delivery of it under a new event id, book nothing more.
    fake.control.redeliverEvent(event.id);
    await settle();
    await deliverSucceeded({ id: intentIdOf(payment), amount: 12_000, amount_received: 12_000, currency: 'usd', transfer_data: { destination: accountId } });
    expect(await paymentsOn(invoice.id)).toHaveLength(1);
    // Nothing is due: a new payment is refused.
    expect((await startAsGuest(token)).status).toBe(422);
    // The outgoing events, written with the booking: once, however often the provider told it.
    const told = await eventsAbout(h, h.landlordId, booked[0]?.id ?? '?');
    expect(told.map((one) => [one.type, one.businessId])).toEqual([['payment.created', vendor.business], ['payment.succeeded', vendor.business]]);
    expect(told[1]?.data.payment).toMatchObject({ amount: 12_000, invoice_id: invoice.id, customer_id: customer.id, method: 'card', currency: 'USD', failure_message: null });
    expect(await typesAbout(h, h.landlordId, invoice.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
  });

  it("shows the provider's message on a decline, changes nothing, and takes a second card", async () => {
    const { invoice, token } = await invoiceWithLink(4_000);
    const payment = cardPaymentOf(await startAsGuest(token));
    const declined = await confirmCard(fake, payment, 'pm_card_chargeDeclined');
    expect(declined.error).toMatchObject({ type: 'card_error', message: 'Your card was declined.' });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 4_000 });
    expect(await paymentsOn(invoice.id)).toHaveLength(0);

    const failed = (await eventsOf(h, h.landlordId)).filter((one) => one.type === 'payment.failed' && JSON.stringify(one.data).includes(invoice.id));
    expect(failed.map((one) => one.businessId)).toEqual([vendor.business]);
    expect(failed[0]?.data.payment).toMatchObject({
      invoice_id: invoice.id,
      customer_id: customer.id,
      amount: 4_000,
      method: 'card',
      failure_message: 'Your card was declined.',
      payment_number: intentIdOf(payment),
      provider_payment_id: intentIdOf(payment),
    });
    // Nothing was booked: the event's payment is the attempt, named by its stored intent's id.
    const [attempt] = await h.app.db.select({ id: onlinePaymentIntents.id }).from(onlinePaymentIntents).where(eq(onlinePaymentIntents.providerIntentId, intentIdOf(payment)));
    expect(attempt).toBeDefined();
    expect(failed[0]?.data.payment).toMatchObject({ id: attempt?.id });

    const again = cardPaymentOf(await startAsGuest(token));
    expect(again.client_secret).toBe(payment.client_secret);
    expect((await confirmCard(fake, again, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid' });
    const [paid] = await paymentsOn(invoice.id);
    // The second card went through on the same PaymentIntent: its success names the provider payment its failure named.
    const succeeded = await eventsAbout(h, h.landlordId, paid?.id ?? '?');
    expect(succeeded.find((one) => one.type === 'payment.succeeded')?.data.payment).toMatchObject({ provider_payment_id: intentIdOf(payment), failure_message: null });
  });
});

describe('the money truth', () => {
  it('refunds in full a card payment the invoice can no longer take (paid by hand while the payer was typing)', async () => {
    const { invoice, token } = await invoiceWithLink(3_000);
    const payment = cardPaymentOf(await startAsGuest(token));
    await createPayment(vendor, paymentBody(customer.id, 3_000, { invoice_id: invoice.id }));
    expect((await confirmCard(fake, payment, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', amount_paid: 3_000 });
    expect(await paymentsOn(invoice.id)).toHaveLength(1);
    const refunds = fake.control.events().filter((e) => e.type === 'charge.refunded' && 'payment_intent' in e.data.object && e.data.object.payment_intent === intentIdOf(payment));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.data.object).toMatchObject({ amount_refunded: 3_000, refunded: true });
    // A redelivery refunds nothing more.
    fake.control.redeliverEvent(succeededEvent(intentIdOf(payment)).id);
    await settle();
    expect(fake.control.events().filter((e) => e.type === 'charge.refunded' && 'payment_intent' in e.data.object && e.data.object.payment_intent === intentIdOf(payment))).toHaveLength(1);
  });

  it('refuses forged deliveries and ignores signed events that do not match the stored intent or the provider', async () => {
    const { invoice, token } = await invoiceWithLink(6_000);
    const payment = cardPaymentOf(await startAsGuest(token));
    const intent = { id: intentIdOf(payment), amount: 6_000, amount_received: 6_000, currency: 'usd', transfer_data: { destination: accountId } };

    const forged = stripeEventBody({ type: 'payment_intent.succeeded', object: { object: 'payment_intent', status: 'succeeded', ...intent } });
    expect((await deliverWebhook(h, '127.0.0.1', forged.body, stripeSignature(forged.body, 'whsec_not_the_tenants'))).status).toBe(400);
    expect((await deliverWebhook(h, '127.0.0.1', forged.body, null)).status).toBe(400);

    await deliverSucceeded({ ...intent, transfer_data: { destination: 'acct_someone_else' } });
    await deliverSucceeded({ ...intent, amount: 100, amount_received: 100 });
    await deliverSucceeded({ ...intent, currency: 'eur' });
    // Signed and matching what we stored, but the provider says the intent has not succeeded.
    await deliverSucceeded(intent);
    await h.jobs.drain();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 6_000 });
    expect(await paymentsOn(invoice.id)).toHaveLength(0);
    // Each ignored event is in the invoice's history with why.
    const history = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.modelId, invoice.id)));
    const reasons = history.flatMap((entry) => (entry.changes.event?.after === 'online_payment_ignored' ? [String(entry.changes.reason?.after)] : []));
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('another destination account'),
        expect.stringContaining('amount received 100'),
        expect.stringContaining('currency eur'),
        expect.stringMatching(/^The provider's payment has status requires_payment_method/),
      ]),
    );
    expect(reasons).toHaveLength(4);
  });

  it('never pays more than the amount due when 20 payers start and confirm at once', async () => {
    const { invoice, token } = await invoiceWithLink(5_000);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const started = await startAsGuest(token, index % 2 === 0 ? {} : { amount: 1_000 + index * 100 });
        if (started.status !== 200) return { started: started.status, confirmed: null };
        return { started: started.status, confirmed: (await confirmCard(fake, started.body.data as CardPayment, 'pm_card_visa')).status };
      }),
    );
    expect(attempts.filter((a) => a.confirmed === 'succeeded').length).toBeGreaterThanOrEqual(1);
    await settle();
    const booked = await paymentsOn(invoice.id);
    const paid = booked.reduce((sum, p) => sum + p.amount, 0);
    expect(paid).toBeLessThanOrEqual(5_000);
    expect((await invoiceOf(vendor, invoice.id)).amount_paid).toBe(paid);
    expect(booked.length).toBe(attempts.filter((a) => a.confirmed === 'succeeded').length);
  });
});

describe('partial payments', () => {
  it('takes part of the amount due within the minimum and the amount due, and only where the tenant allows it', async () => {
    const { invoice, token } = await invoiceWithLink(10_000);
    const tooSmall = await startAsGuest(token, { amount: 30 });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.message).toBe('Amount must be more than $ 0.5');
    const tooLarge = await startAsGuest(token, { amount: 10_001 });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.message).toBe(messages.paymentExceedsDue);

    const part = cardPaymentOf(await startAsGuest(token, { amount: 4_000 }));
    expect(part.amount).toBe(4_000);
    // A new amount is a new intent: the one handed out for 4,000 is canceled, never changed under its payer.
    const smaller = cardPaymentOf(await startAsGuest(token, { amount: 3_500 }));
    expect(smaller.amount).toBe(3_500);
    expect(smaller.client_secret).not.toBe(part.client_secret);
    expect(await confirmCard(fake, part, 'pm_card_visa')).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    // Back to an earlier amount and on again: each is its own attempt (none is taken for a replay of an earlier one).
    const again = cardPaymentOf(await startAsGuest(token, { amount: 4_000 }));
    expect(again.amount).toBe(4_000);
    expect([part.client_secret, smaller.client_secret]).not.toContain(again.client_secret);
    const changed = cardPaymentOf(await startAsGuest(token, { amount: 3_500 }));
    expect(changed.amount).toBe(3_500);
    expect((await confirmCard(fake, again, 'pm_card_visa')).error).toBeDefined();
    expect((await confirmCard(fake, changed, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'partially_paid', amount_paid: 3_500, due_amount: 6_500 });

    await h.app.db.update(tenants).set({ partialPayments: false }).where(eq(tenants.id, h.landlordId));
    try {
      const refused = await startAsGuest(token, { amount: 1_000 });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(messages.partialPaymentsDisabled);
      // A new attempt, for the rest.
      const rest = cardPaymentOf(await startAsGuest(token));
      expect(rest.amount).toBe(6_500);
      expect(rest.client_secret).not.toBe(changed.client_secret);
    } finally {
      await h.app.db.update(tenants).set({ partialPayments: true }).where(eq(tenants.id, h.landlordId));
    }
  });
});

describe('who may pay', () => {
  it('refuses a business whose payout account cannot take charges', async () => {
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'No Payouts Yet');
    const { customer: theirs } = await onboardedCustomer(h, other, 'Their Buyer', 'ap@their-buyer.example');
    const invoice = await openInvoice(other, theirs.id, 2_000);
    const link = (await other.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
    const options = await h.client().get(`/api/v1/public/invoices/${tokenOfUrl(link.url)}/card-payment`);
    expect(options.body).toMatchObject({ data: { available: false, message: onlinePaymentMessages.notSetUp, publishable_key: null } });
    const refused = await startAsGuest(tokenOfUrl(link.url));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(onlinePaymentMessages.notSetUp);
  });

  it('takes no card payment for a business whose plan dropped online payments, and takes them again on a plan with them', async () => {
    const { token } = await invoiceWithLink(3_000);
    const plan = (name: string, price: number, features: string[], isDefault: boolean) => ({ name, description: null, price, currency_id: 1, interval: 'month', features, max_team_users: null, is_default: isDefault });
    const free = await vendor.post('/api/v1/platform/plans', plan('Free', 0, [], true));
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    const options = await h.client().get(`/api/v1/public/invoices/${token}/card-payment`);
    expect(options.body).toMatchObject({ data: { available: false, message: onlinePaymentMessages.notSetUp } });
    const refused = await startAsGuest(token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(onlinePaymentMessages.notSetUp);

    const paid = await vendor.post('/api/v1/platform/plans', plan('Online', 1000, ['online-payments'], false));
    const paidId = (paid.body.data as { id: string }).id;
    expect((await vendor.put('/api/v1/business/plan', { plan_id: paidId })).status).toBe(200);
    expect((await h.client().get(`/api/v1/public/invoices/${token}/card-payment`)).body).toMatchObject({ data: { available: true } });

    // The other tests run with no plans: nothing is gated.
    expect((await vendor.put(`/api/v1/platform/businesses/${vendor.business ?? ''}/plan`, { plan_id: null })).status).toBe(200);
    expect((await vendor.delete(`/api/v1/platform/plans/${paidId}`)).status).toBe(200);
    expect((await vendor.delete(`/api/v1/platform/plans/${(free.body.data as { id: string }).id}`)).status).toBe(200);
  });

  it("lets the customer business pay its incoming invoice, and no other business, tenant or role", async () => {
    const invoice = await openInvoice(vendor, customer.id, 3_000);
    const own = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, {}));
    expect(own.amount).toBe(3_000);
    expect((await confirmCard(fake, own, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid' });

    const next = await openInvoice(vendor, customer.id, 3_000);
    // The issuer is not its payer; another business of the tenant is not either.
    expect((await vendor.post(`/api/v1/invoices/${next.id}/card-payment`, {})).status).toBe(404);
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Co');
    expect((await stranger.post(`/api/v1/invoices/${next.id}/card-payment`, {})).status).toBe(404);
    // Another tenant, by id or by the public link.
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
    expect((await foreign.post(`/api/v1/invoices/${next.id}/card-payment`, {})).status).toBe(404);
    const link = (await vendor.post(`/api/v1/invoices/${next.id}/links`)).body as PublicLinkResponse;
    expect((await startAsGuest(tokenOfUrl(link.url), {}, OTHER_HOST)).status).toBe(404);
    // A member of the customer business without pay-invoice.
    const viewer = await inviteAndAccept(h, buyer, 'viewer@card-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/invoices/${next.id}/card-payment`, {})).status).toBe(403);
    expect(await paymentsOn(next.id)).toHaveLength(0);
  });
});
