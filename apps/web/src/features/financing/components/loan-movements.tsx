import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoanProduct, LoanTransactionResource } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { formatCodeMoney } from '../../../lib/money';
import { errorText } from '../../../lib/api-error';
import { useLoanMovements } from '../financing-queries';

const STATUS_COLOR: Record<LoanTransactionResource['status'], string> = { pending: 'yellow', posted: 'green', voided: 'gray' };

/** A signed movement: '+' what the business now owes more or received, '−' less; nothing for zero. */
function signed(minor: number, currencyCode: string): string {
  if (minor === 0) return '—';
  const amount = formatCodeMoney(Math.abs(minor), currencyCode);
  return minor > 0 ? `+${amount}` : `−${amount}`;
}

/** The product's ledger movements, newest first; "Load more" asks for the page after the last cursor. */
export function LoanMovements({ product }: { product: LoanProduct }) {
  const { t } = useTranslation();
  const movements = useLoanMovements(product);
  const rows = movements.data?.pages.flatMap((page) => page.data) ?? [];
  // A later page that failed keeps the rows already shown; the failure shows under them.
  return (
    <QueryState isPending={movements.isPending} error={movements.data ? null : movements.error} isEmpty={rows.length === 0} emptyText={t('financing.movements.empty')} onRetry={() => void movements.refetch()}>
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('financing.movements.date')}</Table.Th>
                <Table.Th>{t('financing.movements.invoice')}</Table.Th>
                <Table.Th>{t('financing.movements.kind')}</Table.Th>
                <Table.Th>{t('financing.movements.status')}</Table.Th>
                <Table.Th ta="right">{t('financing.movements.principal')}</Table.Th>
                <Table.Th ta="right">{t('financing.movements.fee')}</Table.Th>
                <Table.Th ta="right">{t('financing.movements.cash')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((movement) => (
                <Table.Tr key={movement.id}>
                  <Table.Td>{formatDate(movement.effective_date)}</Table.Td>
                  <Table.Td>{movement.invoice_number}</Table.Td>
                  <Table.Td>{t(`financing.kind.${movement.kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[movement.status]} variant="light">
                      {t(`financing.movements.statuses.${movement.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{signed(movement.principal_amount, movement.currency_code)}</Table.Td>
                  <Table.Td ta="right">{signed(movement.fee_amount, movement.currency_code)}</Table.Td>
                  <Table.Td ta="right">{signed(movement.cash_amount, movement.currency_code)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {movements.isFetchNextPageError && (
          <Alert color="red" role="alert">
            {errorText(movements.error, t('errors.generic'), t('errors.network'))}
          </Alert>
        )}
        {movements.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={movements.isFetchingNextPage} onClick={() => void movements.fetchNextPage()}>
              {t('financing.movements.load_more')}
            </Button>
          </Group>
        )}
      </Stack>
    </QueryState>
  );
}
