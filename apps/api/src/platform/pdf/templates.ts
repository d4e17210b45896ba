import { type PdfLabelKey, type PdfLayout, pdfEnglishLabels } from '@app/contracts';

export type { PdfLayout } from '@app/contracts';

/** The template's word for `key`, else the English one. */
export function labelOf(layout: PdfLayout, key: keyof typeof pdfEnglishLabels): string {
  return layout.labels[key] ?? pdfEnglishLabels[key];
}

/** The template's word for a label the model brings (title, a field), else the model's. */
export function labelOr(layout: PdfLayout, key: PdfLabelKey, modelLabel: string): string {
  return layout.labels[key] ?? modelLabel;
}
