export type { PdfDocumentModel, PdfKind, PdfLine, PdfLogo, PdfParty, PdfTaxLine, PdfTemplateInfo } from './document-model';
export { renderDocumentPdf } from './document-pdf';
export { listPdfTemplates } from './templates';
