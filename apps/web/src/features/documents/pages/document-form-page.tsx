import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import type { DocumentKind } from '../../../lib/document-kinds';
import { DocumentForm } from '../components/document-form';
import { isInvoice, useDocument } from '../documents-queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function DocumentCreatePage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // Only a well-formed id preselects: anything else would be sent as the customer and refused.
  const customer = search.get('customer');
  return (
    <>
      <PageHeader title={t(`document_form.${kind}.create`)} />
      <DocumentForm kind={kind} document={null} initialCustomerId={customer && UUID.test(customer) ? customer : null} />
    </>
  );
}

function DocumentEditPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const document = useDocument(kind, id);
  const number = document.data ? (isInvoice(document.data) ? document.data.invoice_number : document.data.estimate_number) : '';
  return (
    <>
      <PageHeader title={t(`document_form.${kind}.edit_title`, { number })} />
      <QueryState isPending={document.isPending} error={document.error} onRetry={() => void document.refetch()}>
        {document.data && <DocumentForm key={document.data.id} kind={kind} document={document.data} />}
      </QueryState>
    </>
  );
}

export const InvoiceCreatePage = () => <DocumentCreatePage kind="invoice" />;
export const InvoiceEditPage = () => <DocumentEditPage kind="invoice" />;
export const EstimateCreatePage = () => <DocumentCreatePage kind="estimate" />;
export const EstimateEditPage = () => <DocumentEditPage kind="estimate" />;
