import { addDays, estimateTransition, todayInTimeZone } from '@app/domain';
import type { EstimateStatus } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { recordAudit, systemActor } from '../../platform/audit';
import { periodicJob } from '../../platform/jobs';
import { loadDocumentBusiness } from '../documents/document-business';
import { estimateAuditView } from './estimate-resource';
import * as repo from './estimates.repository';

export const EXPIRE_ESTIMATES_JOB = 'estimates-expire';

/** No time zone is more than a day ahead of UTC, so no business's "today" is later than this. */
function latestTodayAnywhere(now: Date): string {
  return addDays(todayInTimeZone(now, 'UTC'), 1);
}

/**
 * Stores 'expired' on the tenant's open, sent and viewed estimates whose expiry date is before
 * today in their business's time zone; returns how many changed. Reads apply the same rule, so
 * this only makes the stored status (lists, filters) catch up.
 */
export async function expireDueEstimates(app: AppContext, tenantId: string, now: Date): Promise<number> {
  return inTenant(app.db, tenantId, async (tx) => {
    const rows = await repo.estimatesPastExpiry(tx, tenantId, latestTodayAnywhere(now));
    const todayOf = new Map<string, string>();
    let expired = 0;
    for (const row of rows) {
      let today = todayOf.get(row.businessId);
      if (today === undefined) {
        today = todayInTimeZone(now, (await loadDocumentBusiness(tx, tenantId, row.businessId)).settings.time_zone);
        todayOf.set(row.businessId, today);
      }
      const result = estimateTransition(row.status as EstimateStatus, 'expire');
      if (row.expiryDate === null || row.expiryDate >= today || !result.ok) continue;
      const updated = await repo.updateEstimate(tx, tenantId, row.id, { status: result.status });
      await recordAudit(
        tx,
        systemActor(tenantId, row.businessId),
        { model: 'estimate', modelId: row.id, action: 'updated', before: estimateAuditView(row), after: { ...estimateAuditView(updated), event: 'expire' } },
      );
      expired += 1;
    }
    return expired;
  });
}

/**
 * The background job: a worker that expires estimates in every tenant that has some due, and a
 * trigger the process calls on a timer. Running twice at once is harmless (rows are locked and
 * skipped, the transition is idempotent).
 */
export function createEstimateExpiryJob(app: AppContext) {
  async function run(): Promise<number> {
    const now = app.clock.now();
    let expired = 0;
    for (const tenantId of await repo.tenantsWithEstimatesPastExpiry(app.db, latestTodayAnywhere(now))) expired += await expireDueEstimates(app, tenantId, now);
    return expired;
  }
  return periodicJob(app.jobs, EXPIRE_ESTIMATES_JOB, run);
}

export type EstimateExpiryJob = ReturnType<typeof createEstimateExpiryJob>;
