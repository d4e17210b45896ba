/**
 * What other features use of the invoice and estimate core: the list and view pages (invoices,
 * estimates), the preview (public documents) and the form's parts (recurring invoices).
 */
export { DocumentLines } from './components/document-lines';
export { DocumentNotes } from './components/document-notes';
export { DocumentPreview } from './components/document-preview';
export { DocumentSummary } from './components/document-summary';
export { isFormPath } from './components/form-paths';
export { LiveTotalsProvider } from './components/live-totals';
export { TotalsSummary } from './components/totals-summary';
export { useDocumentTemplates } from './document-form-queries';
export { type DocumentFlags, type DocumentFormValues, type FormErrors, buildRequest, emptyLine, formPathOf, liveTotals, ratesOf } from './document-form-values';
export { DocumentViewPage } from './pages/document-view-page';
export { DocumentsListPage } from './pages/documents-list-page';
