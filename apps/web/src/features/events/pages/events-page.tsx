import { Anchor, Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type OutgoingEventResource, outgoingEventStatuses, type ProviderEventResource, providerEventStatuses } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { adminLinks } from '../../../lib/paths';
import { useOutgoingEvents, useProviderEvents } from '../events-queries';
import { EventStatusBadge } from './event-status-badge';
import { OutgoingEventStatusBadge } from './outgoing-event-status-badge';

const FILTER_KEYS = ['direction', 'type', 'status'] as const;
const directions = ['received', 'sent'] as const;

type ListState = ReturnType<typeof useListQueryState<(typeof FILTER_KEYS)[number]>>;

function ReceivedEvents({ list }: { list: ListState }) {
  const { t } = useTranslation();
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
  const statusOptions = providerEventStatuses.map((s) => ({ value: s, label: t(`events.status_${s}`) }));

  return (
    <>
      <Filters list={list} placeholder="account.updated" statusOptions={statusOptions} />
      <DataTable query={events} columns={columns} getRowId={(event) => event.id} emptyText={t('events.empty')} minWidth={960} />
    </>
  );
}

function SentEvents({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const f = list.filters;
  const status = outgoingEventStatuses.find((s) => s === f.status);
  const events = useOutgoingEvents({ page: list.page, type: f.type.trim() || undefined, status });

  const columns: DataTableColumn<OutgoingEventResource>[] = [
    {
      key: 'type',
      header: t('events.event_name'),
      render: (event) => (
        <Anchor component={Link} to={adminLinks.outgoingEvent(event.id)} size="sm">
          {event.type}
        </Anchor>
      ),
    },
    {
      key: 'id',
      header: t('events.id'),
      render: (event) => (
        <Text span size="sm" ff="monospace">
          {event.id}
        </Text>
      ),
    },
    { key: 'created_at', header: t('events.created_at'), render: (event) => formatDateTime(event.created_at) },
    { key: 'source', header: t('events.source'), render: (event) => event.business?.name ?? event.source },
    { key: 'status', header: t('events.status'), render: (event) => <OutgoingEventStatusBadge status={event.status} /> },
  ];
  const statusOptions = outgoingEventStatuses.map((s) => ({ value: s, label: t(`events.outgoing_status.${s}`) }));

  return (
    <>
      <Filters list={list} placeholder="invoice.paid" statusOptions={statusOptions} />
      <DataTable query={events} columns={columns} getRowId={(event) => event.id} emptyText={t('events.empty')} minWidth={760} />
    </>
  );
}

function Filters({ list, placeholder, statusOptions }: { list: ListState; placeholder: string; statusOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput label={t('events.event_name')} placeholder={placeholder} value={list.filters.type} onChange={(event) => list.update({ type: event.currentTarget.value })} />
      <NativeSelect
        label={t('events.status')}
        value={list.filters.status}
        data={[{ value: '', label: t('events.any_status') }, ...statusOptions]}
        onChange={(event) => list.update({ status: event.currentTarget.value })}
      />
      <Button variant="subtle" onClick={() => list.update({ type: '', status: '' })}>
        {t('events.clear')}
      </Button>
    </Group>
  );
}

/**
 * Admin area → events: what the payment provider and the lender sent (Received), or what the
 * product sent to webhook endpoints (Sent); the switch and the filters live in the URL.
 */
export function EventsPage() {
  const { t } = useTranslation();
  const list = useListQueryState(FILTER_KEYS);
  const direction = directions.find((d) => d === list.filters.direction) ?? 'received';

  return (
    <>
      <PageHeader title={t('events.title')} description={t(direction === 'sent' ? 'events.description_sent' : 'events.description')} />
      <Stack>
        <div role="group" aria-labelledby="events-direction">
          <VisuallyHidden id="events-direction">{t('events.direction')}</VisuallyHidden>
          <SegmentedControl
            value={direction}
            data={directions.map((d) => ({ value: d, label: t(`events.directions.${d}`) }))}
            // The statuses of the two lists differ: a status of one means nothing to the other.
            onChange={(next) => list.update({ direction: next === 'received' ? '' : next, status: '' })}
          />
        </div>
        {direction === 'sent' ? <SentEvents list={list} /> : <ReceivedEvents list={list} />}
      </Stack>
    </>
  );
}
