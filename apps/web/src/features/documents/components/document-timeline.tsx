import { Card, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

type Moments = { created_at: string; sent_at: string | null; viewed_at: string | null; approved_at: string | null; rejected_at: string | null };
const EVENTS = ['created_at', 'sent_at', 'viewed_at', 'approved_at', 'rejected_at'] as const;

/** What happened to the document so far, oldest first. */
export function DocumentTimeline({ document }: { document: Moments }) {
  const { t } = useTranslation();
  const events = EVENTS.flatMap((event) => {
    const at = document[event];
    return at ? [{ event, at }] : [];
  }).sort((a, b) => a.at.localeCompare(b.at));

  return (
    <Card withBorder>
      <Title order={2} fz="h5" mb="sm">
        {t('invoices.timeline.title')}
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
        {events.map(({ event, at }) => (
          <Timeline.Item key={event} title={t(`invoices.timeline.${event}`)}>
            <Text size="xs" c="dimmed">
              <time dateTime={at}>{formatDateTime(at)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
