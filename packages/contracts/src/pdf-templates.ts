import { z } from 'zod';
import { blankToNull } from './address';
import { hexColorSchema } from './common';
import { text } from './fields';
import { messages } from './messages';

/**
 * PDF templates (spec: admin pdf-templates, pdf-templates/{id}/edit; PDF template: name, type,
 * default flag). A template is data: the layout options the renderer supports. The product ships
 * built-in templates (read-only, addressed by names such as 'invoice1'); a tenant's admin creates
 * its own from any of them (addressed by id), edits them and chooses each kind's default.
 *
 * A template is also the unit of language: its labels replace the printed English words, so a
 * tenant that bills in French keeps a French template and its businesses choose it.
 */
export const pdfTemplateKinds = ['invoice', 'estimate', 'payment'] as const;
export type PdfTemplateKind = (typeof pdfTemplateKinds)[number];

/** The words a PDF prints, each replaceable by a template's label; the English wording is the renderer's. */
export const pdfLabelKeys = [
  'title',
  'date',
  'due_date',
  'expiry_date',
  'reference',
  'paid_to',
  'payment_mode',
  'invoice',
  'bill_to',
  'ship_to',
  'received_from',
  'item',
  'quantity',
  'price',
  'discount',
  'document_discount',
  'tax',
  'amount',
  'subtotal',
  'taxable_amount',
  'total',
  'amount_paid',
  'amount_due',
  'amount_received',
  'notes',
] as const;
export type PdfLabelKey = (typeof pdfLabelKeys)[number];

/** The English words a PDF prints where its template has no label (the title and date field are the kind's own). */
export const pdfEnglishLabels: Record<Exclude<PdfLabelKey, 'title' | 'date'>, string> = {
  due_date: 'Due Date',
  expiry_date: 'Expiry Date',
  reference: 'Reference',
  paid_to: 'Paid To',
  payment_mode: 'Payment Mode',
  invoice: 'Invoice',
  bill_to: 'Bill To',
  ship_to: 'Ship To',
  received_from: 'Received From',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  discount: 'Discount',
  document_discount: 'Doc. discount',
  tax: 'Tax',
  amount: 'Amount',
  subtotal: 'Subtotal',
  taxable_amount: 'Taxable amount',
  total: 'Total',
  amount_paid: 'Amount Paid',
  amount_due: 'Amount Due',
  amount_received: 'Amount Received',
  notes: 'Notes',
};

/** Each kind's own title and date field, as printed without a label. */
export const pdfKindWords: Record<PdfTemplateKind, { title: string; date: string }> = {
  invoice: { title: 'Invoice', date: 'Invoice Date' },
  estimate: { title: 'Estimate', date: 'Estimate Date' },
  payment: { title: 'Payment Receipt', date: 'Payment Date' },
};

const itemLabels = ['bill_to', 'ship_to', 'item', 'quantity', 'price', 'discount', 'document_discount', 'tax', 'amount', 'subtotal', 'taxable_amount', 'total'] as const;

/** The labels a kind's documents print, for the editor to offer. */
export const pdfLabelKeysOfKind: Record<PdfTemplateKind, readonly PdfLabelKey[]> = {
  invoice: ['title', 'date', 'due_date', ...itemLabels, 'amount_paid', 'amount_due', 'notes'],
  estimate: ['title', 'date', 'expiry_date', 'reference', ...itemLabels, 'notes'],
  payment: ['title', 'date', 'paid_to', 'payment_mode', 'invoice', 'received_from', 'amount_received', 'notes'],
};

/** The English word a label replaces. */
export function pdfEnglishLabel(kind: PdfTemplateKind, key: PdfLabelKey): string {
  return key === 'title' || key === 'date' ? pdfKindWords[kind][key] : pdfEnglishLabels[key];
}

/** Families embedded in every PDF that set Latin text; other scripts always fall back to Noto. */
export const pdfFonts = ['Roboto', 'NotoSans'] as const;

/** Body text sizes in points, as decimal text like every fractional figure of the API. */
export const pdfFontSizes = ['8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12'] as const;

export const PDF_LABEL_MAX = 40;
export const PDF_FOOTER_MAX = 300;

const label = text().trim().min(1, messages.required).max(PDF_LABEL_MAX, messages.pdfLabelTooLong);

export const pdfLabelsSchema = z.partialRecord(z.enum(pdfLabelKeys), label);
export type PdfLabels = z.infer<typeof pdfLabelsSchema>;

/** A label left blank is no label: the English word stays. */
function withoutBlankLabels(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, text]) => !(typeof text === 'string' && text.trim() === '')));
}

/**
 * Everything a template decides. Colours are hex only and there is no image or link field: the
 * renderer draws nothing it would have to fetch.
 */
export const pdfLayoutSchema = z.object({
  /** 'classic': business left, title right. 'banner': a full-width band in the accent colour. */
  header: z.enum(['classic', 'banner']),
  /** 'ruled': thin lines between item rows. 'striped': a filled header row and alternate row fill. */
  table: z.enum(['ruled', 'striped']),
  logo_position: z.enum(['left', 'right', 'hidden']),
  font: z.enum(pdfFonts),
  /** Body text in points; headings scale with it. */
  font_size: z.enum(pdfFontSizes, { error: messages.pdfFontSize }),
  accent_color: hexColorSchema,
  /** Text drawn on an accent-filled background. */
  text_on_accent_color: hexColorSchema,
  muted_color: hexColorSchema,
  rule_color: hexColorSchema,
  stripe_color: hexColorSchema,
  show_business_address: z.boolean(),
  show_bill_to: z.boolean(),
  show_ship_to: z.boolean(),
  show_notes: z.boolean(),
  show_page_numbers: z.boolean(),
  /** Printed at the foot of every page (plain text). */
  footer: z.preprocess(blankToNull, text().max(PDF_FOOTER_MAX, messages.pdfFooterTooLong).nullable()),
  labels: z.preprocess(withoutBlankLabels, pdfLabelsSchema),
});
export type PdfLayout = z.infer<typeof pdfLayoutSchema>;

/** The layout as answers carry it (no request-side transform, so the answer can be encoded). */
export const pdfLayoutResourceSchema = pdfLayoutSchema.extend({ footer: z.string().nullable(), labels: pdfLabelsSchema });

const baseLayout: PdfLayout = {
  header: 'classic',
  table: 'ruled',
  logo_position: 'left',
  font: 'Roboto',
  font_size: '9.5',
  accent_color: '#1f2937',
  text_on_accent_color: '#ffffff',
  muted_color: '#6b7280',
  rule_color: '#d1d5db',
  stripe_color: '#f9fafb',
  show_business_address: true,
  show_bill_to: true,
  show_ship_to: true,
  show_notes: true,
  show_page_numbers: true,
  footer: null,
  labels: {},
};

const modernLayout: PdfLayout = {
  ...baseLayout,
  header: 'banner',
  table: 'striped',
  accent_color: '#1d4ed8',
  muted_color: '#64748b',
  rule_color: '#bfdbfe',
  stripe_color: '#eff6ff',
};

const receiptLayout: PdfLayout = { ...baseLayout, accent_color: '#047857', stripe_color: '#ecfdf5' };

export type BuiltInPdfTemplate = { id: string; name: string; kind: PdfTemplateKind; is_default: boolean; layout: PdfLayout };

/** The product's own templates; their ids are what documents made before tenant templates store. */
export const builtInPdfTemplates: readonly BuiltInPdfTemplate[] = [
  { id: 'invoice1', name: 'Classic', kind: 'invoice', is_default: true, layout: baseLayout },
  { id: 'invoice2', name: 'Modern', kind: 'invoice', is_default: false, layout: modernLayout },
  { id: 'estimate1', name: 'Classic', kind: 'estimate', is_default: true, layout: baseLayout },
  { id: 'estimate2', name: 'Modern', kind: 'estimate', is_default: false, layout: modernLayout },
  { id: 'payment1', name: 'Receipt', kind: 'payment', is_default: true, layout: receiptLayout },
];

/** The built-in template a kind falls back to when the tenant chose none (or its choice is gone). */
export function builtInDefaultPdfTemplate(kind: PdfTemplateKind): BuiltInPdfTemplate {
  const found = builtInPdfTemplates.find((template) => template.kind === kind && template.is_default);
  if (!found) throw new Error(`No built-in default PDF template for ${kind}`);
  return found;
}

export function findBuiltInPdfTemplate(id: string): BuiltInPdfTemplate | undefined {
  return builtInPdfTemplates.find((template) => template.id === id);
}

/** A built-in name or a tenant template's id, as documents store it. */
export const pdfTemplateIdSchema = text().trim().min(1).max(64, messages.invalidTemplate);
export const pdfTemplateParamsSchema = z.object({ id: pdfTemplateIdSchema });

export const pdfTemplateRequestSchema = z.object({
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  layout: pdfLayoutSchema,
});
export type PdfTemplateRequest = z.input<typeof pdfTemplateRequestSchema>;

/** A new template: a copy of an existing one (built-in or the tenant's), under a new name. */
export const pdfTemplateCreateRequestSchema = z.object({
  name: pdfTemplateRequestSchema.shape.name,
  copy_of: pdfTemplateIdSchema,
});
export type PdfTemplateCreateRequest = z.input<typeof pdfTemplateCreateRequestSchema>;

export const pdfTemplateResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(pdfTemplateKinds),
  is_default: z.boolean(),
  built_in: z.boolean(),
  layout: pdfLayoutResourceSchema,
  updated_at: z.string().nullable(),
});
export type PdfTemplateResource = z.infer<typeof pdfTemplateResourceSchema>;
export const pdfTemplateListResponseSchema = z.object({ data: z.array(pdfTemplateResourceSchema) });

/** The preview renders a sample document of the kind with a draft layout, before anything is saved. */
export const pdfTemplatePreviewRequestSchema = z.object({ kind: z.enum(pdfTemplateKinds), layout: pdfLayoutSchema });
export type PdfTemplatePreviewRequest = z.input<typeof pdfTemplatePreviewRequestSchema>;
