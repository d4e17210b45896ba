import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BnplFundResponse, type BnplLoanOffer, type CounterpartyResource, type LoanResource, financingMessages } from '@app/contracts';
import { type FakeStripe } from '@app/fakes';
import { invoices, ledgerTransactions, loanRepayments, loans, outbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, type TestResponse, errorsOf } from '../../../test/harness';
import { CUSTOMER_PASSWORD } from '../../../test/documents';
import { type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { saveCard } from '../../../test/saved-methods';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { eventsAbout } from '../../../test/webhook-events';
import { openInvoice } from '../payments/test-payments';
import { createBnplRepaymentJob } from './bnpl-repayment-job';
import { approvedInvoice as approvedInvoiceOf, loanBalances, transfersTo as fakeTransfersTo } from '../../../test/financing';

/**
 * BNPL with the platform lender against the fake Stripe: the customer business defers an approved
 * incoming invoice, the vendor is paid now by a transfer booked as its payment of the invoice, and
 * the job charges the borrower's saved method on the repay date (fee, then principal, in the ledger).
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const DAY_MS = 86_400_000;

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let vendorAccount: string;
let card: string;
const jobErrors: unknown[] = [];
let job: ReturnType<typeof createBnplRepaymentJob>;

beforeAll(async () => {
  online = await startPaymentScene({ clock, vendor: 'BNPL Vendor', buyer: { name: 'BNPL Buyer', email: 'ap@bnpl-buyer.example' } });
  ({ h, fake, vendor, accountId: vendorAccount, customer, buyer } = online);
  card = (await saveCard(fake, buyer)).id;
  job = createBnplRepaymentJob(h.app, (error) => jobErrors.push(error));
}, 120_000);
afterAll(() => online.close());

const approvedInvoice = (total: number) => approvedInvoiceOf(vendor, buyer, customer.id, total);

async function offerFor(invoiceId: string, days?: number): Promise<BnplLoanOffer> {
  const response = await buyer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer${days ? `?days_to_defer=${days}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: BnplLoanOffer }).data;
}

function fund(client: TestClient, invoiceId: string, body: Record<string, unknown>, key?: string) {
  return client.post(`/api/v1/business/bnpl/${invoiceId}/loan-fund`, body, key ? { 'idempotency-key': key } : {});
}

function fundedOf(response: TestResponse): BnplFundResponse['data'] {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as BnplFundResponse).data;
}

async function deferred(total: number, key?: string, days = 90): Promise<{ invoiceId: string; offer: BnplLoanOffer; loan: LoanResource }> {
  const invoiceId = await approvedInvoice(total);
  const offer = await offerFor(invoiceId, days);
  const { loan } = fundedOf(await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: days, selectedPaymentMethod: card }, key));
  return { invoiceId, offer, loan };
}

const balances = (loanId: string) => loanBalances(h, loanId);

const loanRow = async (loanId: string) => (await h.app.db.select().from(loans).where(eq(loans.id, loanId)))[0];
const triesOf = (loanId: string) => h.app.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loanId)).orderBy(asc(loanRepayments.try));
const mailsTo = (subjectStart: string) => h.app.db.select().from(outbox).where(eq(outbox.tenantId, h.landlordId)).then((rows) => rows.filter((mail) => mail.subject.startsWith(subjectStart)));

const transfersTo = (destination: string) => fakeTransfersTo(fake, destination);

async function intent(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}/v1/payment_intents/${id}`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  return (await response.json()) as Record<string, unknown>;
}

describe('the BNPL offer', () => {
  it('lends the whole amount due for 90 days by default at 3 % per started 30 days, and another deferral is another offer', async () => {
    const invoiceId = await approvedInvoice(100_000);
    const offer = await offerFor(invoiceId);
    expect(offer).toMatchObject({ invoice_amount: 100_000, principal_amount: 100_000, fee_amount: 9_000, days_to_defer: 90, repay_date: '2027-02-18', terms_url: null });
    expect(offer.invoice).toMatchObject({ id: invoiceId, counterparty_name: 'BNPL Vendor', due_amount: 100_000, currency_code: 'USD' });
    expect((await offerFor(invoiceId)).id).toBe(offer.id);
    const shorter = await offerFor(invoiceId, 45);
    expect(shorter).toMatchObject({ days_to_defer: 45, fee_amount: 6_000, repay_date: '2027-01-04' });
    expect(shorter.id).not.toBe(offer.id);
    expect((await buyer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer?days_to_defer=181`)).status).toBe(422);
  });

  it('refuses an unapproved invoice, the vendor asking, another business and another tenant', async () => {
    const open = await openInvoice(vendor, customer.id, 20_000);
    const unapproved = await buyer.get(`/api/v1/business/bnpl/${open.id}/loan-offer`);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toBe(financingMessages.notApproved);

    const invoiceId = await approvedInvoice(30_000);
    const outgoing = await vendor.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`);
    expect(outgoing.status).toBe(422);
    expect(errorsOf(outgoing).invoice).toEqual([financingMessages.notIncoming]);

    const offerId = (await offerFor(invoiceId)).id;
    // Another business of the same tenant, to which the invoice is not addressed.
    const otherBusiness = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'BNPL Other');
    expect((await otherBusiness.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(otherBusiness, invoiceId, { offerId, selectedPaymentMethod: card })).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Deferrer', OTHER_HOST);
    expect((await foreign.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`)).status).toBe(404);
    expect((await fund(foreign, invoiceId, { offerId, selectedPaymentMethod: card })).status).toBe(404);
    expect(await h.app.db.select().from(loans).where(eq(loans.invoiceId, invoiceId))).toEqual([]);
  });

  it('lets a viewer see the offer but not take it', async () => {
    const invoiceId = await approvedInvoice(25_000);
    const viewer = await inviteAndAccept(h, buyer, 'viewer@bnpl-buyer.example', 'viewer');
    const seen = await viewer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`);
    expect(seen.status).toBe(200);
    const refused = await fund(viewer, invoiceId, { offerId: (seen.body as { data: BnplLoanOffer }).data.id, selectedPaymentMethod: card });
    expect(refused.status).toBe(403);
  });
});

describe('funding a deferral', () => {
  it('pays the vendor now, books the invoice paid on both sides and owes principal and fee', async () => {
    const invoiceId = await approvedInvoice(50_000);
    const offer = await offerFor(invoiceId);
    const wrongDays = await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 30, selectedPaymentMethod: card });
    expect(errorsOf(wrongDays).daysToDefer).toEqual([financingMessages.deferralChanged]);
    const notMine = await fund(buyer, invoiceId, { offerId: offer.id, selectedPaymentMethod: '00000000-0000-4000-8000-000000000000' });
    expect(errorsOf(notMine).selectedPaymentMethod).toEqual([financingMessages.methodUnknown]);

    const result = fundedOf(await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 90, selectedPaymentMethod: card }, 'bnpl-fund-1'));
    expect(result.loan).toMatchObject({ product: 'bnpl', status: 'funded', principal_amount: 50_000, fee_amount: 4_500, principal_balance: 50_000, fee_balance: 4_500, total_balance: 54_500, due_date: '2027-02-18' });
    expect(result.payment).toMatchObject({ direction: 'made', amount: 50_000, invoice_id: invoiceId, status: 'completed' });
    expect(result.paymentReceiptUrl).toBe(`/api/v1/payments/${result.payment?.id}/pdf`);
    const receipt = await buyer.get(result.paymentReceiptUrl ?? '');
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');

    expect((await transfersTo(vendorAccount)).filter((transfer) => transfer.metadata.loan_id === result.loan.id).map((transfer) => transfer.amount)).toEqual([50_000]);
    const [row] = await h.app.db.select({ paidStatus: invoices.paidStatus }).from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.paidStatus).toBe('paid');
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data).toMatchObject({ paid_status: 'paid', loan_status: 'funded' });
    expect(await balances(result.loan.id)).toEqual({ principal_receivable: 50_000, fee_receivable: 4_500, business_reserve: 0 });

    const replay = await fund(buyer, invoiceId, { offerId: offer.id, daysToDefer: 90, selectedPaymentMethod: card }, 'bnpl-fund-1');
    expect(fundedOf(replay).loan.id).toBe(result.loan.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await buyer.get(`/api/v1/business/bnpl/${invoiceId}/loan-offer`);
    expect(again.status).toBe(409);
  });

  it('funds an offer once under 20 concurrent calls: one loan, one transfer, one payment', async () => {
    const invoiceId = await approvedInvoice(40_000);
    const offer = await offerFor(invoiceId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => fund(buyer, invoiceId, { offerId: offer.id, selectedPaymentMethod: card }, `bnpl-race-${n}`)));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
    const ids = new Set(answers.filter((answer) => answer.status === 201).map((answer) => (answer.body as BnplFundResponse).data.loan.id));
    expect(ids.size).toBe(1);
    const [loanId] = [...ids];
    expect((await transfersTo(vendorAccount)).filter((transfer) => transfer.metadata.loan_id === loanId)).toHaveLength(1);
    const paid = await vendor.get(`/api/v1/payments?limit=100`);
    expect((paid.body.data as { invoice_id: string | null }[]).filter((payment) => payment.invoice_id === invoiceId)).toHaveLength(1);
  });
});

describe('repaying a deferral', () => {
  // Funded before the clock moves on: a session does not outlive the months a deferral lasts.
  let onTime: LoanResource;
  let declined: LoanResource;
  let unpaid: LoanResource;
  beforeAll(async () => {
    onTime = (await deferred(30_000)).loan;
    declined = (await deferred(20_000, undefined, 120)).loan;
    unpaid = (await deferred(10_000, undefined, 150)).loan;
  });

  it('repays early on request, once, only for the borrower with the right to commit the business', async () => {
    const { loan } = await deferred(15_000);
    const viewer = await inviteAndAccept(h, buyer, 'viewer2@bnpl-buyer.example', 'viewer');
    expect((await viewer.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {})).status).toBe(403);
    expect((await vendor.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {})).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Repayer', OTHER_HOST);
    expect((await foreign.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {})).status).toBe(404);

    const repaid = await buyer.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {});
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    expect((repaid.body as { data: LoanResource }).data).toMatchObject({ status: 'repaid', total_balance: 0 });
    const twice = await buyer.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(financingMessages.notRepayable);
    expect(await triesOf(loan.id)).toHaveLength(1);
  });

  it('reminds the borrower before the repay date, charges its card on the day and the loan is repaid', async () => {
    const loan = onTime;
    clock.set(new Date('2027-02-16T10:00:00Z'));
    await job.run();
    expect((await mailsTo('Repayment coming up')).filter((mail) => mail.text.includes(loan.invoice.invoice_number))).toHaveLength(1);
    expect(await triesOf(loan.id)).toEqual([]);
    await job.run();
    expect((await mailsTo('Repayment coming up')).filter((mail) => mail.text.includes(loan.invoice.invoice_number))).toHaveLength(1);

    clock.set(new Date('2027-02-18T10:00:00Z'));
    await job.run();
    const [paid] = await triesOf(loan.id);
    expect(paid).toMatchObject({ try: 1, status: 'succeeded', amount: 32_700 });
    // The platform keeps the money: no transfer to a connected account.
    expect(await intent(paid?.providerIntentId ?? '')).toMatchObject({ amount: 32_700, status: 'succeeded', transfer_data: null });
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    expect((await loanRow(loan.id))?.status).toBe('repaid');
    const kinds = await h.app.db.select({ kind: ledgerTransactions.kind }).from(ledgerTransactions).where(eq(ledgerTransactions.subjectId, loan.id));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['advance', 'fee', 'offer_hold', 'repayment']);
    expect((await mailsTo('Loan repaid')).filter((mail) => mail.text.includes(loan.invoice.invoice_number))).toHaveLength(1);
    await job.run();
    expect(await triesOf(loan.id)).toHaveLength(1);
    expect(jobErrors).toEqual([]);
  });

  it('a declined card makes the loan late, the borrower is told once, and the next day it is tried again', async () => {
    const loan = declined;
    expect(loan.due_date).toBe('2027-03-20');
    clock.set(new Date('2027-03-20T10:00:00Z'));
    fake.control.declineNextConfirm();
    await job.run();
    expect(await triesOf(loan.id)).toEqual([expect.objectContaining({ try: 1, status: 'failed', message: 'Your card was declined.' })]);
    expect((await loanRow(loan.id))?.status).toBe('late');
    await job.run();
    expect(await triesOf(loan.id)).toHaveLength(1);
    const overdue = (await mailsTo('Repayment overdue')).filter((mail) => mail.text.includes(loan.invoice.invoice_number));
    expect(overdue).toHaveLength(1);
    expect(overdue[0]?.text).toContain('Your card was declined.');

    clock.set(new Date(clock.now().getTime() + DAY_MS + 1000));
    await job.run();
    expect((await triesOf(loan.id)).map((one) => one.status)).toEqual(['failed', 'succeeded']);
    expect((await loanRow(loan.id))?.status).toBe('repaid');
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    expect(jobErrors).toEqual([]);
  });

  it('writes off a loan still late 90 days after its repay date, tells the borrower once, and lends to it no more', async () => {
    const loan = unpaid;
    expect(loan.due_date).toBe('2027-04-19');
    for (const day of ['2027-04-19', '2027-04-20', '2027-04-21']) {
      clock.set(new Date(`${day}T10:00:01Z`));
      fake.control.declineNextConfirm();
      await job.run();
    }
    expect((await triesOf(loan.id)).map((one) => one.status)).toEqual(['failed', 'failed', 'failed']);
    expect((await loanRow(loan.id))?.status).toBe('late');
    const owed = await balances(loan.id);
    expect(owed.principal_receivable).toBe(10_000);

    // 89 days on it is still the borrower's to repay; on the 90th it is written off, once.
    clock.set(new Date('2027-07-17T10:00:00Z'));
    expect((await job.run()).writtenOff).toBe(0);
    clock.set(new Date('2027-07-18T10:00:00Z'));
    expect((await job.run()).writtenOff).toBe(1);
    expect(await job.run()).toMatchObject({ writtenOff: 0, tried: 0 });
    expect((await loanRow(loan.id))?.status).toBe('defaulted');
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 0 });
    const kinds = await h.app.db.select({ kind: ledgerTransactions.kind }).from(ledgerTransactions).where(eq(ledgerTransactions.subjectId, loan.id));
    expect(kinds.filter((row) => row.kind === 'write_off')).toHaveLength(1);
    const told = (await mailsTo('Loan in default')).filter((mail) => mail.text.includes(loan.invoice.invoice_number));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('could not be collected in 90 days');
    expect(await triesOf(loan.id)).toHaveLength(3);
    // Late tells nothing; the write-off is loan.defaulted, once, for the borrower.
    const events = await eventsAbout(h, h.landlordId, loan.id);
    expect(events.map((event) => [event.type, event.businessId])).toEqual([
      ['loan.funded', buyer.business],
      ['loan.defaulted', buyer.business],
    ]);
    expect(events[1]?.data.loan).toMatchObject({ product: 'bnpl', status: 'defaulted', principal: 10_000 });

    // Months went by: both sign in again.
    expect((await buyer.login('ap@bnpl-buyer.example', CUSTOMER_PASSWORD)).status).toBe(200);
    expect((await vendor.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const repay = await buyer.post(`/api/v1/business/bnpl/loans/${loan.id}/repay`, {});
    expect(repay.status).toBe(409);
    expect(repay.body.message).toBe(financingMessages.notRepayable);
    const refused = await buyer.get(`/api/v1/business/bnpl/${await approvedInvoice(12_000)}/loan-offer`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).invoice).toEqual([financingMessages.noOffer]);
    expect(jobErrors).toEqual([]);
  });
});
