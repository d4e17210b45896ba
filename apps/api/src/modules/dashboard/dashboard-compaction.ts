import type { AppContext } from '../../platform/app-context';
import { periodicJob } from '../../platform/jobs';
import * as repo from './dashboard.repository';

export const COMPACT_DASHBOARD_JOB = 'dashboard-totals-compact';

/**
 * Folds the rows the triggers appended to dashboard_totals, so a dashboard read stays a few
 * dozen rows. Figures are right without it (readers sum every row); it only keeps them cheap.
 * Running twice at once is harmless: the database function lets one run at a time.
 */
export function createDashboardCompactionJob(app: AppContext) {
  return periodicJob(app.jobs, COMPACT_DASHBOARD_JOB, () => repo.compactTotals(app.database.executor), 0);
}
