import type { DashboardCharts, DashboardStatType, DashboardStats, InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import { type ConvertedTotal, type CurrencyConverter, type RateSource, displayInvoiceStatus, financialYearRange, invoiceBalance, financialYearStart, todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import type { businesses } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { businessSettingsOf } from '../businesses/businesses.service';
import { effectiveStatus } from '../estimates/estimate-resource';
import { converterInto } from '../exchange-rates/exchange-rates.service';
import * as repo from './dashboard.repository';

const RECENT_LIMIT = 5;

const toNumber = (total: ConvertedTotal) => Number(total.minorUnits());

type Series = 'sales' | 'receipts' | 'purchases' | 'payments_made';

/** The stored figure each chart series adds up. */
const seriesOf: Partial<Record<repo.MonthlyTotal['figure'], Series>> = { sales: 'sales', receipts: 'receipts', purchases: 'purchases', payments_made: 'payments_made' };

function seriesTotals(conversion: CurrencyConverter): Record<Series, ConvertedTotal> {
  return { sales: conversion.total(), receipts: conversion.total(), purchases: conversion.total(), payments_made: conversion.total() };
}

function seriesNumbers(totals: Record<Series, ConvertedTotal>): Record<Series, number> {
  return { sales: toNumber(totals.sales), receipts: toNumber(totals.receipts), purchases: toNumber(totals.purchases), payments_made: toNumber(totals.payments_made) };
}

/** The twelve 'YYYY-MM' months from `from` (a first of month). */
function monthsFrom(from: string): string[] {
  const [year, month] = from.split('-').map(Number);
  return Array.from({ length: 12 }, (_, index) => {
    const zeroBased = (month ?? 1) - 1 + index;
    return `${(year ?? 0) + Math.floor(zeroBased / 12)}-${String((zeroBased % 12) + 1).padStart(2, '0')}`;
  });
}

type Context = { tx: Tx; conversion: CurrencyConverter; range: repo.DateRange; year: number; today: string };

/** The selected business as the request's authentication read it: its currency and stored settings. */
export type DashboardBusiness = Pick<typeof businesses.$inferSelect, 'currencyId' | 'settings'>;

/** The dashboard: cards (stats) and charts of the selected financial year. */
export function createDashboardService(app: AppContext) {
  async function withContext<T>(scope: BusinessScope, business: DashboardBusiness, year: number | undefined, work: (context: Context) => Promise<T>): Promise<T> {
    const settings = businessSettingsOf(scope.businessId, business.settings);
    const today = todayInTimeZone(app.clock.now(), settings.time_zone);
    const selected = year ?? financialYearStart(settings.fiscal_year, today);
    const range = financialYearRange(settings.fiscal_year, selected);
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const conversion = await converterInto(tx, scope, business.currencyId);
      return work({ tx, conversion, range, year: selected, today });
    });
  }

  const moneyContext = ({ conversion, range, year }: Context) => ({
    financial_year: { year, ...range },
    currency_id: conversion.currencyId,
    unconverted_currency_ids: conversion.unconvertedIds(),
  });

  return {
    async stats(scope: BusinessScope, business: DashboardBusiness, query: { type: DashboardStatType | 'all'; year?: number | undefined }): Promise<DashboardStats> {
      const wants = (type: DashboardStatType) => query.type === 'all' || query.type === type;
      return withContext(scope, business, query.year, async (context) => {
        const { tx, conversion, range } = context;
        // Every figure but the customer count comes from the year's totals.
        const totals = query.type === 'customer_count' ? [] : await repo.monthlyTotals(tx, scope, range);
        const of = (...figures: repo.MonthlyTotal['figure'][]) => totals.filter((row) => figures.includes(row.figure));
        const count = (rows: repo.MonthlyTotal[]) => rows.reduce((sum, row) => sum + row.count, 0);
        const figures: Partial<Record<DashboardStatType, number>> = {};
        if (wants('total_amount_due')) figures.total_amount_due = conversion.convert(of('sales').map((row) => row.due), 'stored');
        if (wants('invoice_count')) figures.invoice_count = count(of('sales', 'unbilled'));
        if (wants('total_sales')) figures.total_sales = conversion.convert(of('sales').map((row) => row.amount), 'stored');
        if (wants('total_purchases')) figures.total_purchases = conversion.convert(of('purchases').map((row) => row.amount), 'current');
        if (wants('estimate_count')) figures.estimate_count = count(of('estimates'));
        if (wants('customer_count')) figures.customer_count = await repo.customerCount(tx, scope);
        return { ...moneyContext(context), ...figures };
      });
    },

    async charts(scope: BusinessScope, business: DashboardBusiness, query: { year?: number | undefined }): Promise<DashboardCharts> {
      return withContext(scope, business, query.year, async (context) => {
        const { tx, conversion, range, today } = context;
        const months = monthsFrom(range.from).map((month) => ({ month, sums: seriesTotals(conversion) }));
        const byMonth = new Map(months.map((entry) => [entry.month, entry.sums]));
        const year = seriesTotals(conversion);
        for (const row of await repo.monthlyTotals(tx, scope, range)) {
          const series = seriesOf[row.figure];
          if (!series) continue;
          // Purchases carry their issuer's rate, which is not the business's own.
          const rates: RateSource = series === 'purchases' ? 'current' : 'stored';
          const month = byMonth.get(row.month.slice(0, 7));
          if (month) conversion.add(month[series], row.amount, rates);
          conversion.add(year[series], row.amount, rates);
        }
        const invoices = await repo.recentInvoices(tx, scope, RECENT_LIMIT);
        const estimates = await repo.recentEstimates(tx, scope, RECENT_LIMIT);
        const totals = seriesNumbers(year);
        return {
          ...moneyContext(context),
          months: months.map(({ month, sums }) => ({ month, ...seriesNumbers(sums) })),
          totals: { ...totals, net_income: totals.receipts - totals.payments_made },
          recent_invoices: invoices.map((row) => {
            const state = { status: row.status as InvoiceStatus, paid_status: row.paidStatus as InvoicePaidStatus };
            return {
              id: row.id,
              invoice_number: row.invoiceNumber,
              customer_name: row.customerName,
              invoice_date: row.invoiceDate,
              due_date: row.dueDate,
              currency_id: row.currencyId,
              total: row.total,
              ...state,
              ...invoiceBalance({ ...state, due_amount: row.dueAmount }),
              display_status: displayInvoiceStatus({ ...state, due_date: row.dueDate }, today),
            };
          }),
          recent_estimates: estimates.map((row) => ({
            id: row.id,
            estimate_number: row.estimateNumber,
            customer_name: row.customerName,
            estimate_date: row.estimateDate,
            expiry_date: row.expiryDate,
            currency_id: row.currencyId,
            total: row.total,
            status: effectiveStatus(row, today),
          })),
        };
      });
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
