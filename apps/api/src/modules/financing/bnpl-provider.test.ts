import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BnplFundResponse, type BnplLoanOffer, type CounterpartyResource, type LoanResource, financingMessages } from '@app/contracts';
import { type FakeLender, type FakeStripe, startFakeLender } from '@app/fakes';
import { financingOffers, loanRepayments, loans, payments } from '../../db/schema';
import { systemClock } from '../../platform/clock';
import type { LenderLoan } from '../../platform/providers/financing-provider';
import { FAKE_LENDER_ENV, connectFinancingProvider, deliverLenderWebhook, lenderEventBody, lenderHeaders, lenderLoan, TEST_FINANCING_PRODUCT_IDS } from '../../../test/financing-provider';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, type TestResponse, errorsOf } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { type PaymentHarness, startPaymentHarness } from '../../../test/online-payments';
import { saveCard } from '../../../test/saved-methods';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { createBnplRepaymentJob } from './bnpl-repayment-job';
import { approvedInvoice as approvedInvoiceOf, loanBalances, loanPostings } from '../../../test/financing';

/**
 * BNPL through the tenant's HTTP lender, against the fake lender: the lender's offer to the
 * customer business, accepting it (the loan waits `pending_funding`), the lender's `loan.funded`
 * booking the vendor's payment, and the lender's repayment events posting what the borrower
 * repaid it, once, whatever their order. The platform's repayment job leaves such loans alone.
 */
const HOST = 'localhost';
const OTHER_KEY = 'lk_test_other_tenant_0123456789abcdef';

let online: PaymentHarness;
let h: Harness;
let fake: FakeStripe;
let lender: FakeLender;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let card: string;
const jobErrors: unknown[] = [];
let job: ReturnType<typeof createBnplRepaymentJob>;

beforeAll(async () => {
  online = await startPaymentHarness({ clock: systemClock, env: FAKE_LENDER_ENV });
  ({ h, fake } = online);
  const address = h.server.server.address();
  const appPort = typeof address === 'object' && address !== null ? address.port : 0;
  lender = await startFakeLender({
    productIds: { factoring: TEST_FINANCING_PRODUCT_IDS[0] ?? '', bnpl: TEST_FINANCING_PRODUCT_IDS[1] ?? '' },
    webhookUrl: `http://localhost:${appPort}/api/v1/webhooks/financing-provider/${h.landlordId}`,
    webhookRetryDelaysMs: [20, 40],
    fundingDelayMs: null,
  });
  await connectFinancingProvider(h, h.landlordId, { url: lender.url, apiKey: lender.apiKey });
  await connectFinancingProvider(h, h.otherTenantId, { url: lender.url, apiKey: OTHER_KEY });
  // The vendor has no payout account: the tenant's lender pays it itself.
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lender BNPL Vendor');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Lender BNPL Buyer', 'ap@lender-bnpl-buyer.example'));
  card = (await saveCard(fake, buyer)).id;
  job = createBnplRepaymentJob(h.app, (error) => jobErrors.push(error));
}, 120_000);
afterAll(async () => {
  await lender.control.settleDeliveries();
  await online.close();
  await lender.close();
});

const approvedInvoice = (total: number) => approvedInvoiceOf(vendor, buyer, customer.id, total);

async function offerFor(invoiceId: string, days = 60): Promise<BnplLoanOffer> {
  const response = await buyer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer?days_to_defer=${days}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: BnplLoanOffer }).data;
}

function fund(client: TestClient, invoiceId: string, body: Record<string, unknown>) {
  return client.post(`/api/v1/business/bnpl/${invoiceId}/loan-fund`, body);
}

function fundedOf(response: TestResponse): BnplFundResponse['data'] {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as BnplFundResponse).data;
}

async function loanRow(loanId: string) {
  const [row] = await h.app.db.select().from(loans).where(eq(loans.id, loanId));
  if (!row) throw new Error(`no loan ${loanId}`);
  return row;
}

/** An accepted deferral: the loan pending at the lender, named by it. */
async function accepted(total: number): Promise<{ invoiceId: string; offer: BnplLoanOffer; loan: LoanResource; lenderLoanId: string }> {
  const invoiceId = await approvedInvoice(total);
  const offer = await offerFor(invoiceId);
  const { loan } = fundedOf(await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 60, selectedPaymentMethod: card }));
  const lenderLoanId = (await loanRow(loan.id)).providerLoanId;
  if (!lenderLoanId) throw new Error(`loan ${loan.id} has no lender's id`);
  return { invoiceId, offer, loan, lenderLoanId };
}

async function settled(): Promise<void> {
  await lender.control.settleDeliveries();
  await h.jobs.drain();
}

async function fundedByLender(total: number) {
  const deferral = await accepted(total);
  lender.control.fund(deferral.lenderLoanId);
  await settled();
  return deferral;
}

const balances = (loanId: string) => loanBalances(h, loanId);

const postings = (loanId: string) => loanPostings(h, loanId);

/** Our loan as the lender would report it (funded), changed by `change`. */
async function lenderView(loanId: string, change: Partial<LenderLoan>): Promise<LenderLoan> {
  const row = await loanRow(loanId);
  const [offer] = await h.app.db.select().from(financingOffers).where(eq(financingOffers.id, row.offerId));
  return lenderLoan({ id: row.providerLoanId ?? '', offerId: offer?.providerOfferId ?? '', product: 'bnpl', invoiceReference: row.invoiceId, principal: row.principal, fee: row.fee, dueDate: row.dueDate, ...change });
}

async function deliver(event: { body: string }, tenant: { host: string; tenantId: string; key: string } = { host: HOST, tenantId: h.landlordId, key: lender.apiKey }) {
  const response = await deliverLenderWebhook(h, tenant.host, tenant.tenantId, event.body, lenderHeaders(event.body, tenant.key));
  await h.jobs.drain();
  expect(response.status, response.body).toBe(200);
}

/** The lender's event `type` about our loan, under a new event id. */
async function tell(type: string, loanId: string, change: Partial<LenderLoan>) {
  const event = lenderEventBody({ type, loan: await lenderView(loanId, change) });
  await deliver(event);
  return event;
}

describe('offers from the tenant lender', () => {
  it("answers the lender's offer on the whole amount due, stored as the provider's", async () => {
    const invoiceId = await approvedInvoice(40_000);
    const offer = await offerFor(invoiceId);
    // The fake's terms: the whole amount due, 3 % per started 30 days on top.
    expect(offer).toMatchObject({ invoice_amount: 40_000, principal_amount: 40_000, fee_amount: 2_400, days_to_defer: 60 });
    const [stored] = await h.app.db.select().from(financingOffers).where(eq(financingOffers.id, offer.id));
    expect(stored).toMatchObject({ lender: 'provider', product: 'bnpl', principal: 40_000, fee: 2_400 });
    expect(stored?.providerOfferId).toMatch(/^ofr_/);
    expect((await offerFor(invoiceId)).id).toBe(offer.id);
  });

  it('answers 422 "no offer" when the lender declines the invoice', async () => {
    const invoiceId = await approvedInvoice(30_000);
    lender.control.declineInvoice(invoiceId);
    const declined = await buyer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer?days_to_defer=60`);
    expect(declined.status).toBe(422);
    expect(errorsOf(declined).invoice).toEqual([financingMessages.noOffer]);
    expect(await h.app.db.select().from(financingOffers).where(eq(financingOffers.invoiceId, invoiceId))).toEqual([]);
  });

  it('hides the invoice from another business and tenant, and lets a viewer see the offer but not take it', async () => {
    const invoiceId = await approvedInvoice(20_000);
    const offerId = (await offerFor(invoiceId)).id;
    const otherBusiness = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lender BNPL Other');
    expect((await otherBusiness.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(otherBusiness, invoiceId, { offerId, daysToDefer: 60, selectedPaymentMethod: card })).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Lender Deferrer', OTHER_HOST);
    expect((await foreign.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(foreign, invoiceId, { offerId, daysToDefer: 60, selectedPaymentMethod: card })).status).toBe(404);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@lender-bnpl-buyer.example', 'viewer');
    expect((await fund(viewer, invoiceId, { offerId, daysToDefer: 60, selectedPaymentMethod: card })).status).toBe(403);
    expect(await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId))).toEqual([]);
  });
});

describe('funding through the lender', () => {
  it('refuses a method that is not one of the borrower saved ones', async () => {
    const invoiceId = await approvedInvoice(15_000);
    const offer = await offerFor(invoiceId);
    const refused = await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 60, selectedPaymentMethod: '0190a3c4-0000-7000-8000-0000000000ff' });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).selectedPaymentMethod).toEqual([financingMessages.methodUnknown]);
  });

  it("waits for the lender, then books the vendor's payment and its mirror when the lender funds", async () => {
    const { invoiceId, offer, loan, lenderLoanId } = await accepted(50_000);
    expect(loan).toMatchObject({ status: 'pending_funding', lender: 'provider' });
    expect(await loanRow(loan.id)).toMatchObject({ repaymentMethodId: card, providerTransferId: null });
    expect(await postings(loan.id)).toEqual(['offer_hold:pending']);

    lender.control.duplicateDeliveries(true);
    lender.control.fund(lenderLoanId);
    await settled();
    lender.control.duplicateDeliveries(false);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'funded', providerTransferId: `lender:${lenderLoanId}` });
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided']);
    expect(await balances(loan.id)).toMatchObject({ principal_receivable: 50_000, fee_receivable: offer.fee_amount });
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ due_amount: 0 });
    const booked = await h.app.db.select().from(payments).where(eq(payments.providerPaymentId, `lender:${lenderLoanId}`));
    expect(booked).toHaveLength(1);

    // Asking again answers the borrower's mirror payment and its receipt.
    const again = fundedOf(await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 60, selectedPaymentMethod: card }));
    expect(again.payment).toMatchObject({ amount: 50_000, invoice_id: invoiceId });
    expect(again.paymentReceiptUrl).toBe(`/api/v1/payments/${again.payment?.id}/pdf`);
    expect(again.loan).toMatchObject({ status: 'funded', principal_balance: 50_000 });
  });

  it('cancels the loan and voids its hold when the lender cancels it before funding', async () => {
    const { loan, lenderLoanId } = await accepted(12_000);
    lender.control.cancel(lenderLoanId);
    await settled();
    expect(await loanRow(loan.id)).toMatchObject({ status: 'cancelled' });
    expect(await postings(loan.id)).toEqual(['offer_hold:voided']);
  });
});

describe("the lender's repayments", () => {
  it('posts what the lender says was repaid, once, whatever the order, and the loan is repaid', async () => {
    const { loan } = await fundedByLender(30_000);
    const fee = (await loanRow(loan.id)).fee;
    const part = await tell('loan.repayment', loan.id, { feeRepaid: fee, principalRepaid: 10_000 });
    expect(await balances(loan.id)).toMatchObject({ principal_receivable: 20_000, fee_receivable: 0 });
    await deliver(part);
    await tell('loan.repayment', loan.id, { feeRepaid: fee, principalRepaid: 10_000 });
    expect(await balances(loan.id)).toMatchObject({ principal_receivable: 20_000, fee_receivable: 0 });

    await tell('loan.repaid', loan.id, { status: 'repaid', feeRepaid: fee, principalRepaid: 30_000, repaidAt: '2026-12-01T10:00:00.000Z' });
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    expect(await loanRow(loan.id)).toMatchObject({ status: 'repaid', repaidAt: new Date('2026-12-01T10:00:00.000Z') });
    // An older partial repayment arriving late takes nothing back.
    await deliver(part);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    expect((await postings(loan.id)).filter((kind) => kind.startsWith('repayment'))).toEqual(['repayment:posted', 'repayment:posted']);
  });

  it('funds and repays a loan whose repaid event outran its funded one', async () => {
    const { loan, lenderLoanId } = await accepted(8_000);
    const fee = (await loanRow(loan.id)).fee;
    await tell('loan.repaid', loan.id, { status: 'repaid', feeRepaid: fee, principalRepaid: 8_000, repaidAt: new Date().toISOString() });
    expect(await loanRow(loan.id)).toMatchObject({ status: 'repaid' });
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided', 'repayment:posted']);
    lender.control.fund(lenderLoanId);
    await settled();
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided', 'repayment:posted']);
    expect(await h.app.db.select().from(payments).where(eq(payments.providerPaymentId, `lender:${lenderLoanId}`))).toHaveLength(1);
  });

  it("ignores another tenant's event about this tenant's loan", async () => {
    const { loan } = await fundedByLender(9_000);
    const fee = (await loanRow(loan.id)).fee;
    const event = lenderEventBody({ type: 'loan.repaid', loan: await lenderView(loan.id, { status: 'repaid', feeRepaid: fee, principalRepaid: 9_000 }) });
    await deliver(event, { host: OTHER_HOST, tenantId: h.otherTenantId, key: OTHER_KEY });
    expect(await loanRow(loan.id)).toMatchObject({ status: 'funded' });
    expect(await balances(loan.id)).toMatchObject({ principal_receivable: 9_000, fee_receivable: fee });
  });
});

describe('the repayment job', () => {
  it("never charges a lender's loan, even past its repay date, nor lets the borrower repay it here", async () => {
    const { loan } = await fundedByLender(11_000);
    await h.app.db.update(loans).set({ dueDate: '2026-01-01' }).where(eq(loans.id, loan.id));
    await job.run();
    expect(await h.app.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id))).toEqual([]);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'funded', remindedBeforeAt: null });
    const early = await buyer.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(financingMessages.notRepayable);
    expect(jobErrors).toEqual([]);
  });
});
