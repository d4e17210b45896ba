import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OutgoingEventDetail } from '@app/contracts';
import { LabelledValue } from '../../../components/labelled-value';
import { PageHeader } from '../../../components/page-header';
import { CodeSection, RecordSummaryCard, TitledSection } from '../../../components/record-detail';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminPaths, webhookLinks } from '../../../lib/paths';
import { useOutgoingEvent } from '../events-queries';
import { DeliveryStatusBadge, OutgoingEventStatusBadge } from './outgoing-event-status-badge';

type Delivery = OutgoingEventDetail['deliveries'][number];

/** The tenant's endpoints open in the admin area; a business's own live in its settings, out of the admin's reach. */
function EndpointCell({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  if (delivery.webhook_business_id !== null) {
    return (
      <Stack gap={0}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {delivery.url}
        </Text>
        <Text size="xs" c="dimmed">
          {t('events.business_endpoint')}
        </Text>
      </Stack>
    );
  }
  return (
    <Anchor component={Link} to={webhookLinks('platform').endpoint(delivery.webhook_id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {delivery.url}
    </Anchor>
  );
}

function Deliveries({ deliveries }: { deliveries: readonly Delivery[] }) {
  const { t } = useTranslation();
  if (deliveries.length === 0) return <Text c="dimmed">{t('events.no_deliveries')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder aria-labelledby="outgoing-event-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('events.endpoint')}</Table.Th>
            <Table.Th>{t('events.status')}</Table.Th>
            <Table.Th ta="right">{t('events.attempts')}</Table.Th>
            <Table.Th>{t('events.next_attempt')}</Table.Th>
            <Table.Th>{t('events.last_response')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.webhook_id}>
              <Table.Td>
                <EndpointCell delivery={delivery} />
              </Table.Td>
              <Table.Td>
                <DeliveryStatusBadge status={delivery.status} />
              </Table.Td>
              <Table.Td ta="right">{delivery.attempts}</Table.Td>
              <Table.Td>{delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'}</Table.Td>
              <Table.Td>{delivery.last_response_status ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One event the product sent: its columns, the payload as text (rendered inert), and its delivery to each endpoint. */
export function OutgoingEventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const event = useOutgoingEvent(id);
  const data = event.data;
  return (
    <>
      <PageHeader
        title={t('events.outgoing_detail_title')}
        actions={
          <Button component={Link} to={`${adminPaths.events}?direction=sent`} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <QueryState isPending={event.isPending} error={event.error} onRetry={() => void event.refetch()}>
        {data && (
          <Stack gap="lg">
            <RecordSummaryCard name={data.type} monospace badge={<OutgoingEventStatusBadge status={data.status} />}>
              <LabelledValue label={t('events.id')}>{data.id}</LabelledValue>
              <LabelledValue label={t('events.source')}>{data.business?.name ?? data.source}</LabelledValue>
              <LabelledValue label={t('events.created_at')}>{formatDateTime(data.created_at)}</LabelledValue>
              <LabelledValue label={t('events.api_version')}>{data.api_version}</LabelledValue>
            </RecordSummaryCard>
            <TitledSection id="outgoing-event-deliveries" title={t('events.deliveries')}>
              <Deliveries deliveries={data.deliveries} />
            </TitledSection>
            <CodeSection id="outgoing-event-payload" title={t('events.payload')}>
              {JSON.stringify(data.payload, null, 2)}
            </CodeSection>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
