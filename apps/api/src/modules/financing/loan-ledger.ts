import { type LedgerLine, splitByWaterfall } from '@app/domain';
import type { Tx } from '../../db/client';
import type { LedgerAccount, LedgerPosting, LedgerService } from '../ledger/ledger.service';
import { balanceOf } from '../ledger/ledger.service';
import { lendingAccountSpecs, loanAccountCodes, loanAccountSpecs, lendingAccountCodes } from './loan-accounts';
import type { LoanRow } from './financing.repository';

/**
 * A loan's money in the ledger (docs/design-notes.md, "Factoring on the ledger"). Every posting is
 * about the loan (`subject`), in its borrower's books, with an external id naming its cause, so a
 * replay of the same cause posts nothing. Balances are read from the accounts, never stored on
 * the loan.
 */

type LoanAccounts = { principal: LedgerAccount; fee: LedgerAccount; reserve: LedgerAccount; lenderFunds: LedgerAccount; feeIncome: LedgerAccount; collections: LedgerAccount };

/** What the borrower still owes and what the business is owed back from the invoice's payments, read from the posted balances. */
export type LoanBalances = { principal: number; fee: number; reserve: number; collected: number };

/** What a collection repaid of fee and principal (the lender's share, the reserve left out), under the posting's external id. */
export type LoanRepayment = { externalId: string; amount: number };

const line = (account: LedgerAccount, amount: number): LedgerLine => ({ accountId: account.id, currency: account.currency, amount });

export function createLoanLedger(ledger: LedgerService) {
  async function accountsOf(tx: Tx, loan: LoanRow): Promise<LoanAccounts> {
    const [principal, fee, reserve, lenderFunds, feeIncome, collections] = await ledger.ensureAccountsInTx(tx, loan.tenantId, [...loanAccountSpecs(loan), ...lendingAccountSpecs(loan.currency)]);
    if (!principal || !fee || !reserve || !lenderFunds || !feeIncome || !collections) throw new Error(`The ledger accounts of loan ${loan.id} could not be made`);
    return { principal, fee, reserve, lenderFunds, feeIncome, collections };
  }

  function posting(loan: LoanRow, fields: Pick<LedgerPosting, 'externalId' | 'kind' | 'status' | 'effectiveDate' | 'description'>, lines: LedgerLine[]): LedgerPosting {
    return { ...fields, businessId: loan.businessId, subject: { type: 'loan', id: loan.id }, lines };
  }

  /**
   * The accepted offer's hold: the lender's funds set aside (pending) until the advance is paid.
   * Posting it again answers the stored one, which is how a later step finds it to void.
   */
  async function holdInTx(tx: Tx, loan: LoanRow, effectiveDate: string) {
    const accounts = await accountsOf(tx, loan);
    const hold = posting(loan, { externalId: `loan:${loan.id}:offer_hold`, kind: 'offer_hold', status: 'pending', effectiveDate, description: 'Offer accepted: advance reserved' }, [
      line(accounts.principal, loan.principal),
      line(accounts.lenderFunds, -loan.principal),
    ]);
    return ledger.postInTx(tx, loan.tenantId, hold);
  }

  /** The advance was paid: the hold is voided and the advance and the fee owed are posted (two transactions, kinds `advance` and `fee`). */
  async function fundInTx(tx: Tx, loan: LoanRow, effectiveDate: string): Promise<void> {
    const accounts = await accountsOf(tx, loan);
    const hold = await holdInTx(tx, loan, effectiveDate);
    await ledger.settleInTx(tx, loan.tenantId, hold.transaction.id, 'voided');
    await ledger.postInTx(
      tx,
      loan.tenantId,
      posting(loan, { externalId: `loan:${loan.id}:advance`, kind: 'advance', status: 'posted', effectiveDate, description: 'Advance paid to the business' }, [
        line(accounts.principal, loan.principal),
        line(accounts.lenderFunds, -loan.principal),
      ]),
    );
    if (loan.fee > 0) {
      await ledger.postInTx(
        tx,
        loan.tenantId,
        posting(loan, { externalId: `loan:${loan.id}:fee`, kind: 'fee', status: 'posted', effectiveDate, description: 'Financing fee' }, [line(accounts.fee, loan.fee), line(accounts.feeIncome, -loan.fee)]),
      );
    }
  }

  /** The loan never funded: its hold is voided, nothing else was posted. */
  async function cancelInTx(tx: Tx, loan: LoanRow, effectiveDate: string): Promise<void> {
    const hold = await holdInTx(tx, loan, effectiveDate);
    if (hold.transaction.status === 'pending') await ledger.settleInTx(tx, loan.tenantId, hold.transaction.id, 'voided');
  }

  async function balancesInTx(tx: Tx, loan: LoanRow): Promise<LoanBalances> {
    const accounts = await accountsOf(tx, loan);
    const principal = balanceOf(accounts.principal).posted;
    const fee = balanceOf(accounts.fee).posted;
    const reserve = balanceOf(accounts.reserve).posted;
    const funded = loan.fundedAt !== null;
    // Collected on the loan = what was repaid of principal and fee, plus what the reserve holds (no reserve is paid out here).
    const collected = funded ? loan.principal - principal + (loan.fee - fee) + reserve : 0;
    return { principal, fee, reserve, collected };
  }

  /**
   * Brings the money collected on the loan to `target` (what the invoice's payments since the
   * funding add up to): more is split by the waterfall (fee, then principal, then the business's
   * reserve), less reverses in the other order (reserve, then principal, then fee). `sequence`
   * numbers the loan's collection movements, so each change posts once under the loan's lock.
   * `repayment` is what a rise paid of fee and principal (what a tenant's lender is told); a
   * reversal has none, as the lender's API takes no negative repayment.
   */
  async function collectionInTx(tx: Tx, loan: LoanRow, target: number, effectiveDate: string): Promise<{ balances: LoanBalances; repayment: LoanRepayment | null }> {
    const accounts = await accountsOf(tx, loan);
    const before = await balancesInTx(tx, loan);
    const change = target - before.collected;
    if (change === 0) return { balances: before, repayment: null };
    const sequence = accounts.collections.version;
    const externalId = `loan:${loan.id}:collection:${sequence}:${before.collected}:${target}`;
    if (change > 0) {
      const split = splitByWaterfall(change, { fee: before.fee, principal: before.principal });
      const lines = [line(accounts.collections, change)];
      if (split.fee > 0) lines.push(line(accounts.fee, -split.fee));
      if (split.principal > 0) lines.push(line(accounts.principal, -split.principal));
      if (split.rest > 0) lines.push(line(accounts.reserve, -split.rest));
      const kind = split.fee + split.principal > 0 ? 'repayment' : 'reserve_release';
      await ledger.postInTx(tx, loan.tenantId, posting(loan, { externalId, kind, status: 'posted', effectiveDate, description: 'Payment on the financed invoice' }, lines));
      const repaid = split.fee + split.principal;
      return { balances: await balancesInTx(tx, loan), repayment: repaid > 0 ? { externalId, amount: repaid } : null };
    }
    const back = -change;
    const reserve = Math.min(back, before.reserve);
    const principal = Math.min(back - reserve, loan.principal - before.principal);
    const fee = Math.min(back - reserve - principal, loan.fee - before.fee);
    const taken = reserve + principal + fee;
    if (taken === 0) return { balances: before, repayment: null };
    const lines = [line(accounts.collections, -taken)];
    if (reserve > 0) lines.push(line(accounts.reserve, reserve));
    if (principal > 0) lines.push(line(accounts.principal, principal));
    if (fee > 0) lines.push(line(accounts.fee, fee));
    await ledger.postInTx(tx, loan.tenantId, posting(loan, { externalId, kind: 'refund', status: 'posted', effectiveDate, description: 'Payment on the financed invoice reversed' }, lines));
    return { balances: await balancesInTx(tx, loan), repayment: null };
  }

  /** The balances after `collectionInTx`. */
  async function collectInTx(tx: Tx, loan: LoanRow, target: number, effectiveDate: string): Promise<LoanBalances> {
    return (await collectionInTx(tx, loan, target, effectiveDate)).balances;
  }

  /** The lender gave up: what is still owed is written off against its funds and its fee income. */
  async function writeOffInTx(tx: Tx, loan: LoanRow, externalId: string, effectiveDate: string): Promise<void> {
    const accounts = await accountsOf(tx, loan);
    const owed = await balancesInTx(tx, loan);
    if (owed.principal + owed.fee === 0) return;
    const lines: LedgerLine[] = [];
    if (owed.principal > 0) lines.push(line(accounts.principal, -owed.principal), line(accounts.lenderFunds, owed.principal));
    if (owed.fee > 0) lines.push(line(accounts.fee, -owed.fee), line(accounts.feeIncome, owed.fee));
    await ledger.postInTx(tx, loan.tenantId, posting(loan, { externalId, kind: 'write_off', status: 'posted', effectiveDate, description: 'Loan written off' }, lines));
  }

  /** Principal still out on these loans: posted for funded ones, the whole principal for those waiting to fund. */
  async function principalOutstandingInTx(tx: Tx, rows: readonly LoanRow[]): Promise<number> {
    let total = 0;
    for (const loan of rows) {
      if (loan.status === 'pending_funding') total += loan.principal;
      else total += (await balancesInTx(tx, loan)).principal;
    }
    return total;
  }

  return { holdInTx, fundInTx, cancelInTx, balancesInTx, collectInTx, collectionInTx, writeOffInTx, principalOutstandingInTx, codes: { ...loanAccountCodes, ...lendingAccountCodes } };
}

export type LoanLedger = ReturnType<typeof createLoanLedger>;
