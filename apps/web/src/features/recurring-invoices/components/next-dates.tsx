import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';

interface NextDatesProps {
  runs: readonly { run_at: string; invoice_date: string }[];
  /** Id of the heading that names the list. */
  labelledBy: string;
}

/** The next runs: the invoice date each gives (in the schedule's zone), and the moment it runs (in the viewer's). */
export function NextDates({ runs, labelledBy }: NextDatesProps) {
  const { t } = useTranslation();
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('recurring_invoices.next_dates.none')}
      </Text>
    );
  }
  return (
    <List type="ordered" spacing={4} aria-labelledby={labelledBy}>
      {runs.map((run) => (
        <List.Item key={run.run_at}>
          <Text span fw={500}>
            {formatDate(run.invoice_date)}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            <time dateTime={run.run_at}>{t('recurring_invoices.next_dates.runs_at', { time: formatDateTime(run.run_at) })}</time>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
