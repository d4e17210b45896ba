import { z } from 'zod';
import { listQuerySchema, optionalText255, uuidSchema } from './common';
import { discountTypes, documentItemResourceSchema, documentPartySchema, documentTaxResourceSchema, invoicePaidStatusField, invoiceRequestSchema, invoiceStatuses } from './documents';
import { integer, isoDateSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** 'working' while the generator makes an invoice; 'completed' once its end date or count is reached. */
export const recurringInvoiceStatuses = ['active', 'working', 'on_hold', 'completed'] as const;
export type RecurringInvoiceStatus = (typeof recurringInvoiceStatuses)[number];
/** The spec's repeat intervals; presets are anchored to the start date, 'custom' uses the five cron fields. */
export const recurringFrequencies = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];
export const recurringInvoiceTabs = ['all', 'active', 'on-hold'] as const;
export type RecurringInvoiceTab = (typeof recurringInvoiceTabs)[number];
export const recurringInvoiceOrderFields = ['created_at', 'next_run_at', 'start_date', 'total'] as const;

/** One cron field as typed: '*', '5', '1,15', '1-5', or any of these with a step '/2' (checked by the domain's schedule rules). */
const cronFieldSchema = z
  .union([text(), integer({ max: 9999, message: messages.invalidScheduleField })], { error: messages.invalidScheduleField })
  .transform((value) => String(value).trim())
  .pipe(text().min(1, messages.required).max(100, messages.invalidScheduleField));

export const recurringInvoiceRequestSchema = invoiceRequestSchema
  .pick({ customer_id: true, template_name: true, notes: true, tax_per_item_enabled: true, discount_per_item_enabled: true, discount_type: true, discount: true, taxes: true, items: true })
  .extend({
    /** The recurring invoice's own number; empty or omitted: the server takes the next one ('RI-000001'). */
    number: optionalText255,
    reference_number: optionalText255,
    repeat_interval: z.enum(recurringFrequencies).default('weekly'),
    /** Custom schedules only; presets take their time from the spec's cron strings and their day from the start date. */
    minute: cronFieldSchema.optional(),
    hour: cronFieldSchema.optional(),
    day_of_month: cronFieldSchema.optional(),
    month: cronFieldSchema.optional(),
    /** 0 = Sunday (the default). */
    week_day: cronFieldSchema.optional(),
    /** 'Create first invoice on'; today in the schedule's time zone when omitted. */
    start_date: isoDateSchema.optional(),
    /** 'Ends on', inclusive. */
    end_date: isoDateSchema.nullish().or(z.literal('').transform(() => null)),
    /** Ends after this many invoices. */
    count: integer({ min: 1, max: 10000, message: messages.invalidCount }).nullish(),
    /** IANA zone; the business's time zone when omitted. */
    timezone: text().trim().max(64, messages.invalidTimeZone).optional(),
    /** Days from invoice date to due date; the business's invoice setting when null. */
    due_in_days: integer({ max: 365 }).nullish(),
    send_automatically: z.boolean().default(true),
    auto_pay_enabled: z.boolean().default(false),
    status: z.enum(['active', 'on_hold']).default('active'),
  });
export type RecurringInvoiceRequest = z.input<typeof recurringInvoiceRequestSchema>;
export type RecurringInvoicePayload = z.output<typeof recurringInvoiceRequestSchema>;

export const recurringInvoiceListItemSchema = z.object({
  id: z.string(),
  business: z.object({ id: z.string(), name: z.string() }),
  customer_id: z.string(),
  customer: documentPartySchema,
  customer_business_id: z.string(),
  /** The issuing business (spec: vendor_business_id). */
  vendor_business_id: z.string(),
  number: z.string(),
  reference_number: z.string().nullable(),
  currency_id: z.number(),
  template_name: z.string(),
  notes: z.string().nullable(),
  tax_per_item_enabled: z.boolean(),
  discount_per_item_enabled: z.boolean(),
  discount_type: z.enum(discountTypes),
  discount: z.string(),
  discount_val: z.number(),
  sub_total: z.number(),
  tax: z.number(),
  total: z.number(),
  repeat_interval: z.enum(recurringFrequencies),
  /** The five cron fields the schedule follows (a preset's day filled in from the start date). */
  frequency: z.string(),
  minute: z.string(),
  hour: z.string(),
  day_of_month: z.string(),
  month: z.string(),
  week_day: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  count: z.number().nullable(),
  generated_count: z.number(),
  timezone: z.string(),
  /** The next run (UTC instant) and the invoice date it gives, in the schedule's time zone; null once completed. */
  next_run_at: z.string().nullable(),
  next_invoice_date: z.string().nullable(),
  due_in_days: z.number().nullable(),
  send_automatically: z.boolean(),
  auto_pay_enabled: z.boolean(),
  status: z.enum(recurringInvoiceStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringInvoiceListItem = z.infer<typeof recurringInvoiceListItemSchema>;

/** An invoice a recurring invoice made. */
export const recurringGeneratedInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  paid_status: invoicePaidStatusField,
  total: z.number(),
  amount_paid: z.number(),
  due_amount: z.number(),
  /** The scheduled run it was made for (UTC instant). */
  period: z.string().nullable(),
});
export type RecurringGeneratedInvoice = z.infer<typeof recurringGeneratedInvoiceSchema>;

export const recurringInvoiceResourceSchema = recurringInvoiceListItemSchema.extend({
  items: z.array(documentItemResourceSchema),
  taxes: z.array(documentTaxResourceSchema),
  /** The next five runs. */
  next_dates: z.array(z.object({ run_at: z.string(), invoice_date: z.string() })),
  /** The newest invoices it made (at most 50); `invoice_count` counts them all. */
  invoices: z.array(recurringGeneratedInvoiceSchema),
  invoice_count: z.number(),
});
export type RecurringInvoiceResource = z.infer<typeof recurringInvoiceResourceSchema>;

export const recurringInvoiceListQuerySchema = listQuerySchema.extend({
  tab_status: z.enum(recurringInvoiceTabs).default('all'),
  status: z.enum(recurringInvoiceStatuses).optional(),
  customer_id: uuidSchema.optional(),
  orderByField: z.enum(recurringInvoiceOrderFields).optional(),
});
export type RecurringInvoiceListQuery = z.input<typeof recurringInvoiceListQuerySchema>;

export const recurringInvoiceListResponseSchema = z.object({
  data: z.array(recurringInvoiceListItemSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    recurring_invoice_total_count: z.number(),
    active_count: z.number(),
    on_hold_count: z.number(),
  }),
});
export type RecurringInvoiceListResponse = z.infer<typeof recurringInvoiceListResponseSchema>;

/** 'Mark as sent': the invoices it made that were never sent are marked sent; `count` says how many. */
export const recurringMarkSentResponseSchema = z.object({ data: recurringInvoiceResourceSchema, count: z.number() });
