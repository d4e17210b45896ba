export type { PdfDocumentModel, PdfKind, PdfLine, PdfLogo, PdfParty, PdfTaxLine } from './document-model';
export { renderDocumentPdf } from './document-pdf';
export { sampleDocumentFor } from './sample-documents';
