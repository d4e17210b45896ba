import { Anchor, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useAccessLogs } from '../logs-queries';
import { LogFilters } from './log-filters';

const KEYS = ['from', 'to', 'user_id', 'user_label', 'business_id', 'business_label', 'method', 'response_code'] as const;

/** Admin area → access logs: who signed in, when and from where. */
export function AccessLogsPage() {
  const { t } = useTranslation();
  const list = useListParams(KEYS);
  const { from, to, user_id } = list.filters;
  const logs = useAccessLogs({ page: list.page, from: from || undefined, to: to || undefined, user_id: user_id || undefined });
  const rows = logs.data?.data ?? [];
  const lastPage = logs.data?.meta.last_page ?? 1;

  return (
    <>
      <PageHeader title={t('logs.access_title')} description={t('logs.access_description')} />
      <Stack>
        <LogFilters values={list.filters} onChange={(next) => list.update(next)} />
        <QueryState isPending={logs.isPending} error={logs.error} isEmpty={rows.length === 0} emptyText={t('logs.empty')} onRetry={() => void logs.refetch()}>
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('logs.user')}</Table.Th>
                  <Table.Th>{t('logs.ip')}</Table.Th>
                  <Table.Th>{t('logs.device')}</Table.Th>
                  <Table.Th>{t('logs.logged_in_at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((log) => (
                  <Table.Tr key={log.id}>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => list.update({ user_id: log.user.id, user_label: log.user.name })} aria-label={t('logs.filter_by_user', { name: log.user.name })}>
                        {log.user.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {log.user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{log.ip ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {log.device ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(log.logged_in_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 && (
            <Group justify="flex-end">
              <Pagination total={lastPage} value={list.page} onChange={(page) => list.update({ page })} />
            </Group>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
