import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDirection } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { paymentLinks } from '../payment-links';
import { useInvoicePaymentList } from '../payments-queries';
import { ClaimStatus } from './claim-status';
import { PaymentClaims } from './payment-claims';

/**
 * The payments recorded against the invoice: number (linking to its receipt), date, amount and
 * mode; on the receiving side also where each claim stands with the vendor.
 */
function PaymentList({ invoiceId, direction }: { invoiceId: string; direction: DocumentDirection }) {
  const { t } = useTranslation();
  const payments = useInvoicePaymentList(invoiceId, direction);
  if (payments.isPending) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (payments.isError) {
    return (
      <Alert color="red" role="alert" p="xs">
        <Text size="sm" mb="xs">
          {errorText(payments.error, t('errors.generic'), t('errors.network')) ?? t('errors.generic')}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void payments.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (payments.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(direction === 'outgoing' ? 'payments.invoice_payments.empty_received' : 'payments.invoice_payments.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {payments.data.data.map((payment) => (
        <li key={payment.id}>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paymentLinks.view(payment.id)} size="sm" fw={500} aria-label={t('payments.invoice_payments.receipt_of', { number: payment.payment_number })}>
              {payment.payment_number}
            </Anchor>
            <Text size="sm" fw={500}>
              {formatDocumentMoney(payment.amount, payment.currency_id)}
            </Text>
          </Group>
          <Group gap="xs" mt={2}>
            <Text size="xs" c="dimmed">
              {formatDate(payment.payment_date)}
              {' · '}
              {payment.mode?.name ?? t('payments.invoice_payments.no_mode')}
            </Text>
            {payment.claim && <ClaimStatus claim={payment.claim} />}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Payments beside an invoice. The issuer sees the payments it received and what its customer says
 * it paid, to confirm or reject; the customer sees the payments it recorded and whether the vendor
 * confirmed them.
 */
export function InvoicePayments({ invoiceId, direction }: { invoiceId: string; direction: DocumentDirection }) {
  const { t } = useTranslation();
  return (
    <>
      <Card withBorder component="section" aria-labelledby="invoice-payments-title">
        <Title order={2} fz="h5" mb="sm" id="invoice-payments-title">
          {t(direction === 'outgoing' ? 'payments.invoice_payments.title_received' : 'payments.invoice_payments.title')}
        </Title>
        <PaymentList invoiceId={invoiceId} direction={direction} />
      </Card>
      {direction === 'outgoing' && <PaymentClaims invoiceId={invoiceId} />}
    </>
  );
}
