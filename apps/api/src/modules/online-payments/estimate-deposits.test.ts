import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type EstimateDeposit, type EstimateResource, type InvoiceResource, type PaymentResource, type PublicEstimateDeposit, type PublicLinkResponse, estimateDepositMessages, messages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { auditLogs, payments, tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { cardPaymentOf, confirmBankByHand, confirmCard, intentIdOf, type PaymentScene, startPaymentScene, verifyMicrodeposits } from '../../../test/online-payments';
import { deliverWebhook, stripeEventBody, stripeSignature } from '../../../test/payment-provider';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { act, createEstimate } from '../estimates/test-estimates';
import { invoiceOf } from '../payments/test-payments';

/**
 * Deposits on approved estimates (issue 17, item 7) against the fake Stripe, which delivers its
 * signed events to the app on 127.0.0.1: the deposit is booked only from the verified
 * `payment_intent.succeeded`, as a payment naming the estimate, and the conversion carries it to
 * the invoice. The estimate body totals 350.00 (2 × 150.00 + 50.00).
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const TOTAL = 35_000;

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let accountId: string;

async function setSwitch(on: boolean) {
  await h.app.db.update(tenants).set({ estimatePayments: on }).where(eq(tenants.id, h.landlordId));
}

beforeAll(async () => {
  online = await startPaymentScene({ clock, vendor: 'Deposit Vendor', buyer: { name: 'Deposit Buyer', email: 'ap@deposit-buyer.example' } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
  await setSwitch(true);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

/** An estimate sent to the customer business and approved by it, with its public link. */
async function approvedEstimate(): Promise<{ estimate: EstimateResource; token: string }> {
  const estimate = await createEstimate(vendor, customer.id);
  await act(vendor, estimate.id, 'finalize');
  const approved = await buyer.post(`/api/v1/estimates/${estimate.id}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const link = (await vendor.post(`/api/v1/estimates/${estimate.id}/links`)).body as PublicLinkResponse;
  return { estimate, token: tokenOfUrl(link.url) };
}

function depositOf(response: { status: number; body: unknown }): EstimateDeposit {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: EstimateDeposit }).data;
}

async function guest(host?: string) {
  const client = h.client(host);
  await client.csrf();
  return client;
}

async function publicDeposit(token: string): Promise<PublicEstimateDeposit> {
  const response = await (await guest()).get(`/api/v1/public/estimates/${token}/deposit`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: PublicEstimateDeposit }).data;
}

async function payAsGuest(token: string) {
  return (await guest()).post(`/api/v1/public/estimates/${token}/deposit-payment`, {});
}

async function depositPayments(estimateId: string) {
  return h.app.db.select().from(payments).where(and(eq(payments.tenantId, h.landlordId), eq(payments.estimateId, estimateId)));
}

async function convert(estimateId: string) {
  return vendor.post(`/api/v1/estimates/${estimateId}/convert-to-invoice`);
}

describe('a deposit on an approved estimate', () => {
  it('is asked by the vendor, paid by a guest from the verified event only, and carried exactly to the invoice', async () => {
    const { estimate, token } = await approvedEstimate();
    // Amount or percent, within the minimum and the total.
    expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: TOTAL + 1 })).body).toMatchObject({ errors: { amount: [estimateDepositMessages.aboveTotal] } });
    expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 49 })).status).toBe(422);
    expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 100, percent: 10 })).status).toBe(422);
    expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { percent: 100.5 })).status).toBe(422);
    const asked = depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { percent: 30 }));
    expect(asked).toMatchObject({ requested_amount: 10_500, paid_amount: 0, due_amount: 10_500, payable: true, enabled: true });

    const page = await publicDeposit(token);
    expect(page.deposit).toMatchObject({ requested_amount: 10_500, payable: true });
    expect(page.options).toMatchObject({ available: true, publishable_key: fake.publishableKey, partial_payments: false, minimum_amount: 50 });
    const card = cardPaymentOf(await payAsGuest(token));
    expect(card).toMatchObject({ amount: 10_500, currency: 'usd', method: 'card' });
    expect((await confirmCard(fake, card, 'pm_card_visa')).status).toBe('succeeded');
    // Confirmed in the browser, not yet told by the provider: nothing is booked.
    expect(await depositPayments(estimate.id)).toHaveLength(0);
    await settle();

    const rows = await depositPayments(estimate.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'received', invoiceId: null, amount: 10_500, providerPaymentId: intentIdOf(card), onlineMethod: 'card' });
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ paid_amount: 10_500, due_amount: 0, payable: false });
    expect((await publicDeposit(token)).options).toBeNull();
    expect((await payAsGuest(token)).body).toMatchObject({ errors: { deposit: [estimateDepositMessages.nothingDue] } });
    // Paid: the vendor can no longer change or withdraw it, nor delete the estimate.
    expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 5_000 })).body).toMatchObject({ errors: { deposit: [estimateDepositMessages.alreadyPaid] } });
    expect((await vendor.delete(`/api/v1/estimates/${estimate.id}`)).status).toBe(422);

    // A redelivery books nothing more.
    const event = fake.control.events().find((e) => e.type === 'payment_intent.succeeded' && 'id' in e.data.object && e.data.object.id === intentIdOf(card));
    fake.control.redeliverEvent(event?.id ?? '');
    await settle();
    expect(await depositPayments(estimate.id)).toHaveLength(1);

    const converted = await convert(estimate.id);
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    const invoice = (converted.body as { data: InvoiceResource }).data;
    expect(invoice).toMatchObject({ total: TOTAL, amount_paid: 10_500, due_amount: TOTAL - 10_500, paid_status: 'partially_paid' });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 10_500, due_amount: 24_500 });
    expect((await depositPayments(estimate.id))[0]).toMatchObject({ invoiceId: invoice.id });
    const listed = await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoice.id}`);
    expect((listed.body.data as PaymentResource[]).map((row) => row.amount)).toEqual([10_500]);
    // The customer business sees its side on the incoming invoice.
    const made = await buyer.get(`/api/v1/payments?tab=made`);
    expect((made.body.data as PaymentResource[]).some((row) => row.amount === 10_500)).toBe(true);
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ converted_invoice_id: invoice.id, paid_amount: 10_500, payable: false });
  });

  it('paid from a bank account typed by hand, asks for its microdeposit code on a later visit, then processes once proved', async () => {
    const { estimate, token } = await approvedEstimate();
    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 7_000 }));
    const bank = cardPaymentOf(await (await guest()).post(`/api/v1/public/estimates/${token}/deposit-payment`, { method: 'us_bank_account' }));
    expect(await confirmBankByHand(fake, bank)).toMatchObject({ status: 'requires_action' });
    await settle();
    expect((await publicDeposit(token)).options?.bank_verification).toEqual({ amount: 7_000 });
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ paid_amount: 0, due_amount: 7_000 });
    const again = cardPaymentOf(await (await guest()).post(`/api/v1/public/estimates/${token}/deposit-payment`, { method: 'us_bank_account' }));
    expect(again).toMatchObject({ client_secret: bank.client_secret, status: 'requires_action' });
    expect(await verifyMicrodeposits(fake, again)).toMatchObject({ status: 'processing' });
    await settle();
    expect((await publicDeposit(token)).options?.bank_verification ?? null).toBeNull();
  });

  it('books nothing from a forged or mismatched event, and is refunded back to unpaid', async () => {
    const { estimate, token } = await approvedEstimate();
    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 5_000 }));
    const card = cardPaymentOf(await payAsGuest(token));
    // Signed with the tenant's secret but telling another amount, or another account: ignored and noted in the estimate's history.
    for (const object of [
      { amount: 5_000, amount_received: 4_000, transfer_data: { destination: accountId } },
      { amount: 5_000, amount_received: 5_000, transfer_data: { destination: 'acct_someone_else' } },
    ]) {
      const { body } = stripeEventBody({ type: 'payment_intent.succeeded', object: { object: 'payment_intent', status: 'succeeded', id: intentIdOf(card), currency: 'usd', ...object } });
      expect((await deliverWebhook(h, '127.0.0.1', body, stripeSignature(body, online.webhookSecret))).status).toBe(200);
    }
    // Not signed with the secret: refused outright.
    const { body: forged } = stripeEventBody({ type: 'payment_intent.succeeded', object: { object: 'payment_intent', status: 'succeeded', id: intentIdOf(card), amount: 5_000, amount_received: 5_000, currency: 'usd', transfer_data: { destination: accountId } } });
    expect((await deliverWebhook(h, '127.0.0.1', forged, stripeSignature(forged, 'whsec_forged'))).status).toBe(400);
    await settle();
    expect(await depositPayments(estimate.id)).toHaveLength(0);
    const history = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.modelId, estimate.id)));
    expect(history.filter((row) => JSON.stringify(row.changes).includes('online_payment_ignored'))).toHaveLength(2);

    expect((await confirmCard(fake, card, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    const [paid] = await depositPayments(estimate.id);
    expect(paid).toMatchObject({ amount: 5_000 });
    const refund = await vendor.post(`/api/v1/payments/${paid?.id ?? ''}/refund`, {});
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await settle();
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ paid_amount: 0, due_amount: 5_000, payable: true });
    // Converted now, the refunded deposit carries nothing.
    const converted = await convert(estimate.id);
    expect((converted.body as { data: InvoiceResource }).data).toMatchObject({ amount_paid: 0, due_amount: TOTAL });
  });

  it('is never stranded: an estimate holding a deposit is neither voided nor rejected until the deposit is refunded', async () => {
    const { estimate, token } = await approvedEstimate();
    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 6_000 }));
    const card = cardPaymentOf(await payAsGuest(token));
    expect((await confirmCard(fake, card, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    const [paid] = await depositPayments(estimate.id);
    expect(paid).toMatchObject({ amount: 6_000 });
    const voided = await vendor.post(`/api/v1/estimates/${estimate.id}/void`);
    expect(voided.status).toBe(422);
    expect(voided.body).toMatchObject({ errors: { status: [estimateDepositMessages.closeWithDeposit] } });
    const rejected = await buyer.post(`/api/v1/estimates/${estimate.id}/reject`, {});
    expect(rejected.status).toBe(422);
    expect(rejected.body).toMatchObject({ errors: { status: [estimateDepositMessages.closeWithDeposit] } });
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toMatchObject({ status: 'approved' });
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ paid_amount: 6_000 });

    expect((await vendor.post(`/api/v1/payments/${paid?.id ?? ''}/refund`, {})).status).toBe(200);
    await settle();
    expect(await act(vendor, estimate.id, 'void')).toMatchObject({ status: 'void' });
  });

  it('cancels an unconfirmed deposit payment when the estimate is voided', async () => {
    const { estimate, token } = await approvedEstimate();
    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 6_000 }));
    const card = cardPaymentOf(await payAsGuest(token));
    expect(await act(vendor, estimate.id, 'void')).toMatchObject({ status: 'void' });
    // The payer's page still holds the secret: the provider refuses it, and nothing is booked.
    expect((await confirmCard(fake, card, 'pm_card_visa')).status).not.toBe('succeeded');
    await settle();
    expect(await depositPayments(estimate.id)).toHaveLength(0);
  });

  it('cancels an unconfirmed deposit payment on conversion, and takes no deposit after it', async () => {
    const { estimate, token } = await approvedEstimate();
    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: TOTAL }));
    const card = cardPaymentOf(await payAsGuest(token));
    const converted = await convert(estimate.id);
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    // The payer's secret now belongs to a canceled intent: the provider refuses it, and nothing is booked.
    expect((await confirmCard(fake, card, 'pm_card_visa')).error).toBeTruthy();
    await settle();
    expect(await depositPayments(estimate.id)).toHaveLength(0);
    expect((await payAsGuest(token)).body).toMatchObject({ errors: { deposit: [messages.estimateAlreadyConverted] } });
  });
});

describe('the server refuses', () => {
  it('with the switch off, before approval, and for foreign tenants, businesses and missing abilities', async () => {
    const { estimate, token } = await approvedEstimate();
    await setSwitch(false);
    try {
      expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 5_000 })).body).toMatchObject({ errors: { deposit: [estimateDepositMessages.disabled] } });
    } finally {
      await setSwitch(true);
    }
    const draft = await createEstimate(vendor, customer.id);
    await act(vendor, draft.id, 'finalize');
    expect((await vendor.put(`/api/v1/estimates/${draft.id}/deposit`, { amount: 5_000 })).body).toMatchObject({ errors: { status: [estimateDepositMessages.notApproved] } });
    expect((await buyer.post(`/api/v1/estimates/${draft.id}/deposit-payment`, {})).body).toMatchObject({ errors: { deposit: [estimateDepositMessages.notApproved] } });

    depositOf(await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 5_000 }));
    // The customer business pays its incoming estimate's deposit; it does not ask one.
    const own = await buyer.get(`/api/v1/estimates/${estimate.id}/deposit-payment`);
    expect(own.status).toBe(200);
    expect(cardPaymentOf(await buyer.post(`/api/v1/estimates/${estimate.id}/deposit-payment`, { method: 'card' })).amount).toBe(5_000);
    expect((await buyer.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 6_000 })).status).toBe(404);
    // The vendor is not its payer; another business of the tenant is nothing to it.
    expect((await vendor.post(`/api/v1/estimates/${estimate.id}/deposit-payment`, {})).status).toBe(404);
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Deposit Stranger');
    for (const [method, path] of [
      ['get', `/api/v1/estimates/${estimate.id}/deposit`],
      ['put', `/api/v1/estimates/${estimate.id}/deposit`],
      ['get', `/api/v1/estimates/${estimate.id}/deposit-payment`],
      ['post', `/api/v1/estimates/${estimate.id}/deposit-payment`],
    ] as const) {
      const response = method === 'get' ? await stranger.get(path) : method === 'put' ? await stranger.put(path, { amount: 5_000 }) : await stranger.post(path, {});
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // Another tenant, by id or by the public link.
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Deposit Foreign', OTHER_HOST);
    expect((await foreign.get(`/api/v1/estimates/${estimate.id}/deposit`)).status).toBe(404);
    expect((await foreign.post(`/api/v1/estimates/${estimate.id}/deposit-payment`, {})).status).toBe(404);
    expect((await (await guest(OTHER_HOST)).post(`/api/v1/public/estimates/${token}/deposit-payment`, {})).status).toBe(404);
    expect((await (await guest(OTHER_HOST)).get(`/api/v1/public/estimates/${token}/deposit`)).status).toBe(404);
    // Members without the ability: a viewer of the customer business pays nothing, a viewer of the vendor asks nothing.
    const buyerViewer = await inviteAndAccept(h, buyer, 'viewer@deposit-buyer.example', 'viewer');
    expect((await buyerViewer.post(`/api/v1/estimates/${estimate.id}/deposit-payment`, {})).status).toBe(403);
    const vendorViewer = await inviteAndAccept(h, vendor, 'viewer@deposit-vendor.example', 'viewer');
    expect((await vendorViewer.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: 6_000 })).status).toBe(403);
    expect((await vendorViewer.delete(`/api/v1/estimates/${estimate.id}/deposit`)).status).toBe(403);
    expect(depositOf(await vendor.get(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ requested_amount: 5_000, paid_amount: 0 });
    // Withdrawn: the customer's unconfirmed payment is canceled at the provider with it.
    expect(depositOf(await vendor.delete(`/api/v1/estimates/${estimate.id}/deposit`))).toMatchObject({ requested_amount: null, payable: false });
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/deposit-payment`, {})).body).toMatchObject({ errors: { deposit: [estimateDepositMessages.noDeposit] } });
  });
});
