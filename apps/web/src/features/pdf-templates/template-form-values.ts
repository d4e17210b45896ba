import type { Path } from 'react-hook-form';
import { type PdfLabelKey, type PdfLayout, type PdfTemplateRequest, type PdfTemplateResource, pdfLabelKeys } from '@app/contracts';

/** The editor's values: a label left blank prints the English word; the footer as text. */
export type TemplateFormValues = {
  name: string;
  layout: Omit<PdfLayout, 'footer' | 'labels'> & { footer: string; labels: Partial<Record<PdfLabelKey, string>> };
};

export function formValuesOf(template: PdfTemplateResource): TemplateFormValues {
  return { name: template.name, layout: { ...template.layout, footer: template.layout.footer ?? '', labels: { ...template.layout.labels } } };
}

/** The request the values make; the contract leaves blank labels and a blank footer out. */
export function requestOf(values: TemplateFormValues): PdfTemplateRequest {
  return { name: values.name, layout: values.layout };
}

export const layoutSwitches = ['show_business_address', 'show_bill_to', 'show_ship_to', 'show_notes', 'show_page_numbers'] as const;
export const layoutColours = ['accent_color', 'text_on_accent_color', 'muted_color', 'rule_color', 'stripe_color'] as const;

/** Every field the contract may refuse, as the form names it (the same path as the request's). */
export const templateFormFields: readonly Path<TemplateFormValues>[] = [
  'name',
  'layout.header',
  'layout.table',
  'layout.logo_position',
  'layout.font',
  'layout.font_size',
  'layout.footer',
  ...layoutColours.map((colour) => `layout.${colour}` as const),
  ...layoutSwitches.map((name) => `layout.${name}` as const),
  ...pdfLabelKeys.map((key) => `layout.labels.${key}` as const),
];
