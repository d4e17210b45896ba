import { type AnyColumn, type SQL, and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DocumentDirection, EstimateStatus } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { businesses, counterparties, estimates } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateInsert = typeof estimates.$inferInsert;

export type EstimateTab = 'all' | 'draft' | 'open' | 'converted' | 'approved' | 'rejected';
export type EstimateListFilters = {
  direction: DocumentDirection;
  tab: EstimateTab;
  status?: EstimateStatus | undefined;
  customerIds?: string[] | undefined;
  numberPattern?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  today: string;
};
export type EstimateOrder = { field: 'estimate_date' | 'expiry_date' | 'estimate_number' | 'total' | 'created_at'; direction: 'asc' | 'desc' };

/** The stored statuses an estimate expires from once its expiry date has passed. */
export const EXPIRING_STATUSES = ['open', 'sent', 'viewed'] as const;

const own = (scope: BusinessScope) => and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId));
/** Estimates addressed to the business; a draft is still the vendor's private work. */
const addressedTo = (scope: BusinessScope) => and(eq(estimates.tenantId, scope.tenantId), eq(estimates.customerBusinessId, scope.businessId), ne(estimates.status, 'draft'));
const inDirection = (scope: BusinessScope, direction: DocumentDirection) => (direction === 'outgoing' ? own(scope) : addressedTo(scope));
const converted = or(isNotNull(estimates.convertedInvoiceId), isNotNull(estimates.convertedAt));
const pastExpiry = (today: string) => and(inArray(estimates.status, [...EXPIRING_STATUSES]), lt(estimates.expiryDate, today));

function tabCondition(tab: EstimateTab): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'draft':
      return eq(estimates.status, 'draft');
    case 'open':
      return and(notInArray(estimates.status, ['draft', 'void']), isNull(estimates.convertedInvoiceId), isNull(estimates.convertedAt));
    case 'converted':
      return converted;
    case 'approved':
    case 'rejected':
      return eq(estimates.status, tab);
  }
}

/** 'expired' also covers estimates whose expiry passed before the job marked them; those no longer count as open/sent/viewed. */
function statusCondition(status: EstimateStatus, today: string): SQL | undefined {
  if (status === 'expired') return or(eq(estimates.status, 'expired'), pastExpiry(today));
  if ((EXPIRING_STATUSES as readonly string[]).includes(status)) return and(eq(estimates.status, status), or(isNull(estimates.expiryDate), gte(estimates.expiryDate, today)));
  return eq(estimates.status, status);
}

function listConditions(scope: BusinessScope, filters: EstimateListFilters): SQL | undefined {
  return and(
    inDirection(scope, filters.direction),
    tabCondition(filters.tab),
    filters.status ? statusCondition(filters.status, filters.today) : undefined,
    filters.customerIds ? (filters.customerIds.length > 0 ? inArray(estimates.customerId, filters.customerIds) : sql`false`) : undefined,
    filters.numberPattern ? sql`${estimates.estimateNumber} ILIKE ${filters.numberPattern}` : undefined,
    filters.fromDate ? gte(estimates.estimateDate, filters.fromDate) : undefined,
    filters.toDate ? lte(estimates.estimateDate, filters.toDate) : undefined,
  );
}

const orderColumns = {
  estimate_date: estimates.estimateDate,
  expiry_date: estimates.expiryDate,
  estimate_number: estimates.estimateNumber,
  total: estimates.total,
  created_at: estimates.createdAt,
} as const;

export type EstimateListRow = { estimate: EstimateRow; customer: typeof counterparties.$inferSelect | null; businessName: string };

export async function listEstimates(tx: Tx, scope: BusinessScope, filters: EstimateListFilters, order: EstimateOrder, offset: number, limit: number): Promise<EstimateListRow[]> {
  // The list indexes are (… DESC NULLS LAST): this order reads them forwards, the ascending one backwards.
  const by = (value: SQL | AnyColumn) => (order.direction === 'asc' ? sql`${value} ASC NULLS FIRST` : sql`${value} DESC NULLS LAST`);
  return tx
    .select({ estimate: estimates, customer: counterparties, businessName: businesses.name })
    .from(estimates)
    .innerJoin(businesses, and(eq(businesses.tenantId, estimates.tenantId), eq(businesses.id, estimates.businessId)))
    .leftJoin(counterparties, and(eq(counterparties.tenantId, estimates.tenantId), eq(counterparties.id, estimates.customerId)))
    .where(listConditions(scope, filters))
    .orderBy(by(orderColumns[order.field]), by(estimates.id))
    .offset(offset)
    .limit(limit);
}

export async function countEstimates(tx: Tx, scope: BusinessScope, filters: EstimateListFilters): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(estimates).where(listConditions(scope, filters));
  return rows[0]?.count ?? 0;
}

/** Whether the filters select the whole direction (so its count is the filtered count). */
export function filtersOnlyDirection(filters: EstimateListFilters): boolean {
  return filters.tab === 'all' && !filters.status && !filters.customerIds && !filters.numberPattern && !filters.fromDate && !filters.toDate;
}

export async function countByDirection(tx: Tx, scope: BusinessScope, direction: DocumentDirection): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(estimates).where(inDirection(scope, direction));
  return rows[0]?.count ?? 0;
}

export async function findOwnEstimate(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<EstimateRow | undefined> {
  const query = tx.select().from(estimates).where(and(own(scope), eq(estimates.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findAddressedEstimate(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<EstimateRow | undefined> {
  const query = tx.select().from(estimates).where(and(addressedTo(scope), eq(estimates.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** Any estimate of the tenant by id, for public links (the token already proved access). */
export async function findEstimateInTenant(tx: Tx, tenantId: string, id: string, lock = false): Promise<EstimateRow | undefined> {
  const query = tx.select().from(estimates).where(and(eq(estimates.tenantId, tenantId), eq(estimates.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findOwnEstimates(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<EstimateRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(estimates)
    .where(and(own(scope), inArray(estimates.id, [...ids])))
    .for('update');
}

export async function estimateNumberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(own(scope), eq(estimates.estimateNumber, number), exceptId ? ne(estimates.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertEstimate(tx: Tx, row: EstimateInsert): Promise<EstimateRow> {
  const [inserted] = await tx.insert(estimates).values(row).returning();
  if (!inserted) throw new Error('Estimate insert returned no row');
  return inserted;
}

export async function updateEstimate(tx: Tx, tenantId: string, id: string, patch: Partial<EstimateInsert>): Promise<EstimateRow> {
  const [updated] = await tx
    .update(estimates)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(estimates.tenantId, tenantId), eq(estimates.id, id)))
    .returning();
  if (!updated) throw new Error('Estimate update returned no row');
  return updated;
}

export async function deleteEstimates(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(estimates).where(and(own(scope), inArray(estimates.id, [...ids])));
}

/**
 * Estimates of the tenant still open, sent or viewed whose expiry date lies before `latestToday`;
 * rows another transaction holds are skipped (the next run takes them).
 */
export async function estimatesPastExpiry(tx: Tx, tenantId: string, latestToday: string): Promise<EstimateRow[]> {
  return tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.tenantId, tenantId), pastExpiry(latestToday)))
    .for('update', { skipLocked: true });
}

/** The tenants that have such estimates; read as the owner, across tenants, like the outbox sweep. */
export async function tenantsWithEstimatesPastExpiry(db: AppDb, latestToday: string): Promise<string[]> {
  const rows = await db.selectDistinct({ tenantId: estimates.tenantId }).from(estimates).where(pastExpiry(latestToday));
  return rows.map((row) => row.tenantId);
}
