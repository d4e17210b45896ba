import { DocumentViewPage, DocumentsListPage } from '../../documents';

export const OutgoingEstimatesPage = () => <DocumentsListPage kind="estimate" direction="outgoing" />;
export const IncomingEstimatesPage = () => <DocumentsListPage kind="estimate" direction="incoming" />;
export const EstimateViewPage = () => <DocumentViewPage kind="estimate" />;
