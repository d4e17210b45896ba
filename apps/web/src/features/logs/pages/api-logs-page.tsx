import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiLogResource } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { adminLinks } from '../../../lib/paths';
import { useApiLogs } from '../logs-queries';
import { LOG_FILTER_KEYS, LogFilters } from './log-filters';

export function statusColor(code: number): string {
  if (code >= 500) return 'red';
  if (code >= 400) return 'orange';
  return 'green';
}

/** Admin area → API logs, with filters in the URL. */
export function ApiLogsPage() {
  const { t } = useTranslation();
  const list = useListQueryState(LOG_FILTER_KEYS);
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

  const columns: DataTableColumn<ApiLogResource>[] = [
    {
      key: 'request',
      header: t('logs.request'),
      render: (log) => (
        <Anchor component={Link} to={adminLinks.apiLog(log.id)} size="sm">
          <Text span fw={600} size="sm">
            {log.method}
          </Text>{' '}
          {log.url}
        </Anchor>
      ),
    },
    {
      key: 'response_code',
      header: t('logs.response_code'),
      render: (log) => (
        <Badge variant="light" color={statusColor(log.response_code)}>
          {log.response_code}
        </Badge>
      ),
    },
    {
      key: 'user',
      header: t('logs.user'),
      render: ({ user, api_client: apiClient }) =>
        user ? (
          <>
            <Anchor component="button" type="button" size="sm" onClick={() => list.update({ user_id: user.id, user_label: user.name })}>
              {user.name}
            </Anchor>
            {apiClient && (
              <Text size="xs" c="dimmed">
                {t('logs.via_api_client', { name: apiClient })}
              </Text>
            )}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'business',
      header: t('logs.business'),
      render: ({ business }) =>
        business ? (
          <Anchor component="button" type="button" size="sm" onClick={() => list.update({ business_id: business.id, business_label: business.name })}>
            {business.name}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'load_time', header: t('logs.load_time'), render: (log) => t('logs.ms', { count: log.load_time_ms }) },
    { key: 'created_at', header: t('logs.created_at'), render: (log) => formatDateTime(log.created_at) },
  ];

  return (
    <>
      <PageHeader title={t('logs.api_title')} description={t('logs.api_description')} />
      <Stack>
        <LogFilters values={f} apiFilters onChange={(next) => list.update(next)} />
        <DataTable query={logs} columns={columns} getRowId={(log) => log.id} emptyText={t('logs.empty')} minWidth={860} />
      </Stack>
    </>
  );
}
