import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDirection } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { paymentLinks } from '../payment-links';
import { usePayments } from '../payments-queries';
import { ClaimStatus } from './claim-status';
import { PaymentClaims } from './payment-claims';

/** The payments the business made against a vendor's invoice, each with where its claim stands. */
function PaymentsMade({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const payments = usePayments({ tab: 'made', invoice_id: invoiceId });
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
        {t('payments.invoice_payments.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {payments.data.data.map((payment) => (
        <li key={payment.id}>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paymentLinks.view(payment.id)} size="sm" fw={500}>
              {payment.payment_number}
            </Anchor>
            <Text size="sm" fw={500}>
              {formatDocumentMoney(payment.amount, payment.currency_id)}
            </Text>
          </Group>
          <Group gap="xs" mt={2}>
            <Text size="xs" c="dimmed">
              {formatDate(payment.payment_date)}
            </Text>
            {payment.claim && <ClaimStatus claim={payment.claim} />}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Payments beside an invoice. The issuer sees what its customer says it paid, to confirm or
 * reject; the customer sees the payments it recorded and whether the vendor confirmed them.
 */
export function InvoicePayments({ invoiceId, direction }: { invoiceId: string; direction: DocumentDirection }) {
  const { t } = useTranslation();
  if (direction === 'outgoing') return <PaymentClaims invoiceId={invoiceId} />;
  return (
    <Card withBorder component="section" aria-labelledby="invoice-payments-title">
      <Title order={2} fz="h5" mb="sm" id="invoice-payments-title">
        {t('payments.invoice_payments.title')}
      </Title>
      <PaymentsMade invoiceId={invoiceId} />
    </Card>
  );
}
