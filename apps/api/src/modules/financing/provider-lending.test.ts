import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type FactoringLoanOfferResponse, type LoanResource, financingMessages } from '@app/contracts';
import { type FakeLender, startFakeLender } from '@app/fakes';
import { loans, providerEvents } from '../../db/schema';
import { FAKE_LENDER_ENV, connectFinancingProvider, deliverLenderWebhook, lenderEventBody, lenderHeaders, TEST_FINANCING_PRODUCT_IDS } from '../../../test/financing-provider';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { lenderLoanSchema } from '../../platform/providers/financing-provider';
import { createPayment, openInvoice, paymentBody } from '../payments/test-payments';
import { approvedInvoice as approvedInvoiceOf, loanBalances, loanPostings } from '../../../test/financing';

/**
 * Factoring through the tenant's HTTP lender, against the fake lender: its offers, accepting one
 * (the loan waits `pending_funding` with its hold), and its signed events — funded, cancelled,
 * late, defaulted, repaid — delivered once, twice or out of order, each moving the loan and the
 * ledger once. What the invoice's payments repay is reported to the lender after they commit.
 */
const HOST = 'localhost';
const OTHER_KEY = 'lk_test_other_tenant_0123456789abcdef';

let h: Harness;
let lender: FakeLender;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  h = await createHarness({ env: FAKE_LENDER_ENV });
  await h.server.listen({ host: '127.0.0.1', port: 0 });
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
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lender Vendor');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Lender Buyer', 'ap@lender-buyer.example'));
}, 120_000);
afterAll(async () => {
  await lender.control.settleDeliveries();
  await h.close();
  await lender.close();
});

const approvedInvoice = (total: number) => approvedInvoiceOf(vendor, buyer, customer.id, total);

async function offerFor(invoiceId: string): Promise<FactoringLoanOfferResponse> {
  const response = await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as FactoringLoanOfferResponse;
}

function fund(client: TestClient, invoiceId: string, body: Record<string, unknown>, key?: string) {
  return client.post(`/api/v1/business/factoring/${invoiceId}/loan-fund`, body, key ? { 'idempotency-key': key } : {});
}

async function fundedThroughLender(total: number): Promise<{ invoiceId: string; loan: LoanResource; info: FactoringLoanOfferResponse['loan_info']; lenderLoanId: string }> {
  const invoiceId = await approvedInvoice(total);
  const { loan_info: info } = await offerFor(invoiceId);
  const response = await fund(vendor, invoiceId, { offerId: info.id });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const loan = (response.body as { data: LoanResource }).data;
  return { invoiceId, loan, info, lenderLoanId: await lenderLoanIdOf(loan.id) };
}

async function loanRow(loanId: string) {
  const [row] = await h.app.db.select().from(loans).where(eq(loans.id, loanId));
  if (!row) throw new Error(`no loan ${loanId}`);
  return row;
}

async function lenderLoanIdOf(loanId: string): Promise<string> {
  const id = (await loanRow(loanId)).providerLoanId;
  if (!id) throw new Error(`loan ${loanId} has no lender's id`);
  return id;
}

/** Waits until the fake's deliveries are in and processed (the inbox processes each as it arrives). */
async function settled(): Promise<void> {
  await lender.control.settleDeliveries();
  await h.jobs.drain();
}

const balances = (loanId: string) => loanBalances(h, loanId);

const postings = (loanId: string) => loanPostings(h, loanId);

/** The lender's event about this loan, as the fake last sent it, delivered again under a new event id and signed with `key`. */
async function redeliver(type: string, lenderLoanId: string, options: { host?: string; tenantId?: string; key?: string } = {}) {
  const sent = lender.control.events().filter((event) => event.data.object.id === lenderLoanId).at(-1);
  const loan = lenderLoanSchema.parse(sent?.data.object);
  const event = lenderEventBody({ type, loan });
  const response = await deliverLenderWebhook(h, options.host ?? HOST, options.tenantId ?? h.landlordId, event.body, lenderHeaders(event.body, options.key ?? lender.apiKey));
  await h.jobs.drain();
  expect(response.status, response.body).toBe(200);
}

describe('offers from the tenant lender', () => {
  it("answers the lender's offer, stored as the provider's, and the same open offer again", async () => {
    const invoiceId = await approvedInvoice(100_000);
    const { loan_info: info, invoice } = await offerFor(invoiceId);
    expect(invoice).toMatchObject({ id: invoiceId, due_amount: 100_000, counterparty_name: 'Lender Buyer' });
    // The fake's terms: 80 % advance, leaving room for its 3 % per started 30 days.
    expect(info.principal_amount).toBe(80_000);
    expect(info.fee_amount).toBe(Math.ceil((80_000 * 300 * info.fee_periods) / 10_000));
    expect(info.fee_bps_per_30_days).toBe(300);
    expect((await offerFor(invoiceId)).loan_info.id).toBe(info.id);
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ loan_status: 'offered' });
  });

  it('answers 422 "no offer" when the lender declines the invoice or the business', async () => {
    const invoiceId = await approvedInvoice(30_000);
    lender.control.declineInvoice(invoiceId);
    const declined = await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
    expect(declined.status).toBe(422);
    expect(errorsOf(declined).invoice).toEqual([financingMessages.noOffer]);

    const sister = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Declined Sister');
    const { customer: sisterCustomer, client: sisterBuyer } = await onboardedCustomer(h, sister, 'Sister Buyer', 'ap@sister-buyer.example');
    const sisterInvoice = await openInvoice(sister, sisterCustomer.id, 30_000);
    expect((await sisterBuyer.post(`/api/v1/invoices/${sisterInvoice.id}/approve`)).status).toBe(200);
    lender.control.declineCompany(sister.business ?? '');
    const refused = await sister.get(`/api/v1/business/factoring/${sisterInvoice.id}/loan-offer`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).invoice).toEqual([financingMessages.noOffer]);
  });
});

describe('loans through the tenant lender', () => {
  it('accepts the offer: pending_funding with its hold, no money moved until the lender funds; loan.funded posts advance and fee', async () => {
    const { invoiceId, loan, info, lenderLoanId } = await fundedThroughLender(60_000);
    expect(loan).toMatchObject({ status: 'pending_funding', lender: 'provider', principal_amount: info.principal_amount, fee_amount: info.fee_amount });
    expect(await postings(loan.id)).toEqual(['offer_hold:pending']);
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ loan_status: 'pending_funding' });

    // A second call on the offer answers the same loan, still waiting for the lender.
    const again = await fund(vendor, invoiceId, { offerId: info.id });
    expect((again.body as { data: LoanResource }).data).toMatchObject({ id: loan.id, status: 'pending_funding' });
    expect(await lenderLoanIdOf(loan.id)).toBe(lenderLoanId);

    lender.control.fund(lenderLoanId);
    await settled();
    expect(await loanRow(loan.id)).toMatchObject({ status: 'funded', providerLoanId: lenderLoanId });
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided']);
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
  });

  it('cancels the loan and voids its hold when the lender refuses to accept the offer', async () => {
    const invoiceId = await approvedInvoice(20_000);
    const { loan_info: info } = await offerFor(invoiceId);
    // The lender refuses the acceptance (422: a request it will not take).
    lender.control.failNextRequests(1, 422);
    const refused = await fund(vendor, invoiceId, { offerId: info.id });
    expect(refused.status).toBe(422);
    const [row] = await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId));
    expect(row).toMatchObject({ status: 'cancelled', providerLoanId: null });
    expect(await postings(row?.id ?? '')).toEqual(['offer_hold:voided']);
  });

  it('leaves the loan pending through an outage at acceptance; the next call accepts it once', async () => {
    const invoiceId = await approvedInvoice(22_000);
    const { loan_info: info } = await offerFor(invoiceId);
    lender.control.failNextRequests(1, 503);
    const down = await fund(vendor, invoiceId, { offerId: info.id });
    expect(down.status).toBe(503);
    const [row] = await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId));
    expect(row).toMatchObject({ status: 'pending_funding', providerLoanId: null });
    const retried = await fund(vendor, invoiceId, { offerId: info.id });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect((retried.body as { data: LoanResource }).data).toMatchObject({ id: row?.id, status: 'pending_funding' });
    expect(await lenderLoanIdOf(row?.id ?? '')).toMatch(/^loan_/);
    expect(await postings(row?.id ?? '')).toEqual(['offer_hold:pending']);
  });

  it('a duplicate or replayed loan.funded posts nothing more', async () => {
    const { loan, info, lenderLoanId } = await fundedThroughLender(50_000);
    lender.control.duplicateDeliveries(true);
    lender.control.fund(lenderLoanId);
    await settled();
    lender.control.duplicateDeliveries(false);
    await redeliver('loan.funded', lenderLoanId);
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided']);
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
  });

  it('loan.cancelled voids the hold; the invoice can be offered again', async () => {
    const { invoiceId, loan, lenderLoanId } = await fundedThroughLender(40_000);
    lender.control.cancel(lenderLoanId);
    await settled();
    expect((await loanRow(loan.id)).status).toBe('cancelled');
    expect(await postings(loan.id)).toEqual(['offer_hold:voided']);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    expect((await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`)).status).toBe(200);
  });

  it('loan.funded delivered after loan.cancelled (out of order) does not fund', async () => {
    const { loan, lenderLoanId } = await fundedThroughLender(45_000);
    lender.control.holdDeliveries();
    lender.control.fund(lenderLoanId);
    lender.control.cancel(lenderLoanId);
    lender.control.releaseDeliveries('reversed');
    await settled();
    expect((await loanRow(loan.id)).status).toBe('cancelled');
    expect(await postings(loan.id)).toEqual(['offer_hold:voided']);
  });

  it('loan.late before its loan.funded (out of order) funds once, then marks the loan late', async () => {
    const { loan, info, lenderLoanId } = await fundedThroughLender(55_000);
    lender.control.holdDeliveries();
    lender.control.fund(lenderLoanId);
    lender.control.markLate(lenderLoanId);
    lender.control.releaseDeliveries('reversed');
    await settled();
    expect((await loanRow(loan.id)).status).toBe('late');
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided']);
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
  });

  it('loan.defaulted writes off what is owed, once however often it arrives', async () => {
    const { loan, lenderLoanId } = await fundedThroughLender(65_000);
    lender.control.fund(lenderLoanId);
    lender.control.markLate(lenderLoanId);
    lender.control.markDefaulted(lenderLoanId);
    await settled();
    await redeliver('loan.defaulted', lenderLoanId);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'defaulted' });
    expect(await postings(loan.id)).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided', 'write_off:posted']);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
  });

  it('loan.repaid does not mark the loan repaid while our ledger says something is owed', async () => {
    const { loan, info, lenderLoanId } = await fundedThroughLender(30_000);
    lender.control.fund(lenderLoanId);
    await settled();
    await redeliver('loan.repaid', lenderLoanId);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'funded', repaidAt: null });
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
  });

  it("reports what the invoice's payments repay to the lender once they commit; the lender's own events post nothing", async () => {
    const { invoiceId, loan, info, lenderLoanId } = await fundedThroughLender(70_000);
    lender.control.fund(lenderLoanId);
    await settled();
    await createPayment(vendor, paymentBody(customer.id, info.fee_amount + 1_000, { invoice_id: invoiceId }));
    await h.jobs.drain();
    await settled();
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount - 1_000, fee_receivable: 0, business_reserve: 0 });
    const reported = lender.control.events().filter((event) => event.data.object.id === lenderLoanId && event.type === 'loan.repayment');
    expect(reported.map((event) => [event.data.object.feeRepaid, event.data.object.principalRepaid])).toEqual([[info.fee_amount, 1_000]]);

    await createPayment(vendor, paymentBody(customer.id, 70_000 - info.fee_amount - 1_000, { invoice_id: invoiceId }));
    await h.jobs.drain();
    await settled();
    expect(lender.control.events().filter((event) => event.data.object.id === lenderLoanId).map((event) => event.type)).toEqual(['loan.funded', 'loan.repayment', 'loan.repaid']);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'repaid' });
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 70_000 - info.principal_amount - info.fee_amount });
    expect((await postings(loan.id)).filter((kind) => kind === 'repayment:posted')).toHaveLength(2);
  });
});

describe('tenants, businesses and abilities', () => {
  it('hides the invoice and its offer from another business and another tenant, and a viewer cannot take it', async () => {
    const invoiceId = await approvedInvoice(35_000);
    const { loan_info: info } = await offerFor(invoiceId);
    const sister = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lender Sister');
    expect((await sister.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(sister, invoiceId, { offerId: info.id })).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Lender Vendor', OTHER_HOST);
    expect((await foreign.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(foreign, invoiceId, { offerId: info.id })).status).toBe(404);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lender-vendor.example', 'viewer');
    expect((await fund(viewer, invoiceId, { offerId: info.id })).status).toBe(403);
    expect(await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId))).toEqual([]);
  });

  it("ignores another tenant's event about this tenant's loan", async () => {
    const { loan, lenderLoanId } = await fundedThroughLender(25_000);
    lender.control.holdDeliveries();
    lender.control.fund(lenderLoanId);
    // The other tenant's own lender (same fake, its own key) tells it about a loan it does not have.
    await redeliver('loan.funded', lenderLoanId, { host: OTHER_HOST, tenantId: h.otherTenantId, key: OTHER_KEY });
    const stored = await h.app.db.select().from(providerEvents).where(eq(providerEvents.tenantId, h.otherTenantId));
    expect(stored.map((row) => row.status)).toEqual(['processed']);
    expect(await loanRow(loan.id)).toMatchObject({ status: 'pending_funding' });
    expect(await postings(loan.id)).toEqual(['offer_hold:pending']);
    lender.control.releaseDeliveries();
    await settled();
    expect((await loanRow(loan.id)).status).toBe('funded');
  });
});
