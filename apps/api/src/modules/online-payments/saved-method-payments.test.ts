import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardPayment, type CounterpartyResource, onlinePaymentMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { onlinePaymentIntents } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient } from '../../../test/harness';
import { cardPaymentOf, intentIdOf, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { callFakeStripe, settleEvents } from '../../../test/payouts';
import { saveBank, saveCard } from '../../../test/saved-methods';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { invoiceOf, openInvoice } from '../payments/test-payments';

/**
 * The customer business pays an incoming invoice with one of its saved methods (settings →
 * payment-methods), with the payer present: the server makes the attempt for the saved method
 * (its provider customer and method, the vendor's payout account as destination, the platform's
 * fee) and the browser confirms it as Stripe.js does, so a card can still ask for 3-D Secure. The
 * invoice is paid, as always, only from the verified event.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let accountId: string;

beforeAll(async () => {
  online = await startPaymentScene({ clock, fakeOptions: { bankSettlementDelayMs: null }, vendor: 'Saved Pay Vendor', buyer: { name: 'Saved Pay Buyer', email: 'ap@saved-pay-buyer.example' } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

/** What Stripe.js `confirmCardPayment(clientSecret)` / `confirmUsBankAccountPayment(clientSecret)` send for an intent that already names its method. */
async function confirmInBrowser(payment: CardPayment, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
  return callFakeStripe(fake, `/v1/payment_intents/${intentIdOf(payment)}/confirm`, payment.publishable_key, { client_secret: payment.client_secret, ...extra });
}

async function fromFake(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('paying an incoming invoice with a saved method', () => {
  it('makes the attempt for the saved card, which the payer confirms, and is paid from the event', async () => {
    const card = await saveCard(fake, buyer);
    const invoice = await openInvoice(vendor, customer.id, 7_500);
    const payment = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id }));
    expect(payment).toMatchObject({ amount: 7_500, method: 'card', status: 'requires_confirmation' });
    const intent = await fromFake(`/v1/payment_intents/${intentIdOf(payment)}`);
    expect(intent).toMatchObject({ customer: expect.stringMatching(/^cus_/), payment_method: expect.stringMatching(/^pm_/), transfer_data: { destination: accountId } });
    // Nothing is paid until the payer confirms and the provider's event arrives.
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 7_500 });

    expect((await confirmInBrowser(payment)).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 7_500 });
  });

  it('pays part of what is due with a saved bank account, processing until the debit settles', async () => {
    const bank = await saveBank(fake, buyer);
    const invoice = await openInvoice(vendor, customer.id, 9_000);
    const payment = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: bank.id, amount: 4_000 }));
    expect(payment).toMatchObject({ amount: 4_000, method: 'us_bank_account' });
    const confirmed = await confirmInBrowser(payment, { 'mandate_data[customer_acceptance][type]': 'online', 'mandate_data[customer_acceptance][online][infer_from_client]': 'true' });
    expect(confirmed.status).toBe('processing');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', payment_processing: { amount: 4_000, method: 'us_bank_account' } });
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'partially_paid', amount_paid: 4_000, due_amount: 5_000, payment_processing: null });
  });

  it('replaces an open card-form attempt with one for the saved method, and keeps the amount rules', async () => {
    const card = await saveCard(fake, buyer);
    const invoice = await openInvoice(vendor, customer.id, 3_000);
    const byForm = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, {}));
    const tooMuch = await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id, amount: 3_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toHaveProperty('amount');
    const bySaved = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id }));
    expect(intentIdOf(bySaved)).not.toBe(intentIdOf(byForm));
    expect((await fromFake(`/v1/payment_intents/${intentIdOf(byForm)}`)).status).toBe('canceled');
    const rows = await h.app.db.select().from(onlinePaymentIntents).where(and(eq(onlinePaymentIntents.tenantId, h.landlordId), eq(onlinePaymentIntents.invoiceId, invoice.id)));
    expect(rows.filter((row) => row.status !== 'canceled')).toHaveLength(1);
    expect((await confirmInBrowser(bySaved)).status).toBe('succeeded');
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid' });
  });
});

describe('who may pay with a saved method', () => {
  it("refuses a guest, another business's method, a method or linked bank beside it, a foreign tenant and a missing ability", async () => {
    const card = await saveCard(fake, buyer);
    const invoice = await openInvoice(vendor, customer.id, 2_000);
    const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as { url: string };
    const guest = h.client();
    await guest.csrf();
    const asGuest = await guest.post(`/api/v1/public/invoices/${tokenOfUrl(link.url)}/card-payment`, { saved_method_id: card.id });
    expect(asGuest.status).toBe(422);
    expect(asGuest.body.errors).toEqual({ saved_method_id: [onlinePaymentMessages.savedMethodInvalid] });

    // Another business of the same tenant, with its own saved card, names it for an invoice it does not receive, or names the buyer's.
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Saved Pay Stranger');
    const strangerCard = await saveCard(fake, stranger);
    expect((await stranger.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id })).status).toBe(404);
    const notOwn = await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: strangerCard.id });
    expect(notOwn.status).toBe(422);
    expect(notOwn.body.errors).toEqual({ saved_method_id: [onlinePaymentMessages.savedMethodInvalid] });

    const withMethod = await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id, method: 'card' });
    expect(withMethod.status).toBe(422);
    expect(withMethod.body.errors).toEqual({ saved_method_id: [onlinePaymentMessages.savedMethodOther] });
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: 'not-an-id' })).status).toBe(422);

    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Saved Pay Foreign', OTHER_HOST);
    expect((await foreign.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id })).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@saved-pay-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { saved_method_id: card.id })).status).toBe(403);

    // Nothing was made for any of them: the invoice has no attempt yet.
    const rows = await h.app.db.select().from(onlinePaymentIntents).where(and(eq(onlinePaymentIntents.tenantId, h.landlordId), eq(onlinePaymentIntents.invoiceId, invoice.id)));
    expect(rows).toHaveLength(0);
  });
});
