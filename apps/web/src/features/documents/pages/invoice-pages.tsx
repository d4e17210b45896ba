import { ImportButton } from '../../data-import';
import { UploadInvoiceButton } from '../../invoices';
import { DocumentViewPage } from './document-view-page';
import { DocumentsListPage } from './documents-list-page';

const OutgoingActions = () => (
  <>
    <UploadInvoiceButton />
    <ImportButton entity="invoices" />
  </>
);

export const OutgoingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="outgoing" headerActions={<OutgoingActions />} />;
export const IncomingInvoicesPage = () => <DocumentsListPage kind="invoice" direction="incoming" />;
export const InvoiceViewPage = () => <DocumentViewPage kind="invoice" />;
