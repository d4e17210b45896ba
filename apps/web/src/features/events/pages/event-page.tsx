import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminPaths } from '../../../lib/paths';
import { useProviderEvent } from '../events-queries';
import { EventStatusBadge } from './event-status-badge';
import { LabelledValue } from '../../../components/labelled-value';
import { CodeSection, RecordSummaryCard } from '../../../components/record-detail';

/** One provider event: its columns, how processing went, and the payload as text (rendered inert). */
export function EventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const event = useProviderEvent(id);
  const data = event.data;
  return (
    <>
      <PageHeader
        title={t('events.detail_title')}
        actions={
          <Button component={Link} to={adminPaths.events} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <QueryState isPending={event.isPending} error={event.error} onRetry={() => void event.refetch()}>
        {data && (
          <Stack gap="lg">
            <RecordSummaryCard name={data.event_name} badge={<EventStatusBadge status={data.status} />}>
              <LabelledValue label={t('events.id')}>{data.provider_event_id}</LabelledValue>
              <LabelledValue label={t('events.source')}>{data.source}</LabelledValue>
              <LabelledValue label={t('events.account')}>{data.account}</LabelledValue>
              <LabelledValue label={t('events.created_at')}>{formatDateTime(data.created_at)}</LabelledValue>
              <LabelledValue label={t('events.date')}>{formatDateTime(data.received_at)}</LabelledValue>
              <LabelledValue label={t('events.processed_at')}>{data.processed_at ? formatDateTime(data.processed_at) : null}</LabelledValue>
              <LabelledValue label={t('events.method')}>{data.method}</LabelledValue>
              <LabelledValue label={t('events.url')}>{data.url}</LabelledValue>
              <LabelledValue label={t('events.attempts')}>{data.attempts}</LabelledValue>
              <LabelledValue label={t('events.mode')}>{data.livemode ? t('events.live') : t('events.test')}</LabelledValue>
              <LabelledValue label={t('events.last_error')}>{data.last_error}</LabelledValue>
            </RecordSummaryCard>
            <CodeSection id="event-payload" title={t('events.payload')}>
              {JSON.stringify(data.payload, null, 2)}
            </CodeSection>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
