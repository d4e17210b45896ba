import { UploadInvoiceButton } from '../components/upload-invoice-button';
import { DocumentViewPage, DocumentsListPage } from '../../documents';

export const OutgoingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="outgoing" headerActions={<UploadInvoiceButton />} />;
export const IncomingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="incoming" />;
export const InvoiceViewPage = () => <DocumentViewPage kind="invoice" />;
