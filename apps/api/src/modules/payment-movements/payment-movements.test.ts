import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type DashboardCharts, type PaymentMovement, type PaymentRefundResource, type PaymentResource, type PublicLinkResponse, paymentRefundMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { auditLogs, paymentRefunds } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { cardPaymentOf, confirmCard, intentIdOf, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { deliverWebhook, stripeEventBody, stripeSignature } from '../../../test/payment-provider';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsAbout } from '../../../test/webhook-events';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { createPayment, invoiceOf, openInvoice, paymentBody } from '../payments/test-payments';

/**
 * Refunds of card payments and the payment's transfers and charges, against the fake Stripe
 * delivering its signed events to the app on 127.0.0.1: a refund's money moves the payment and
 * the invoice only from the verified event, and the list shows what the events told.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let customer: CounterpartyResource;
let buyer: TestClient;
let accountId: string;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: { percent: '2.5', fixed: 30 }, vendor: 'Refund Vendor', buyer: { name: 'Refund Buyer', email: 'ap@refund-buyer.example' } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

/** An invoice of `total` paid in full by a guest's card, booked from the verified event. */
async function paidByCard(total: number): Promise<{ invoiceId: string; intentId: string; payment: PaymentResource }> {
  const invoice = await openInvoice(vendor, customer.id, total);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  const guest = h.client();
  await guest.csrf();
  const card = cardPaymentOf(await guest.post(`/api/v1/public/invoices/${tokenOfUrl(link.url)}/card-payment`, {}));
  expect((await confirmCard(fake, card, 'pm_card_visa')).status).toBe('succeeded');
  await settle();
  const listed = await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoice.id}`);
  const payment = (listed.body.data as PaymentResource[])[0];
  if (!payment) throw new Error('The card payment was not booked');
  return { invoiceId: invoice.id, intentId: intentIdOf(card), payment };
}

async function refund(client: TestClient, paymentId: string, body: Record<string, unknown> = {}) {
  return client.post(`/api/v1/payments/${paymentId}/refund`, body);
}

function refundOf(response: { status: number; body: unknown }): PaymentRefundResource {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: PaymentRefundResource }).data;
}

async function paymentOf(id: string): Promise<PaymentResource> {
  const response = await vendor.get(`/api/v1/payments/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PaymentResource;
}

async function novemberReceipts(): Promise<number> {
  const response = await vendor.get('/api/v1/business/charts/data');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as unknown as DashboardCharts).months.find((month) => month.month === '2026-11')?.receipts ?? 0;
}

async function transfersOf(client: TestClient, id: string): Promise<PaymentMovement[]> {
  const response = await client.get(`/api/v1/payments/${id}/transfers`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PaymentMovement[];
}

describe('refunding a card payment', () => {
  it('reverses a full refund exactly, from the verified event only, and refuses any more', async () => {
    const { invoiceId, payment } = await paidByCard(12_000);
    expect(payment).toMatchObject({ online: true, refunded_amount: 0, status: 'completed' });
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ paid_status: 'paid', amount_paid: 12_000, due_amount: 0 });

    const asked = refundOf(await refund(vendor, payment.id));
    expect(asked).toMatchObject({ payment_id: payment.id, amount: 12_000, currency: 'usd', booked_at: null });
    // Asked, not yet told: nothing moved; a second request finds nothing left to refund.
    const again = await refund(vendor, payment.id);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ amount: [paymentRefundMessages.nothingLeft] });

    await settle();
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 12_000, status: 'refunded', amount: 12_000 });
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ paid_status: 'unpaid', amount_paid: 0, due_amount: 12_000 });
    const rows = await h.app.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.tenantId, h.landlordId), eq(paymentRefunds.paymentId, payment.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerRefundId: asked.provider_refund_id, status: 'succeeded', amount: 12_000 });
    expect(rows[0]?.bookedAt).not.toBeNull();
    const history = await h.app.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.modelId, payment.id)));
    expect(history.some((entry) => entry.changes.event?.after === 'refunded')).toBe(true);
    expect((await refund(vendor, payment.id)).status).toBe(422);
    // The customer business's mirror of the payment shows the refund too.
    const mirrors = await buyer.get(`/api/v1/payments?tab=made&invoice_id=${invoiceId}`);
    expect(mirrors.body.data).toEqual([expect.objectContaining({ amount: 12_000, refunded_amount: 12_000, status: 'completed' })]);
    // Its amount and invoice are the provider's: not edited by hand.
    const edited = await vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 11_000, { invoice_id: invoiceId }));
    expect(edited.status).toBe(422);
    expect(edited.body.errors).toEqual({ amount: [paymentRefundMessages.onlineLocked] });
  });

  it('takes a partial refund, then the rest, and refuses more than is left', async () => {
    const { invoiceId, payment } = await paidByCard(10_000);
    const tooMuch = await refund(vendor, payment.id, { amount: 10_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ amount: [paymentRefundMessages.tooMuch] });

    const receiptsBefore = await novemberReceipts();
    refundOf(await refund(vendor, payment.id, { amount: 2_500 }));
    await settle();
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 2_500, status: 'completed' });
    // The dashboard's receipts count what the payment kept.
    expect(await novemberReceipts()).toBe(receiptsBefore - 2_500);
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ paid_status: 'partially_paid', amount_paid: 7_500, due_amount: 2_500 });

    const over = await refund(vendor, payment.id, { amount: 7_501 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ amount: [paymentRefundMessages.tooMuch] });
    expect(refundOf(await refund(vendor, payment.id))).toMatchObject({ amount: 7_500 });
    await settle();
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 10_000, status: 'refunded' });
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ paid_status: 'unpaid', amount_paid: 0, due_amount: 10_000 });
    // Each refund the provider told of is one payment.refunded, with what was refunded so far; money going back tells no invoice event.
    const refunded = (await eventsAbout(h, h.landlordId, payment.id)).filter((event) => event.type === 'payment.refunded');
    expect(refunded.map((event) => [event.businessId, event.data.payment])).toEqual([
      [vendor.business, expect.objectContaining({ amount: 10_000, refunded_amount: 2_500 })],
      [vendor.business, expect.objectContaining({ amount: 10_000, refunded_amount: 10_000 })],
    ]);
    expect((await eventsAbout(h, h.landlordId, invoiceId)).map((event) => event.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
  });

  it('changes nothing when the refund events are delivered again or replayed', async () => {
    const { invoiceId, intentId, payment } = await paidByCard(6_000);
    refundOf(await refund(vendor, payment.id, { amount: 1_000 }));
    await settle();
    const refundEvents = fake.control
      .events()
      .filter((event) => (event.type === 'refund.created' || event.type === 'charge.refunded') && 'payment_intent' in event.data.object && event.data.object.payment_intent === intentId);
    expect(refundEvents.map((event) => event.type).sort()).toEqual(['charge.refunded', 'refund.created']);
    for (const event of refundEvents) fake.control.redeliverEvent(event.id);
    await settle();
    // The same objects under new event ids, and the charge as it was before the refund, delivered late: nothing changes either.
    const chargeBefore = fake.control.events().find((event) => event.type === 'charge.succeeded' && 'payment_intent' in event.data.object && event.data.object.payment_intent === intentId);
    const resent = [...refundEvents, ...(chargeBefore ? [chargeBefore] : [])];
    expect(resent).toHaveLength(3);
    for (const event of resent) {
      const { body } = stripeEventBody({ type: event.type, object: JSON.parse(JSON.stringify(event.data.object)) as Record<string, unknown> });
      expect((await deliverWebhook(h, '127.0.0.1', body, stripeSignature(body, online.webhookSecret))).status).toBe(200);
    }
    await h.jobs.drain();
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 1_000 });
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ amount_paid: 5_000, due_amount: 1_000 });
    const movements = await transfersOf(vendor, payment.id);
    expect(movements.filter((m) => m.kind === 'refund')).toHaveLength(1);
    expect(movements.find((m) => m.kind === 'charge')).toMatchObject({ amount_reversed: 1_000, status: 'partially_refunded' });
    expect((await eventsAbout(h, h.landlordId, payment.id)).filter((event) => event.type === 'payment.refunded')).toHaveLength(1);
  });

  it('refuses a payment recorded by hand, and moves no invoice for money refunded because no invoice could take it', async () => {
    const invoice = await openInvoice(vendor, customer.id, 3_000);
    const byHand = await createPayment(vendor, paymentBody(customer.id, 3_000, { invoice_id: invoice.id }));
    expect(byHand).toMatchObject({ online: false, refunded_amount: 0 });
    const refused = await refund(vendor, byHand.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ amount: [paymentRefundMessages.notOnline] });
    expect(await transfersOf(vendor, byHand.id)).toEqual([]);

    // The online-payments module refunds a card payment the paid invoice can no longer take: its charge.refunded books nothing.
    const paidBefore = await openInvoice(vendor, customer.id, 2_000);
    const otherLink = (await vendor.post(`/api/v1/invoices/${paidBefore.id}/links`)).body as PublicLinkResponse;
    const guest = h.client();
    await guest.csrf();
    const card = cardPaymentOf(await guest.post(`/api/v1/public/invoices/${tokenOfUrl(otherLink.url)}/card-payment`, {}));
    await createPayment(vendor, paymentBody(customer.id, 2_000, { invoice_id: paidBefore.id }));
    expect((await confirmCard(fake, card, 'pm_card_visa')).status).toBe('succeeded');
    await settle();
    expect(fake.control.events().some((e) => e.type === 'charge.refunded' && 'payment_intent' in e.data.object && e.data.object.payment_intent === intentIdOf(card))).toBe(true);
    expect(await invoiceOf(vendor, paidBefore.id)).toMatchObject({ paid_status: 'paid', amount_paid: 2_000 });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', amount_paid: 3_000 });
    expect(await h.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.tenantId, h.landlordId))).not.toContainEqual(expect.objectContaining({ amount: 2_000 }));
  });
});

describe('transfers and charges', () => {
  it('lists the charge, the platform fee and the transfer of a 12,000 payment at 2.5 % + 30, then the refund and its reversals', async () => {
    const { intentId, payment } = await paidByCard(12_000);
    const moved = await transfersOf(vendor, payment.id);
    expect(moved.map((m) => m.kind)).toEqual(['charge', 'application_fee', 'transfer']);
    expect(moved[0]).toMatchObject({ amount: 12_000, currency: 'usd', status: 'succeeded', payment_method: 'card', amount_reversed: 0 });
    expect(moved[0]?.provider_id).toMatch(/^ch_/);
    expect(moved[1]).toMatchObject({ amount: 330, currency: 'usd', status: 'collected', destination: accountId });
    expect(moved[1]?.provider_id).toMatch(/^fee_/);
    expect(moved[2]).toMatchObject({ amount: 11_670, currency: 'usd', status: 'paid', destination: accountId });
    expect(moved[2]?.provider_id).toMatch(/^tr_/);
    // The provider's own objects, not invented: the same ids the fake's events carried.
    const chargeEvent = fake.control.events().find((e) => e.type === 'charge.succeeded' && 'payment_intent' in e.data.object && e.data.object.payment_intent === intentId);
    expect(chargeEvent?.data.object).toMatchObject({ id: moved[0]?.provider_id, transfer: moved[2]?.provider_id, application_fee: moved[1]?.provider_id });

    // The payment carries the same rows: the payer's side as its charges, the rest as its transfers.
    const shown = await paymentOf(payment.id);
    expect(shown.charges).toEqual(moved.filter((m) => m.kind === 'charge'));
    expect(shown.transfers).toEqual(moved.filter((m) => m.kind !== 'charge'));
    expect(shown.transfers.every((m) => m.payment_method === 'card')).toBe(true);
    expect(shown.refunds).toEqual([]);
    // Asked, not yet told (the provider's events held back): the refund shows pending, and nothing moved.
    fake.control.holdDeliveries();
    const asked = refundOf(await refund(vendor, payment.id, { amount: 6_000 }));
    const pending = await paymentOf(payment.id);
    fake.control.releaseDeliveries();
    expect(pending.refunds).toEqual([{ ...asked, status: 'pending', booked_at: null }]);
    expect(pending).toMatchObject({ refunded_amount: 0, charges: shown.charges });
    await settle();
    const after = await transfersOf(vendor, payment.id);
    const byKind = (kind: PaymentMovement['kind']) => after.filter((m) => m.kind === kind);
    expect(byKind('charge')[0]).toMatchObject({ amount_reversed: 6_000, status: 'partially_refunded' });
    expect(byKind('refund')).toEqual([expect.objectContaining({ amount: 6_000, status: 'succeeded', payment_method: 'card' })]);
    expect(byKind('transfer_reversal')).toEqual([expect.objectContaining({ amount: 5_835, destination: accountId })]);
    expect(byKind('transfer')[0]).toMatchObject({ amount_reversed: 5_835, status: 'partially_reversed' });
    expect(byKind('application_fee_refund')).toEqual([expect.objectContaining({ amount: 165 })]);
    expect(byKind('application_fee')[0]).toMatchObject({ amount_reversed: 165, status: 'partially_refunded' });
    const settled = await paymentOf(payment.id);
    expect(settled).toMatchObject({ refunded_amount: 6_000 });
    expect(settled.refunds).toEqual([expect.objectContaining({ id: asked.id, amount: 6_000, status: 'succeeded', booked_at: expect.any(String) })]);
    expect([...settled.charges, ...settled.transfers].map((m) => m.provider_id).sort()).toEqual(after.map((m) => m.provider_id).sort());
  });

  it('fills every payment of a list page with its own movements and refunds, and none for a payment recorded by hand', async () => {
    const first = await paidByCard(5_000);
    const second = await paidByCard(7_000);
    refundOf(await refund(vendor, second.payment.id, { amount: 1_000 }));
    await settle();
    const byHandInvoice = await openInvoice(vendor, customer.id, 2_000);
    const byHand = await createPayment(vendor, paymentBody(customer.id, 2_000, { invoice_id: byHandInvoice.id }));
    const listed = await vendor.get('/api/v1/payments?tab=received&limit=100');
    expect(listed.status).toBe(200);
    const rows = listed.body.data as PaymentResource[];
    const rowOf = (id: string) => rows.find((row) => row.id === id);
    for (const { payment, total } of [{ payment: first.payment, total: 5_000 }, { payment: second.payment, total: 7_000 }]) {
      const row = rowOf(payment.id);
      expect(row?.charges[0]).toMatchObject({ kind: 'charge', amount: total, payment_method: 'card' });
      expect(row?.transfers.map((m) => m.kind).slice(0, 2)).toEqual(['application_fee', 'transfer']);
      // Each its own: no movement of the other payment's intent.
      expect(row?.transfers.find((m) => m.kind === 'transfer')?.amount).toBe(total - Math.round(total * 0.025) - 30);
    }
    expect(rowOf(first.payment.id)?.charges.map((m) => m.kind)).toEqual(['charge']);
    expect(rowOf(first.payment.id)?.refunds).toEqual([]);
    expect(rowOf(second.payment.id)?.charges.map((m) => m.kind)).toEqual(['charge', 'refund']);
    expect(rowOf(second.payment.id)?.transfers.map((m) => m.kind)).toEqual(['application_fee', 'transfer', 'transfer_reversal', 'application_fee_refund']);
    expect(rowOf(second.payment.id)?.refunds).toEqual([expect.objectContaining({ amount: 1_000, status: 'succeeded' })]);
    expect(rowOf(byHand.id)).toMatchObject({ charges: [], transfers: [], refunds: [] });
    // The customer business's mirror of an online payment moved nothing at the provider itself.
    const mirrors = await buyer.get(`/api/v1/payments?tab=made&invoice_id=${second.invoiceId}`);
    expect(mirrors.body.data).toEqual([expect.objectContaining({ charges: [], transfers: [], refunds: [] })]);
  });
});

describe('who may refund and list', () => {
  it('refuses other businesses, other tenants and members without the abilities', async () => {
    const { invoiceId, payment } = await paidByCard(4_000);
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Stranger Refunds');
    expect((await refund(stranger, payment.id)).status).toBe(404);
    expect((await stranger.get(`/api/v1/payments/${payment.id}/transfers`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Refunds', OTHER_HOST);
    expect((await refund(foreign, payment.id)).status).toBe(404);
    expect((await foreign.get(`/api/v1/payments/${payment.id}/transfers`)).status).toBe(404);
    expect((await foreign.get(`/api/v1/payments/${payment.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/payments/${payment.id}`)).status).toBe(404);
    // The accountant records payments but sends no money back; the viewer sees the transfers only.
    const accountant = await inviteAndAccept(h, vendor, 'accountant@refund-vendor.example', 'accountant');
    expect((await refund(accountant, payment.id)).status).toBe(403);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@refund-vendor.example', 'viewer');
    expect((await refund(viewer, payment.id)).status).toBe(403);
    expect((await transfersOf(viewer, payment.id)).map((m) => m.kind)).toEqual(['charge', 'application_fee', 'transfer']);
    await settle();
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 0 });
    expect(await invoiceOf(vendor, invoiceId)).toMatchObject({ paid_status: 'paid', amount_paid: 4_000 });
    expect(await h.app.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.tenantId, h.landlordId), eq(paymentRefunds.paymentId, payment.id)))).toEqual([]);
  });
});
