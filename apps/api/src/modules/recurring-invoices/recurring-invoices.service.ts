import { type RecurringInvoiceListQuery, type RecurringInvoicePayload, type RecurringInvoiceResource, messages, recurringInvoiceListQuerySchema, recurringInvoiceRequestSchema, listMeta } from '@app/contracts';
import type { Schedule } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { itemsUsedBy, taxTypesUsedBy } from '../documents/document-core';
import type { InvoiceService } from '../invoices/invoices.service';
import { createRecurringCore } from './recurring-core';
import * as repo from './recurring-invoices.repository';
import { toRecurringListItem, toRecurringResource } from './recurring-resource';
import { planNextRun, startOfToday } from './recurring-schedule';
import { copiedTemplateRequest, prepareTemplate } from './recurring-template';

/** The view shows this many of the invoices it made, newest first. */
const GENERATED_SHOWN = 50;

function sameTiming(before: repo.RecurringRow, schedule: Schedule): boolean {
  return before.frequency === schedule.frequency && before.schedule === schedule.cron && before.timeZone === schedule.timeZone && before.startsOn === schedule.startsOn;
}

/** Recurring invoices: a priced template and a schedule; the generator makes the invoices. */
export function createRecurringInvoiceService(app: AppContext, invoices: InvoiceService) {
  const core = createRecurringCore(app);

  async function resource(tx: Tx, scope: BusinessScope, row: repo.RecurringRow): Promise<RecurringInvoiceResource> {
    const [customer] = await core.customersByIds(tx, scope.tenantId, [row.customerId]);
    const names = await core.businessNames(tx, scope.tenantId, [row.businessId]);
    const lines = await core.loadLines(tx, scope.tenantId, [row.id]);
    const generated = { invoices: await repo.generatedInvoices(tx, scope.tenantId, row.id, GENERATED_SHOWN), count: await repo.countGenerated(tx, scope.tenantId, row.id) };
    return toRecurringResource(row, names.get(row.businessId) ?? '', customer, lines, generated, app.clock.now());
  }

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: RecurringInvoicePayload): Promise<repo.RecurringRow> {
    const { fields, schedule, priced, settings } = await prepareTemplate(app, core, tx, actor, scope, payload, null);
    const plan = planNextRun(schedule, payload.status, { after: null, notBefore: null, generated: 0 });
    if (plan.status === 'completed') throw AppError.validation('repeat_interval', messages.scheduleNeverRuns);
    // Last before the inserts: the sequence row stays locked until commit and queues other creates.
    const { number } = await core.numberFor(tx, scope, settings, payload.number, schedule.startsOn, null);
    const row = await repo.insertRecurring(tx, { tenantId: scope.tenantId, id: newId(), businessId: scope.businessId, number, ...fields, nextRunAt: plan.nextRunAt, status: plan.status, createdByUserId: actor.userId });
    await core.insertLines(tx, scope, row.id, priced);
    await core.audit.created(tx, actor, row);
    return row;
  }

  return {
    async list(scope: BusinessScope, input: RecurringInvoiceListQuery) {
      const query = recurringInvoiceListQuerySchema.parse(input);
      const now = app.clock.now();
      return inTenant(app.db, scope.tenantId, async (tx) => {
        // A search matches the number or the customer.
        const pattern = containsPattern(query.search);
        const filters: repo.RecurringListFilters = {
          tab: query.tab_status,
          status: query.status,
          customerId: query.customer_id,
          search: pattern ? { pattern, customerIds: await core.customerIdsMatching(tx, scope, pattern) } : undefined,
          now,
        };
        const order: repo.RecurringOrder = { field: query.orderByField ?? 'created_at', direction: query.orderBy ?? 'desc' };
        const rows = await repo.listRecurring(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countRecurring(tx, scope, filters);
        const byStatus = await repo.countByStatus(tx, scope);
        const all = [...byStatus.values()].reduce((sum, count) => sum + count, 0);
        return {
          data: rows.map((row) => toRecurringListItem(row.recurring, row.businessName, row.customer ?? undefined, now)),
          meta: { ...listMeta(query.page, query.limit, total), recurring_invoice_total_count: all, active_count: byStatus.get('active') ?? 0, on_hold_count: byStatus.get('on_hold') ?? 0 },
        };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<RecurringInvoiceResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => resource(tx, scope, await core.ownOrFail(tx, scope, id, false)));
    },

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<RecurringInvoiceResource> {
      const payload = recurringInvoiceRequestSchema.parse(input);
      return core.write(scope, async (tx) => resource(tx, scope, await createInTx(tx, actor, scope, payload)));
    },

    /**
     * Edits apply to the invoices it makes from now on. A changed schedule, or one resumed from
     * hold, starts again from today: periods it missed meanwhile are not made.
     */
    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<RecurringInvoiceResource> {
      const payload = recurringInvoiceRequestSchema.parse(input);
      return core.write(scope, async (tx) => {
        const before = await core.ownOrFail(tx, scope, id, true);
        const { fields, schedule, priced } = await prepareTemplate(app, core, tx, actor, scope, payload, before);
        if (priced.totals.total < (await repo.largestOpenPaid(tx, scope.tenantId, id))) throw AppError.validation('total', messages.recurringTotalBelowPaid);
        // An empty number keeps the one it has; a changed one must be free in the business.
        const number = (await core.changedNumber(tx, scope, id, before.number, payload.number)) ?? before.number;
        const restart = !sameTiming(before, schedule) || (before.status !== 'active' && payload.status === 'active');
        const now = app.clock.now();
        const plan = planNextRun(schedule, payload.status, {
          after: await repo.lastPeriod(tx, scope.tenantId, id),
          notBefore: restart ? startOfToday(now, schedule.timeZone) : before.nextRunAt,
          generated: before.generatedCount,
        });
        const updated = await repo.updateRecurring(tx, scope.tenantId, id, { ...fields, number, nextRunAt: plan.nextRunAt, status: plan.status }, now);
        await core.replaceLines(tx, scope, id, priced);
        await core.audit.updated(tx, actor, before, updated);
        return resource(tx, scope, updated);
      });
    },

    /** The invoices it made stay; only the template, the schedule and its run records go. */
    remove: (actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> => core.remove(actor, scope, ids, async () => undefined),

    /** A copy on hold (so two schedules never bill the same by accident) with the next number, starting today at the earliest. */
    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<RecurringInvoiceResource> {
      return core.write(scope, async (tx) => {
        const source = await core.ownOrFail(tx, scope, id, false);
        const payload = await copiedTemplateRequest(app, core, tx, scope, source);
        return resource(tx, scope, await createInTx(tx, actor, scope, payload));
      });
    },

    /** 'Mark as sent': the invoices it made that were never sent are marked sent (sent by other means). */
    async markAsSent(actor: AuditActor, scope: BusinessScope, id: string): Promise<{ data: RecurringInvoiceResource; count: number }> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await core.ownOrFail(tx, scope, id, true);
        const unsent = await repo.unsentInvoiceIds(tx, scope.tenantId, id);
        for (const invoiceId of unsent) await invoices.markSentInTx(tx, actor, scope, invoiceId);
        return { data: await resource(tx, scope, row), count: unsent.length };
      });
    },
  };
}

export type RecurringInvoiceService = ReturnType<typeof createRecurringInvoiceService>;

/** Catalogue items and tax types on recurring invoices cannot be deleted. */
export const recurringItemUsage: UsageCheck = itemsUsedBy('recurring_invoice');
export const recurringTaxTypeUsage: UsageCheck = taxTypesUsedBy('recurring_invoice');
