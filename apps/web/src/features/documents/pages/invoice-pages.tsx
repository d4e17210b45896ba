import { UploadInvoiceButton } from '../../invoices';
import { DocumentViewPage } from './document-view-page';
import { DocumentsListPage } from './documents-list-page';

export const OutgoingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="outgoing" headerActions={<UploadInvoiceButton />} />;
export const IncomingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="incoming" />;
export const InvoiceViewPage = () => <DocumentViewPage kind="invoice" />;
