import {
  type RecurringInvoiceListQuery,
  type RecurringInvoicePayload,
  type RecurringInvoiceResource,
  type ResolvedBusinessSettings,
  messages,
  recurringInvoiceListQuerySchema,
  recurringInvoiceRequestSchema,
  listMeta,
} from '@app/contracts';
import { type Schedule, isValidTimeZone, todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, refusingTaken } from '../../platform/errors';
import * as documents from '../documents/documents.repository';
import { chooseTemplate, loadDocumentBusiness } from '../documents/document-business';
import { copiedRequest } from '../documents/document-resource';
import { allocateNumber, claimTypedNumber, numberingConfig } from '../documents/numbering';
import { priceDocument } from '../documents/pricing';
import type { InvoiceService } from '../invoices/invoices.service';
import * as repo from './recurring-invoices.repository';
import { recurringAuditView, toRecurringListItem, toRecurringResource } from './recurring-resource';
import { planNextRun, scheduleOfRequest, startOfToday } from './recurring-schedule';

/** A customer search matches at most this many customers; the list then filters on their ids. */
const CUSTOMER_SEARCH_LIMIT = 500;
/** The view shows this many of the invoices it made, newest first. */
const GENERATED_SHOWN = 50;
const NUMBER_CONSTRAINT = 'recurring_invoices_business_number_unique';

function sameTiming(before: repo.RecurringRow, schedule: Schedule): boolean {
  return before.frequency === schedule.frequency && before.schedule === schedule.cron && before.timeZone === schedule.timeZone && before.startsOn === schedule.startsOn;
}

/** Recurring invoices: a priced template and a schedule; the generator makes the invoices. */
export function createRecurringInvoiceService(app: AppContext, invoices: InvoiceService) {
  async function resource(tx: Tx, scope: BusinessScope, row: repo.RecurringRow): Promise<RecurringInvoiceResource> {
    const [customer] = await documents.findCustomersByIds(tx, scope.tenantId, [row.customerId]);
    const names = await documents.businessNames(tx, scope.tenantId, [row.businessId]);
    const lines = await repo.loadLines(tx, scope.tenantId, [row.id]);
    const generated = { invoices: await repo.generatedInvoices(tx, scope.tenantId, row.id, GENERATED_SHOWN), count: await repo.countGenerated(tx, scope.tenantId, row.id) };
    return toRecurringResource(row, names.get(row.businessId) ?? '', customer, lines, generated, app.clock.now());
  }

  async function ownOrFail(tx: Tx, scope: BusinessScope, id: string, lock = false) {
    const row = await repo.findOwn(tx, scope, id, lock);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The checked and priced request: everything but the schedule's position. */
  async function prepare(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: RecurringInvoicePayload, before: repo.RecurringRow | null) {
    const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const customer = await documents.findCustomer(tx, scope, payload.customer_id);
    if (!customer || (customer.archivedAt && customer.id !== before?.customerId)) throw AppError.validation('customer_id', messages.invalidCustomer);
    if (payload.send_automatically && !customer.email) throw AppError.validation('customer_id', messages.recurringEmailRequired);
    const timeZone = payload.timezone || before?.timeZone || settings.time_zone;
    if (!isValidTimeZone(timeZone)) throw AppError.validation('timezone', messages.invalidTimeZone);
    const startsOn = payload.start_date ?? before?.startsOn ?? todayInTimeZone(app.clock.now(), timeZone);
    const schedule = scheduleOfRequest(payload, timeZone, startsOn);
    if ((!before || before.startsOn !== startsOn) && startsOn < todayInTimeZone(app.clock.now(), timeZone)) throw AppError.validation('start_date', messages.startDateInPast);
    const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
    const templateName = await chooseTemplate(tx, actor, 'invoice', payload.template_name || before?.templateName);
    const fields = {
      customerId: customer.id,
      customerBusinessId: customer.counterpartyBusinessId,
      referenceNumber: payload.reference_number ?? null,
      currencyId: customer.currencyId,
      templateName,
      notes: payload.notes ?? null,
      taxPerItemEnabled: priced.taxPerItemEnabled,
      discountPerItemEnabled: priced.discountPerItemEnabled,
      discountType: priced.discountType,
      discount: priced.discount,
      discountVal: priced.totals.discount_val,
      subTotal: priced.totals.sub_total,
      tax: priced.totals.tax,
      total: priced.totals.total,
      frequency: schedule.frequency,
      schedule: schedule.cron,
      timeZone: schedule.timeZone,
      startsOn: schedule.startsOn,
      endsOn: schedule.endsOn,
      limitCount: schedule.limitCount,
      dueInDays: payload.due_in_days ?? null,
      sendAutomatically: payload.send_automatically,
      autoPayEnabled: payload.auto_pay_enabled,
    } satisfies Partial<repo.RecurringInsert>;
    return { fields, schedule, priced, settings };
  }

  /**
   * The number of a new recurring invoice: as typed (the sequence moves on when it is the one it
   * would hand out next), else the next free one. The sequence row stays locked until commit, so
   * concurrent creates queue up instead of sharing a number.
   */
  async function numberFor(tx: Tx, scope: BusinessScope, settings: ResolvedBusinessSettings, typed: string | null | undefined, startsOn: string): Promise<string> {
    const config = numberingConfig(settings, 'recurring_invoice');
    if (typed) {
      if (await repo.recurringNumberTaken(tx, scope, typed)) throw AppError.validation('number', messages.recurringInvoiceNumberTaken);
      return (await claimTypedNumber(tx, scope, 'recurring_invoice', config, startsOn, null, typed)).number;
    }
    return (await allocateNumber(tx, scope, 'recurring_invoice', config, startsOn, null, (number) => repo.recurringNumberTaken(tx, scope, number))).number;
  }

  /** Runs a write and turns a lost race on the number's unique key into a 422 on the number. */
  const write = <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) =>
    refusingTaken({ [NUMBER_CONSTRAINT]: { field: 'number', message: messages.recurringInvoiceNumberTaken } }, () => inTenant(app.db, scope.tenantId, work));

  async function createInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: RecurringInvoicePayload): Promise<repo.RecurringRow> {
    const { fields, schedule, priced, settings } = await prepare(tx, actor, scope, payload, null);
    const plan = planNextRun(schedule, payload.status, { after: null, notBefore: null, generated: 0 });
    if (plan.status === 'completed') throw AppError.validation('repeat_interval', messages.scheduleNeverRuns);
    // Last before the inserts: the sequence row stays locked until commit and queues other creates.
    const number = await numberFor(tx, scope, settings, payload.number, schedule.startsOn);
    const id = newId();
    const row = await repo.insertRecurring(tx, { tenantId: scope.tenantId, id, businessId: scope.businessId, number, ...fields, nextRunAt: plan.nextRunAt, status: plan.status, createdByUserId: actor.userId });
    await repo.replaceLines(tx, scope, id, priced.lines, priced.taxes);
    await recordAudit(tx, actor, { model: 'recurring_invoice', modelId: id, action: 'created', after: recurringAuditView(row) });
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
          search: pattern ? { pattern, customerIds: await documents.customerIdsMatching(tx, scope, pattern, CUSTOMER_SEARCH_LIMIT) } : undefined,
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
      return inTenant(app.db, scope.tenantId, async (tx) => resource(tx, scope, await ownOrFail(tx, scope, id)));
    },

    async create(actor: AuditActor, scope: BusinessScope, input: unknown): Promise<RecurringInvoiceResource> {
      const payload = recurringInvoiceRequestSchema.parse(input);
      return write(scope, async (tx) => resource(tx, scope, await createInTx(tx, actor, scope, payload)));
    },

    /**
     * Edits apply to the invoices it makes from now on. A changed schedule, or one resumed from
     * hold, starts again from today: periods it missed meanwhile are not made.
     */
    async update(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<RecurringInvoiceResource> {
      const payload = recurringInvoiceRequestSchema.parse(input);
      return write(scope, async (tx) => {
        const before = await ownOrFail(tx, scope, id, true);
        const { fields, schedule, priced } = await prepare(tx, actor, scope, payload, before);
        if (priced.totals.total < (await repo.largestOpenPaid(tx, scope.tenantId, id))) throw AppError.validation('total', messages.recurringTotalBelowPaid);
        // An empty number keeps the one it has; a changed one must be free in the business.
        const number = payload.number || before.number;
        if (number !== before.number && (await repo.recurringNumberTaken(tx, scope, number, id))) throw AppError.validation('number', messages.recurringInvoiceNumberTaken);
        const restart = !sameTiming(before, schedule) || (before.status !== 'active' && payload.status === 'active');
        const now = app.clock.now();
        const plan = planNextRun(schedule, payload.status, {
          after: await repo.lastPeriod(tx, scope.tenantId, id),
          notBefore: restart ? startOfToday(now, schedule.timeZone) : before.nextRunAt,
          generated: before.generatedCount,
        });
        const updated = await repo.updateRecurring(tx, scope.tenantId, id, { ...fields, number, nextRunAt: plan.nextRunAt, status: plan.status }, now);
        await repo.replaceLines(tx, scope, id, priced.lines, priced.taxes);
        await recordAudit(tx, actor, { model: 'recurring_invoice', modelId: id, action: 'updated', before: recurringAuditView(before), after: recurringAuditView(updated) });
        return resource(tx, scope, updated);
      });
    },

    /** The invoices it made stay; only the template, the schedule and its run records go. */
    async remove(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<number> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.findOwnMany(tx, scope, ids);
        if (rows.length !== new Set(ids).size) throw AppError.notFound();
        await repo.deleteRuns(tx, scope.tenantId, rows.map((row) => row.id));
        await repo.deleteRecurring(tx, scope, rows.map((row) => row.id));
        for (const row of rows) await recordAudit(tx, actor, { model: 'recurring_invoice', modelId: row.id, action: 'deleted', before: recurringAuditView(row) });
        return rows.length;
      });
    },

    /** A copy on hold (so two schedules never bill the same by accident) with the next number, starting today at the earliest. */
    async clone(actor: AuditActor, scope: BusinessScope, id: string): Promise<RecurringInvoiceResource> {
      return write(scope, async (tx) => {
        const source = await ownOrFail(tx, scope, id);
        const lines = await repo.loadLines(tx, scope.tenantId, [id]);
        const today = todayInTimeZone(app.clock.now(), source.timeZone);
        const startsOn = source.startsOn < today ? today : source.startsOn;
        const custom = source.frequency === 'custom' ? source.schedule.split(' ') : [];
        const payload = recurringInvoiceRequestSchema.parse({
          ...copiedRequest(source, lines.items, lines.taxes, (tax) => tax.recurringInvoiceItemId),
          template_name: source.templateName,
          reference_number: source.referenceNumber,
          repeat_interval: source.frequency,
          ...(custom.length === 5 ? { minute: custom[0], hour: custom[1], day_of_month: custom[2], month: custom[3], week_day: custom[4] } : {}),
          start_date: startsOn,
          // An end already passed would leave the copy nothing to make: it starts open-ended instead.
          end_date: source.endsOn !== null && source.endsOn < startsOn ? null : source.endsOn,
          count: source.limitCount,
          timezone: source.timeZone,
          due_in_days: source.dueInDays,
          send_automatically: source.sendAutomatically,
          auto_pay_enabled: source.autoPayEnabled,
          status: 'on_hold',
        });
        return resource(tx, scope, await createInTx(tx, actor, scope, payload));
      });
    },

    /** 'Mark as sent': the invoices it made that were never sent are marked sent (sent by other means). */
    async markAsSent(actor: AuditActor, scope: BusinessScope, id: string): Promise<{ data: RecurringInvoiceResource; count: number }> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await ownOrFail(tx, scope, id, true);
        const unsent = await repo.unsentInvoiceIds(tx, scope.tenantId, id);
        for (const invoiceId of unsent) await invoices.markSentInTx(tx, actor, scope, invoiceId);
        return { data: await resource(tx, scope, row), count: unsent.length };
      });
    },
  };
}

export type RecurringInvoiceService = ReturnType<typeof createRecurringInvoiceService>;

/** Catalogue items and tax types on recurring invoices cannot be deleted. */
export const recurringItemUsage: UsageCheck = repo.itemsUsedByRecurring;
export const recurringTaxTypeUsage: UsageCheck = repo.taxTypesUsedByRecurring;
