import { type AnyColumn, type SQL, and, eq, gte, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DocumentDirection, InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import type { Tx } from '../../db/client';
import { afterKeysetRow, keysetKey } from '../../db/keyset';
import { prebuiltSelect } from '../../db/prebuilt';
import { businesses, counterparties, invoiceTotals, invoices } from '../../db/schema';
import type { BusinessScope, KeysetCursor } from '../../platform/business-scope';

/** The invoice list's statements: its page (by offset, or after a row for a reader of every page), its counts. */
export type InvoiceListFilters = {
  direction: DocumentDirection;
  tab: 'all' | 'draft' | 'open' | 'paid';
  status?: InvoiceStatus | undefined;
  paidStatus?: InvoicePaidStatus | undefined;
  customerIds?: string[] | undefined;
  numberPattern?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  today: string;
};
export type InvoiceOrder = { field: 'invoice_date' | 'due_date' | 'invoice_number' | 'total' | 'created_at'; direction: 'asc' | 'desc' };

function tabCondition(tab: InvoiceListFilters['tab']): SQL | undefined {
  switch (tab) {
    case 'draft':
      return eq(invoices.status, 'draft');
    case 'open':
      return and(notInArray(invoices.status, ['draft', 'void', 'completed']), ne(invoices.paidStatus, 'paid'));
    case 'paid':
      return eq(invoices.paidStatus, 'paid');
    case 'all':
      return undefined;
  }
}

/**
 * What makes two list requests the same statement: the direction, tab, order and which filters are
 * present (and whether the status is the derived "overdue"); the values are bound per request.
 */
function listShapeOf(filters: InvoiceListFilters): string {
  const customers = filters.customerIds === undefined ? '-' : filters.customerIds.length === 0 ? 'none' : 'some';
  const status = filters.status === undefined ? '-' : filters.status === 'overdue' ? 'overdue' : 'one';
  return [filters.direction, filters.tab, status, filters.paidStatus ? 'p' : '-', customers, filters.numberPattern ? 'n' : '-', filters.fromDate ? 'f' : '-', filters.toDate ? 't' : '-'].join(':');
}

/** The values a list statement binds, by placeholder name. */
function listValues(scope: BusinessScope, filters: InvoiceListFilters): Record<string, unknown> {
  return { ...scope, status: filters.status, today: filters.today, paidStatus: filters.paidStatus, customerIds: filters.customerIds, numberPattern: filters.numberPattern, fromDate: filters.fromDate, toDate: filters.toDate };
}

/** The list's conditions for one shape, with placeholders where the values go. */
function listConditions(filters: InvoiceListFilters): SQL | undefined {
  const value = sql.placeholder;
  const scope = and(eq(invoices.tenantId, value('tenantId')), filters.direction === 'outgoing' ? eq(invoices.businessId, value('businessId')) : and(eq(invoices.customerBusinessId, value('businessId')), ne(invoices.status, 'draft')));
  // 'overdue' is derived from the due date, never stored.
  const status = filters.status === 'overdue' ? and(lt(invoices.dueDate, value('today')), notInArray(invoices.status, ['draft', 'void', 'completed']), ne(invoices.paidStatus, 'paid')) : eq(invoices.status, value('status'));
  const customers = filters.customerIds?.length === 0 ? sql`false` : sql`${invoices.customerId} = ANY(${value('customerIds')}::uuid[])`;
  return and(
    scope,
    tabCondition(filters.tab),
    filters.status ? status : undefined,
    filters.paidStatus ? eq(invoices.paidStatus, value('paidStatus')) : undefined,
    filters.customerIds ? customers : undefined,
    filters.numberPattern ? sql`${invoices.invoiceNumber} ILIKE ${value('numberPattern')}` : undefined,
    filters.fromDate ? gte(invoices.invoiceDate, value('fromDate')) : undefined,
    filters.toDate ? lte(invoices.invoiceDate, value('toDate')) : undefined,
  );
}

const orderColumns = {
  invoice_date: invoices.invoiceDate,
  due_date: invoices.dueDate,
  invoice_number: invoices.invoiceNumber,
  total: invoices.total,
  created_at: invoices.createdAt,
} as const;

/** `sortKey`: the row's value of the order's column as text, where a keyset reader's next page starts. */
export type InvoiceListRow = { invoice: typeof invoices.$inferSelect; customer: typeof counterparties.$inferSelect | null; businessName: string; sortKey: string };

/** Where a page starts: after `offset` rows, or (keyset) after the row a cursor names, null for the first page. */
export type InvoicePageStart = { offset: number } | { after: KeysetCursor | null };

function listStatement(filters: InvoiceListFilters, order: InvoiceOrder, start: 'offset' | 'first' | 'after') {
  const column = orderColumns[order.field];
  // The list indexes are (… DESC NULLS LAST): this order reads them forwards, the ascending one backwards.
  const by = (value: SQL | AnyColumn) => (order.direction === 'asc' ? sql`${value} ASC NULLS FIRST` : sql`${value} DESC NULLS LAST`);
  const selected = new QueryBuilder()
    .select({ invoice: invoices, customer: counterparties, businessName: businesses.name, sortKey: keysetKey(column) })
    .from(invoices)
    .innerJoin(businesses, and(eq(businesses.tenantId, invoices.tenantId), eq(businesses.id, invoices.businessId)))
    .leftJoin(counterparties, and(eq(counterparties.tenantId, invoices.tenantId), eq(counterparties.id, invoices.customerId)))
    .where(and(listConditions(filters), start === 'after' ? afterKeysetRow(column, invoices.id, order.direction, sql.placeholder('afterKey'), sql.placeholder('afterId')) : undefined))
    .orderBy(by(column), by(invoices.id));
  return prebuiltSelect(start === 'offset' ? selected.offset(sql.placeholder('offset')).limit(sql.placeholder('limit')) : selected.limit(sql.placeholder('limit')));
}

function countStatement(filters: InvoiceListFilters) {
  return prebuiltSelect(new QueryBuilder().select({ count: sql<number>`count(*)::int` }).from(invoices).where(listConditions(filters)));
}

/** Counts the matches only up to `countLimit`: a free-text pattern reads each match, and past a thousand an exact number helps no one. */
function cappedCountStatement(filters: InvoiceListFilters) {
  const matches = new QueryBuilder().select({ one: sql<number>`1`.as('one') }).from(invoices).where(listConditions(filters)).limit(sql.placeholder('countLimit')).as('matches');
  return prebuiltSelect(new QueryBuilder().select({ count: sql<number>`count(*)::int` }).from(matches));
}

/**
 * List and count statements rendered once per shape (db/prebuilt.ts): a few dozen shapes at most
 * (directions × tabs × filters present × orders), each a few kilobytes of text.
 */
const listStatements = new Map<string, ReturnType<typeof listStatement>>();
const countStatements = new Map<string, ReturnType<typeof countStatement>>();
const cappedCountStatements = new Map<string, ReturnType<typeof cappedCountStatement>>();

function remembered<T>(statements: Map<string, T>, key: string, build: () => T): T {
  const known = statements.get(key);
  if (known) return known;
  const built = build();
  statements.set(key, built);
  return built;
}

export async function listInvoices(tx: Tx, scope: BusinessScope, filters: InvoiceListFilters, order: InvoiceOrder, start: InvoicePageStart, limit: number): Promise<InvoiceListRow[]> {
  const from = 'offset' in start ? 'offset' : start.after ? 'after' : 'first';
  const statement = remembered(listStatements, `${listShapeOf(filters)}:${order.field}:${order.direction}:${from}`, () => listStatement(filters, order, from));
  const position = 'offset' in start ? { offset: start.offset } : start.after ? { afterKey: start.after.key, afterId: start.after.id } : {};
  return statement.run(tx, { ...listValues(scope, filters), ...position, limit });
}

/**
 * How many invoices the filters select. Filters on the status columns only (tab, status, paid
 * status) are answered from invoice_totals, a few rows whatever the number of invoices; the others
 * count the invoices themselves.
 */
export async function countInvoices(tx: Tx, scope: BusinessScope, filters: InvoiceListFilters): Promise<number> {
  if (filtersOnlyStatuses(filters)) {
    const totals = await tx
      .select({ count: sql<number>`coalesce(sum(${invoiceTotals.count}), 0)::int` })
      .from(invoiceTotals)
      .where(and(totalsOf(scope, filters.direction), totalsTabCondition(filters.tab), filters.status ? totalsStatusCondition(filters.status, filters.today) : undefined, filters.paidStatus ? eq(invoiceTotals.paidStatus, filters.paidStatus) : undefined));
    return totals[0]?.count ?? 0;
  }
  const statement = remembered(countStatements, listShapeOf(filters), () => countStatement(filters));
  const rows = await statement.run(tx, listValues(scope, filters));
  return rows[0]?.count ?? 0;
}

/** How many invoices the filters select, counted no further than `countLimit` (see cappedListMeta in the contracts). */
export async function countInvoicesUpTo(tx: Tx, scope: BusinessScope, filters: InvoiceListFilters, countLimit: number): Promise<number> {
  const statement = remembered(cappedCountStatements, listShapeOf(filters), () => cappedCountStatement(filters));
  const rows = await statement.run(tx, { ...listValues(scope, filters), countLimit });
  return rows[0]?.count ?? 0;
}

/** Whether the filters look at nothing but the direction and the status columns invoice_totals groups by. */
function filtersOnlyStatuses(filters: InvoiceListFilters): boolean {
  return !filters.customerIds && !filters.numberPattern && !filters.fromDate && !filters.toDate;
}

export const totalsOf = (scope: BusinessScope, direction: DocumentDirection) =>
  and(eq(invoiceTotals.tenantId, scope.tenantId), eq(invoiceTotals.businessId, scope.businessId), eq(invoiceTotals.direction, direction));

/** tabCondition on invoice_totals' groups (incoming groups hold no drafts, as addressedTo). */
function totalsTabCondition(tab: InvoiceListFilters['tab']): SQL | undefined {
  switch (tab) {
    case 'draft':
      return eq(invoiceTotals.status, 'draft');
    case 'open':
      return and(notInArray(invoiceTotals.status, ['draft', 'void', 'completed']), ne(invoiceTotals.paidStatus, 'paid'));
    case 'paid':
      return eq(invoiceTotals.paidStatus, 'paid');
    case 'all':
      return undefined;
  }
}

/** statusCondition on invoice_totals' groups: open groups keep their due date, so overdue is a range over them. */
function totalsStatusCondition(status: InvoiceStatus, today: string): SQL | undefined {
  if (status === 'overdue') return and(lt(invoiceTotals.dueDate, today), notInArray(invoiceTotals.status, ['draft', 'void', 'completed']), ne(invoiceTotals.paidStatus, 'paid'));
  return eq(invoiceTotals.status, status);
}

/** Whether the filters select the whole direction (so its count is the filtered count). */
export function filtersOnlyDirection(filters: InvoiceListFilters): boolean {
  return filters.tab === 'all' && !filters.status && !filters.paidStatus && !filters.customerIds && !filters.numberPattern && !filters.fromDate && !filters.toDate;
}

/** From invoice_totals (insert-only, folded by the compaction job): a few group rows instead of counting the invoices. */
const directionCount = prebuiltSelect(
  new QueryBuilder()
    .select({ count: sql<string>`coalesce(sum(${invoiceTotals.count}), 0)` })
    .from(invoiceTotals)
    .where(and(eq(invoiceTotals.tenantId, sql.placeholder('tenantId')), eq(invoiceTotals.businessId, sql.placeholder('businessId')), eq(invoiceTotals.direction, sql.placeholder('direction')))),
);

/** Invoices of one direction (every /bootstrap answer counts both): prebuilt, see db/prebuilt.ts. */
export async function countByDirection(tx: Tx, scope: BusinessScope, direction: DocumentDirection): Promise<number> {
  const rows = await directionCount.run(tx, { tenantId: scope.tenantId, businessId: scope.businessId, direction });
  return Number(rows[0]?.count ?? 0);
}
