import { Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminPaths } from '../../../lib/paths';
import { useProviderEvent } from '../events-queries';
import { EventStatusBadge } from './event-status-badge';

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ wordBreak: 'break-word' }}>{value ?? '—'}</Text>
    </div>
  );
}

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
            <Card withBorder>
              <Stack gap="sm">
                <Group gap="xs">
                  <Text fw={600} style={{ wordBreak: 'break-all' }}>
                    {data.event_name}
                  </Text>
                  <EventStatusBadge status={data.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Field label={t('events.id')} value={data.provider_event_id} />
                  <Field label={t('events.source')} value={data.source} />
                  <Field label={t('events.account')} value={data.account} />
                  <Field label={t('events.created_at')} value={formatDateTime(data.created_at)} />
                  <Field label={t('events.date')} value={formatDateTime(data.received_at)} />
                  <Field label={t('events.processed_at')} value={data.processed_at ? formatDateTime(data.processed_at) : null} />
                  <Field label={t('events.method')} value={data.method} />
                  <Field label={t('events.url')} value={data.url} />
                  <Field label={t('events.attempts')} value={data.attempts} />
                  <Field label={t('events.mode')} value={data.livemode ? t('events.live') : t('events.test')} />
                  <Field label={t('events.last_error')} value={data.last_error} />
                </SimpleGrid>
              </Stack>
            </Card>
            <section aria-labelledby="event-payload">
              <Title order={2} fz="h4" id="event-payload" mb="xs">
                {t('events.payload')}
              </Title>
              <Code block data-testid="event-payload-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {JSON.stringify(data.payload, null, 2)}
              </Code>
            </section>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
