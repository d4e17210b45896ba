import { z } from 'zod';
import { dataResponse, listPageResponse, uuidSchema } from './common';
import { listOf, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/**
 * Exports (spec: settings → export data; Export template: name, export type, fields with file
 * names). Every list exports what its filters show, through a template naming the fields and their
 * column names; without a template of its own the business gets the built-in one (every field
 * under its label). A run is a background job writing a CSV or XLSX file whose link expires.
 */
export const exportTypes = ['customers', 'vendors', 'items', 'invoices', 'estimates', 'payments', 'recurring_invoices', 'loans'] as const;
export type ExportType = (typeof exportTypes)[number];

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** How a column is written: money as a number in major units of the row's currency, dates as dates. */
export const exportFieldKinds = ['text', 'number', 'date'] as const;
export type ExportFieldKind = (typeof exportFieldKinds)[number];

export type ExportFieldDefinition = { field: string; label: string; kind: ExportFieldKind };

const f = (field: string, label: string, kind: ExportFieldKind = 'text'): ExportFieldDefinition => ({ field, label, kind });

const counterpartyFields = [
  f('name', 'Name'),
  f('display_name', 'Display name'),
  f('contact_first_name', 'Contact first name'),
  f('contact_last_name', 'Contact last name'),
  f('email', 'Email'),
  f('phone', 'Phone'),
  f('website', 'Website'),
  f('status', 'Status'),
  f('amount_due', 'Amount due', 'number'),
  f('currency', 'Currency'),
  f('created_at', 'Created on', 'date'),
];

/** The fields each export type can write, in their built-in order. */
export const exportFields: Record<ExportType, readonly ExportFieldDefinition[]> = {
  customers: counterpartyFields,
  vendors: counterpartyFields,
  items: [f('name', 'Name'), f('description', 'Description'), f('price', 'Price', 'number'), f('currency', 'Currency'), f('unit', 'Unit'), f('taxes', 'Taxes'), f('created_at', 'Created on', 'date')],
  invoices: [
    f('invoice_number', 'Invoice number'),
    f('invoice_date', 'Invoice date', 'date'),
    f('due_date', 'Due date', 'date'),
    f('customer', 'Customer'),
    f('customer_email', 'Customer email'),
    f('status', 'Status'),
    f('paid_status', 'Paid status'),
    f('sub_total', 'Subtotal', 'number'),
    f('tax', 'Tax', 'number'),
    f('total', 'Total', 'number'),
    f('amount_paid', 'Amount paid', 'number'),
    f('due_amount', 'Amount due', 'number'),
    f('currency', 'Currency'),
    f('exchange_rate', 'Exchange rate', 'number'),
    f('notes', 'Notes'),
  ],
  estimates: [
    f('estimate_number', 'Estimate number'),
    f('reference_number', 'Reference number'),
    f('estimate_date', 'Estimate date', 'date'),
    f('expiry_date', 'Expiry date', 'date'),
    f('customer', 'Customer'),
    f('status', 'Status'),
    f('sub_total', 'Subtotal', 'number'),
    f('tax', 'Tax', 'number'),
    f('total', 'Total', 'number'),
    f('currency', 'Currency'),
    f('notes', 'Notes'),
  ],
  payments: [
    f('payment_number', 'Payment number'),
    f('payment_date', 'Payment date', 'date'),
    f('counterparty', 'Customer or vendor'),
    f('invoice_number', 'Invoice number'),
    f('mode', 'Payment mode'),
    f('status', 'Status'),
    f('amount', 'Amount', 'number'),
    f('refunded_amount', 'Refunded', 'number'),
    f('currency', 'Currency'),
    f('notes', 'Notes'),
  ],
  recurring_invoices: [
    f('number', 'Number'),
    f('customer', 'Customer'),
    f('status', 'Status'),
    f('repeat_interval', 'Repeats'),
    f('start_date', 'Starts on', 'date'),
    f('next_invoice_date', 'Next invoice on', 'date'),
    f('total', 'Total', 'number'),
    f('currency', 'Currency'),
  ],
  loans: [
    f('invoice_number', 'Invoice number'),
    f('counterparty', 'Customer'),
    f('product', 'Product'),
    f('status', 'Status'),
    f('principal_amount', 'Principal', 'number'),
    f('fee_amount', 'Fee', 'number'),
    f('total_balance', 'Balance', 'number'),
    f('currency', 'Currency'),
    f('funded_at', 'Funded on', 'date'),
    f('due_date', 'Due date', 'date'),
  ],
};

/** What the caller must also hold to export a type: the ability to read that list. */
export const exportTypeAbility: Record<ExportType, string> = {
  customers: 'view-customer',
  vendors: 'view-vendor',
  items: 'view-item',
  invoices: 'view-invoice',
  estimates: 'view-estimate',
  payments: 'view-payment',
  recurring_invoices: 'view-recurring-invoice',
  loans: 'view-balance-sheet',
};

/** The built-in template of a type: every field under its label. */
export function builtInExportColumns(type: ExportType): ExportTemplateField[] {
  return exportFields[type].map((definition) => ({ field: definition.field, column_name: definition.label }));
}

export const exportTypeSchema = z.enum(exportTypes, { error: messages.invalidExportType });

export const exportTemplateFieldSchema = z.object({
  field: text().trim().min(1, messages.required).max(64),
  column_name: text().trim().min(1, { message: messages.required, abort: true }).max(255, messages.maxLength255),
});
export type ExportTemplateField = z.infer<typeof exportTemplateFieldSchema>;

/** The fields in the order the file's columns take; each one a field of the export type, once. */
export const exportTemplateRequestSchema = z
  .object({
    name: text({ error: messages.required }).trim().min(1, { message: messages.required, abort: true }).max(255, messages.maxLength255),
    export_type: exportTypeSchema,
    fields: listOf(exportTemplateFieldSchema, { min: 1, max: 100 }),
    is_default: z.boolean().default(false),
  })
  .superRefine((template, ctx) => {
    const known = new Set(exportFields[template.export_type].map((definition) => definition.field));
    const seen = new Set<string>();
    template.fields.forEach((entry, index) => {
      if (!known.has(entry.field)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: messages.invalidExportField });
      else if (seen.has(entry.field)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: messages.duplicateExportField });
      seen.add(entry.field);
    });
  });
export type ExportTemplateRequest = z.input<typeof exportTemplateRequestSchema>;

export const exportTemplateResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  export_type: z.enum(exportTypes),
  fields: z.array(z.object({ field: z.string(), column_name: z.string() })),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExportTemplateResource = z.infer<typeof exportTemplateResourceSchema>;
export const exportTemplateResponseSchema = dataResponse(exportTemplateResourceSchema);
export const exportTemplateListResponseSchema = z.object({ data: z.array(exportTemplateResourceSchema) });
export const exportTemplateListQuerySchema = z.object({ export_type: exportTypeSchema.optional() });

export const exportRunStatuses = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportRunStatus = (typeof exportRunStatuses)[number];

/** How long a finished export's file can be downloaded. */
export const EXPORT_LINK_HOURS = 24;

/**
 * `filters`: the query string of the list being exported, as the list's page holds it (search,
 * tab, status, dates...), read with that list's own query schema; paging keys are ignored.
 */
export const exportRunRequestSchema = z.object({
  export_type: exportTypeSchema,
  format: z.enum(exportFormats, { error: messages.invalidValue }),
  template_id: uuidSchema.nullish(),
  filters: z.record(text().max(64), text().max(255)).default({}),
});
export type ExportRunRequest = z.input<typeof exportRunRequestSchema>;

export const exportRunResourceSchema = z.object({
  id: z.string(),
  export_type: z.enum(exportTypes),
  format: z.enum(exportFormats),
  status: z.enum(exportRunStatuses),
  template_name: z.string(),
  filters: z.record(z.string(), z.string()),
  total_rows: z.number().int().nullable(),
  rows_written: z.number().int(),
  file_name: z.string(),
  failure: z.string().nullable(),
  /** Path under /api/v1 while the file can be downloaded; null before it is ready and once expired. */
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRunResource = z.infer<typeof exportRunResourceSchema>;
export const exportRunResponseSchema = dataResponse(exportRunResourceSchema);
export const exportRunListQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(15, 100) });
export const exportRunListResponseSchema = listPageResponse(exportRunResourceSchema);

/** The media types of a downloaded export (the API's file answer). */
export const SHEET_MEDIA_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
