import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ApiClientResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PAGE_PARAM, readPage } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApiClients, useRevokeApiClient } from '../api-clients-queries';
import { CreateApiClientModal } from '../components/create-api-client-modal';

/** Admin → API clients: OAuth 2.0 client-credentials clients acting for the admin who registered them. */
export function ApiClientsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const clients = useApiClients(readPage(params.get(PAGE_PARAM)));
  const revoke = useRevokeApiClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiClientResource | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('api_clients.revoked'));
        setRevoking(null);
      },
      onError: notifyError,
    });
  };

  const columns: DataTableColumn<ApiClientResource>[] = [
    { key: 'name', header: t('api_clients.name'), render: (client) => client.name },
    { key: 'client_id', header: t('api_clients.client_id'), render: (client) => <Code>{client.client_id}</Code> },
    { key: 'business', header: t('api_clients.business'), render: (client) => client.business?.name ?? t('api_clients.platform_scope') },
    { key: 'abilities', header: t('api_clients.abilities'), render: (client) => <Text size="sm">{client.abilities.join(', ')}</Text> },
    { key: 'created_at', header: t('api_clients.created_at'), render: (client) => formatDateTime(client.created_at) },
    { key: 'last_used_at', header: t('api_clients.last_used_at'), render: (client) => (client.last_used_at ? formatDateTime(client.last_used_at) : t('api_clients.never')) },
    {
      key: 'status',
      header: t('api_clients.status'),
      render: (client) =>
        client.revoked_at ? (
          // max-content: a narrow last column would cut the word off.
          <Badge color="gray" miw="max-content" title={formatDateTime(client.revoked_at)}>
            {t('api_clients.status_revoked')}
          </Badge>
        ) : (
          <Badge color="green" miw="max-content">
            {t('api_clients.status_active')}
          </Badge>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('api_clients.title')}
        description={t('api_clients.description')}
        actions={<Button onClick={() => setCreating(true)}>{t('api_clients.create')}</Button>}
      />
      <Stack>
        <DataTable
          query={clients}
          columns={columns}
          getRowId={(client) => client.id}
          emptyText={t('api_clients.empty')}
          actions={(client) =>
            !client.revoked_at && (
              <Group justify="flex-end">
                <Button size="xs" color="red" variant="light" onClick={() => setRevoking(client)} aria-label={t('api_clients.revoke_named', { name: client.name })}>
                  {t('api_clients.revoke')}
                </Button>
              </Group>
            )
          }
        />
      </Stack>
      <CreateApiClientModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('api_clients.revoke')}
        message={t('api_clients.revoke_confirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('api_clients.revoke')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
