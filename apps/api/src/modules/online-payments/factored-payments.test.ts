import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardPayment, type CounterpartyResource, type FactoringLoanOfferResponse, type LoanResource } from '@app/contracts';
import { platformFeeOf } from '@app/domain';
import { type FakeStripe } from '@app/fakes';
import { autoPayAttempts, financingOffers, invoices, loans } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { fixedClock } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { type Harness, type TestClient } from '../../../test/harness';
import { cardPaymentOf, confirmCard, intentIdOf, type PaymentScene, startPaymentScene } from '../../../test/online-payments';
import { settleEvents } from '../../../test/payouts';
import { saveCard } from '../../../test/saved-methods';
import { createLoanLedger } from '../financing/loan-ledger';
import { createLedgerService } from '../ledger/ledger.service';
import { openInvoice } from '../payments/test-payments';
import { createRecurring, getRecurring } from '../recurring-invoices/test-recurring';
import { createRecurringInvoiceJob } from '../recurring-invoices/recurring-job';
import { AUTO_PAY_RETRY_AFTER_MS } from '../saved-methods/auto-pay.service';
import { loanBalances } from '../../../test/financing';

/**
 * Online payments on a factored invoice (docs/design-notes.md, "Factoring on the ledger"): the
 * destination charge's application fee keeps the platform fee and the lender's share (fee, then
 * principal still owed), so the business's connected account receives only the reserve part.
 */
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
const PLATFORM_FEE = { percent: '2.5', fixed: 30 };

let online: PaymentScene;
let h: Harness;
let fake: FakeStripe;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let accountId: string;

beforeAll(async () => {
  online = await startPaymentScene({ clock, platformFee: PLATFORM_FEE, vendor: 'Factored Vendor', buyer: { name: 'Factored Buyer', email: 'ap@factored-buyer.example' } });
  ({ h, fake, vendor, accountId, customer, buyer } = online);
}, 120_000);
afterAll(() => online.close());

const settle = () => settleEvents(h, fake);

async function approve(invoiceId: string): Promise<void> {
  const approved = await buyer.post(`/api/v1/invoices/${invoiceId}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

/** An approved invoice of `total` whose whole offer the vendor took: the advance paid, the loan funded. */
async function factoredInvoice(total: number): Promise<{ invoiceId: string; loan: LoanResource }> {
  const invoice = await openInvoice(vendor, customer.id, total);
  await approve(invoice.id);
  return { invoiceId: invoice.id, loan: await fundWhole(invoice.id) };
}

async function fundWhole(invoiceId: string): Promise<LoanResource> {
  const offered = await vendor.get(`/api/v1/business/factoring/${invoiceId}/loan-offer`);
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  const offerId = (offered.body as FactoringLoanOfferResponse).loan_info.id;
  const funded = await vendor.post(`/api/v1/business/factoring/${invoiceId}/loan-fund`, { offerId });
  expect(funded.status, JSON.stringify(funded.body)).toBe(201);
  const loan = (funded.body as { data: LoanResource }).data;
  expect(loan.status).toBe('funded');
  return loan;
}

/** The customer business starts paying its incoming invoice in the app. */
async function startPaying(invoiceId: string, body: Record<string, unknown>): Promise<CardPayment> {
  return cardPaymentOf(await buyer.post(`/api/v1/invoices/${invoiceId}/card-payment`, body));
}

/** The intent as the provider holds it. */
async function providerIntent(intentId: string): Promise<{ amount: number; application_fee_amount: number | null; transfer_data: { destination: string } }> {
  const response = await fetch(`${fake.url}/v1/payment_intents/${intentId}`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { amount: number; application_fee_amount: number | null; transfer_data: { destination: string } };
}

async function paidByCard(payment: CardPayment): Promise<void> {
  expect((await confirmCard(fake, payment, 'pm_card_visa')).status).toBe('succeeded');
  await settle();
}

const balances = (loanId: string) => loanBalances(h, loanId);

async function loanStatus(loanId: string): Promise<string | undefined> {
  const [row] = await h.app.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId));
  return row?.status;
}

describe('a factored invoice paid online', () => {
  it("keeps the lender's fee and principal with the platform fee, repays the loan from the verified event, and takes only the platform fee once it is repaid", async () => {
    const { invoiceId, loan } = await factoredInvoice(100_000);
    const owed = loan.principal_amount + loan.fee_amount;
    const first = owed + 5_000;
    const payment = await startPaying(invoiceId, { amount: first });
    const intent = await providerIntent(intentIdOf(payment));
    expect(intent).toMatchObject({ amount: first, application_fee_amount: platformFeeOf(first, PLATFORM_FEE) + owed, transfer_data: { destination: accountId } });

    await paidByCard(payment);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 5_000 });
    expect(await loanStatus(loan.id)).toBe('repaid');

    const rest = 100_000 - first;
    const second = await startPaying(invoiceId, { amount: rest });
    expect((await providerIntent(intentIdOf(second))).application_fee_amount).toBe(platformFeeOf(rest, PLATFORM_FEE));
    await paidByCard(second);
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: 100_000 - owed });
  });

  it("keeps the whole of a payment the lender is owed, fee first, by bank debit too, and a new amount gets a new fee", async () => {
    const { invoiceId, loan } = await factoredInvoice(50_000);
    const small = loan.fee_amount + 1_000;
    const payment = await startPaying(invoiceId, { amount: small, method: 'us_bank_account' });
    expect(payment.method).toBe('us_bank_account');
    // All of it is the lender's: the platform fee would take more than the business is left, so it takes nothing.
    expect((await providerIntent(intentIdOf(payment))).application_fee_amount).toBe(small);

    const larger = loan.principal_amount + loan.fee_amount + 2_000;
    const again = await startPaying(invoiceId, { amount: larger, method: 'us_bank_account' });
    expect(intentIdOf(again)).not.toBe(intentIdOf(payment));
    expect((await providerIntent(intentIdOf(again))).application_fee_amount).toBe(platformFeeOf(larger, PLATFORM_FEE) + loan.principal_amount + loan.fee_amount);
  });

  it('takes only the platform fee on an invoice without a funded factoring loan (none, an offer only, a BNPL loan)', async () => {
    const plain = await openInvoice(vendor, customer.id, 30_000);
    expect((await providerIntent(intentIdOf(await startPaying(plain.id, {})))).application_fee_amount).toBe(platformFeeOf(30_000, PLATFORM_FEE));

    const offered = await openInvoice(vendor, customer.id, 30_000);
    await approve(offered.id);
    expect((await vendor.get(`/api/v1/business/factoring/${offered.id}/loan-offer`)).status).toBe(200);
    expect((await providerIntent(intentIdOf(await startPaying(offered.id, {})))).application_fee_amount).toBe(platformFeeOf(30_000, PLATFORM_FEE));

    // A BNPL loan standing on an invoice is repaid by its borrower, not from the invoice's payments.
    const deferred = await openInvoice(vendor, customer.id, 30_000);
    const [row] = await h.app.db.select({ vendorId: invoices.businessId, customerId: invoices.customerBusinessId }).from(invoices).where(eq(invoices.id, deferred.id));
    const offerId = newId();
    const tenantId = h.landlordId;
    // The borrower of a BNPL loan is the customer business; the vendor was paid by the lender.
    const businessId = row?.customerId ?? '';
    await h.app.db.insert(financingOffers).values({ tenantId, id: offerId, businessId, invoiceId: deferred.id, product: 'bnpl', lender: 'platform', currency: 'USD', invoiceAmount: 30_000, principal: 29_000, fee: 900, feeBpsPer30Days: 300, feePeriods: 1, termDays: 30, expiresAt: clock.now(), status: 'accepted' });
    const [bnpl] = await h.app.db.insert(loans).values({ tenantId, id: newId(), businessId, counterpartyBusinessId: row?.vendorId ?? null, invoiceId: deferred.id, offerId, product: 'bnpl', lender: 'platform', status: 'funded', currency: 'USD', principal: 29_000, fee: 900, dueDate: '2026-12-20', fundedAt: clock.now() }).returning();
    if (!bnpl) throw new Error('The BNPL loan was not stored');
    // Owed on the ledger as a funded loan is, so only the product tells it apart.
    await inTenant(h.app.db, tenantId, (tx) => createLoanLedger(createLedgerService(h.app)).fundInTx(tx, bnpl, '2026-11-20'));
    expect(await balances(bnpl.id)).toEqual({ principal_receivable: 29_000, fee_receivable: 900, business_reserve: 0 });
    expect((await providerIntent(intentIdOf(await startPaying(deferred.id, {})))).application_fee_amount).toBe(platformFeeOf(30_000, PLATFORM_FEE));
  });
});

// Last: it moves the clock a day on, past the sessions' lifetime.
describe('auto pay on a factored invoice', () => {
  it("charges the saved method with the lender's share in the application fee", async () => {
    await saveCard(fake, buyer);
    const recurring = await createRecurring(vendor, customer.id, { send_automatically: false, auto_pay_enabled: true });
    const job = createRecurringInvoiceJob(h.app);
    // The first try is declined, so the invoice is financed before the retry a day later.
    fake.control.declineNextConfirm();
    expect((await job.generateDue(clock.now())).generated).toBe(1);
    const invoiceId = (await getRecurring(vendor, recurring.id)).invoices[0]?.id ?? '';
    await approve(invoiceId);
    const loan = await fundWhole(invoiceId);
    await settle();

    clock.advance(AUTO_PAY_RETRY_AFTER_MS);
    await createRecurringInvoiceJob(h.app).generateDue(clock.now());
    const attempts = await h.app.db.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, h.landlordId), eq(autoPayAttempts.invoiceId, invoiceId))).orderBy(autoPayAttempts.try);
    const charged = attempts[1];
    expect(charged).toMatchObject({ try: 2, status: 'charged' });
    const total = charged?.amount ?? 0;
    const owed = loan.principal_amount + loan.fee_amount;
    expect((await providerIntent(charged?.providerIntentId ?? '')).application_fee_amount).toBe(platformFeeOf(total, PLATFORM_FEE) + owed);
    await settle();
    expect(await balances(loan.id)).toEqual({ principal_receivable: 0, fee_receivable: 0, business_reserve: total - owed });
    expect(await loanStatus(loan.id)).toBe('repaid');
  });
});
