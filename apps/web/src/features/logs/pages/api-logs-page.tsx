import { Anchor, Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { adminLinks } from '../../../lib/paths';
import { useApiLogs } from '../logs-queries';
import { LogFilters } from './log-filters';

const KEYS = ['from', 'to', 'user_id', 'user_label', 'business_id', 'business_label', 'method', 'response_code'] as const;

export function statusColor(code: number): string {
  if (code >= 500) return 'red';
  if (code >= 400) return 'orange';
  return 'green';
}

/** Admin area → API logs, with filters in the URL. */
export function ApiLogsPage() {
  const { t } = useTranslation();
  const list = useListParams(KEYS);
  const f = list.filters;
  const logs = useApiLogs({
    page: list.page,
    from: f.from || undefined,
    to: f.to || undefined,
    user_id: f.user_id || undefined,
    business_id: f.business_id || undefined,
    method: f.method || undefined,
    response_code: f.response_code.length === 3 ? f.response_code : undefined,
  });
  const rows = logs.data?.data ?? [];
  const lastPage = logs.data?.meta.last_page ?? 1;

  return (
    <>
      <PageHeader title={t('logs.api_title')} description={t('logs.api_description')} />
      <Stack>
        <LogFilters values={f} apiFilters onChange={(next) => list.update(next)} />
        <QueryState isPending={logs.isPending} error={logs.error} isEmpty={rows.length === 0} emptyText={t('logs.empty')} onRetry={() => void logs.refetch()}>
          <Table.ScrollContainer minWidth={860}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('logs.request')}</Table.Th>
                  <Table.Th>{t('logs.response_code')}</Table.Th>
                  <Table.Th>{t('logs.user')}</Table.Th>
                  <Table.Th>{t('logs.business')}</Table.Th>
                  <Table.Th>{t('logs.load_time')}</Table.Th>
                  <Table.Th>{t('logs.created_at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((log) => (
                  <Table.Tr key={log.id}>
                    <Table.Td>
                      <Anchor component={Link} to={adminLinks.apiLog(log.id)} size="sm">
                        <Text span fw={600} size="sm">
                          {log.method}
                        </Text>{' '}
                        {log.url}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColor(log.response_code)}>
                        {log.response_code}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {log.user ? (
                        <Anchor component="button" type="button" size="sm" onClick={() => list.update({ user_id: log.user?.id ?? '', user_label: log.user?.name ?? '' })}>
                          {log.user.name}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {log.business ? (
                        <Anchor component="button" type="button" size="sm" onClick={() => list.update({ business_id: log.business?.id ?? '', business_label: log.business?.name ?? '' })}>
                          {log.business.name}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{t('logs.ms', { count: log.load_time_ms })}</Table.Td>
                    <Table.Td>{formatDateTime(log.created_at)}</Table.Td>
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
