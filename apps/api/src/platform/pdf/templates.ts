import type { PdfKind, PdfTemplateInfo } from './document-model';

/** The visual choices a template makes; the blocks that use them are shared by every template. */
export type PdfTheme = {
  /** 'classic': logo and business left, title right. 'banner': a full-width coloured band with the title. */
  header: 'classic' | 'banner';
  /** 'ruled': thin lines between item rows. 'striped': coloured header row and alternating row fill. */
  table: 'ruled' | 'striped';
  /** 'totals': the subtotal/discount/tax/total block. 'amount': one boxed amount (receipts). */
  summary: 'totals' | 'amount';
  accent: string;
  /** Text drawn on an accent-filled background. */
  onAccent: string;
  muted: string;
  rule: string;
  stripe: string;
};

type PdfTemplate = PdfTemplateInfo & { theme: PdfTheme };

const classic: PdfTheme = {
  header: 'classic',
  table: 'ruled',
  summary: 'totals',
  accent: '#1f2937',
  onAccent: '#ffffff',
  muted: '#6b7280',
  rule: '#d1d5db',
  stripe: '#f9fafb',
};

const modern: PdfTheme = {
  header: 'banner',
  table: 'striped',
  summary: 'totals',
  accent: '#1d4ed8',
  onAccent: '#ffffff',
  muted: '#64748b',
  rule: '#bfdbfe',
  stripe: '#eff6ff',
};

const receipt: PdfTheme = {
  header: 'classic',
  table: 'ruled',
  summary: 'amount',
  accent: '#047857',
  onAccent: '#ffffff',
  muted: '#6b7280',
  rule: '#d1d5db',
  stripe: '#ecfdf5',
};

const templates: readonly PdfTemplate[] = [
  { name: 'invoice1', label: 'Classic', kind: 'invoice', is_default: true, theme: classic },
  { name: 'invoice2', label: 'Modern', kind: 'invoice', is_default: false, theme: modern },
  { name: 'estimate1', label: 'Classic', kind: 'estimate', is_default: true, theme: classic },
  { name: 'estimate2', label: 'Modern', kind: 'estimate', is_default: false, theme: modern },
  { name: 'payment1', label: 'Receipt', kind: 'payment', is_default: true, theme: receipt },
];

export function listPdfTemplates(kind: PdfKind): PdfTemplateInfo[] {
  return templates.filter((template) => template.kind === kind).map(({ name, label, is_default }) => ({ name, label, kind, is_default }));
}

/** The named template of that kind, else the kind's default (a stored name may outlive its template). */
export function resolvePdfTheme(kind: PdfKind, name: string): PdfTheme {
  const ofKind = templates.filter((template) => template.kind === kind);
  const chosen = ofKind.find((template) => template.name === name) ?? ofKind.find((template) => template.is_default);
  if (!chosen) throw new Error(`No default PDF template for ${kind}`);
  return chosen.theme;
}
