import { Alert, Anchor, Badge, Grid, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DocumentPreview } from '../../../components/document-preview';
import { DocumentStatusBadge, PaidStatusBadge, PaymentProcessingBadge } from '../../../components/document-status-badge';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { type DocumentKind, documentKinds, documentLinks } from '../../../lib/document-kinds';
import { useCan } from '../../../lib/session';
import { EstimateDepositPanel } from '../../estimate-deposits';
import { InvoicePayments } from '../../payments';
import { DocumentActions } from '../components/document-actions';
import { DocumentAttachments } from '../components/document-attachments';
import { DocumentTimeline } from '../components/document-timeline';
import { InvoiceReminders } from '../components/invoice-reminders';
import { InvoiceTimeline } from '../components/invoice-timeline';
import { type DocumentResource, isInvoice, shownStatusOf, useDocument } from '../documents-queries';
import { useDocumentPermissions } from '../use-document-commands';

function Related({ document }: { document: DocumentResource }) {
  const { t } = useTranslation();
  if (isInvoice(document) && document.estimate_id) {
    return (
      <Anchor component={Link} to={documentLinks.view('estimate', document.estimate_id)} size="sm">
        {t('invoices.view.from_estimate')}
      </Anchor>
    );
  }
  if (!isInvoice(document) && document.converted_invoice_id) {
    return (
      <Anchor component={Link} to={documentLinks.view('invoice', document.converted_invoice_id)} size="sm">
        {t('estimates.view.converted_invoice')}
      </Anchor>
    );
  }
  return null;
}

/**
 * Why a draft estimate offers no "Convert to invoice": the transition table converts only estimates
 * the customer could have seen (open and after), so the way there is "Mark as open" first.
 */
function DraftEstimateHint({ document }: { document: DocumentResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const may = useDocumentPermissions('estimate')(document);
  if (isInvoice(document) || document.status !== 'draft' || !may.finalize || !can('create-invoice')) return null;
  return (
    <Alert color="blue" variant="light" title={t('estimates.view.convert_hint_title')}>
      {t('estimates.view.convert_hint')}
    </Alert>
  );
}

function DocumentView({ kind, document }: { kind: DocumentKind; document: DocumentResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const number = isInvoice(document) ? document.invoice_number : document.estimate_number;
  const issuer = document.direction === 'outgoing';
  const counterparty = issuer ? document.customer.name : document.business.name;

  return (
    <>
      <PageHeader title={t(`${kind}s.view.title`, { number })} description={t(issuer ? 'invoices.view.to' : 'invoices.view.from', { name: counterparty })} actions={<DocumentActions kind={kind} document={document} />} />
      <Stack>
        <Group gap="xs">
          <DocumentStatusBadge status={shownStatusOf(document, document.direction)} />
          {isInvoice(document) && (document.status !== 'draft' || document.amount_paid > 0) && document.paid_status && <PaidStatusBadge status={document.paid_status} />}
          {isInvoice(document) && <PaymentProcessingBadge processing={document.payment_processing} />}
          <Badge variant="outline" color="gray">
            {t(`invoices.direction.${document.direction}`)}
          </Badge>
          <Related document={document} />
        </Group>
        <DraftEstimateHint document={document} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <DocumentPreview document={document} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <DocumentAttachments kind={kind} documentId={document.id} attachments={document.attachments} canRemove={issuer && can(documentKinds[kind].abilities.edit)} />
              {!isInvoice(document) && document.status !== 'draft' && <EstimateDepositPanel estimate={document} />}
              {isInvoice(document) ? <InvoiceTimeline invoice={document} /> : <DocumentTimeline document={document} />}
              {isInvoice(document) && (document.status !== 'draft' || document.amount_paid > 0) && can('view-payment') && <InvoicePayments invoiceId={document.id} direction={document.direction} />}
              {isInvoice(document) && issuer && document.status !== 'draft' && <InvoiceReminders invoiceId={document.id} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}

export function DocumentViewPage({ kind }: { kind: DocumentKind }) {
  const { id = '' } = useParams();
  const document = useDocument(kind, id);
  return (
    <QueryState isPending={document.isPending} error={document.error} onRetry={() => void document.refetch()}>
      {document.data && <DocumentView kind={kind} document={document.data} />}
    </QueryState>
  );
}
