import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type FactoringLoanOfferResponse, type LoanResource, financingMessages, invoiceListResponseSchema } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { invoices, ledgerTransactions, loans } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, errorsOf } from '../../../test/harness';
import { invoiceBody } from '../../../test/documents';
import { type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsOf } from '../../../test/webhook-events';
import { createPayment, openInvoice, paymentBody } from '../payments/test-payments';
import { approvedInvoice as approvedInvoiceOf, loanBalances, transfersTo as fakeTransfersTo } from '../../../test/financing';

/**
 * Factoring with the platform lender against the fake Stripe: offers on approved outgoing
 * invoices, the advance sent to the payout account by a transfer, and the waterfall that splits
 * the invoice's payments — fee, then principal, then the business's reserve — in the ledger.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const BUYER_EMAIL = 'ap@factoring-buyer.example';

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let accountId: string;

beforeAll(async () => {
  online = await startPaymentScene({ clock, vendor: 'Factoring Vendor', buyer: { name: 'Factoring Buyer', email: BUYER_EMAIL } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
}, 120_000);
afterAll(() => online.close());

const approvedInvoice = (total: number) => approvedInvoiceOf(vendor, buyer, customer.id, total);

async function offerFor(invoiceId: string): Promise<FactoringLoanOfferResponse> {
  const response = await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as FactoringLoanOfferResponse;
}

function fund(client: TestClient, invoiceId: string, body: Record<string, unknown>, key?: string) {
  return client.post(`/api/v1/business/factoring/${invoiceId}/loan-fund`, body, key ? { 'idempotency-key': key } : {});
}

function loanOf(response: { status: number; body: Record<string, unknown> }): LoanResource {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { data: LoanResource }).data;
}

const transfersTo = (destination: string) => fakeTransfersTo(fake, destination);

const balances = (loanId: string) => loanBalances(h, loanId);

/** An invoice's loan status as the invoice list shows it. */
function listedLoanStatus(listed: { body: Record<string, unknown> }, invoiceId: string): string | null | undefined {
  return invoiceListResponseSchema.parse(listed.body).data.find((row) => row.id === invoiceId)?.loan_status;
}

async function loanStatus(loanId: string): Promise<string | undefined> {
  const [row] = await h.app.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId));
  return row?.status;
}

describe('the factoring offer', () => {
  it('offers 80 % of an approved invoice at 3 % per started 30 days, and answers the same open offer again', async () => {
    const invoiceId = await approvedInvoice(100_000);
    const { loan_info: info, invoice } = await offerFor(invoiceId);
    expect(invoice).toMatchObject({ id: invoiceId, counterparty_name: 'Factoring Buyer', total: 100_000, due_amount: 100_000, currency_code: 'USD' });
    expect(info.principal_amount).toBe(80_000);
    expect(info.fee_bps_per_30_days).toBe(300);
    expect(info.fee_amount).toBe(Math.ceil((80_000 * 300 * info.fee_periods) / 10_000));
    expect(info.reserve_amount).toBe(100_000 - info.principal_amount - info.fee_amount);
    expect((await offerFor(invoiceId)).loan_info.id).toBe(info.id);
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ loan_status: 'offered' });
    expect(listedLoanStatus(await vendor.get('/api/v1/invoices?limit=100'), invoiceId)).toBe('offered');
  });

  it('refuses an invoice its customer has not approved, a void one and a paid one', async () => {
    const open = await openInvoice(vendor, customer.id, 20_000);
    const unapproved = await vendor.get(`/api/v1/business/factoring/${open.id}/loan-offer`);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toBe(financingMessages.notApproved);

    const voided = await approvedInvoice(20_000);
    expect((await vendor.post(`/api/v1/invoices/${voided}/void`)).status).toBe(200);
    const voidAnswer = await vendor.get(`/api/v1/business/factoring/${voided}/loan-offer`);
    expect(voidAnswer.status).toBe(409);
    expect(voidAnswer.body.message).toBe(financingMessages.voidOrPaid);

    const paid = await approvedInvoice(20_000);
    await createPayment(vendor, paymentBody(customer.id, 20_000, { invoice_id: paid }));
    const paidAnswer = await vendor.get(`/api/v1/business/factoring/${paid}/loan-offer`);
    expect(paidAnswer.status).toBe(409);
    expect(paidAnswer.body.message).toBe(financingMessages.voidOrPaid);
  });

  it('refuses an incoming invoice (the customer asking) and hides the invoice from another business and another tenant', async () => {
    const invoiceId = await approvedInvoice(30_000);
    const incoming = await buyer.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
    expect(incoming.status).toBe(422);
    expect(errorsOf(incoming).invoice).toEqual([financingMessages.notOutgoing]);

    // Another business of the same owner: the invoice is not its own.
    const otherBusiness = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Factoring Sister');
    const offerId = (await offerFor(invoiceId)).loan_info.id;
    expect((await otherBusiness.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(otherBusiness, invoiceId, { offerId })).status).toBe(404);

    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Factor', OTHER_HOST);
    expect((await foreign.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(foreign, invoiceId, { offerId })).status).toBe(404);
    expect(await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId))).toEqual([]);
  });

  it('lets a viewer see the offer but not take it (manage-business-settings)', async () => {
    const invoiceId = await approvedInvoice(40_000);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@factoring-vendor.example', 'viewer');
    const seen = await viewer.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
    expect(seen.status).toBe(200);
    const refused = await fund(viewer, invoiceId, { offerId: (seen.body as FactoringLoanOfferResponse).loan_info.id });
    expect(refused.status).toBe(403);
    expect(await transfersTo(accountId)).not.toContainEqual(expect.objectContaining({ metadata: expect.objectContaining({ invoice_id: invoiceId }) }));
  });
});

describe('funding and the waterfall', () => {
  it('sends the advance to the payout account, posts principal and fee, and splits two payments fee → principal → reserve', async () => {
    const invoiceId = await approvedInvoice(100_000);
    const { loan_info: info } = await offerFor(invoiceId);
    const tooMuch = await fund(vendor, invoiceId, { offerId: info.id, givenLoanAmount: info.principal_amount + 1 });
    expect(tooMuch.status).toBe(422);
    expect(errorsOf(tooMuch).givenLoanAmount).toEqual([financingMessages.amountAboveOffer]);

    const loan = loanOf(await fund(vendor, invoiceId, { offerId: info.id, givenLoanAmount: 50_000 }));
    const fee = Math.ceil((50_000 * info.fee_bps_per_30_days * info.fee_periods) / 10_000);
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ loan_status: 'funded' });
    expect(listedLoanStatus(await vendor.get('/api/v1/invoices?limit=100'), invoiceId)).toBe('funded');
    expect(loan).toMatchObject({ status: 'funded', principal_amount: 50_000, fee_amount: fee, principal_balance: 50_000, fee_balance: fee, lender: 'platform' });
    const sent = (await transfersTo(accountId)).filter((transfer) => transfer.metadata.loan_id === loan.id);
    expect(sent).toEqual([expect.objectContaining({ amount: 50_000, currency: 'usd' })]);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 50_000, fee_receivable: fee, business_reserve: 0 });
    // The hold is voided, the advance and the fee posted, each once, about the loan.
    const kinds = await h.app.db.select({ kind: ledgerTransactions.kind, status: ledgerTransactions.status }).from(ledgerTransactions).where(eq(ledgerTransactions.subjectId, loan.id));
    expect(kinds.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(['advance:posted', 'fee:posted', 'offer_hold:voided']);

    const again = await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(financingMessages.alreadyFinanced);

    const first = await createPayment(vendor, paymentBody(customer.id, fee - 100, { invoice_id: invoiceId }));
    expect(await balances(loan.id)).toEqual({ principal_receivable: 50_000, fee_receivable: 100, business_reserve: 0 });
    await createPayment(vendor, paymentBody(customer.id, 100_000 - (fee - 100), { invoice_id: invoiceId }));
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 100_000 - 50_000 - fee });
    expect(await loanStatus(loan.id)).toBe('repaid');
    const listed = await vendor.get('/api/v1/invoices?type=outgoing&limit=100');
    expect((listed.body.data as { id: string; loan_status: string | null }[]).find((row) => row.id === invoiceId)?.loan_status).toBe('repaid');

    // Deleting the first payment takes its money back out in reverse: reserve first.
    expect((await vendor.delete(`/api/v1/payments/${first.id}`)).status).toBe(200);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 100_000 - 50_000 - fee - (fee - 100) });
    expect(await loanStatus(loan.id)).toBe('repaid');
    // The outgoing events: the offer (its id is the offer's), the funding and the repayment, each once, for the borrower.
    const told = (await eventsOf(h, h.landlordId)).filter((event) => event.type.startsWith('loan.') && JSON.stringify(event.data).includes(invoiceId));
    expect(told.map((event) => [event.type, event.businessId])).toEqual([
      ['loan.offered', vendor.business],
      ['loan.funded', vendor.business],
      ['loan.repaid', vendor.business],
    ]);
    expect(told[0]?.data.loan).toMatchObject({ id: info.id, product: 'factoring', invoice_id: invoiceId, status: null });
    expect(told[1]?.data.loan).toMatchObject({ id: loan.id, principal: 50_000, fee, status: 'funded' });
    expect(told[2]?.data.loan).toMatchObject({ id: loan.id, status: 'repaid' });
  });

  it('a payment deleted before the loan is repaid reopens what it repaid, never below zero', async () => {
    const invoiceId = await approvedInvoice(60_000);
    const { loan_info: info } = await offerFor(invoiceId);
    const loan = loanOf(await fund(vendor, invoiceId, { offerId: info.id }));
    const payment = await createPayment(vendor, paymentBody(customer.id, info.fee_amount + 10_000, { invoice_id: invoiceId }));
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount - 10_000, fee_receivable: 0, business_reserve: 0 });
    expect((await vendor.delete(`/api/v1/payments/${payment.id}`)).status).toBe(200);
    expect(await balances(loan.id)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
    expect(await loanStatus(loan.id)).toBe('funded');
  });

  it('keeps a financed invoice from being voided, deleted or edited while its loan is open', async () => {
    const invoiceId = await approvedInvoice(50_000);
    const { loan_info: info } = await offerFor(invoiceId);
    loanOf(await fund(vendor, invoiceId, { offerId: info.id }));
    for (const refused of [await vendor.post(`/api/v1/invoices/${invoiceId}/void`), await vendor.delete(`/api/v1/invoices/${invoiceId}`)]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toBe(financingMessages.financedLocked);
    }
    const edited = await vendor.put(`/api/v1/invoices/${invoiceId}`, invoiceBody(customer.id, { items: [{ name: 'Work', quantity: '1', price: 10_000 }] }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(409);
    const [row] = await h.app.db.select({ status: invoices.status, total: invoices.total }).from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toEqual({ status: 'approved', total: 50_000 });
  });

  it('answers a replayed Idempotency-Key with the same loan and sends one transfer', async () => {
    const invoiceId = await approvedInvoice(70_000);
    const { loan_info: info } = await offerFor(invoiceId);
    const first = loanOf(await fund(vendor, invoiceId, { offerId: info.id }, 'fund-replay-1'));
    const replay = await fund(vendor, invoiceId, { offerId: info.id }, 'fund-replay-1');
    expect(loanOf(replay).id).toBe(first.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await transfersTo(accountId)).filter((transfer) => transfer.metadata.loan_id === first.id)).toHaveLength(1);
  });

  it('funds an offer once under 20 concurrent calls', async () => {
    const invoiceId = await approvedInvoice(90_000);
    const { loan_info: info } = await offerFor(invoiceId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => fund(vendor, invoiceId, { offerId: info.id }, `fund-race-${n}`)));
    const funded = answers.filter((answer) => answer.status === 201).map((answer) => (answer.body as { data: LoanResource }).data);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
    expect(new Set(funded.map((loan) => loan.id)).size).toBe(1);
    const loanId = funded[0]?.id ?? '';
    const rows = await h.app.db.select().from(loans).where(and(eq(loans.invoiceId, invoiceId)));
    expect(rows).toHaveLength(1);
    expect((await transfersTo(accountId)).filter((transfer) => transfer.metadata.loan_id === loanId)).toHaveLength(1);
    expect(await balances(loanId)).toEqual({ principal_receivable: info.principal_amount, fee_receivable: info.fee_amount, business_reserve: 0 });
  });
});
