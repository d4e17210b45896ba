import type { AppContext } from '../../platform/app-context';
import { periodicJob } from '../../platform/jobs';
import * as repo from './invoices.repository';

export const COMPACT_INVOICE_TOTALS_JOB = 'invoice-totals-compact';

/**
 * Folds the rows the trigger appended to invoice_totals, so a list count or GET /invoices/stats
 * stays a few rows. Figures are right without it (readers sum every row); it only keeps them cheap.
 * Running twice at once is harmless: the database function lets one run at a time.
 */
export function createInvoiceTotalsCompactionJob(app: AppContext) {
  return periodicJob(app.jobs, COMPACT_INVOICE_TOTALS_JOB, () => repo.compactInvoiceTotals(app.database.executor), 0);
}
