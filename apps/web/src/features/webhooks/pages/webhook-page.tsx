import { useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { WEBHOOK_ALL_EVENTS, type WebhookResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LabelledValue } from '../../../components/labelled-value';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type WebhookArea, webhookLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { RotateSecretModal } from '../components/rotate-secret-modal';
import { FailingSince, useEventsSummary, WebhookStatusBadge } from '../components/webhook-badges';
import { WebhookFormModal } from '../components/webhook-form-modal';
import { WebhookLogTable } from '../components/webhook-log-table';
import { WebhookSecretModal } from '../components/webhook-secret-modal';
import { useDeleteWebhook, useSetWebhookEnabled, useWebhook } from '../webhooks-queries';

type Dialog = 'edit' | 'rotate' | 'delete' | null;

/** Edit, enable or disable, rotate the secret, delete: each button only for whoever holds its ability. */
function WebhookActions({ area, webhook, onSecret }: { area: WebhookArea; webhook: WebhookResource; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const can = useCan(area);
  const navigate = useNavigate();
  const toggle = useSetWebhookEnabled(area);
  const remove = useDeleteWebhook(area);
  const [dialog, setDialog] = useState<Dialog>(null);
  const enabled = webhook.status === 'enabled';

  const setEnabled = () =>
    toggle.mutate(
      { id: webhook.id, enabled: !enabled },
      { onSuccess: () => notifySuccess(t(enabled ? 'webhooks.disabled' : 'webhooks.enabled')), onError: notifyError },
    );
  const confirmDelete = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => {
        notifySuccess(t('webhooks.deleted'));
        void navigate(webhookLinks(area).list);
      },
      onError: notifyError,
      onSettled: () => setDialog(null),
    });

  return (
    <>
      {can('edit-webhook') && (
        <>
          <Button variant="default" onClick={() => setDialog('edit')}>
            {t('webhooks.edit')}
          </Button>
          <Button variant="default" onClick={setEnabled} loading={toggle.isPending}>
            {t(enabled ? 'webhooks.disable' : 'webhooks.enable')}
          </Button>
          <Button variant="default" onClick={() => setDialog('rotate')}>
            {t('webhooks.rotate')}
          </Button>
        </>
      )}
      {can('delete-webhook') && (
        <Button color="red" variant="light" onClick={() => setDialog('delete')}>
          {t('webhooks.delete')}
        </Button>
      )}
      {dialog === 'edit' && <WebhookFormModal area={area} webhook={webhook} onClose={() => setDialog(null)} onCreated={onSecret} />}
      {dialog === 'rotate' && <RotateSecretModal area={area} webhookId={webhook.id} onClose={() => setDialog(null)} onRotated={onSecret} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('webhooks.delete_title')}
        message={t('webhooks.delete_message', { url: webhook.url })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

function WebhookDetails({ webhook }: { webhook: WebhookResource }) {
  const { t } = useTranslation();
  const eventsSummary = useEventsSummary();
  const events = webhook.events.filter((event) => event !== WEBHOOK_ALL_EVENTS);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          <WebhookStatusBadge status={webhook.status} />
        </Group>
        <FailingSince webhook={webhook} />
        {webhook.disabled_reason && (
          <Alert color="orange" title={t('webhooks.disabled_by_product')}>
            {webhook.disabled_reason}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <LabelledValue label={t('webhooks.description_label')}>{webhook.description}</LabelledValue>
          <LabelledValue label={t('webhooks.api_version')}>{webhook.api_version}</LabelledValue>
          <LabelledValue label={t('webhooks.events')}>{events.length > 0 ? events.join(', ') : eventsSummary(webhook.events)}</LabelledValue>
          <LabelledValue label={t('webhooks.signing_secret')}>{t('webhooks.secret_hidden')}</LabelledValue>
          <LabelledValue label={t('webhooks.previous_secret_until')}>{webhook.previous_secret_expires_at ? formatDateTime(webhook.previous_secret_expires_at) : null}</LabelledValue>
          <LabelledValue label={t('webhooks.created_at')}>{formatDateTime(webhook.created_at)}</LabelledValue>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** One endpoint: its details and actions, then its delivery log. */
export function WebhookPage({ area }: { area: WebhookArea }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const webhook = useWebhook(area, id);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title={t('webhooks.endpoint_title')}
        actions={
          <>
            {webhook.data && <WebhookActions area={area} webhook={webhook.data} onSecret={setSecret} />}
            <Button component={Link} to={webhookLinks(area).list} variant="subtle">
              {t('common.back')}
            </Button>
          </>
        }
      />
      <QueryState isPending={webhook.isPending} error={webhook.error} onRetry={() => void webhook.refetch()}>
        {webhook.data && (
          <Stack gap="lg">
            <WebhookDetails webhook={webhook.data} />
            <section aria-labelledby="webhook-log-heading">
              <Title order={2} fz="h4" id="webhook-log-heading" mb="xs">
                {t('webhooks.log_title')}
              </Title>
              <WebhookLogTable area={area} webhookId={webhook.data.id} />
            </section>
          </Stack>
        )}
      </QueryState>
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

export function AdminWebhookPage() {
  return <WebhookPage area="platform" />;
}

export function BusinessWebhookPage() {
  return <WebhookPage area="business" />;
}
