import { type AnyColumn, and, between, eq, isNull, sql } from 'drizzle-orm';
import type { CurrencySum } from '@app/domain';
import type { SqlExecutor, Tx } from '../../db/client';
import { counterparties, type dashboardFigures, dashboardTotals, estimates, invoices } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

/**
 * The dashboard's figures come from dashboard_totals (kept by triggers, see its schema): a
 * financial year is at most twelve months of a few groups per figure, whatever the number of
 * documents. Money comes back per currency as decimal text, summed in the database (exact
 * numeric) and converted by the service.
 */
export type DateRange = { from: string; to: string };

/** Each amount is one currency's sums (`rated` is part of the group, so stored and missing rates never mix). */
export type MonthlyTotal = { figure: (typeof dashboardFigures)[number]; month: string; count: number; amount: CurrencySum; due: CurrencySum };

const sumText = (value: AnyColumn) => sql<string>`coalesce(sum(${value}), 0)::text`;
const sumOrNull = (value: AnyColumn) => sql<string | null>`(sum(${value}))::text`;

/** Every figure of the months in the range, per month ('YYYY-MM-01'), currency and rated or not. */
export async function monthlyTotals(tx: Tx, scope: BusinessScope, range: DateRange): Promise<MonthlyTotal[]> {
  const rows = await tx
    .select({
      figure: dashboardTotals.figure,
      month: dashboardTotals.month,
      currencyId: dashboardTotals.currencyId,
      count: sql<number>`coalesce(sum(${dashboardTotals.count}), 0)::int`,
      amount: sumText(dashboardTotals.amount),
      amountAtRate: sumOrNull(dashboardTotals.amountAtRate),
      due: sumText(dashboardTotals.due),
      dueAtRate: sumOrNull(dashboardTotals.dueAtRate),
    })
    .from(dashboardTotals)
    .where(and(eq(dashboardTotals.tenantId, scope.tenantId), eq(dashboardTotals.businessId, scope.businessId), between(dashboardTotals.month, range.from, range.to)))
    .groupBy(dashboardTotals.figure, dashboardTotals.month, dashboardTotals.currencyId, dashboardTotals.rated);
  return rows.map((row) => ({
    figure: row.figure,
    month: row.month,
    count: row.count,
    amount: { currencyId: row.currencyId, amount: row.amount, atRate: row.amountAtRate },
    due: { currencyId: row.currencyId, amount: row.due, atRate: row.dueAtRate },
  }));
}

/** Folds the appended rows of every touched group into one; returns how many groups it wrote. */
export async function compactTotals(executor: SqlExecutor): Promise<number> {
  const { rows } = await executor.executeSql('select compact_dashboard_totals() as folded', []);
  const [row] = rows as { folded: number }[];
  return Number(row?.folded ?? 0);
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
