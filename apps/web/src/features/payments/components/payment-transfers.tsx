import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMovement, PaymentResource } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { usePaymentTransfers } from '../payments-queries';

/** Money the platform or the payer got back is shown taken off. */
const OUTGOING: readonly PaymentMovement['kind'][] = ['refund', 'transfer_reversal', 'application_fee_refund'];

function MovementsTable({ payment, movements }: { payment: PaymentResource; movements: PaymentMovement[] }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, payment.currency_id);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby={`transfers-${payment.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.transfers.kind')}</Table.Th>
            <Table.Th>{t('payments.view.date')}</Table.Th>
            <Table.Th>{t('payments.transfers.provider_id')}</Table.Th>
            <Table.Th>{t('payments.view.status')}</Table.Th>
            <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((movement) => (
            <Table.Tr key={movement.provider_id}>
              <Table.Td>
                {t(`payments.transfers.kinds.${movement.kind}`)}
                {movement.destination && (
                  <Text size="xs" c="dimmed">
                    {t('payments.transfers.account', { destination: movement.destination })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(movement.date)}</Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {movement.provider_id}
                </Text>
              </Table.Td>
              <Table.Td>{movement.status.replaceAll('_', ' ')}</Table.Td>
              <Table.Td ta="right">
                {OUTGOING.includes(movement.kind) ? `−${money(movement.amount)}` : money(movement.amount)}
                {movement.amount_reversed > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('payments.transfers.reversed', { amount: money(movement.amount_reversed) })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * "Transfers and charges" of an online payment: the charge, the platform's fee, the transfer to
 * the business's payout account and any refunds, as the provider's events told them. A payment
 * recorded by hand moved nothing through the provider and shows no card.
 */
export function PaymentTransfersCard({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const movements = usePaymentTransfers(payment.id);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`transfers-${payment.id}`}>
      <Title order={2} fz="h5" mb="sm" id={`transfers-${payment.id}`}>
        {t('payments.transfers.title')}
      </Title>
      <QueryState
        isPending={movements.isPending}
        error={movements.error}
        isEmpty={movements.data?.length === 0}
        emptyText={t('payments.transfers.empty')}
        onRetry={() => void movements.refetch()}
      >
        {movements.data && <MovementsTable payment={payment} movements={movements.data} />}
      </QueryState>
    </Card>
  );
}
