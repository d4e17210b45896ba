import type { InvoiceResource } from '@app/contracts';

export type FinanceableInvoice = Pick<InvoiceResource, 'id' | 'direction' | 'status' | 'approved_at' | 'due_amount' | 'loan_status'>;

/** A loan that still stands on the invoice: none can be asked for beside it (an open offer can still be taken). */
const LIVE_LOAN = new Set(['pending_funding', 'funded', 'late', 'repaid', 'defaulted']);

/**
 * Whether a loan could be asked for on the invoice from this side (an advance on one the business
 * issued, a deferral of one it received): approved by its customer, with money still due and no
 * loan standing on it. The lender decides the rest.
 */
export function mayFinance(invoice: FinanceableInvoice, direction: FinanceableInvoice['direction']): boolean {
  const financed = invoice.loan_status !== null && LIVE_LOAN.has(invoice.loan_status);
  return invoice.direction === direction && invoice.status === 'approved' && invoice.approved_at !== null && invoice.due_amount > 0 && !financed;
}
