import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type EstimateDeposit, type PublicEstimateDeposit, type PublicLinkResponse, estimateDepositMessages, onlinePaymentMessages } from '@app/contracts';
import type { FakePlaid, FakeStripe } from '@app/fakes';
import { outbox, tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, type TestResponse } from '../../../test/harness';
import { type LinkedBankHarness, chooseInLink, startLinkedBankHarness } from '../../../test/bank-link';
import { onboardedCustomer } from '../../../test/documents';
import { cardPaymentOf, chargeableBusiness } from '../../../test/online-payments';
import { settleEvents } from '../../../test/payouts';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { PUBLIC_LINK_RATE_LIMIT } from '../document-delivery/document-delivery.routes';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { act, createEstimate } from '../estimates/test-estimates';

/**
 * An estimate's deposit paid from a bank linked through the bank-link provider (issue 17 items 1
 * and 7), against the fake Plaid and the fake Stripe sharing one token registry: as an invoice's
 * linked-bank payment, the server confirms the debit with the payer's mandate, the deposit shows
 * it processing at once and is paid only from the verified event; a returned debit books nothing,
 * tells the vendor's owner and leaves the deposit payable. The estimate totals 350.00.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const HOLDER = 'Deposit Linker LLC';
const DEPOSIT = 10_000;

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
  await h.app.db.update(tenants).set({ estimatePayments: true }).where(eq(tenants.id, h.landlordId));
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Deposit Link Vendor');
  await chargeableBusiness(h, fake, vendor);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Deposit Link Buyer', 'ap@deposit-link-buyer.example'));
});
afterAll(() => online.close());
beforeEach(() => clock.advance(PUBLIC_LINK_RATE_LIMIT.windowMs + 1000));

const settle = () => settleEvents(h, fake);

/** An estimate approved by the customer business, with a deposit of 100.00 asked and its public link. */
async function estimateWithDeposit(): Promise<{ estimateId: string; estimateNumber: string; token: string }> {
  const estimate = await createEstimate(vendor, customer.id);
  await act(vendor, estimate.id, 'finalize');
  expect((await buyer.post(`/api/v1/estimates/${estimate.id}/approve`)).status).toBe(200);
  expect((await vendor.put(`/api/v1/estimates/${estimate.id}/deposit`, { amount: DEPOSIT })).status).toBe(200);
  const link = (await vendor.post(`/api/v1/estimates/${estimate.id}/links`)).body as PublicLinkResponse;
  return { estimateId: estimate.id, estimateNumber: estimate.estimate_number, token: tokenOfUrl(link.url) };
}

async function asGuest(path: string, body?: Record<string, unknown>, host?: string): Promise<TestResponse> {
  const guest = h.client(host);
  await guest.csrf();
  return guest.post(`/api/v1/public/estimates/${path}`, body);
}

function linkTokenOf(response: TestResponse): string {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return String((response.body.data as { link_token: string }).link_token);
}

async function depositOf(estimateId: string): Promise<EstimateDeposit> {
  const response = await vendor.get(`/api/v1/estimates/${estimateId}/deposit`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: EstimateDeposit }).data;
}

const guestLink = async (token: string, subtype: 'checking' | 'savings' = 'checking') => chooseInLink(plaid.url, linkTokenOf(await asGuest(`${token}/bank-link-token`)), HOLDER, subtype);

describe("a guest pays an estimate's deposit from a bank linked through Plaid", () => {
  it('offers linking, debits the linked account server-side, shows it processing at once and books the deposit from the event', async () => {
    const { estimateId, token } = await estimateWithDeposit();
    const offered = (await h.client().get(`/api/v1/public/estimates/${token}/deposit`)).body.data as PublicEstimateDeposit;
    expect(offered.options).toMatchObject({ available: true, bank_link_available: true });

    const bank_link = await guestLink(token);
    const payment = cardPaymentOf(await asGuest(`${token}/deposit-payment`, { method: 'us_bank_account', bank_link }));
    expect(payment).toMatchObject({ amount: DEPOSIT, currency: 'usd', method: 'us_bank_account', status: 'processing' });
    // Before any event arrived, the answer already left the deposit processing, and nothing else starts meanwhile.
    expect(await depositOf(estimateId)).toMatchObject({ paid_amount: 0, processing_amount: DEPOSIT, payable: false });
    const again = await asGuest(`${token}/deposit-payment`, { method: 'us_bank_account', bank_link });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(estimateDepositMessages.inProgress);
    expect((await asGuest(`${token}/bank-link-token`)).status).toBe(409);

    fake.control.settleBankPayments();
    await settle();
    expect(await depositOf(estimateId)).toMatchObject({ paid_amount: DEPOSIT, processing_amount: 0, due_amount: 0, payable: false });
  });

  it("books nothing when the debit is returned, mails the vendor's owner once, and takes another linked account", async () => {
    const { estimateId, estimateNumber, token } = await estimateWithDeposit();
    const savings = await guestLink(token, 'savings');
    expect(cardPaymentOf(await asGuest(`${token}/deposit-payment`, { method: 'us_bank_account', bank_link: savings })).status).toBe('processing');
    fake.control.settleBankPayments();
    await settle();
    expect(await depositOf(estimateId)).toMatchObject({ paid_amount: 0, processing_amount: 0, due_amount: DEPOSIT, payable: true });
    const mails = await h.app.db.select().from(outbox).where(and(eq(outbox.tenantId, h.landlordId), eq(outbox.to, ADMIN_EMAIL)));
    const notice = mails.filter((mail) => mail.subject === `Bank payment of $100.00 on the deposit on estimate ${estimateNumber} failed`);
    expect(notice, mails.map((mail) => mail.subject).join(' | ')).toHaveLength(1);
    expect(notice[0]?.text).toContain(`the deposit on your estimate ${estimateNumber} was returned by the payer's bank`);
    expect(notice[0]?.text).toContain(onlinePaymentMessages.bankPaymentFailed);

    const checking = await guestLink(token);
    expect(cardPaymentOf(await asGuest(`${token}/deposit-payment`, { method: 'us_bank_account', bank_link: checking })).status).toBe('processing');
    fake.control.settleBankPayments();
    await settle();
    expect(await depositOf(estimateId)).toMatchObject({ paid_amount: DEPOSIT, due_amount: 0 });
  });

  it('takes a linked bank only for a bank payment, and gives no link token for a deposit that cannot be paid', async () => {
    const { estimateId, token } = await estimateWithDeposit();
    const byCard = await asGuest(`${token}/deposit-payment`, { method: 'card', bank_link: await guestLink(token) });
    expect(byCard.status).toBe(422);
    expect(byCard.body.errors).toHaveProperty('bank_link');
    expect((await vendor.delete(`/api/v1/estimates/${estimateId}/deposit`)).status).toBe(200);
    const refused = await asGuest(`${token}/bank-link-token`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(estimateDepositMessages.notPayableNow);
  });
});

describe('who may link a bank to pay a deposit', () => {
  it('gives link tokens and takes linked banks only for the customer business with pay-invoice, in its tenant', async () => {
    const { estimateId, token } = await estimateWithDeposit();
    const stranger = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Deposit Link Stranger');
    expect((await stranger.post(`/api/v1/estimates/${estimateId}/bank-link-token`)).status).toBe(404);
    expect((await vendor.post(`/api/v1/estimates/${estimateId}/bank-link-token`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Deposit Link Foreign', OTHER_HOST);
    expect((await foreign.post(`/api/v1/estimates/${estimateId}/bank-link-token`)).status).toBe(404);
    expect((await asGuest(`${token}/bank-link-token`, undefined, OTHER_HOST)).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@deposit-link-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/estimates/${estimateId}/bank-link-token`)).status).toBe(403);

    const bank_link = await chooseInLink(plaid.url, linkTokenOf(await buyer.post(`/api/v1/estimates/${estimateId}/bank-link-token`)), HOLDER);
    // A linked bank sent for another business's estimate or tenant is refused before it is used.
    expect((await stranger.post(`/api/v1/estimates/${estimateId}/deposit-payment`, { method: 'us_bank_account', bank_link })).status).toBe(404);
    expect((await foreign.post(`/api/v1/estimates/${estimateId}/deposit-payment`, { method: 'us_bank_account', bank_link })).status).toBe(404);
    expect((await viewer.post(`/api/v1/estimates/${estimateId}/deposit-payment`, { method: 'us_bank_account', bank_link })).status).toBe(403);
    const own = cardPaymentOf(await buyer.post(`/api/v1/estimates/${estimateId}/deposit-payment`, { method: 'us_bank_account', bank_link }));
    expect(own).toMatchObject({ amount: DEPOSIT, status: 'processing' });
    fake.control.settleBankPayments();
    await settle();
    expect(await depositOf(estimateId)).toMatchObject({ paid_amount: DEPOSIT });
  });

  it('says linking is not set up in a tenant without a bank-link provider', async () => {
    const { token } = await estimateWithDeposit();
    await h.app.db.update(tenants).set({ bankLinkClientId: null }).where(eq(tenants.id, h.landlordId));
    try {
      const offered = (await h.client().get(`/api/v1/public/estimates/${token}/deposit`)).body.data as PublicEstimateDeposit;
      expect(offered.options?.bank_link_available).toBe(false);
      const refused = await asGuest(`${token}/bank-link-token`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(onlinePaymentMessages.bankLinkNotSetUp);
    } finally {
      await h.app.db.update(tenants).set({ bankLinkClientId: plaid.credentials.clientId }).where(eq(tenants.id, h.landlordId));
    }
  });
});
