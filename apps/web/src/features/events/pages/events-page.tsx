import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ProviderEventResource, providerEventStatuses } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { adminLinks } from '../../../lib/paths';
import { useProviderEvents } from '../events-queries';
import { EventStatusBadge } from './event-status-badge';

const FILTER_KEYS = ['type', 'status'] as const;

/** Admin area → events: what the payment provider and the lender sent (the source column says which), newest first, filtered by name and status in the URL. */
export function EventsPage() {
  const { t } = useTranslation();
  const list = useListQueryState(FILTER_KEYS);
  const f = list.filters;
  const status = providerEventStatuses.find((s) => s === f.status);
  const events = useProviderEvents({ page: list.page, type: f.type.trim() || undefined, status });

  const columns: DataTableColumn<ProviderEventResource>[] = [
    {
      key: 'event_name',
      header: t('events.event_name'),
      render: (event) => (
        <Anchor component={Link} to={adminLinks.event(event.id)} size="sm">
          {event.event_name}
        </Anchor>
      ),
    },
    { key: 'created_at', header: t('events.created_at'), render: (event) => formatDateTime(event.created_at) },
    {
      key: 'id',
      header: t('events.id'),
      render: (event) => (
        <Text span size="sm" ff="monospace">
          {event.provider_event_id}
        </Text>
      ),
    },
    { key: 'date', header: t('events.date'), render: (event) => formatDateTime(event.received_at) },
    { key: 'source', header: t('events.source'), render: (event) => event.source },
    { key: 'status', header: t('events.status'), render: (event) => <EventStatusBadge status={event.status} /> },
    { key: 'method', header: t('events.method'), render: (event) => event.method },
    { key: 'url', header: t('events.url'), render: (event) => event.url },
  ];

  return (
    <>
      <PageHeader title={t('events.title')} description={t('events.description')} />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('events.event_name')} placeholder="account.updated" value={f.type} onChange={(event) => list.update({ type: event.currentTarget.value })} />
          <NativeSelect
            label={t('events.status')}
            value={f.status}
            data={[{ value: '', label: t('events.any_status') }, ...providerEventStatuses.map((s) => ({ value: s, label: t(`events.status_${s}`) }))]}
            onChange={(event) => list.update({ status: event.currentTarget.value })}
          />
          <Button variant="subtle" onClick={() => list.update({ type: '', status: '' })}>
            {t('events.clear')}
          </Button>
        </Group>
        <DataTable query={events} columns={columns} getRowId={(event) => event.id} emptyText={t('events.empty')} minWidth={960} />
      </Stack>
    </>
  );
}
