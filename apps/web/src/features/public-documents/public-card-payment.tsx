import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PaymentProcessing } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PayFormOnDemand } from '../../components/pay-form-on-demand';
import { customerPayPaths } from '../../lib/paths';
import { publicBankLinkToken, startOnlinePayment, usePublicCardOptions, useRefreshPublicInvoice } from './public-documents-queries';

type PaymentSlot = { token: string; dueAmount: number; currencyId: number };

/**
 * The Pay button of a public invoice (issue 17): the shared pay form (card or US bank account),
 * with the payment started on our server through the invoice's link; a bank payment on its way
 * shows as processing. The invoice becomes paid only when the provider's event
 * reaches the server, so success here says so and asks for the invoice again. While a signed-in
 * member of the customer business has not chosen how to pay (`awaitingChoice`), there is none.
 */
export function PublicCardPayment({ token, dueAmount, currencyId, awaitingChoice, processing, payee }: PaymentSlot & { awaitingChoice: boolean; processing: PaymentProcessing | null; payee: string }) {
  const options = usePublicCardOptions(token, dueAmount > 0);
  const refresh = useRefreshPublicInvoice(token);
  const settings = options.data?.data;
  if (!settings || (awaitingChoice && settings.available && settings.in_app)) return null;
  return <PayFormOnDemand payable={dueAmount > 0} options={settings} dueAmount={dueAmount} currencyId={currencyId} start={(amount, method, bankLink) => startOnlinePayment(token, amount, method, bankLink)} bankLinkToken={() => publicBankLinkToken(token)} payee={payee} processing={processing} onPaid={refresh} />;
}

/**
 * The share-link access choice (spec section 2): the server says, from the session cookie alone,
 * when the viewer belongs to the invoice's customer business and may pay it there; they pay here
 * as a guest, or open it in the app as that business.
 */
export function PublicAccessChoice({ token, dueAmount, onGuest }: Omit<PaymentSlot, 'currencyId'> & { onGuest(): void }) {
  const { t } = useTranslation();
  const settings = usePublicCardOptions(token, dueAmount > 0).data?.data;
  const inApp = settings?.available ? settings.in_app : null;
  if (dueAmount <= 0 || !inApp) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="access-choice-title">
      <Stack gap="sm">
        <Title order={2} fz="h5" id="access-choice-title">
          {t('public_documents.access_choice.title')}
        </Title>
        <Text size="sm">{t('public_documents.access_choice.text', { business: inApp.business_name })}</Text>
        <Group>
          <Button component={Link} to={customerPayPaths.payment(inApp.business_id, inApp.invoice_id)}>
            {t('public_documents.access_choice.in_app')}
          </Button>
          <Button variant="default" onClick={onGuest}>
            {t('public_documents.access_choice.as_guest')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
