import type { AppContext } from '../../platform/app-context';
import * as repo from './dashboard.repository';

export const COMPACT_DASHBOARD_JOB = 'dashboard-totals-compact';

/**
 * Folds the rows the triggers appended to dashboard_totals, so a dashboard read stays a few
 * dozen rows. Figures are right without it (readers sum every row); it only keeps them cheap.
 * Running twice at once is harmless: the database function lets one run at a time.
 */
export function createDashboardCompactionJob(app: AppContext) {
  const run = () => repo.compactTotals(app.database.executor);
  return {
    run,
    async register(): Promise<void> {
      await app.jobs.register(COMPACT_DASHBOARD_JOB, async () => {
        await run();
      });
    },
    async trigger(): Promise<void> {
      await app.jobs.send(COMPACT_DASHBOARD_JOB, {}, { singletonKey: COMPACT_DASHBOARD_JOB, retryLimit: 0 });
    },
  };
}
