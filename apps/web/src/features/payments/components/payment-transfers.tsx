import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMovement, PaymentRefundResource, PaymentResource } from '@app/contracts';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';

/** Money the platform or the payer got back is shown taken off. */
const OUTGOING: readonly PaymentMovement['kind'][] = ['refund', 'transfer_reversal', 'application_fee_refund'];

const REFUND_COLORS: Record<PaymentRefundResource['status'], string> = { pending: 'yellow', requires_action: 'yellow', succeeded: 'green', failed: 'red', canceled: 'gray' };

function MovementsTable({ payment, movements, side }: { payment: PaymentResource; movements: PaymentMovement[]; side: 'charges' | 'transfers' }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, payment.currency_id);
  const titleId = `payment-${side}-${payment.id}`;
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} fz="sm" mb="xs" id={titleId}>
        {t(`payments.transfers.${side}`)}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-labelledby={titleId}>
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
                  {side === 'transfers' && movement.destination && (
                    <Text size="xs" c="dimmed">
                      {t('payments.transfers.account', { destination: movement.destination })}
                    </Text>
                  )}
                  {side === 'charges' && movement.payment_method && (
                    <Text size="xs" c="dimmed">
                      {t(`payments.transfers.methods.${movement.payment_method === 'us_bank_account' ? 'us_bank_account' : 'card'}`)}
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
    </section>
  );
}

/** The vendor's refunds as asked and as the provider's events ended them: a refund not confirmed yet shows pending. */
function RefundsTable({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const titleId = `payment-refunds-${payment.id}`;
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} fz="sm" mb="xs" id={titleId}>
        {t('payments.transfers.refunds')}
      </Title>
      <Table aria-labelledby={titleId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.view.date')}</Table.Th>
            <Table.Th>{t('payments.view.status')}</Table.Th>
            <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td>{formatDate(refund.created_at)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={REFUND_COLORS[refund.status]}>
                  {t(`payments.transfers.refund_status.${refund.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{formatDocumentMoney(refund.amount, payment.currency_id)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * "Transfers and charges" of an online payment, from the payment itself (the same rows as
 * `GET /payments/{id}/transfers`): the charge to the payer and its refunds, the platform's fee
 * and the transfer to the business's payout account, as the provider's events told them, and
 * the vendor's refunds with their status. A payment recorded by hand shows no card.
 */
export function PaymentTransfersCard({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const empty = payment.charges.length === 0 && payment.transfers.length === 0 && payment.refunds.length === 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`transfers-${payment.id}`}>
      <Title order={2} fz="h5" mb="sm" id={`transfers-${payment.id}`}>
        {t('payments.transfers.title')}
      </Title>
      {empty ? (
        <Text c="dimmed">{t('payments.transfers.empty')}</Text>
      ) : (
        <Stack gap="lg">
          {payment.charges.length > 0 && <MovementsTable payment={payment} movements={payment.charges} side="charges" />}
          {payment.transfers.length > 0 && <MovementsTable payment={payment} movements={payment.transfers} side="transfers" />}
          {payment.refunds.length > 0 && <RefundsTable payment={payment} />}
        </Stack>
      )}
    </Card>
  );
}
