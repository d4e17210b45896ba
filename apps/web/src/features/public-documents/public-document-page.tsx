import './public-document-styles';
import '../../lib/i18n-documents';
import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type PublicDocument, sharedMessages as messages } from '@app/contracts';
import { shownEstimateStatus, shownInvoiceStatus } from '@app/domain';
import { DocumentPreview } from '../../components/document-preview';
import { DocumentStatusBadge, PaidStatusBadge, PaymentProcessingBadge } from '../../components/document-status-badge';
import { errorText } from '../../lib/api-error';
import { type PublicModel, usePublicDocument, usePublicEstimateDecision } from './public-documents-queries';
import { PublicHeader, PublicPageState } from './public-frame';
import { PublicInvoicePayments } from './public-invoice-payments';
import { PublicAccessChoice, PublicCardPayment } from './public-card-payment';
import { PublicEstimateDeposit } from './public-estimate-deposit';

function EstimateDecision({ token, document }: { token: string; document: PublicDocument }) {
  const { t } = useTranslation();
  const decide = usePublicEstimateDecision(token);
  if (document.converted_to_invoice) {
    return (
      <Alert color="blue" role="status">
        {t('public_documents.converted', { number: document.converted_to_invoice.invoice_number })}
      </Alert>
    );
  }
  if (!document.can_approve && !document.can_reject && !decide.isSuccess) return null;
  return (
    <Stack gap="xs">
      {decide.isSuccess && (
        <Alert color="green" role="status">
          {t(decide.variables === 'approve' ? 'public_documents.accepted' : 'public_documents.rejected')}
        </Alert>
      )}
      {decide.isError && (
        <Alert color="red" role="alert">
          {errorText(decide.error, t('errors.generic'), t('errors.network'))}
        </Alert>
      )}
      <Group>
        {document.can_approve && (
          <Button color="green" loading={decide.isPending && decide.variables === 'approve'} disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
            {t('public_documents.accept')}
          </Button>
        )}
        {document.can_reject && (
          <Button color="red" variant="light" loading={decide.isPending && decide.variables === 'reject'} disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
            {t('public_documents.reject')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function PublicDocumentView({ model, token, data }: { model: PublicModel; token: string; data: PublicDocument }) {
  const [asGuest, setAsGuest] = useState(false);
  const invoice = model === 'invoice' ? data.invoice : null;
  const document = invoice ?? (model === 'estimate' ? data.estimate : null);
  if (!document) return <Alert color="red">{messages.publicLinkInvalid}</Alert>;
  // The public page is the receiver's: an invoice waiting for payment reads Due, an approved estimate Accepted.
  const shown = invoice ? shownInvoiceStatus(invoice, 'receiver') : data.estimate && shownEstimateStatus(data.estimate.status);
  const badges = (
    <>
      {shown && <DocumentStatusBadge status={shown} />}
      {invoice?.paid_status && <PaidStatusBadge status={invoice.paid_status} />}
      {invoice && <PaymentProcessingBadge processing={invoice.payment_processing} />}
    </>
  );
  return (
    <Stack>
      <PublicHeader business={data.business} pdfUrl={data.pdf_url} badges={badges} />
      {model === 'estimate' && <EstimateDecision token={token} document={data} />}
      {model === 'estimate' && <PublicEstimateDeposit token={token} payee={data.business.name} />}
      {invoice && !asGuest && <PublicAccessChoice token={token} dueAmount={invoice.due_amount} onGuest={() => setAsGuest(true)} />}
      <DocumentPreview document={document} />
      {invoice && <PublicCardPayment token={token} dueAmount={invoice.due_amount} currencyId={invoice.currency_id} awaitingChoice={!asGuest} processing={invoice.payment_processing} payee={data.business.name} />}
      {invoice && <PublicInvoicePayments payments={data.payments} currencyId={invoice.currency_id} />}
    </Stack>
  );
}

function PublicDocumentPage({ model }: { model: PublicModel }) {
  const { token = '' } = useParams();
  const query = usePublicDocument(model, token);
  return (
    <PublicPageState query={query} invalidMessage={messages.publicLinkInvalid}>
      {(data) => <PublicDocumentView model={model} token={token} data={data} />}
    </PublicPageState>
  );
}

export const PublicInvoicePage = () => <PublicDocumentPage model="invoice" />;
export const PublicEstimatePage = () => <PublicDocumentPage model="estimate" />;
