import { type SQL, and, asc, desc, eq, gt, ilike, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { RecurringInvoiceStatus, RecurringInvoiceTab } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { businesses, counterparties, invoices, recurringInvoices, recurringRuns } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type RecurringRow = typeof recurringInvoices.$inferSelect;
export type RecurringInsert = typeof recurringInvoices.$inferInsert;

/** `search`: an ILIKE pattern on the number, or the ids of the customers it matched. */
export type RecurringListFilters = {
  tab: RecurringInvoiceTab;
  status?: RecurringInvoiceStatus | undefined;
  customerId?: string | undefined;
  search?: { pattern: string; customerIds: string[] } | undefined;
  now: Date;
};
export type RecurringOrder = { field: 'created_at' | 'next_run_at' | 'start_date' | 'total'; direction: 'asc' | 'desc' };

const own = (scope: BusinessScope) => and(eq(recurringInvoices.tenantId, scope.tenantId), eq(recurringInvoices.businessId, scope.businessId));

function tabCondition(tab: RecurringInvoiceTab): SQL | undefined {
  if (tab === 'active') return eq(recurringInvoices.status, 'active');
  if (tab === 'on-hold') return eq(recurringInvoices.status, 'on_hold');
  return undefined;
}

/** 'working' is never stored: an active schedule whose run is due is being worked on by the generator. */
function statusCondition(status: RecurringInvoiceStatus, now: Date): SQL | undefined {
  if (status === 'working') return and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextRunAt, now));
  if (status === 'active') return and(eq(recurringInvoices.status, 'active'), gt(recurringInvoices.nextRunAt, now));
  return eq(recurringInvoices.status, status);
}

function searchCondition(search: { pattern: string; customerIds: string[] }): SQL | undefined {
  const byNumber = ilike(recurringInvoices.number, search.pattern);
  return search.customerIds.length > 0 ? or(byNumber, inArray(recurringInvoices.customerId, search.customerIds)) : byNumber;
}

function listConditions(scope: BusinessScope, filters: RecurringListFilters): SQL | undefined {
  return and(
    own(scope),
    tabCondition(filters.tab),
    filters.status ? statusCondition(filters.status, filters.now) : undefined,
    filters.customerId ? eq(recurringInvoices.customerId, filters.customerId) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
}

const orderColumns = {
  created_at: recurringInvoices.createdAt,
  next_run_at: recurringInvoices.nextRunAt,
  start_date: recurringInvoices.startsOn,
  total: recurringInvoices.total,
} as const;

export type RecurringListRow = { recurring: RecurringRow; customer: typeof counterparties.$inferSelect | null; businessName: string };

export async function listRecurring(tx: Tx, scope: BusinessScope, filters: RecurringListFilters, order: RecurringOrder, offset: number, limit: number): Promise<RecurringListRow[]> {
  const by = order.direction === 'asc' ? asc : desc;
  return tx
    .select({ recurring: recurringInvoices, customer: counterparties, businessName: businesses.name })
    .from(recurringInvoices)
    .innerJoin(businesses, and(eq(businesses.tenantId, recurringInvoices.tenantId), eq(businesses.id, recurringInvoices.businessId)))
    .leftJoin(counterparties, and(eq(counterparties.tenantId, recurringInvoices.tenantId), eq(counterparties.id, recurringInvoices.customerId)))
    .where(listConditions(scope, filters))
    .orderBy(by(orderColumns[order.field]), by(recurringInvoices.id))
    .offset(offset)
    .limit(limit);
}

export async function countRecurring(tx: Tx, scope: BusinessScope, filters: RecurringListFilters): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(recurringInvoices).where(listConditions(scope, filters));
  return rows[0]?.count ?? 0;
}

/** How many recurring invoices the business has in each status. */
export async function countByStatus(tx: Tx, scope: BusinessScope): Promise<Map<string, number>> {
  const rows = await tx.select({ status: recurringInvoices.status, count: sql<number>`count(*)::int` }).from(recurringInvoices).where(own(scope)).groupBy(recurringInvoices.status);
  return new Map(rows.map((row) => [row.status, row.count]));
}

export async function findOwn(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<RecurringRow | undefined> {
  const query = tx.select().from(recurringInvoices).where(and(own(scope), eq(recurringInvoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findOwnMany(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<RecurringRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(recurringInvoices)
    .where(and(own(scope), inArray(recurringInvoices.id, [...ids])))
    .orderBy(asc(recurringInvoices.id))
    .for('update');
}

/** Whether another recurring invoice of the business (not `exceptId`) has this number. */
export async function recurringNumberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(own(scope), eq(recurringInvoices.number, number), exceptId ? ne(recurringInvoices.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertRecurring(tx: Tx, row: RecurringInsert): Promise<RecurringRow> {
  const [inserted] = await tx.insert(recurringInvoices).values(row).returning();
  if (!inserted) throw new Error('Recurring invoice insert returned no row');
  return inserted;
}

export async function updateRecurring(tx: Tx, tenantId: string, id: string, patch: Partial<RecurringInsert>, now: Date): Promise<RecurringRow> {
  const [updated] = await tx
    .update(recurringInvoices)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(recurringInvoices.tenantId, tenantId), eq(recurringInvoices.id, id)))
    .returning();
  if (!updated) throw new Error('Recurring invoice update returned no row');
  return updated;
}

export async function deleteRecurring(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(recurringInvoices).where(and(own(scope), inArray(recurringInvoices.id, [...ids])));
}

const generatedOf = (tenantId: string, recurringInvoiceId: string) => and(eq(invoices.tenantId, tenantId), eq(invoices.recurringInvoiceId, recurringInvoiceId));

export type GeneratedInvoiceRow = Pick<
  typeof invoices.$inferSelect,
  'id' | 'invoiceNumber' | 'invoiceDate' | 'dueDate' | 'status' | 'paidStatus' | 'total' | 'amountPaid' | 'dueAmount'
> & { period: string | null };

/** The newest invoices a recurring invoice made, with the period each was made for. */
export async function generatedInvoices(tx: Tx, tenantId: string, recurringInvoiceId: string, limit: number): Promise<GeneratedInvoiceRow[]> {
  return tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      paidStatus: invoices.paidStatus,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      dueAmount: invoices.dueAmount,
      period: recurringRuns.periodKey,
    })
    .from(invoices)
    .leftJoin(recurringRuns, and(eq(recurringRuns.tenantId, invoices.tenantId), eq(recurringRuns.invoiceId, invoices.id)))
    .where(generatedOf(tenantId, recurringInvoiceId))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(limit);
}

export async function countGenerated(tx: Tx, tenantId: string, recurringInvoiceId: string): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(invoices).where(generatedOf(tenantId, recurringInvoiceId));
  return rows[0]?.count ?? 0;
}

/** The largest amount paid on an invoice it made that still expects payment (not fully paid, not void). */
export async function largestOpenPaid(tx: Tx, tenantId: string, recurringInvoiceId: string): Promise<number> {
  const rows = await tx
    .select({ paid: sql<number>`coalesce(max(${invoices.amountPaid}), 0)::bigint` })
    .from(invoices)
    .where(and(generatedOf(tenantId, recurringInvoiceId), eq(invoices.paidStatus, 'partially_paid'), notInArray(invoices.status, ['void', 'completed'])));
  return Number(rows[0]?.paid ?? 0);
}

/** Invoices it made that were finalized but never sent. */
export async function unsentInvoiceIds(tx: Tx, tenantId: string, recurringInvoiceId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(generatedOf(tenantId, recurringInvoiceId), inArray(invoices.status, ['draft', 'open'])))
    .orderBy(asc(invoices.id));
  return rows.map((row) => row.id);
}

/** The latest period made for it (ISO instants sort as text). */
export async function lastPeriod(tx: Tx, tenantId: string, recurringInvoiceId: string): Promise<Date | null> {
  const rows = await tx
    .select({ period: sql<string | null>`max(${recurringRuns.periodKey})` })
    .from(recurringRuns)
    .where(and(eq(recurringRuns.tenantId, tenantId), eq(recurringRuns.recurringInvoiceId, recurringInvoiceId)));
  const period = rows[0]?.period;
  return period ? new Date(period) : null;
}

/**
 * Active schedules due at `now` across tenants, oldest first, read as the owner like the outbox
 * sweep; the generator then locks each one inside its tenant.
 */
export async function dueSchedules(db: AppDb, now: Date, limit: number, skip: readonly string[]): Promise<{ tenantId: string; id: string }[]> {
  return db
    .select({ tenantId: recurringInvoices.tenantId, id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextRunAt, now), skip.length > 0 ? notInArray(recurringInvoices.id, [...skip]) : undefined))
    .orderBy(asc(recurringInvoices.nextRunAt))
    .limit(limit);
}

/** The schedule if it is still active and due; null when another worker holds it or it moved on. */
export async function lockDue(tx: Tx, tenantId: string, id: string, now: Date): Promise<RecurringRow | null> {
  const rows = await tx
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.tenantId, tenantId), eq(recurringInvoices.id, id), eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextRunAt, now)))
    .for('update', { skipLocked: true });
  return rows[0] ?? null;
}

/** The primary key (tenant, schedule, period) refuses a second invoice for the same period. */
export async function insertRun(tx: Tx, row: typeof recurringRuns.$inferInsert): Promise<void> {
  await tx.insert(recurringRuns).values(row);
}

export async function deleteRuns(tx: Tx, tenantId: string, recurringInvoiceIds: readonly string[]): Promise<void> {
  if (recurringInvoiceIds.length === 0) return;
  await tx.delete(recurringRuns).where(and(eq(recurringRuns.tenantId, tenantId), inArray(recurringRuns.recurringInvoiceId, [...recurringInvoiceIds])));
}
