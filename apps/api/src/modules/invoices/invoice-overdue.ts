import { addDays, todayInTimeZone } from '@app/domain';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { periodicJob } from '../../platform/jobs';
import { loadDocumentBusiness } from '../documents/document-business';
import { recordInvoiceEvent } from './invoice-events';
import * as repo from './invoice-overdue.repository';

export const INVOICE_OVERDUE_JOB = 'invoices-overdue-events';
const BATCH = 500;

/** No time zone is more than a day ahead of UTC, so no business's "today" is later than this. */
function latestTodayAnywhere(now: Date): string {
  return addDays(todayInTimeZone(now, 'UTC'), 1);
}

/**
 * Writes `invoice.overdue` once for each of the tenant's invoices whose due date passed in its
 * business's time zone while it was open and unpaid (overdue itself is derived on read, never
 * stored; the mark only says the event was written for this due date).
 */
export async function tellOverdueInvoices(app: AppContext, tenantId: string, now: Date): Promise<number> {
  return inTenant(app.db, tenantId, async (tx) => {
    const todayOf = new Map<string, string>();
    let told = 0;
    for (const row of await repo.untoldPastDueInvoices(tx, tenantId, latestTodayAnywhere(now), BATCH)) {
      let today = todayOf.get(row.businessId);
      if (today === undefined) {
        today = todayInTimeZone(now, (await loadDocumentBusiness(tx, tenantId, row.businessId)).settings.time_zone);
        todayOf.set(row.businessId, today);
      }
      if (row.dueDate === null || row.dueDate >= today) continue;
      await repo.markOverdueTold(tx, tenantId, row.id, now);
      await recordInvoiceEvent(tx, app.webhookEvents, 'invoice.overdue', row);
      told += 1;
    }
    return told;
  });
}

/** The periodic job: every tenant with invoices past due and not told yet. Two runs at once skip each other's locked rows. */
export function createInvoiceOverdueJob(app: AppContext) {
  return periodicJob(app.jobs, INVOICE_OVERDUE_JOB, async () => {
    const now = app.clock.now();
    let told = 0;
    for (const tenantId of await repo.tenantsWithUntoldPastDue(app.db, latestTodayAnywhere(now))) told += await tellOverdueInvoices(app, tenantId, now);
    return told;
  });
}
