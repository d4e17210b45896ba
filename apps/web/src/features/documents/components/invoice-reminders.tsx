import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceReminderDelivery } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useInvoiceReminders } from '../documents-queries';

/** 'On the due date', '3 days before the due date', ...: the rule a reminder was sent by. */
function useRuleText() {
  const { t } = useTranslation();
  return (delivery: Pick<InvoiceReminderDelivery, 'type' | 'days'>) =>
    delivery.type === 'on_due' ? t('payment_reminders.when.on_due') : t(`payment_reminders.when.${delivery.type}`, { count: delivery.days });
}

function Deliveries({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const reminders = useInvoiceReminders(invoiceId);
  if (reminders.isPending) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (reminders.isError) {
    return (
      <Alert color="red" role="alert" p="xs">
        {errorText(reminders.error, t('errors.generic'), t('errors.network')) ?? t('errors.generic')}
      </Alert>
    );
  }
  if (reminders.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.reminders.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {reminders.data.map((delivery) => (
        <li key={delivery.reminder_id}>
          <Text size="sm" fw={500}>
            {rule(delivery)}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={delivery.sent_at}>{formatDateTime(delivery.sent_at)}</time>
            {' · '}
            {t('invoices.reminders.sent_to', { email: delivery.sent_to })}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** The payment reminders the reminder job has mailed for the invoice: which rule, when, to whom. */
export function InvoiceReminders({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="invoice-reminders-title">
      <Title order={2} fz="h5" mb="sm" id="invoice-reminders-title">
        {t('invoices.reminders.title')}
      </Title>
      <Deliveries invoiceId={invoiceId} />
    </Card>
  );
}
