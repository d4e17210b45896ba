import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type WebhookLogResource, webhookLogTabs } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { formatDateTime } from '../../../lib/format';
import { type WebhookArea, webhookLinks } from '../../../lib/paths';
import { useWebhookLogs } from '../webhooks-queries';
import { WebhookLogStatusBadge } from './webhook-badges';

/** The delivery log of one endpoint, one row per attempt, with the all/succeeded/failed tab in the URL (`tab`). */
export function WebhookLogTable({ area, webhookId }: { area: WebhookArea; webhookId: string }) {
  const { t } = useTranslation();
  const list = useListQueryState(['tab'] as const);
  const tab = webhookLogTabs.find((candidate) => candidate === list.filters.tab) ?? 'all';
  const logs = useWebhookLogs(area, webhookId, tab, list.page);
  const meta = logs.data?.meta;
  const counts = meta ? { all: meta.succeeded_count + meta.failed_count, succeeded: meta.succeeded_count, failed: meta.failed_count } : null;

  const columns: DataTableColumn<WebhookLogResource>[] = [
    {
      key: 'event_type',
      header: t('webhooks.log.event'),
      render: (log) => (
        <Anchor component={Link} to={webhookLinks(area).log(webhookId, log.id)} size="sm" ff="monospace">
          {log.event_type}
        </Anchor>
      ),
    },
    { key: 'status', header: t('webhooks.log.status'), render: (log) => <WebhookLogStatusBadge status={log.status} /> },
    { key: 'response_status', header: t('webhooks.log.response_status'), render: (log) => log.response_status ?? (log.error ? <Text size="sm" c="dimmed">{log.error}</Text> : '') },
    { key: 'attempt', header: t('webhooks.log.attempt'), align: 'right', render: (log) => (log.trigger === 'replay' ? t('webhooks.log.replay_attempt', { attempt: log.attempt }) : log.attempt) },
    { key: 'duration', header: t('webhooks.log.duration'), align: 'right', render: (log) => t('webhooks.log.duration_ms', { ms: log.duration_ms }) },
    { key: 'created_at', header: t('webhooks.log.created_at'), render: (log) => formatDateTime(log.created_at) },
  ];

  return (
    <Stack gap="sm">
      <ListTabs
        value={tab}
        values={webhookLogTabs}
        label={(value) => (counts ? t('webhooks.tabs_counted', { label: t(`webhooks.tabs.${value}`), n: counts[value] }) : t(`webhooks.tabs.${value}`))}
        onChange={(value) => list.update({ tab: value === 'all' ? '' : value })}
      />
      <DataTable query={logs} columns={columns} getRowId={(log) => log.id} minWidth={760} emptyText={t(`webhooks.log.empty_${tab}`)} />
    </Stack>
  );
}
