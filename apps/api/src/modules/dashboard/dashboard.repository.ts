import { type AnyColumn, type SQL, and, between, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { counterparties, estimates, invoices, payments } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

/**
 * Aggregates for the dashboard, one query per figure group, each a range scan of a
 * (tenant_id, business_id, date) index. Money comes back per currency as decimal text, summed in
 * the database (exact numeric) and converted by the service.
 */
export type DateRange = { from: string; to: string };

/**
 * One group of documents in one currency: `amount` is their plain sum in minor units of that
 * currency; `atRate` the sum of amount × the rate stored on each, or null for the group of those
 * stored without a rate (queries group on `exchange_rate is null` so the two never mix).
 */
export type MoneyGroup = { currencyId: number; amount: string; atRate: string | null };

/** Drafts are no sale or purchase yet, void ones no longer. */
const billed = sql<boolean>`${invoices.status} not in ('draft', 'void')`;
const withoutRate = (rate: AnyColumn) => sql<boolean>`${rate} is null`;
const sumText = (value: SQL | AnyColumn) => sql<string>`coalesce(sum(${value}), 0)::text`;
/** Null when every rate in the group is null, i.e. for the group without stored rates. */
const sumAtRate = (amount: AnyColumn, rate: AnyColumn) => sql<string | null>`(sum(${amount} * ${rate}))::text`;

const outgoingInvoices = (scope: BusinessScope, range: DateRange) =>
  and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId), between(invoices.invoiceDate, range.from, range.to));
/** Invoices addressed to the business (its purchases); the condition matches the partial index invoices_incoming_idx. */
const incomingInvoices = (scope: BusinessScope, range: DateRange) =>
  and(eq(invoices.tenantId, scope.tenantId), eq(invoices.customerBusinessId, scope.businessId), sql`${invoices.status} <> 'draft'`, billed, between(invoices.invoiceDate, range.from, range.to));

export type OutgoingFigures = { count: number; billed: boolean; sales: MoneyGroup; due: MoneyGroup };

/**
 * Every invoice dated in the range, grouped by currency, billed or not and stored rate or not:
 * one pass that yields the invoice count, the sales and the amount due. Grouping instead of
 * FILTER clauses keeps the per-row work to two comparisons.
 */
export async function outgoingInvoiceFigures(tx: Tx, scope: BusinessScope, range: DateRange): Promise<OutgoingFigures[]> {
  const noRate = withoutRate(invoices.exchangeRate);
  const rows = await tx
    .select({
      currencyId: invoices.currencyId,
      billed,
      count: sql<number>`count(*)::int`,
      total: sumText(invoices.total),
      totalAtRate: sumAtRate(invoices.total, invoices.exchangeRate),
      due: sumText(invoices.dueAmount),
      dueAtRate: sumAtRate(invoices.dueAmount, invoices.exchangeRate),
    })
    .from(invoices)
    .where(outgoingInvoices(scope, range))
    .groupBy(invoices.currencyId, billed, noRate);
  return rows.map((row) => ({
    count: row.count,
    billed: row.billed,
    sales: { currencyId: row.currencyId, amount: row.total, atRate: row.totalAtRate },
    due: { currencyId: row.currencyId, amount: row.due, atRate: row.dueAtRate },
  }));
}

/**
 * Chart series come back per day (at most 366 rows per currency): grouping on the indexed date
 * column itself is far cheaper than formatting a month for every row; the service adds the days
 * up into months.
 */
export type DailyGroup = MoneyGroup & { day: string };
export type DailyPayments = DailyGroup & { direction: 'received' | 'made' };

export async function dailySales(tx: Tx, scope: BusinessScope, range: DateRange): Promise<DailyGroup[]> {
  return tx
    .select({ day: invoices.invoiceDate, currencyId: invoices.currencyId, amount: sumText(invoices.total), atRate: sumAtRate(invoices.total, invoices.exchangeRate) })
    .from(invoices)
    .where(and(outgoingInvoices(scope, range), billed))
    .groupBy(invoices.invoiceDate, invoices.currencyId, withoutRate(invoices.exchangeRate));
}

/** Purchases carry their issuer's rate, which the service does not use: one plain sum per currency. */
export async function purchaseTotals(tx: Tx, scope: BusinessScope, range: DateRange): Promise<MoneyGroup[]> {
  const rows = await tx.select({ currencyId: invoices.currencyId, amount: sumText(invoices.total) }).from(invoices).where(incomingInvoices(scope, range)).groupBy(invoices.currencyId);
  return rows.map((row) => ({ ...row, atRate: null }));
}

export async function dailyPurchases(tx: Tx, scope: BusinessScope, range: DateRange): Promise<DailyGroup[]> {
  const rows = await tx
    .select({ day: invoices.invoiceDate, currencyId: invoices.currencyId, amount: sumText(invoices.total) })
    .from(invoices)
    .where(incomingInvoices(scope, range))
    .groupBy(invoices.invoiceDate, invoices.currencyId);
  return rows.map((row) => ({ ...row, atRate: null }));
}

/** Completed payments received and made, by day. */
export async function dailyPayments(tx: Tx, scope: BusinessScope, range: DateRange): Promise<DailyPayments[]> {
  return tx
    .select({ direction: payments.direction, day: payments.paymentDate, currencyId: payments.currencyId, amount: sumText(payments.amount), atRate: sumAtRate(payments.amount, payments.exchangeRate) })
    .from(payments)
    .where(and(eq(payments.tenantId, scope.tenantId), eq(payments.businessId, scope.businessId), between(payments.paymentDate, range.from, range.to), eq(payments.status, 'completed')))
    .groupBy(payments.direction, payments.paymentDate, payments.currencyId, withoutRate(payments.exchangeRate));
}

export async function estimateCount(tx: Tx, scope: BusinessScope, range: DateRange): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(estimates)
    .where(and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId), between(estimates.estimateDate, range.from, range.to)));
  return rows[0]?.count ?? 0;
}

/** Customers as they are now (not archived): a count of relationships, not of a year's activity. */
export async function customerCount(tx: Tx, scope: BusinessScope): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, 'customer'), isNull(counterparties.archivedAt)));
  return rows[0]?.count ?? 0;
}

/** The list indexes are (… DESC NULLS LAST); plain DESC means NULLS FIRST and would not read them. */
const newestFirst = (column: AnyColumn) => sql`${column} desc nulls last`;

const customerJoin = (customerId: AnyColumn, businessId: AnyColumn, tenantId: AnyColumn) =>
  and(eq(counterparties.tenantId, tenantId), eq(counterparties.businessId, businessId), eq(counterparties.id, customerId));

export async function recentInvoices(tx: Tx, scope: BusinessScope, limit: number) {
  return tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerName: counterparties.name,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      currencyId: invoices.currencyId,
      total: invoices.total,
      dueAmount: invoices.dueAmount,
      status: invoices.status,
      paidStatus: invoices.paidStatus,
    })
    .from(invoices)
    .innerJoin(counterparties, customerJoin(invoices.customerId, invoices.businessId, invoices.tenantId))
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId)))
    .orderBy(newestFirst(invoices.invoiceDate), newestFirst(invoices.id))
    .limit(limit);
}

export async function recentEstimates(tx: Tx, scope: BusinessScope, limit: number) {
  return tx
    .select({
      id: estimates.id,
      estimateNumber: estimates.estimateNumber,
      customerName: counterparties.name,
      estimateDate: estimates.estimateDate,
      expiryDate: estimates.expiryDate,
      currencyId: estimates.currencyId,
      total: estimates.total,
      status: estimates.status,
    })
    .from(estimates)
    .innerJoin(counterparties, customerJoin(estimates.customerId, estimates.businessId, estimates.tenantId))
    .where(and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId)))
    .orderBy(newestFirst(estimates.estimateDate), newestFirst(estimates.id))
    .limit(limit);
}
