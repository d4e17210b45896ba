import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentResource } from '@app/contracts';
import { PaidStatusBadge } from '../../../components/document-status-badge';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { LabelledValue } from '../../../components/labelled-value';


/** The receipt's facts: who, when, how much, by which mode, for which invoice. */
export function PaymentDetails({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, payment.currency_id);
  return (
    <Card withBorder radius="md" padding="lg">
      <Text fz={32} fw={700} mb="md" aria-label={t('payments.view.amount_label', { amount: money(payment.amount) })}>
        {money(payment.amount)}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0} spacing="md">
        <LabelledValue term label={t('payments.view.date')}>{formatDate(payment.payment_date)}</LabelledValue>
        <LabelledValue term label={t('payments.view.number')}>{payment.payment_number}</LabelledValue>
        <LabelledValue term label={t(payment.direction === 'received' ? 'payments.view.customer' : 'payments.view.vendor')}>{payment.counterparty.name}</LabelledValue>
        <LabelledValue term label={t('payments.view.mode')}>{payment.mode?.name ?? '—'}</LabelledValue>
        {payment.exchange_rate && <LabelledValue term label={t('payments.view.exchange_rate')}>{payment.exchange_rate}</LabelledValue>}
        <LabelledValue term label={t('payments.view.status')}>{t(`payments.status.${payment.status}`)}</LabelledValue>
        {payment.refunded_amount > 0 && <LabelledValue term label={t('payments.view.refunded')}>{money(payment.refunded_amount)}</LabelledValue>}
      </SimpleGrid>
      {payment.notes && (
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('payments.view.notes')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{payment.notes}</Text>
        </Stack>
      )}
    </Card>
  );
}

/** The invoice the payment settles, with what is still due on it after every payment so far. */
export function PaymentInvoiceCard({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const { invoice } = payment;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="h5" mb="sm">
        {t('payments.view.invoice')}
      </Title>
      {invoice ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Anchor component={Link} to={documentLinks.view('invoice', invoice.id)}>
              {invoice.invoice_number}
            </Anchor>
            <PaidStatusBadge status={invoice.paid_status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('payments.view.invoice_dates', { date: formatDate(invoice.invoice_date), due: invoice.due_date ? formatDate(invoice.due_date) : '—' })}
          </Text>
          <SimpleGrid component="dl" cols={3} m={0} spacing="xs">
            <LabelledValue term label={t('payments.view.invoice_total')}>{formatDocumentMoney(invoice.total, invoice.currency_id)}</LabelledValue>
            <LabelledValue term label={t('payments.view.invoice_paid')}>{formatDocumentMoney(invoice.amount_paid, invoice.currency_id)}</LabelledValue>
            <LabelledValue term label={t('payments.view.invoice_due')}>{formatDocumentMoney(invoice.due_amount, invoice.currency_id)}</LabelledValue>
          </SimpleGrid>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('payments.view.no_invoice')}
        </Text>
      )}
    </Card>
  );
}
