import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessLogResource } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useAccessLogs } from '../logs-queries';
import { LOG_FILTER_KEYS, LogFilters } from './log-filters';

/** Admin area → access logs: who signed in, when and from where. */
export function AccessLogsPage() {
  const { t } = useTranslation();
  const list = useListQueryState(LOG_FILTER_KEYS);
  const { from, to, user_id } = list.filters;
  const logs = useAccessLogs({ page: list.page, from: from || undefined, to: to || undefined, user_id: user_id || undefined });

  const columns: DataTableColumn<AccessLogResource>[] = [
    {
      key: 'user',
      header: t('logs.user'),
      render: (log) => (
        <>
          <Anchor component="button" type="button" onClick={() => list.update({ user_id: log.user.id, user_label: log.user.name })} aria-label={t('logs.filter_by_user', { name: log.user.name })}>
            {log.user.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {log.user.email}
          </Text>
        </>
      ),
    },
    { key: 'ip', header: t('logs.ip'), render: (log) => log.ip ?? '—' },
    {
      key: 'device',
      header: t('logs.device'),
      render: (log) => (
        <Text size="sm" lineClamp={2}>
          {log.device ?? '—'}
        </Text>
      ),
    },
    { key: 'logged_in_at', header: t('logs.logged_in_at'), render: (log) => formatDateTime(log.logged_in_at) },
  ];

  return (
    <>
      <PageHeader title={t('logs.access_title')} description={t('logs.access_description')} />
      <Stack>
        <LogFilters values={list.filters} onChange={(next) => list.update(next)} />
        <DataTable query={logs} columns={columns} getRowId={(log) => log.id} emptyText={t('logs.empty')} highlightOnHover={false} />
      </Stack>
    </>
  );
}
