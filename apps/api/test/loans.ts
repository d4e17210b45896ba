import type { LoanProduct, LoanStatus } from '@app/contracts';
import type { Tx } from '../src/db/client';
import { financingOffers, loans } from '../src/db/schema';
import { inTenant } from '../src/db/tenant-tx';
import { LOAN_OWNER, lendingAccountSpecs, loanAccountSpecs } from '../src/modules/financing/loan-accounts';
import { type LedgerAccount, type LedgerService, type PostedTransaction, createLedgerService } from '../src/modules/ledger/ledger.service';
import { newId } from '../src/platform/crypto';
import type { Harness } from './harness';

/**
 * Fixture loans for the read side, written the way the financing write side writes them: an
 * accepted offer, the loan, and its movements posted through the ledger service as ledger
 * transactions about the loan (subject `loan`, business = the borrower) on the loan's accounts and
 * the tenant's lending accounts.
 */
export type FixtureLoan = {
  id: string;
  tenantId: string;
  businessId: string;
  currency: string;
  accounts: Record<'principal' | 'fee' | 'reserve' | 'lenderFunds' | 'feeIncome' | 'collections', LedgerAccount>;
};

export type FixtureLoanInput = {
  tenantId: string;
  businessId: string;
  invoiceId: string;
  product?: LoanProduct;
  status?: LoanStatus;
  principal: number;
  fee: number;
  invoiceAmount: number;
  currency?: string;
  dueDate?: string;
};

export function loanFixtures(h: Harness) {
  const ledger: LedgerService = createLedgerService(h.app);

  async function accountsOf(tx: Tx, tenantId: string, loan: { id: string; businessId: string; currency: string }): Promise<FixtureLoan['accounts']> {
    const [principal, fee, reserve] = await ledger.ensureAccountsInTx(tx, tenantId, loanAccountSpecs(loan));
    const [lenderFunds, feeIncome, collections] = await ledger.ensureAccountsInTx(tx, tenantId, lendingAccountSpecs(loan.currency));
    if (!principal || !fee || !reserve || !lenderFunds || !feeIncome || !collections) throw new Error('loan accounts not made');
    return { principal, fee, reserve, lenderFunds, feeIncome, collections };
  }

  /** An accepted offer and its loan, with its accounts; nothing posted yet. */
  async function createLoan(input: FixtureLoanInput): Promise<FixtureLoan> {
    const currency = input.currency ?? 'USD';
    const product = input.product ?? 'factoring';
    return inTenant(h.app.db, input.tenantId, async (tx) => {
      const offerId = newId();
      await tx.insert(financingOffers).values({
        tenantId: input.tenantId,
        id: offerId,
        businessId: input.businessId,
        invoiceId: input.invoiceId,
        product,
        lender: 'platform',
        currency,
        invoiceAmount: input.invoiceAmount,
        principal: input.principal,
        fee: input.fee,
        feeBpsPer30Days: 200,
        feePeriods: 1,
        termDays: 30,
        expiresAt: new Date(Date.now() + 86_400_000),
        status: 'accepted',
      });
      const id = newId();
      await tx.insert(loans).values({
        tenantId: input.tenantId,
        id,
        businessId: input.businessId,
        invoiceId: input.invoiceId,
        offerId,
        product,
        lender: 'platform',
        status: input.status ?? 'funded',
        currency,
        principal: input.principal,
        fee: input.fee,
        dueDate: input.dueDate ?? '2026-12-31',
        fundedAt: input.status === 'pending_funding' ? null : new Date(),
      });
      const loan = { id, businessId: input.businessId, currency };
      return { ...loan, tenantId: input.tenantId, accounts: await accountsOf(tx, input.tenantId, loan) };
    });
  }

  type Movement = { kind: string; status?: 'pending' | 'posted'; effectiveDate?: string; description?: string; lines: [LedgerAccount, number][] };

  /** One ledger transaction about the loan: `lines` are signed amounts (debit +) that sum to zero. */
  function post(loan: FixtureLoan, movement: Movement): Promise<PostedTransaction> {
    return inTenant(h.app.db, loan.tenantId, (tx) =>
      ledger.postInTx(tx, loan.tenantId, {
        externalId: `fixture:${newId()}`,
        kind: movement.kind,
        status: movement.status ?? 'posted',
        effectiveDate: movement.effectiveDate ?? '2026-11-26',
        businessId: loan.businessId,
        subject: { type: LOAN_OWNER, id: loan.id },
        description: movement.description ?? null,
        lines: movement.lines.map(([account, amount]) => ({ accountId: account.id, currency: account.currency, amount })),
      }),
    );
  }

  /** The advance paid out (principal owed) and the fee charged, both posted. */
  async function fund(loan: FixtureLoan, principal: number, fee: number, effectiveDate = '2026-11-20') {
    const { accounts } = loan;
    const advance = await post(loan, { kind: 'advance', effectiveDate, lines: [[accounts.principal, principal], [accounts.lenderFunds, -principal]] });
    const charged = await post(loan, { kind: 'fee', effectiveDate, lines: [[accounts.fee, fee], [accounts.feeIncome, -fee]] });
    return { advance, charged };
  }

  /** A payment on the financed invoice split fee, principal, then reserve (all of `amount` collected). */
  function repay(loan: FixtureLoan, split: { fee: number; principal: number; reserve: number }, status: 'pending' | 'posted' = 'posted', effectiveDate = '2026-12-01') {
    const { accounts } = loan;
    const lines: [LedgerAccount, number][] = [[accounts.collections, split.fee + split.principal + split.reserve]];
    if (split.fee > 0) lines.push([accounts.fee, -split.fee]);
    if (split.principal > 0) lines.push([accounts.principal, -split.principal]);
    if (split.reserve > 0) lines.push([accounts.reserve, -split.reserve]);
    return post(loan, { kind: 'repayment', status, effectiveDate, lines });
  }

  /** The reserve paid out to the business. */
  function releaseReserve(loan: FixtureLoan, amount: number, effectiveDate = '2026-12-02') {
    return post(loan, { kind: 'reserve_release', effectiveDate, lines: [[loan.accounts.reserve, amount], [loan.accounts.collections, -amount]] });
  }

  return { ledger, createLoan, post, fund, repay, releaseReserve };
}
