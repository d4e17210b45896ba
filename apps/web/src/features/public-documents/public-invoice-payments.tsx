import { Paper, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicDocumentPayment } from '@app/contracts';
import { formatDate } from '../../lib/format';
import { formatDocumentMoney } from '../../lib/money';

/** The payments received against the invoice, so the customer can match them with their own records. */
export function PublicInvoicePayments({ payments, currencyId }: { payments: readonly PublicDocumentPayment[]; currencyId: number }) {
  const { t } = useTranslation();
  if (payments.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="public-invoice-payments">
      <Title order={2} fz="h5" mb="sm" id="public-invoice-payments">
        {t('public_documents.payments.title')}
      </Title>
      {/* Three short columns fit a phone (390 px) without scrolling. */}
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" style={{ whiteSpace: 'nowrap' }} aria-labelledby="public-invoice-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('public_documents.payments.date')}</Table.Th>
              <Table.Th scope="col">{t('public_documents.payments.number')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('public_documents.payments.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.payment_number}>
                <Table.Td>{formatDate(payment.payment_date)}</Table.Td>
                <Table.Td>{payment.payment_number}</Table.Td>
                <Table.Td ta="right">{formatDocumentMoney(payment.amount, currencyId)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
