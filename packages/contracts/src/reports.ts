import { z } from 'zod';
import { isoDateSchema } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** Spec section 2, Reports; section 9, date ranges. */
export const reportKinds = ['profit_and_loss', 'sales_by_customer', 'sales_by_item', 'taxes'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportRangePresets = [
  'today',
  'this_week',
  'previous_week',
  'this_month',
  'previous_month',
  'this_quarter',
  'previous_quarter',
  'this_year',
  'previous_year',
  'custom',
] as const;
export type ReportRangePreset = (typeof reportRangePresets)[number];

/** accrual: finalized invoices by invoice date; cash: payments by payment date (docs/reports.md). */
export const reportBases = ['accrual', 'cash'] as const;
export type ReportBasis = (typeof reportBases)[number];

export const reportFormats = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportParamsSchema = z.object({ report: z.enum(reportKinds) });

const reportQueryShape = {
  range: z.enum(reportRangePresets).default('this_month'),
  /** Only with range=custom, both required then. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  basis: z.enum(reportBases).default('accrual'),
};

type RangeInput = { range: ReportRangePreset; from?: string | undefined; to?: string | undefined };

function checkCustomRange(query: RangeInput, ctx: z.RefinementCtx): void {
  if (query.range !== 'custom') return;
  if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.required });
  if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.required });
  if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.endBeforeStartDate });
}

export const reportQuerySchema = z.object(reportQueryShape).superRefine(checkCustomRange);
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const reportDownloadQuerySchema = z.object({ ...reportQueryShape, format: z.enum(reportFormats) }).superRefine(checkCustomRange);
export type ReportDownloadQuery = z.input<typeof reportDownloadQuerySchema>;

/** The value columns of each report, in order; every value is money. */
export const reportColumns = {
  profit_and_loss: ['amount'],
  sales_by_customer: ['net', 'tax', 'total'],
  sales_by_item: ['net'],
  taxes: ['collected', 'paid', 'net'],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportColumn = (typeof reportColumns)[ReportKind][number];

/** The fixed row labels (profit and loss, totals); other rows are named by their customer, item or tax. */
export const reportRowKeys = ['sales', 'purchases', 'gross_profit', 'financing_fees', 'net_profit', 'total'] as const;
export type ReportRowKey = (typeof reportRowKeys)[number];

/** English labels of the downloads (the screen translates the keys itself). */
export const reportLabels: Record<ReportKind | ReportRowKey | ReportColumn | 'label', string> = {
  profit_and_loss: 'Profit and loss',
  sales_by_customer: 'Sales by customer',
  sales_by_item: 'Sales by item',
  taxes: 'Taxes',
  sales: 'Sales',
  purchases: 'Purchases',
  gross_profit: 'Gross profit',
  financing_fees: 'Financing fees',
  net_profit: 'Net profit',
  total: 'Total',
  amount: 'Amount',
  net: 'Net',
  tax: 'Tax',
  collected: 'Tax collected',
  paid: 'Tax paid',
  label: 'Name',
};

/**
 * One row: `key` names a fixed row (translated), else `label` is a customer's, item's or tax's name.
 * Values are minor units of the business currency.
 */
const reportRowSchema = z.object({
  key: z.enum(reportRowKeys).nullable(),
  label: z.string(),
  kind: z.enum(['line', 'subtotal', 'total']),
  values: z.array(z.number()),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponseSchema = z.object({
  report: z.enum(reportKinds),
  basis: z.enum(reportBases),
  range: z.enum(reportRangePresets),
  from: z.string(),
  to: z.string(),
  currency_id: z.number(),
  unconverted_currency_ids: z.array(z.number()),
  columns: z.array(z.string()),
  rows: z.array(reportRowSchema),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
