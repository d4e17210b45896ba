import type { LedgerAccountSpec } from '../ledger/ledger.service';

/**
 * The ledger accounts of a loan and of the tenant's lending, and what each balance means
 * (ARCHITECTURE section 14). Postings, balances and the loan-transaction list all read these
 * codes, so their meaning lives here once. A loan's accounts are owned by the loan (`owner_type`
 * `loan`, `owner_id` its id) and held in its borrower's books (`business_id`); the tenant's own
 * accounts have no owner id and no business.
 */
export const LOAN_OWNER = 'loan';
export const LENDING_OWNER = 'lending';

export const loanAccountCodes = {
  /** Principal the borrower still owes (debit-normal, never negative). */
  principalReceivable: 'principal_receivable',
  /** Fee the borrower still owes (debit-normal, never negative). */
  feeReceivable: 'fee_receivable',
  /** Factoring: what the business is owed from the invoice's payments once the lender is repaid (credit-normal, never negative). */
  businessReserve: 'business_reserve',
} as const;

export const lendingAccountCodes = {
  /** The lender's money out in loans: credited when an advance is paid, debited when repaid. */
  lenderFunds: 'lender_funds',
  /** Fees earned (credit-normal). */
  feeIncome: 'fee_income',
  /** Money received on financed invoices before the waterfall splits it (debit-normal). */
  collections: 'collections',
} as const;

export function loanAccountSpecs(loan: { id: string; businessId: string; currency: string }): LedgerAccountSpec[] {
  const own = (code: string, normalBalance: 'debit' | 'credit'): LedgerAccountSpec => ({ businessId: loan.businessId, ownerType: LOAN_OWNER, ownerId: loan.id, code, currency: loan.currency, normalBalance, noNegative: true });
  return [own(loanAccountCodes.principalReceivable, 'debit'), own(loanAccountCodes.feeReceivable, 'debit'), own(loanAccountCodes.businessReserve, 'credit')];
}

export function lendingAccountSpecs(currency: string): LedgerAccountSpec[] {
  const own = (code: string, normalBalance: 'debit' | 'credit'): LedgerAccountSpec => ({ businessId: null, ownerType: LENDING_OWNER, ownerId: null, code, currency, normalBalance, noNegative: false });
  return [own(lendingAccountCodes.lenderFunds, 'credit'), own(lendingAccountCodes.feeIncome, 'credit'), own(lendingAccountCodes.collections, 'debit')];
}
