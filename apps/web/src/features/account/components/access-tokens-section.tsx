import { useState } from 'react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessTokenResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAccessTokens, useRevokeAccessToken, type TokenStatus } from '../account-queries';
import { CreateTokenModal } from './create-token-modal';

const STATUSES: readonly TokenStatus[] = ['active', 'expired', 'all'];

function readStatus(value: string): TokenStatus {
  return STATUSES.find((status) => status === value) ?? 'active';
}

/** Personal access tokens; the tab and page live in the URL query. */
export function AccessTokensSection() {
  const { t } = useTranslation();
  const list = useListQueryState(['status'] as const);
  const status = readStatus(list.filters.status);
  const tokens = useAccessTokens(status, list.page);
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessTokenResource | null>(null);
  // The tenant's maximum lifetime comes with the list; creating waits for it.
  const maxDays = tokens.data?.meta.max_expires_in_days;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notifySuccess(t('tokens.revoked')),
      onError: notifyError,
      onSettled: () => setRevoking(null),
    });
  };

  const columns: DataTableColumn<AccessTokenResource>[] = [
    { key: 'name', header: t('tokens.name'), render: (token) => token.name },
    {
      key: 'status',
      header: t('tokens.status_label'),
      render: (token) => (
        <Badge color={token.status === 'active' ? 'green' : 'gray'} variant="light">
          {t(`tokens.status.${token.status}`)}
        </Badge>
      ),
    },
    { key: 'created_at', header: t('tokens.created_at'), render: (token) => formatDate(token.created_at) },
    { key: 'expires_at', header: t('tokens.expires_at'), render: (token) => formatDate(token.expires_at) },
    { key: 'last_used_at', header: t('tokens.last_used_at'), render: (token) => (token.last_used_at ? formatDate(token.last_used_at) : t('tokens.never_used')) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <ListTabs value={status} values={STATUSES} label={(value) => t(`tokens.status.${value}`)} onChange={(value) => list.update({ status: value })} />
        <Button onClick={() => setCreating(true)} disabled={maxDays === undefined}>
          {t('tokens.create')}
        </Button>
      </Group>
      <DataTable
        query={tokens}
        columns={columns}
        getRowId={(token) => token.id}
        emptyText={t('tokens.empty')}
        minWidth={600}
        striped
        actions={(token) => (
          <Button size="xs" color="red" variant="subtle" onClick={() => setRevoking(token)} aria-label={t('tokens.revoke_named', { name: token.name })}>
            {t('tokens.revoke')}
          </Button>
        )}
      />
      {maxDays !== undefined && <CreateTokenModal opened={creating} onClose={() => setCreating(false)} maxDays={maxDays} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('tokens.revoke')}
        message={t('tokens.revoke_confirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('tokens.revoke')}
        cancelLabel={t('common.cancel')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
