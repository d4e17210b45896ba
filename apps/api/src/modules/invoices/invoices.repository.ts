import { type AnyColumn, type SQL, and, asc, eq, gte, inArray, isNull, lt, lte, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { DocumentDirection, InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import type { CurrencySum } from '@app/domain';
import type { SqlExecutor, Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { businesses, counterparties, estimates, invoiceTotals, invoices, loans, payments } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;

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

const own = (scope: BusinessScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId));
/** Invoices addressed to the business; a draft is still the vendor's private work. */
const addressedTo = (scope: BusinessScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.customerBusinessId, scope.businessId), ne(invoices.status, 'draft'));

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

export type InvoiceListRow = { invoice: InvoiceRow; customer: typeof counterparties.$inferSelect | null; businessName: string };

function listStatement(filters: InvoiceListFilters, order: InvoiceOrder) {
  const column = orderColumns[order.field];
  // The list indexes are (… DESC NULLS LAST): this order reads them forwards, the ascending one backwards.
  const by = (value: SQL | AnyColumn) => (order.direction === 'asc' ? sql`${value} ASC NULLS FIRST` : sql`${value} DESC NULLS LAST`);
  return prebuiltSelect(
    new QueryBuilder()
      .select({ invoice: invoices, customer: counterparties, businessName: businesses.name })
      .from(invoices)
      .innerJoin(businesses, and(eq(businesses.tenantId, invoices.tenantId), eq(businesses.id, invoices.businessId)))
      .leftJoin(counterparties, and(eq(counterparties.tenantId, invoices.tenantId), eq(counterparties.id, invoices.customerId)))
      .where(listConditions(filters))
      .orderBy(by(column), by(invoices.id))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit')),
  );
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

export async function listInvoices(tx: Tx, scope: BusinessScope, filters: InvoiceListFilters, order: InvoiceOrder, offset: number, limit: number): Promise<InvoiceListRow[]> {
  const statement = remembered(listStatements, `${listShapeOf(filters)}:${order.field}:${order.direction}`, () => listStatement(filters, order));
  return statement.run(tx, { ...listValues(scope, filters), offset, limit });
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

const totalsOf = (scope: BusinessScope, direction: DocumentDirection) =>
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

/**
 * `value` summed per currency and per "a rate was stored": the plain sum and the sum at the rates
 * stored on the invoices (null for the unrated group), as exact decimal text. The service converts
 * them with the shared CurrencyConverter, as the dashboard does; nothing is converted here.
 */
const sumsOf = (value: SQL) => ({
  amount: sql<string>`coalesce(sum(${value}), 0)::text`,
  atRate: sql<string | null>`(sum(${value} * ${invoices.exchangeRate}))::text`,
});

const groupedByCurrency = { currencyId: invoices.currencyId, rated: sql<boolean>`${invoices.exchangeRate} IS NOT NULL` };

const currencySum = (currencyId: number, sums: { amount: string; atRate: string | null }): CurrencySum => ({ currencyId, amount: sums.amount, atRate: sums.atRate });

export type InvoiceStatSums = Record<'inDraft' | 'totalPaid' | 'totalDue' | 'totalOverDue', CurrencySum[]>;

/**
 * A stored sum over the groups matching `when` (all groups without it): the plain one, and the one
 * at the stored rates, which is null for the unrated group and a number (0 when nothing matches)
 * for the rated one, as summing the invoices themselves gives.
 */
function storedSumsOf(value: AnyColumn, valueAtRate: AnyColumn, when?: SQL) {
  const picked = (column: AnyColumn) => (when ? sql`CASE WHEN ${when} THEN ${column} END` : sql`${column}`);
  return {
    amount: sql<string>`coalesce(sum(${picked(value)}), 0)::text`,
    atRate: sql<string | null>`(CASE WHEN ${invoiceTotals.rated} THEN coalesce(sum(${picked(valueAtRate)}), 0) END)::text`,
  };
}

/** The list's four figures per currency, from invoice_totals: a few rows per currency and open due date, whatever the number of invoices. */
export async function invoiceStatSums(tx: Tx, scope: BusinessScope, direction: DocumentDirection, today: string): Promise<InvoiceStatSums> {
  const open = and(notInArray(invoiceTotals.status, ['draft', 'void']), ne(invoiceTotals.paidStatus, 'paid'));
  const draft = storedSumsOf(invoiceTotals.total, invoiceTotals.totalAtRate, eq(invoiceTotals.status, 'draft'));
  const paid = storedSumsOf(invoiceTotals.amountPaid, invoiceTotals.amountPaidAtRate);
  const due = storedSumsOf(invoiceTotals.dueAmount, invoiceTotals.dueAmountAtRate, open);
  const overdue = storedSumsOf(invoiceTotals.dueAmount, invoiceTotals.dueAmountAtRate, and(open, lt(invoiceTotals.dueDate, today)));
  const rows = await tx
    .select({
      currencyId: invoiceTotals.currencyId,
      draft: draft.amount,
      draftAtRate: draft.atRate,
      paid: paid.amount,
      paidAtRate: paid.atRate,
      due: due.amount,
      dueAtRate: due.atRate,
      overdue: overdue.amount,
      overdueAtRate: overdue.atRate,
    })
    .from(invoiceTotals)
    .where(totalsOf(scope, direction))
    .groupBy(invoiceTotals.currencyId, invoiceTotals.rated)
    // A group whose rows net to nothing has no invoices left (the compaction drops it).
    .having(sql`sum(${invoiceTotals.count}) <> 0`);
  return {
    inDraft: rows.map((row) => currencySum(row.currencyId, { amount: row.draft, atRate: row.draftAtRate })),
    totalPaid: rows.map((row) => currencySum(row.currencyId, { amount: row.paid, atRate: row.paidAtRate })),
    totalDue: rows.map((row) => currencySum(row.currencyId, { amount: row.due, atRate: row.dueAtRate })),
    totalOverDue: rows.map((row) => currencySum(row.currencyId, { amount: row.overdue, atRate: row.overdueAtRate })),
  };
}

/** Folds the rows the trigger appended to invoice_totals into one per group; returns how many groups it wrote. */
export async function compactInvoiceTotals(executor: SqlExecutor): Promise<number> {
  const { rows } = await executor.executeSql('select compact_invoice_totals() as folded', []);
  const [row] = rows as { folded: number }[];
  return Number(row?.folded ?? 0);
}

/** What the business approved as a customer and still owes, per currency. */
export async function approvedSums(tx: Tx, scope: BusinessScope): Promise<CurrencySum[]> {
  const due = sumsOf(sql`${invoices.dueAmount}`);
  const rows = await tx
    .select({ ...groupedByCurrency, due: due.amount, dueAtRate: due.atRate })
    .from(invoices)
    .where(and(addressedTo(scope), eq(invoices.status, 'approved'), ne(invoices.paidStatus, 'paid')))
    .groupBy(groupedByCurrency.currencyId, groupedByCurrency.rated);
  return rows.map((row) => currencySum(row.currencyId, { amount: row.due, atRate: row.dueAtRate }));
}

/**
 * The business's own invoices it could finance now, per currency: its customer approved them, they
 * are neither void nor paid, something is still due, and no live loan (any but a cancelled one,
 * as the loans' unique index counts them) is already taken against them.
 */
export async function financeableSums(tx: Tx, scope: BusinessScope): Promise<{ currencyId: number; amount: number; invoiceCount: number }[]> {
  const liveLoan = tx
    .select({ one: sql`1` })
    .from(loans)
    .where(and(eq(loans.tenantId, invoices.tenantId), eq(loans.invoiceId, invoices.id), ne(loans.status, 'cancelled')));
  return tx
    .select({ currencyId: invoices.currencyId, amount: sql<number>`sum(${invoices.dueAmount})::bigint`.mapWith(Number), invoiceCount: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(own(scope), eq(invoices.status, 'approved'), ne(invoices.paidStatus, 'paid'), sql`${invoices.dueAmount} > 0`, notExists(liveLoan)))
    .groupBy(invoices.currencyId)
    .orderBy(invoices.currencyId);
}

export async function findOwnInvoice(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(own(scope), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findAddressedInvoice(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(addressedTo(scope), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** Any invoice of the tenant by id, for public links (the token already proved access). */
export async function findInvoiceInTenant(tx: Tx, tenantId: string, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Invoices of the tenant by id, for records that already proved their scope (payments). Locked
 * rows are taken in id order, so two writers that lock the same invoices never deadlock.
 */
export async function findInvoicesInTenant(tx: Tx, tenantId: string, ids: readonly string[], lock = false): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), inArray(invoices.id, [...ids])))
    .orderBy(asc(invoices.id));
  return lock ? query.for('update') : query;
}

export async function findOwnInvoices(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(invoices)
    .where(and(own(scope), inArray(invoices.id, [...ids])))
    .for('update');
}

export async function invoiceNumberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(own(scope), eq(invoices.invoiceNumber, number), exceptId ? ne(invoices.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertInvoice(tx: Tx, row: InvoiceInsert): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  if (!inserted) throw new Error('Invoice insert returned no row');
  return inserted;
}

/**
 * Writes a number from the sequence onto an invoice of the business unless another invoice has it
 * (undefined then). `updated_at` stays: the invoice was created in this transaction.
 */
export async function numberInvoice(tx: Tx, scope: BusinessScope, id: string, numbered: { number: string; sequence: number | null; customerSequence: number | null }): Promise<InvoiceRow | undefined> {
  const other = alias(invoices, 'other');
  const [numberedRow] = await tx
    .update(invoices)
    .set({ invoiceNumber: numbered.number, sequenceNumber: numbered.sequence, customerSequenceNumber: numbered.customerSequence })
    .where(
      and(
        own(scope),
        eq(invoices.id, id),
        notExists(
          tx
            .select({ id: other.id })
            .from(other)
            .where(and(eq(other.tenantId, scope.tenantId), eq(other.businessId, scope.businessId), eq(other.invoiceNumber, numbered.number), ne(other.id, id))),
        ),
      ),
    )
    .returning();
  return numberedRow;
}

export async function updateInvoice(tx: Tx, tenantId: string, id: string, patch: Partial<InvoiceInsert>): Promise<InvoiceRow> {
  // A due date set anew may pass again: its overdue event is told again then.
  const overdue = patch.dueDate === undefined ? {} : { overdueEventAt: null };
  const [updated] = await tx
    .update(invoices)
    .set({ ...overdue, ...patch, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .returning();
  if (!updated) throw new Error('Invoice update returned no row');
  return updated;
}

export async function deleteInvoices(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // An estimate converted into one of these invoices forgets the link rather than blocking the delete.
  await tx
    .update(estimates)
    .set({ convertedInvoiceId: null })
    .where(and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId), inArray(estimates.convertedInvoiceId, [...ids])));
  await tx.delete(invoices).where(and(own(scope), inArray(invoices.id, [...ids])));
}

/** Invoices of a counterparty (locks its currency) and what it still owes. */
export async function customerBalance(tx: Tx, scope: BusinessScope, customerId: string): Promise<{ count: number; due: number }> {
  const rows = await tx
    .select({
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(CASE WHEN ${invoices.status} NOT IN ('draft', 'void') THEN ${invoices.dueAmount} ELSE 0 END), 0)::bigint`,
    })
    .from(invoices)
    .where(and(own(scope), eq(invoices.customerId, customerId)));
  return { count: rows[0]?.count ?? 0, due: Number(rows[0]?.due ?? 0) };
}

export { isNull, or };

/**
 * How a customer business paid its invoices on the network (every vendor in the tenant): how many
 * are paid, and of those how many got their last received payment after their due date.
 */
export async function payerHistory(tx: Tx, tenantId: string, customerBusinessId: string): Promise<{ paidInvoices: number; paidLate: number }> {
  const lastPaid = tx
    .select({ invoiceId: payments.invoiceId, lastDate: sql<string>`max(${payments.paymentDate})`.as('last_date') })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.direction, 'received')))
    .groupBy(payments.invoiceId)
    .as('last_paid');
  const [row] = await tx
    .select({
      paidInvoices: sql<number>`count(*)::int`,
      paidLate: sql<number>`count(*) FILTER (WHERE ${invoices.dueDate} IS NOT NULL AND ${lastPaid.lastDate} > ${invoices.dueDate})::int`,
    })
    .from(invoices)
    .leftJoin(lastPaid, eq(lastPaid.invoiceId, invoices.id))
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.customerBusinessId, customerBusinessId), eq(invoices.paidStatus, 'paid')));
  return { paidInvoices: row?.paidInvoices ?? 0, paidLate: row?.paidLate ?? 0 };
}

/** The name the vendor gave the customer of one of its invoices. */
export async function customerNameOf(tx: Tx, row: Pick<InvoiceRow, 'tenantId' | 'businessId' | 'customerId'>): Promise<string> {
  const [found] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, row.tenantId), eq(counterparties.businessId, row.businessId), eq(counterparties.id, row.customerId)))
    .limit(1);
  return found?.name ?? '';
}

/** The name of the business that issued the invoice (the vendor a BNPL loan pays). */
export async function issuerNameOf(tx: Tx, row: Pick<InvoiceRow, 'tenantId' | 'businessId'>): Promise<string> {
  const [found] = await tx
    .select({ name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.tenantId, row.tenantId), eq(businesses.id, row.businessId)))
    .limit(1);
  return found?.name ?? '';
}
