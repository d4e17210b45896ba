/** What recurring invoices use of the invoice and estimate form: its lines, notes, summary, totals and values. */
export { DocumentLines } from './components/document-lines';
export { DocumentNotes } from './components/document-notes';
export { DocumentSummary } from './components/document-summary';
export { showDocumentServerErrors } from './components/document-server-errors';
export { isFormPath } from './components/form-paths';
export { problemsResolution } from './components/problems-resolver';
export { LiveTotalsProvider } from './components/live-totals';
export { useDocumentTemplates } from './document-form-queries';
export { type DocumentFlags, type DocumentFormValues, type FormErrors, buildRequest, emptyLine, formPathOf, liveTotals, pricingValuesFromResource } from './document-form-values';
