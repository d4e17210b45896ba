import { Card, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';

type Moments = { created_at: string; sent_at: string | null; viewed_at: string | null; approved_at: string | null; rejected_at: string | null };
const EVENTS = ['created_at', 'sent_at', 'viewed_at', 'approved_at', 'rejected_at'] as const;

/** Something else that happened to the document (a payment, a reminder): `at` a timestamp, or a date when only the day is known. */
export type TimelineEvent = { key: string; at: string; title: string; detail?: string };

const isDateOnly = (at: string) => at.length === 10;
/** A day without a time goes after that day's timestamps: a payment dated the day an invoice was sent follows the sending. */
const sortKey = (at: string) => (isDateOnly(at) ? `${at}T\uffff` : at);

/** What happened to the document so far, oldest first: its own stamps and the `events` others recorded. */
export function DocumentTimeline({ document, events = [] }: { document: Moments; events?: readonly TimelineEvent[] }) {
  const { t } = useTranslation();
  const stamps = EVENTS.flatMap((event): TimelineEvent[] => {
    const at = document[event];
    return at ? [{ key: event, at, title: t(`invoices.timeline.${event}`) }] : [];
  });
  const all = [...stamps, ...events].sort((a, b) => {
    const [first, second] = [sortKey(a.at), sortKey(b.at)];
    return first < second ? -1 : first > second ? 1 : 0;
  });

  return (
    <Card withBorder>
      <Title order={2} fz="h5" mb="sm">
        {t('invoices.timeline.title')}
      </Title>
      <Timeline active={all.length - 1} bulletSize={14} lineWidth={2}>
        {all.map(({ key, at, title, detail }) => (
          <Timeline.Item key={key} title={title}>
            {detail && <Text size="xs">{detail}</Text>}
            <Text size="xs" c="dimmed">
              <time dateTime={at}>{isDateOnly(at) ? formatDate(at) : formatDateTime(at)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
