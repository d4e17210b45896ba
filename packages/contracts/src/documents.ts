import { z } from 'zod';
import { cappedListMetaSchema, dataResponse, emailSchema, listQuerySchema, optionalText255, uuidSchema } from './common';
import { isoDateSchema, listOf, requiredOr, text } from './fields';
import { priceSchema } from './items';
import { formatMessage, sharedMessages as messages } from './shared-messages';
import { postalAddressResourceSchema } from './address';
import { taxSelectionSchema } from './tax-selection';
import { paymentProcessingSchema } from './online-payment-methods';
import { invoiceLoanStatuses } from './loan-status';

export const invoiceStatuses = ['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'void', 'overdue', 'completed'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoicePaidStatuses = ['unpaid', 'partially_paid', 'paid'] as const;
/** An invoice's paid status as answers show it: null on a void invoice, which owes nothing and awaits no payment (its `due_amount` is 0). */
export const invoicePaidStatusField = z.enum(invoicePaidStatuses).nullable();
export type InvoicePaidStatus = (typeof invoicePaidStatuses)[number];
export const estimateStatuses = ['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'expired', 'void'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];

export const documentModels = ['invoice', 'estimate', 'payment'] as const;
export type DocumentModel = (typeof documentModels)[number];
/** What has a number from a sequence: the documents (formats in the business settings) and recurring invoices (one fixed format). */
export const numberedModels = [...documentModels, 'recurring_invoice'] as const;
export type NumberedModel = (typeof numberedModels)[number];
export const discountTypes = ['fixed', 'percentage'] as const;
export type DiscountType = (typeof discountTypes)[number];
export const documentDirections = ['outgoing', 'incoming'] as const;
export type DocumentDirection = (typeof documentDirections)[number];

/**
 * Quantities and discounts are numeric(20, 4) and numeric(24, 4) columns, and the money engine
 * scales them by 10^4 (DECIMAL_SCALE in packages/domain): at most 16 whole digits and 4 decimals.
 */
export const DECIMAL_PLACES = 4;
export const DECIMAL_WHOLE_DIGITS = 16;
/** An invoice, estimate or recurring invoice has at most 500 lines. */
export const MAX_DOCUMENT_LINES = 500;

type DecimalMessages = { invalid: string; negative: string; tooManyDigits: string; tooManyDecimals: string };

/** A non-negative decimal with at most four decimals, kept as text: '10', '9.975', '0'. */
function decimalText(problems: DecimalMessages) {
  return z.union([z.number(), text()], { error: requiredOr(problems.invalid) }).transform((raw, ctx): string => {
    const value = (typeof raw === 'number' ? String(raw) : raw).trim();
    if (value === '') return '0';
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
    if (!match) return fail(problems.invalid);
    if (match[1] === '-') return fail(problems.negative);
    if ((match[2] ?? '').length > DECIMAL_WHOLE_DIGITS) return fail(problems.tooManyDigits);
    if ((match[3] ?? '').length > DECIMAL_PLACES) return fail(problems.tooManyDecimals);
    return value;
  });
}

const decimalLimits = { decimals: String(DECIMAL_PLACES), digits: String(DECIMAL_WHOLE_DIGITS) };

/** Fixed: minor units; percentage: a percent. The money engine checks the range against the amounts. */
export const discountInputSchema = decimalText({
  invalid: messages.invalidDiscount,
  negative: messages.invalidDiscount,
  tooManyDigits: messages.invalidDiscount,
  tooManyDecimals: formatMessage(messages.discountTooManyDecimals, decimalLimits),
});
export const quantitySchema = decimalText({
  invalid: messages.invalidQuantity,
  negative: messages.quantityGreaterThanZero,
  tooManyDigits: formatMessage(messages.quantityTooManyDigits, decimalLimits),
  tooManyDecimals: formatMessage(messages.quantityTooManyDecimals, decimalLimits),
}).refine((value) => /[1-9]/.test(value), messages.quantityGreaterThanZero);

export const documentItemRequestSchema = z.object({
  item_id: text().uuid(messages.invalidItem).nullish(),
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  description: optionalText255,
  unit_name: optionalText255,
  quantity: quantitySchema.default('1'),
  price: priceSchema,
  discount_type: z.enum(discountTypes).default('fixed'),
  discount: discountInputSchema.default('0'),
  taxes: taxSelectionSchema(20).default([]),
});
export type DocumentItemRequest = z.input<typeof documentItemRequestSchema>;
export type DocumentItemPayload = z.output<typeof documentItemRequestSchema>;

/**
 * Fields invoices and estimates share. Computed amounts (sub_total, tax, total, discount_val and
 * the same per item) are not part of the request: zod strips them and the server recomputes.
 */
const documentRequestShape = {
  customer_id: text({ error: messages.required }).uuid(messages.invalidCustomer),
  template_name: text().trim().max(64, messages.invalidTemplate).nullish(),
  notes: text().max(65000, messages.notesTooLong).nullish(),
  tax_per_item_enabled: z.boolean().optional(),
  discount_per_item_enabled: z.boolean().optional(),
  discount_type: z.enum(discountTypes).default('fixed'),
  discount: discountInputSchema.default('0'),
  taxes: taxSelectionSchema(20).default([]),
  items: listOf(documentItemRequestSchema, { min: 1, max: MAX_DOCUMENT_LINES, maxMessage: formatMessage(messages.tooManyDocumentLines, { max: String(MAX_DOCUMENT_LINES) }) }),
  removeAttachmentIds: listOf(uuidSchema, { max: 100 }).optional(),
};

/** Whether a document's taxes and discounts are per item, as it is priced. */
export type DocumentModes = { tax_per_item_enabled: boolean; discount_per_item_enabled: boolean };
type ModeCheckedRequest = { taxes: readonly unknown[]; items: readonly { taxes: readonly unknown[]; discount: string }[] };

/**
 * What a request sends that its modes would ignore, as request paths and messages naming the
 * setting: line taxes without tax per item, document taxes with it, line discounts without discount
 * per item. Refused rather than dropped, so a document never silently differs from what was sent.
 * The document discount applies in every mode.
 */
export function fieldsIgnoredByModes(request: ModeCheckedRequest, modes: DocumentModes): { path: string; message: string }[] {
  const ignored: { path: string; message: string }[] = [];
  if (modes.tax_per_item_enabled && request.taxes.length > 0) ignored.push({ path: 'taxes', message: messages.documentTaxesNeedNoTaxPerItem });
  request.items.forEach((line, index) => {
    if (!modes.tax_per_item_enabled && line.taxes.length > 0) ignored.push({ path: `items.${index}.taxes`, message: messages.lineTaxesNeedTaxPerItem });
    if (!modes.discount_per_item_enabled && /[1-9]/.test(line.discount)) ignored.push({ path: `items.${index}.discount`, message: messages.lineDiscountsNeedDiscountPerItem });
  });
  return ignored;
}

export const invoiceRequestSchema = z.object({
  ...documentRequestShape,
  invoice_number: text().trim().max(255, messages.maxLength255).nullish(),
  invoice_date: isoDateSchema,
  due_date: isoDateSchema.nullish().or(z.literal('').transform(() => null)),
  send_invoice: z.boolean().default(false),
});
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;
export type InvoicePayload = z.output<typeof invoiceRequestSchema>;

export const estimateRequestSchema = z.object({
  ...documentRequestShape,
  estimate_number: text().trim().max(255, messages.maxLength255).nullish(),
  reference_number: optionalText255,
  estimate_date: isoDateSchema,
  expiry_date: isoDateSchema.nullish().or(z.literal('').transform(() => null)),
  send_estimate: z.boolean().default(false),
});
export type EstimateRequest = z.input<typeof estimateRequestSchema>;
export type EstimatePayload = z.output<typeof estimateRequestSchema>;

export const documentTaxResourceSchema = z.object({
  id: z.string(),
  tax_type_id: z.string(),
  name: z.string(),
  percent: z.string(),
  compound_tax: z.boolean(),
  /**
   * What the tax applies to, worked out from the stored lines (domain `taxableAmounts`): on a
   * document tax line the rate's whole taxable amount, on an item's tax line that line's part of it.
   */
  taxable: z.number(),
  /** On a document tax line the rate's tax; on an item's tax line the line's allocated share of it. */
  amount: z.number(),
});
export type DocumentTaxResource = z.infer<typeof documentTaxResourceSchema>;

export const documentItemResourceSchema = z.object({
  id: z.string(),
  item_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  price: z.number(),
  discount_type: z.enum(discountTypes),
  discount: z.string(),
  discount_val: z.number(),
  total: z.number(),
  document_discount_share: z.number(),
  tax: z.number(),
  taxes: z.array(documentTaxResourceSchema),
});
export type DocumentItemResource = z.infer<typeof documentItemResourceSchema>;

export const attachmentResourceSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  created_at: z.string(),
  /** Download path under /api/v1 (needs a session of the owning or receiving business). */
  url: z.string(),
});
export type AttachmentResource = z.infer<typeof attachmentResourceSchema>;

export const documentPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  business_id: z.string(),
  billing_address: postalAddressResourceSchema.nullable(),
  shipping_address: postalAddressResourceSchema.nullable(),
});
export type DocumentParty = z.infer<typeof documentPartySchema>;

const documentResourceShape = {
  id: z.string(),
  /** Relative to the caller's business: its own document, or one addressed to it. */
  direction: z.enum(documentDirections),
  business: z.object({ id: z.string(), name: z.string() }),
  customer_id: z.string(),
  customer: documentPartySchema,
  customer_business_id: z.string(),
  sequence_number: z.number().nullable(),
  customer_sequence_number: z.number().nullable(),
  currency_id: z.number(),
  exchange_rate: z.string().nullable(),
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
  taxes: z.array(documentTaxResourceSchema),
  items: z.array(documentItemResourceSchema),
  attachments: z.array(attachmentResourceSchema),
  /** What the caller may do now (from the domain's transition table and the caller's abilities). */
  allowed_actions: z.array(z.string()),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const invoiceResourceSchema = z.object({
  ...documentResourceShape,
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  /** The status to show: 'overdue' when past due and not paid. */
  display_status: z.enum(invoiceStatuses),
  paid_status: invoicePaidStatusField,
  amount_paid: z.number(),
  due_amount: z.number(),
  /** A bank payment on its way (null when none): the invoice shows "Processing" and stays payable by nobody else until it settles or fails. */
  payment_processing: paymentProcessingSchema.nullable(),
  source: z.enum(['app', 'upload', 'import', 'estimate', 'recurring']),
  estimate_id: z.string().nullable(),
  /** The spec's loan status: `offered` while a financing offer is open, then its loan's status; null when never financed. */
  loan_status: z.enum(invoiceLoanStatuses).nullable().default(null),
});
export type InvoiceResource = z.infer<typeof invoiceResourceSchema>;

export const estimateResourceSchema = z.object({
  ...documentResourceShape,
  estimate_number: z.string(),
  reference_number: z.string().nullable(),
  estimate_date: z.string(),
  expiry_date: z.string().nullable(),
  status: z.enum(estimateStatuses),
  converted_invoice_id: z.string().nullable(),
});
export type EstimateResource = z.infer<typeof estimateResourceSchema>;

/** List rows: the document without lines, tax lines and attachments. */
export const invoiceListItemSchema = invoiceResourceSchema.omit({ items: true, taxes: true, attachments: true });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const estimateListItemSchema = estimateResourceSchema.omit({ items: true, taxes: true, attachments: true });
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;

export const invoiceOutgoingTabs = ['all', 'draft', 'open', 'paid'] as const;
export const invoiceIncomingTabs = ['all', 'open', 'paid'] as const;
export const estimateOutgoingTabs = ['all', 'draft', 'open', 'converted'] as const;
export const estimateIncomingTabs = ['all', 'approved', 'rejected'] as const;
export const invoiceOrderFields = ['invoice_date', 'due_date', 'invoice_number', 'total', 'created_at'] as const;
export const estimateOrderFields = ['estimate_date', 'expiry_date', 'estimate_number', 'total', 'created_at'] as const;

const directionSchema = z.enum(documentDirections, { error: messages.invalidType }).default('outgoing');
const documentListFilters = {
  type: directionSchema,
  customer_id: uuidSchema.optional(),
  from_date: isoDateSchema.optional(),
  to_date: isoDateSchema.optional(),
};

export const invoiceListQuerySchema = listQuerySchema.extend({
  ...documentListFilters,
  tab_status: z.enum(['all', 'draft', 'open', 'paid']).default('all'),
  status: z.enum(invoiceStatuses).optional(),
  paid_status: z.enum(invoicePaidStatuses).optional(),
  invoice_number: text().trim().max(255, messages.maxLength255).optional(),
  orderByField: z.enum(invoiceOrderFields).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const estimateListQuerySchema = listQuerySchema.extend({
  ...documentListFilters,
  tab_status: z.enum(['all', 'draft', 'open', 'converted', 'approved', 'rejected']).default('all'),
  status: z.enum(estimateStatuses).optional(),
  estimate_number: text().trim().max(255, messages.maxLength255).optional(),
  orderByField: z.enum(estimateOrderFields).optional(),
});
export type EstimateListQuery = z.input<typeof estimateListQuerySchema>;

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };

export const invoiceListResponseSchema = z.object({
  data: z.array(invoiceListItemSchema),
  meta: cappedListMetaSchema.extend({ invoice_total_count: z.number() }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const estimateListResponseSchema = z.object({
  data: z.array(estimateListItemSchema),
  meta: z.object({ ...listMetaShape, estimate_total_count: z.number() }),
});
export type EstimateListResponse = z.infer<typeof estimateListResponseSchema>;

/**
 * Amounts in minor units of the business currency (`currency_id`), converted as the dashboard
 * converts them: an outgoing invoice at the rate stored on it, else the business's current rate;
 * an incoming one at the business's current rate. Currencies with no rate to use are left out and
 * listed in `unconverted_currency_ids`.
 */
export const invoiceStatsSchema = z.object({
  inDraft: z.number(),
  totalPaid: z.number(),
  totalDue: z.number(),
  totalOverDue: z.number(),
  currency_id: z.number(),
  unconverted_currency_ids: z.array(z.number()),
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;
export const invoiceStatsQuerySchema = z.object({ type: directionSchema });

export const nextNumberQuerySchema = z.object({ model: z.enum(numberedModels), customer_id: uuidSchema.optional(), date: isoDateSchema.optional() });
export const nextNumberResponseSchema = z.object({ next_number: z.string(), next_sequence_number: z.number(), nextCustomerSequenceNumber: z.number().nullable() });
export type NextNumberResponse = z.infer<typeof nextNumberResponseSchema>;

export const updateDueDateRequestSchema = z.object({ due_date: isoDateSchema });

export const sendDocumentEmailRequestSchema = z.object({
  to: emailSchema,
  reply_to: emailSchema.nullish().or(z.literal('').transform(() => null)),
  subject: text({ error: messages.required }).trim().min(1, messages.required).max(100, messages.subjectTooLong),
  body: text({ error: messages.required }).min(1, messages.required).max(65000, messages.notesTooLong),
  notify_admin: z.boolean().default(false),
});
export type SendDocumentEmailRequest = z.input<typeof sendDocumentEmailRequestSchema>;

/**
 * What became of the mail a send wrote to the outbox: `queued` for delivery, or `held` there because
 * neither the tenant nor the installation has a mail server configured (it goes once one is).
 */
export const sentMailStatuses = ['queued', 'held'] as const;
export const sentMailSchema = z.object({
  status: z.enum(sentMailStatuses),
  held_reason: z.enum(['no_mail_server']).nullable(),
});
export type SentMail = z.infer<typeof sentMailSchema>;

/** A document's create or update answer: `mail` is there when the save also sent it (`send_invoice`, `send_estimate`). */
export function savedDocumentResponse<Schema extends z.ZodType>(schema: Schema) {
  return z.object({ data: schema, mail: sentMailSchema.optional() });
}

/** The send-email answer: the document (or receipt) as sent, and what became of its mail. */
export function sentDocumentResponse<Schema extends z.ZodType>(schema: Schema) {
  return z.object({ data: schema, mail: sentMailSchema });
}

export const documentEmailPreviewSchema = z.object({
  to: z.string().nullable(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  send_as_attachment: z.boolean(),
});
export type DocumentEmailPreview = z.infer<typeof documentEmailPreviewSchema>;

export const rejectDocumentRequestSchema = z.object({ reason: optionalText255 });
export const documentStatusResponseSchema = z.object({ status: z.string() });

export const publicLinkResponseSchema = z.object({ url: z.string(), expires_at: z.string().nullable() });
export type PublicLinkResponse = z.infer<typeof publicLinkResponseSchema>;

export const pdfTemplateSchema = z.object({ name: z.string(), label: z.string(), is_default: z.boolean() });
export type PdfTemplate = z.infer<typeof pdfTemplateSchema>;
export const invoiceTemplatesResponseSchema = z.object({ invoiceTemplates: z.array(pdfTemplateSchema) });
export const estimateTemplatesResponseSchema = z.object({ estimateTemplates: z.array(pdfTemplateSchema) });


export const documentIdsRequestSchema = z.object({ ids: listOf(uuidSchema, { min: 1, max: 500 }) });
/** How many of the ids were deleted. */
/** `POST /upload-invoice`: the invoices the spreadsheet made. */
export const invoiceUploadResponseSchema = dataResponse(z.array(invoiceResourceSchema));
export const bulkDeleteResponseSchema = z.object({ success: z.boolean(), count: z.number() });

/** What a public page shows: the document as its recipient sees it, without internal fields. */
/** A payment as the public invoice page lists it; an estimate's page lists none. */
export const publicDocumentPaymentSchema = z.object({ payment_date: z.string(), payment_number: z.string(), amount: z.number() });
export type PublicDocumentPayment = z.infer<typeof publicDocumentPaymentSchema>;

export const publicDocumentSchema = z.object({
  model: z.enum(['invoice', 'estimate']),
  business: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  invoice: invoiceResourceSchema.omit({ allowed_actions: true, attachments: true }).nullable(),
  estimate: estimateResourceSchema.omit({ allowed_actions: true, attachments: true }).nullable(),
  can_approve: z.boolean(),
  can_reject: z.boolean(),
  /** An estimate made into an invoice: that invoice's number (null for an invoice, or an estimate not converted). */
  converted_to_invoice: z.object({ invoice_number: z.string() }).nullable(),
  payments: z.array(publicDocumentPaymentSchema),
  pdf_url: z.string(),
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;
