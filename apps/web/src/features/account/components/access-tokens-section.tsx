import { useState } from 'react';
import { Badge, Button, Group, Pagination, Stack, Table, Tabs, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AccessTokenResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAccessTokens, useRevokeAccessToken, type TokenStatus } from '../account-queries';
import { CreateTokenModal } from './create-token-modal';

const STATUSES: readonly TokenStatus[] = ['active', 'expired', 'all'];

function readStatus(value: string | null): TokenStatus {
  return STATUSES.find((status) => status === value) ?? 'active';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Personal access tokens; the tab and page live in the URL query. */
export function AccessTokensSection() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readStatus(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const tokens = useAccessTokens(status, page);
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessTokenResource | null>(null);

  const setQuery = (next: { status?: TokenStatus; page?: number }) => {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('status', next.status ?? status);
        params.set('page', String(next.page ?? 1));
        return params;
      },
      { replace: true },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notifySuccess(t('tokens.revoked')),
      onError: notifyError,
      onSettled: () => setRevoking(null),
    });
  };

  const rows = tokens.data?.data ?? [];
  const lastPage = tokens.data?.meta.last_page ?? 1;

  return (
    <Stack>
      <Group justify="space-between">
        <Tabs value={status} onChange={(value) => setQuery({ status: readStatus(value) })}>
          <Tabs.List>
            {STATUSES.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`tokens.status.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Button onClick={() => setCreating(true)}>{t('tokens.create')}</Button>
      </Group>
      <QueryState
        isPending={tokens.isPending}
        error={tokens.error}
        isEmpty={rows.length === 0}
        emptyText={t('tokens.empty')}
        onRetry={() => void tokens.refetch()}
      >
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tokens.name')}</Table.Th>
                <Table.Th>{t('tokens.status_label')}</Table.Th>
                <Table.Th>{t('tokens.created_at')}</Table.Th>
                <Table.Th>{t('tokens.expires_at')}</Table.Th>
                <Table.Th>{t('tokens.last_used_at')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>
                    <Badge color={token.status === 'active' ? 'green' : 'gray'} variant="light">
                      {t(`tokens.status.${token.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(token.created_at)}</Table.Td>
                  <Table.Td>{token.expires_at ? formatDate(token.expires_at) : t('tokens.never')}</Table.Td>
                  <Table.Td>{token.last_used_at ? formatDate(token.last_used_at) : t('tokens.never_used')}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" color="red" variant="subtle" onClick={() => setRevoking(token)} aria-label={t('tokens.revoke_named', { name: token.name })}>
                      {t('tokens.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={(next) => setQuery({ page: next })} />}
      </QueryState>
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
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
