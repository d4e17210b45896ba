import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardPaymentOptions, type CounterpartyResource, type PublicLinkResponse, onlinePaymentMessages } from '@app/contracts';
import type { FakePlaid, FakeStripe } from '@app/fakes';
import { onlinePaymentIntents, tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, type TestResponse } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { cardPaymentOf, chargeableBusiness, confirmBankByHand, intentIdOf, verifyMicrodeposits } from '../../../test/online-payments';
import { type LinkedBankHarness, chooseInLink as chooseInLinkAt, startLinkedBankHarness } from '../../../test/bank-link';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { invoiceOf, openInvoice } from '../payments/test-payments';

/**
 * Paying an invoice from a bank linked through the bank-link provider (issue 17 item 1), against
 * the fake Plaid and the fake Stripe sharing one token registry: Link's public token is exchanged
 * server-side, a processor token for Stripe confirms the bank attempt with the payer's online
 * mandate, the invoice shows it processing at once and is paid only from the verified event.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const HOLDER = 'Linked Buyer Inc.';

let plaid: FakePlaid;
let online: LinkedBankHarness;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  online = await startLinkedBankHarness(clock);
  ({ h, fake, plaid } = online);
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Linked Vendor');
  await chargeableBusiness(h, fake, vendor);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Linked Buyer', 'ap@linked-buyer.example'));
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

async function invoiceWithLink(total: number) {
  const invoice = await openInvoice(vendor, customer.id, total);
  const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
  return { invoice, token: tokenOfUrl(link.url) };
}

async function asGuest(path: string, body?: Record<string, unknown>, host?: string): Promise<TestResponse> {
  const guest = h.client(host);
  await guest.csrf();
  return guest.post(`/api/v1/public/invoices/${path}`, body);
}

function linkTokenOf(response: TestResponse): string {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return String((response.body.data as { link_token: string }).link_token);
}

/** Link in the browser: the account chosen for `HOLDER`. */
const chooseInLink = (linkToken: string, subtype: 'checking' | 'savings' = 'checking') => chooseInLinkAt(plaid.url, linkToken, HOLDER, subtype);

const settle = () => settleEvents(h, fake);

/** Reads an object from the fake Stripe with the platform's secret key, as the provider's dashboard would show it. */
async function fromFake(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('a guest pays from a bank linked through Plaid', () => {
  it('gives up an attempt waiting for the microdeposit code of a typed account when the payer links a bank instead', async () => {
    const { invoice, token } = await invoiceWithLink(5_500);
    const typed = cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account' }));
    expect(await confirmBankByHand(fake, typed)).toMatchObject({ status: 'requires_action' });
    await settle();
    const bank_link = await chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)));
    const linked = cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link }));
    expect(linked).toMatchObject({ status: 'processing', amount: 5_500 });
    expect(linked.client_secret).not.toBe(typed.client_secret);
    expect(await verifyMicrodeposits(fake, typed)).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ payment_processing: { amount: 5_500, method: 'us_bank_account' } });
  });

  it('offers linking, debits the linked account server-side with the mandate, shows processing at once and is paid from the event', async () => {
    const { invoice, token } = await invoiceWithLink(12_500);
    const options = (await h.client().get(`/api/v1/public/invoices/${token}/card-payment`)).body.data as CardPaymentOptions;
    expect(options).toMatchObject({ available: true, bank_link_available: true, bank_link_script: null });

    const bank_link = await chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)));
    const payment = cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link }));
    expect(payment).toMatchObject({ amount: 12_500, currency: 'usd', method: 'us_bank_account', status: 'processing' });
    // Before any event arrived, the answer already left the invoice processing.
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 12_500, payment_processing: { amount: 12_500, method: 'us_bank_account' } });

    const intent = await fromFake(`/v1/payment_intents/${intentIdOf(payment)}`);
    const charge = await fromFake(`/v1/charges/${String(intent.latest_charge)}`);
    const details = charge.payment_method_details as { us_bank_account: { mandate: string } };
    const mandate = await fromFake(`/v1/mandates/${details.us_bank_account.mandate}`);
    expect(mandate.customer_acceptance).toMatchObject({ type: 'online', online: { ip_address: expect.any(String), user_agent: expect.any(String) } });

    // The linked item is gone at Plaid: the public token cannot be used twice, and nothing is kept to read the bank with.
    const replay = await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link });
    expect(replay.status).toBe(409);

    await settle();
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', due_amount: 0, amount_paid: 12_500, payment_processing: null });
  });

  it("books nothing when the linked account's debit is returned, and takes another linked account", async () => {
    const { invoice, token } = await invoiceWithLink(6_000);
    const savings = await chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)), 'savings');
    expect(cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link: savings })).status).toBe('processing');
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', due_amount: 6_000, payment_processing: null });

    const checking = await chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)));
    expect(cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link: checking })).status).toBe('processing');
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', amount_paid: 6_000 });
  });

  it("refuses a forged public token with the provider's words and leaves the invoice payable", async () => {
    const { invoice, token } = await invoiceWithLink(3_000);
    const forged = await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link: { public_token: 'public-sandbox-00000000-0000-0000-0000-000000000000', account_id: 'x', account_holder_name: HOLDER } });
    expect(forged.status).toBe(422);
    expect(forged.body.message).toEqual(expect.any(String));
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'unpaid', payment_processing: null });
    const rows = await h.app.db.select().from(onlinePaymentIntents).where(and(eq(onlinePaymentIntents.tenantId, h.landlordId), eq(onlinePaymentIntents.invoiceId, invoice.id)));
    expect(rows.map((row) => row.status)).toEqual(['requires_payment_method']);
    // The unconfirmed attempt is the one a real link then pays.
    const bank_link = await chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)));
    expect(cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', bank_link })).status).toBe('processing');
  });

  it('keeps the amount rules: part of what is due, the 0.50 minimum, never above what is due; a linked bank only for a bank payment', async () => {
    const { token } = await invoiceWithLink(10_000);
    const link = async () => chooseInLink(linkTokenOf(await asGuest(`${token}/bank-link-token`)));
    const tooSmall = await asGuest(`${token}/card-payment`, { method: 'us_bank_account', amount: 49, bank_link: await link() });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors).toHaveProperty('amount');
    const tooMuch = await asGuest(`${token}/card-payment`, { method: 'us_bank_account', amount: 10_001, bank_link: await link() });
    expect(tooMuch.status).toBe(422);
    const byCard = await asGuest(`${token}/card-payment`, { method: 'card', bank_link: await link() });
    expect(byCard.status).toBe(422);
    expect(byCard.body.errors).toHaveProperty('bank_link');
    const part = cardPaymentOf(await asGuest(`${token}/card-payment`, { method: 'us_bank_account', amount: 4_000, bank_link: await link() }));
    expect(part).toMatchObject({ amount: 4_000, status: 'processing' });
    // One open attempt: while it is processing nothing else starts, linked or not.
    const again = await asGuest(`${token}/card-payment`, { method: 'us_bank_account', amount: 1_000, bank_link: await link() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(onlinePaymentMessages.inProgress);
    await settle();
  });
});

describe('who may link a bank to pay', () => {
  it('gives link tokens and takes linked banks only for the customer business with pay-invoice, in its tenant', async () => {
    const invoice = await openInvoice(vendor, customer.id, 2_000);
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Linked Stranger Co');
    expect((await stranger.post(`/api/v1/invoices/${invoice.id}/bank-link-token`)).status).toBe(404);
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/bank-link-token`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Linked Foreign Ltd', OTHER_HOST);
    expect((await foreign.post(`/api/v1/invoices/${invoice.id}/bank-link-token`)).status).toBe(404);
    const link = (await vendor.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
    expect((await asGuest(`${tokenOfUrl(link.url)}/bank-link-token`, undefined, OTHER_HOST)).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@linked-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/bank-link-token`)).status).toBe(403);

    const bank_link = await chooseInLink(linkTokenOf(await buyer.post(`/api/v1/invoices/${invoice.id}/bank-link-token`)));
    // A linked bank sent for another business's invoice or tenant is refused before it is used.
    expect((await stranger.post(`/api/v1/invoices/${invoice.id}/card-payment`, { method: 'us_bank_account', bank_link })).status).toBe(404);
    expect((await foreign.post(`/api/v1/invoices/${invoice.id}/card-payment`, { method: 'us_bank_account', bank_link })).status).toBe(404);
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { method: 'us_bank_account', bank_link })).status).toBe(403);
    const own = cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoice.id}/card-payment`, { method: 'us_bank_account', bank_link }));
    expect(own).toMatchObject({ amount: 2_000, status: 'processing' });
    fake.control.settleBankPayments();
    await settle();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid' });
  });

  it('says linking is not set up in a tenant without a bank-link provider', async () => {
    const { token } = await invoiceWithLink(1_000);
    await h.app.db.update(tenants).set({ bankLinkClientId: null }).where(eq(tenants.id, h.landlordId));
    try {
      expect(((await h.client().get(`/api/v1/public/invoices/${token}/card-payment`)).body.data as CardPaymentOptions).bank_link_available).toBe(false);
      const refused = await asGuest(`${token}/bank-link-token`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(onlinePaymentMessages.bankLinkNotSetUp);
    } finally {
      await h.app.db.update(tenants).set({ bankLinkClientId: plaid.credentials.clientId }).where(eq(tenants.id, h.landlordId));
    }
  });
});
