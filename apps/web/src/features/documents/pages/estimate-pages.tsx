import { DocumentViewPage } from './document-view-page';
import { DocumentsListPage } from './documents-list-page';

export const OutgoingEstimatesPage = () => <DocumentsListPage kind="estimate" direction="outgoing" />;
export const IncomingEstimatesPage = () => <DocumentsListPage kind="estimate" direction="incoming" />;
export const EstimateViewPage = () => <DocumentViewPage kind="estimate" />;
