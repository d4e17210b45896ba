/** Uploading a spreadsheet of invoices, offered on the outgoing invoices list. */
export { UploadInvoiceButton } from './components/upload-invoice-button';
