import { Card, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentDirection, InvoiceStats as Stats } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { UnconvertedNotice } from '../../../components/unconverted-notice';
import { formatDocumentMoney } from '../../../lib/money';
import { useInvoiceStats } from '../documents-queries';

const CARDS = [
  { key: 'inDraft', label: 'invoices.stats.in_draft', color: 'gray' },
  { key: 'totalDue', label: 'invoices.stats.total_due', color: 'blue' },
  { key: 'totalOverDue', label: 'invoices.stats.overdue', color: 'orange' },
  { key: 'totalPaid', label: 'invoices.stats.paid', color: 'green' },
] as const satisfies readonly { key: keyof Stats; label: string; color: string }[];

/** Of what was invoiced and not drafted: paid, due and not late yet, overdue (the overdue part is inside the due total). */
function CollectionBar({ stats, money }: { stats: Stats; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const overdue = Math.min(stats.totalOverDue, stats.totalDue);
  const parts = [
    { key: 'paid', label: t('invoices.stats.paid'), amount: stats.totalPaid, color: 'green' },
    { key: 'due', label: t('invoices.stats.due_not_late'), amount: stats.totalDue - overdue, color: 'blue' },
    { key: 'overdue', label: t('invoices.stats.overdue'), amount: overdue, color: 'orange' },
  ];
  const sum = parts.reduce((total, part) => total + part.amount, 0);
  if (sum === 0) return null;
  return (
    <Progress.Root size="lg" aria-label={t('invoices.stats.bar_label')}>
      {parts.map((part) =>
        part.amount === 0 ? null : (
          <Tooltip key={part.key} label={`${part.label}: ${money(part.amount)}`}>
            <Progress.Section value={(part.amount / sum) * 100} color={part.color} aria-label={`${part.label}: ${money(part.amount)}`} />
          </Tooltip>
        ),
      )}
    </Progress.Root>
  );
}

/** The four amounts of the list's direction, in the business currency as the dashboard counts them, and a bar of how the invoiced money stands. */
export function InvoiceStats({ direction }: { direction: DocumentDirection }) {
  const { t } = useTranslation();
  const stats = useInvoiceStats(direction);
  const currencyId = stats.data?.currency_id ?? 1;
  const money = (minor: number) => formatDocumentMoney(minor, currencyId);

  return (
    <QueryState isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
      {stats.data && (
        <Stack gap="xs">
          <UnconvertedNotice currencyIds={stats.data.unconverted_currency_ids} />
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {CARDS.map((card) => (
              <Card withBorder key={card.key} padding="sm" style={{ borderTop: `3px solid var(--mantine-color-${card.color}-6)` }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(card.label)}
                </Text>
                <Text fw={700} fz="lg">
                  {money(stats.data[card.key])}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <CollectionBar stats={stats.data} money={money} />
        </Stack>
      )}
    </QueryState>
  );
}
