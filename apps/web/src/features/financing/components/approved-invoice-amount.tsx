import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { documentLinks } from '../../../lib/document-kinds';
import { formatCodeMoney } from '../../../lib/money';
import { useApprovedInvoiceAmount } from '../financing-queries';

/** Factoring's headroom: the amount due on approved invoices the business could take an advance on now, per currency. */
export function ApprovedInvoiceAmount() {
  const { t } = useTranslation();
  const approved = useApprovedInvoiceAmount();
  const amounts = approved.data?.amounts.filter((entry) => entry.invoice_count > 0) ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="approved-amount-title">
      <Stack gap="xs">
        <Title order={3} fz="h4" id="approved-amount-title">
          {t('financing.approved.title')}
        </Title>
        <QueryState isPending={approved.isPending} error={approved.error} isEmpty={amounts.length === 0} emptyText={t('financing.approved.none')} onRetry={() => void approved.refetch()}>
          <Group gap="xl" wrap="wrap">
            {amounts.map((entry) => (
              <div key={entry.currency_code}>
                <Text fz="xl" fw={700}>
                  {formatCodeMoney(entry.amount, entry.currency_code)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('financing.approved.invoices', { count: entry.invoice_count })}
                </Text>
              </div>
            ))}
          </Group>
          <Text size="sm">
            {t('financing.approved.how')}{' '}
            <Anchor component={Link} to={documentLinks.list('invoice', 'outgoing')}>
              {t('financing.approved.open_invoices')}
            </Anchor>
          </Text>
        </QueryState>
      </Stack>
    </Card>
  );
}
