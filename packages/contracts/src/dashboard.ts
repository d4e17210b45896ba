import { z } from 'zod';
import { estimateStatuses, invoicePaidStatusField, invoiceStatuses } from './documents';
import { calendarYearSchema } from './fields';

/** Spec section 3, Dashboard stats; `type` asks for one figure or 'all'. */
export const dashboardStatTypes = ['total_amount_due', 'customer_count', 'estimate_count', 'invoice_count', 'total_sales', 'total_purchases'] as const;
export type DashboardStatType = (typeof dashboardStatTypes)[number];

/** `year`: the calendar year in which the financial year starts (business setting fiscal_year); default the current one. */
const yearSchema = calendarYearSchema.optional();

export const dashboardStatsQuerySchema = z.object({ type: z.enum([...dashboardStatTypes, 'all']).default('all'), year: yearSchema });
export type DashboardStatsQuery = z.input<typeof dashboardStatsQuerySchema>;
export const dashboardChartsQuerySchema = z.object({ year: yearSchema });
export type DashboardChartsQuery = z.input<typeof dashboardChartsQuerySchema>;

export const financialYearSchema = z.object({ year: z.number(), from: z.string(), to: z.string() });

/**
 * Money is in minor units of the business currency (`currency_id`). Documents in other currencies
 * are converted with the rate stored on them, else the business's current rate; currencies for
 * which neither exists are left out of the money figures and listed in `unconverted_currency_ids`.
 */
const moneyContext = {
  financial_year: financialYearSchema,
  currency_id: z.number(),
  unconverted_currency_ids: z.array(z.number()),
};

export const dashboardStatsSchema = z.object({
  ...moneyContext,
  total_amount_due: z.number().optional(),
  customer_count: z.number().optional(),
  estimate_count: z.number().optional(),
  invoice_count: z.number().optional(),
  total_sales: z.number().optional(),
  total_purchases: z.number().optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardMonthSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  sales: z.number(),
  receipts: z.number(),
  purchases: z.number(),
  payments_made: z.number(),
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

export const dashboardRecentInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  customer_name: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  currency_id: z.number(),
  total: z.number(),
  due_amount: z.number(),
  status: z.enum(invoiceStatuses),
  /** 'overdue' in place of the status while past due and unpaid. */
  display_status: z.enum(invoiceStatuses),
  paid_status: invoicePaidStatusField,
});
export type DashboardRecentInvoice = z.infer<typeof dashboardRecentInvoiceSchema>;

export const dashboardRecentEstimateSchema = z.object({
  id: z.string(),
  estimate_number: z.string(),
  customer_name: z.string(),
  estimate_date: z.string(),
  expiry_date: z.string().nullable(),
  currency_id: z.number(),
  total: z.number(),
  /** 'expired' once past the expiry date, even before the expiry job stored it. */
  status: z.enum(estimateStatuses),
});
export type DashboardRecentEstimate = z.infer<typeof dashboardRecentEstimateSchema>;

export const dashboardChartsSchema = z.object({
  ...moneyContext,
  /** The twelve months of the financial year, in order. */
  months: z.array(dashboardMonthSchema),
  /** Business overview: the year's totals; net income is receipts less payments made. */
  totals: z.object({ sales: z.number(), receipts: z.number(), purchases: z.number(), payments_made: z.number(), net_income: z.number() }),
  recent_invoices: z.array(dashboardRecentInvoiceSchema),
  recent_estimates: z.array(dashboardRecentEstimateSchema),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;
