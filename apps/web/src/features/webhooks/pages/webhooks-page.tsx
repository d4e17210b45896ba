import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WebhookResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type WebhookArea, webhookLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { FailingSince, useEventsSummary, WebhookStatusBadge } from '../components/webhook-badges';
import { WebhookFormModal } from '../components/webhook-form-modal';
import { WebhookSecretModal } from '../components/webhook-secret-modal';
import { useDeleteWebhook, useWebhooks } from '../webhooks-queries';

/** The endpoints of an area: the tenant's (admin area, every business's events) or the selected business's (settings). */
export function WebhooksPage({ area }: { area: WebhookArea }) {
  const { t } = useTranslation();
  const can = useCan(area);
  const links = webhookLinks(area);
  const list = useListQueryState([] as const);
  const webhooks = useWebhooks(area, list.page);
  const remove = useDeleteWebhook(area);
  const eventsSummary = useEventsSummary();
  const [editing, setEditing] = useState<WebhookResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookResource | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('webhooks.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<WebhookResource>[] = [
    {
      key: 'url',
      header: t('webhooks.url'),
      render: (webhook) => (
        <Stack gap={2}>
          <Anchor component={Link} to={links.endpoint(webhook.id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Anchor>
          <FailingSince webhook={webhook} />
        </Stack>
      ),
    },
    { key: 'description', header: t('webhooks.description_label'), render: (webhook) => webhook.description ?? '' },
    { key: 'events', header: t('webhooks.events'), render: (webhook) => eventsSummary(webhook.events) },
    { key: 'api_version', header: t('webhooks.api_version'), render: (webhook) => webhook.api_version },
    { key: 'status', header: t('webhooks.status_label'), render: (webhook) => <WebhookStatusBadge status={webhook.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        description={t(area === 'platform' ? 'webhooks.description_platform' : 'webhooks.description_business')}
        actions={
          can('create-webhook') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('webhooks.create')}
            </Button>
          )
        }
      />
      <Stack>
        <DataTable
          query={webhooks}
          columns={columns}
          getRowId={(webhook) => webhook.id}
          minWidth={760}
          emptyText={t('webhooks.empty')}
          actions={(webhook) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-webhook') && (
                <Tooltip label={t('webhooks.edit')}>
                  <ActionIcon variant="subtle" aria-label={t('webhooks.edit_named', { url: webhook.url })} onClick={() => setEditing(webhook)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-webhook') && (
                <Tooltip label={t('webhooks.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('webhooks.delete_named', { url: webhook.url })} onClick={() => setDeleting(webhook)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
        <Text size="sm" c="dimmed">
          {t('webhooks.signing_note')}
        </Text>
      </Stack>
      {editing && <WebhookFormModal area={area} webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onCreated={setSecret} />}
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('webhooks.delete_title')}
        message={t('webhooks.delete_message', { url: deleting?.url ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export function AdminWebhooksPage() {
  return <WebhooksPage area="platform" />;
}

export function BusinessWebhooksPage() {
  return <WebhooksPage area="business" />;
}
