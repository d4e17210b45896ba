import './public-document-styles';
import '../../lib/i18n-documents';
import type { ReactNode } from 'react';
import { Alert, Box, Button, Center, Group, Image, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type PublicDocument, messages } from '@app/contracts';
import { errorText, isApiError } from '../../lib/api-error';
import { DocumentPreview } from '../invoices/components/document-preview';
import { DocumentStatusBadge } from '../invoices/components/document-status-badge';
import { type PublicModel, usePublicDocument, usePublicEstimateDecision } from './public-documents-queries';

/** A wrong, revoked or expired token is the same thing to the visitor. */
const INVALID_LINK_STATUSES = new Set([400, 403, 404, 410]);

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Box maw={960} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

function EstimateDecision({ token, document }: { token: string; document: PublicDocument }) {
  const { t } = useTranslation();
  const decide = usePublicEstimateDecision(token);
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
  const { t } = useTranslation();
  const document = model === 'invoice' ? data.invoice : data.estimate;
  if (!document) return <Alert color="red">{messages.publicLinkInvalid}</Alert>;
  const status = 'display_status' in document ? document.display_status : document.status;
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          {data.business.logo_url && <Image src={data.business.logo_url} alt={data.business.name} h={48} w="auto" fit="contain" />}
          <Title order={1} fz="h3">
            {data.business.name}
          </Title>
        </Group>
        <Group gap="sm">
          <DocumentStatusBadge status={status} />
          <Button component="a" href={data.pdf_url} variant="default">
            {t('public_documents.download_pdf')}
          </Button>
        </Group>
      </Group>
      {model === 'estimate' && <EstimateDecision token={token} document={data} />}
      <DocumentPreview document={document} />
    </Stack>
  );
}

function PublicDocumentPage({ model }: { model: PublicModel }) {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = usePublicDocument(model, token);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (query.isError) {
    const invalid = isApiError(query.error) && INVALID_LINK_STATUSES.has(query.error.status);
    content = (
      <Alert color="red" role="alert" title={t('public_documents.unavailable')}>
        {invalid ? messages.publicLinkInvalid : (errorText(query.error, t('errors.generic'), t('errors.network')) ?? t('errors.generic'))}
      </Alert>
    );
  } else {
    content = <PublicDocumentView model={model} token={token} data={query.data} />;
  }
  return (
    <Frame>
      {content}
    </Frame>
  );
}

export const PublicInvoicePage = () => <PublicDocumentPage model="invoice" />;
export const PublicEstimatePage = () => <PublicDocumentPage model="estimate" />;
