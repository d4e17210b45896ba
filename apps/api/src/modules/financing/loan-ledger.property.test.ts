import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingFee } from '@app/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { newId } from '../../platform/crypto';
import { createLedgerService } from '../ledger/ledger.service';
import { openInvoice } from '../payments/test-payments';
import * as repo from './financing.repository';
import { type LoanBalances, type LoanLedger, createLoanLedger } from './loan-ledger';

/**
 * The loan's ledger under any sequence of partial and late payments, deletions and refunds of
 * them, and duplicated funding events: every transaction balances, no receivable goes below zero,
 * the fee is repaid before any principal, a fully paid invoice repays principal + fee and leaves
 * the business invoice amount − principal − fee, and the same sequence on a second loan gives the
 * same ledger.
 */
let h: Harness;
let vendor: TestClient;
let customerId: string;
let loanLedger: LoanLedger;

beforeAll(async () => {
  h = await createHarness();
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Property Vendor');
  customerId = (await createCustomer(vendor, 'Property Buyer')).id;
  loanLedger = createLoanLedger(createLedgerService(h.app));
}, 60_000);
afterAll(() => h.close());

const INVOICE = 10_000;

type Step = { type: 'pay'; share: number } | { type: 'undo'; of: number } | { type: 'fund_again' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('pay' as const), share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('undo' as const), of: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('fund_again' as const) }) },
);

/** A funded loan on a new invoice: the offer and loan rows, the hold, then the funding (advance and fee). */
async function fundedLoan(principal: number): Promise<repo.LoanRow> {
  const invoice = await openInvoice(vendor, customerId, INVOICE);
  const tenantId = h.landlordId;
  const scope = { tenantId, businessId: vendor.business ?? '' };
  return inTenant(h.app.db, tenantId, async (tx) => {
    const fee = financingFee(principal, 300, 2);
    const offer = await repo.insertOffer(tx, {
      tenantId, id: newId(), businessId: scope.businessId, invoiceId: invoice.id, product: 'factoring', lender: 'platform', currency: 'USD',
      invoiceAmount: INVOICE, principal, fee, feeBpsPer30Days: 300, feePeriods: 2, termDays: 45, termsUrl: null, expiresAt: new Date(Date.now() + 86_400_000),
    });
    const loan = await repo.insertLoan(tx, {
      tenantId, id: newId(), businessId: scope.businessId, invoiceId: invoice.id, offerId: offer.id, product: 'factoring', lender: 'platform',
      status: 'pending_funding', currency: 'USD', principal, fee, dueDate: '2026-12-31',
    });
    await loanLedger.holdInTx(tx, loan, '2026-11-20');
    await loanLedger.fundInTx(tx, loan, '2026-11-20');
    return repo.updateLoan(tx, tenantId, loan.id, { status: 'funded', fundedAt: new Date() });
  });
}

/** Runs the steps on a new loan; answers the balances after each step. */
async function run(principal: number, steps: readonly Step[]): Promise<{ loan: repo.LoanRow; trail: LoanBalances[] }> {
  const loan = await fundedLoan(principal);
  const payments: number[] = [];
  const trail: LoanBalances[] = [];
  for (const step of steps) {
    const paid = payments.reduce((sum, amount) => sum + amount, 0);
    if (step.type === 'pay') {
      const amount = Math.max(1, Math.floor(((INVOICE - paid) * step.share) / 100));
      if (paid + amount <= INVOICE) payments.push(amount);
    } else if (step.type === 'undo' && payments.length > 0) {
      payments.splice(step.of % payments.length, 1);
    }
    const target = payments.reduce((sum, amount) => sum + amount, 0);
    const balances = await inTenant(h.app.db, h.landlordId, async (tx) => {
      const locked = await repo.lockLoan(tx, h.landlordId, loan.id);
      if (!locked) throw new Error('the loan is gone');
      if (step.type === 'fund_again') await loanLedger.fundInTx(tx, locked, '2026-11-20');
      return loanLedger.collectInTx(tx, locked, target, '2026-11-21');
    });
    trail.push(balances);
    // The invariants after every step.
    expect(balances.principal).toBeGreaterThanOrEqual(0);
    expect(balances.fee).toBeGreaterThanOrEqual(0);
    expect(balances.reserve).toBeGreaterThanOrEqual(0);
    expect(balances.collected).toBe(target);
    if (balances.principal < loan.principal) expect(balances.fee).toBe(0);
    if (target === INVOICE) expect(balances).toEqual({ principal: 0, fee: 0, reserve: INVOICE - loan.principal - loan.fee, collected: INVOICE });
  }
  return { loan, trail };
}

describe('a factored invoice paid, unpaid and refunded in any order', () => {
  it('keeps the waterfall and the ledger rules, and replays to the same ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_000, max: 9_000 }), fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (principal, steps) => {
        const fullyPaid: Step[] = [...steps, { type: 'pay', share: 100 }];
        const first = await run(principal, fullyPaid);
        const second = await run(principal, fullyPaid);
        expect(second.trail).toEqual(first.trail);
        const kinds = async (loanId: string) =>
          (await h.app.db.select({ kind: ledgerTransactions.kind, status: ledgerTransactions.status }).from(ledgerTransactions).where(eq(ledgerTransactions.subjectId, loanId))).map((row) => `${row.kind}:${row.status}`).sort();
        expect(await kinds(second.loan.id)).toEqual(await kinds(first.loan.id));
        // Duplicated funding events posted the advance and the fee once.
        expect((await kinds(first.loan.id)).filter((kind) => kind === 'advance:posted')).toHaveLength(1);
      }),
      { numRuns: 10 },
    );
    const unbalanced = await h.app.db
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
  }, 300_000);
});
