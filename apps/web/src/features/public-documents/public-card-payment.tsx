import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-error';
import { formatDocumentMoney } from '../../lib/money';
import { type CardForm, paymentTokens } from '../../lib/payment-tokens';
import { startCardPayment, usePublicCardOptions, useRefreshPublicInvoice } from './public-documents-queries';

type Step = { kind: 'idle' } | { kind: 'card' } | { kind: 'paying' } | { kind: 'paid'; amount: number } | { kind: 'failed'; message: string };

/**
 * The Pay button of a public invoice (issue 17): the provider's card form, the payment started on
 * our server (which decides the amount) and confirmed by the provider's script. The invoice becomes
 * paid only when the provider's event reaches the server, so success here says so and asks again.
 */
export function PublicCardPayment({ token, dueAmount, currencyId }: { token: string; dueAmount: number; currencyId: number }) {
  const { t } = useTranslation();
  const options = usePublicCardOptions(token, dueAmount > 0);
  const refresh = useRefreshPublicInvoice(token);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const target = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const settings = options.data?.data;
  const amount = formatDocumentMoney(dueAmount, currencyId);

  const showForm = step.kind === 'card' || step.kind === 'paying' || step.kind === 'failed';
  useEffect(() => {
    if (!showForm || form.current || !settings?.publishable_key || !target.current) return;
    const mountTarget = target.current;
    let cancelled = false;
    void paymentTokens(settings.publishable_key, settings.provider_script)
      .cardForm()
      .then((made) => {
        if (cancelled) return made.destroy();
        form.current = made;
        made.mount(mountTarget);
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorText(error, t('public_documents.card_payment.failed')) ?? t('public_documents.card_payment.failed') }));
    return () => {
      cancelled = true;
    };
  }, [showForm, settings, t]);
  useEffect(() => () => form.current?.destroy(), []);

  if (dueAmount <= 0 || !settings) return null;
  if (!settings.available) {
    return <Alert color="gray">{settings.message}</Alert>;
  }

  async function pay() {
    const card = form.current;
    if (!card) return;
    setStep({ kind: 'paying' });
    try {
      const started = await startCardPayment(token);
      await card.pay(started.client_secret);
      setStep({ kind: 'paid', amount: started.amount });
      card.destroy();
      form.current = null;
      await refresh();
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, t('public_documents.card_payment.failed')) ?? t('public_documents.card_payment.failed') });
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="public-card-payment">
      <Stack>
        <Title order={2} fz="h5" id="public-card-payment">
          {t('public_documents.card_payment.title')}
        </Title>
        {step.kind === 'paid' ? (
          <Alert color="green" role="status">
            {t('public_documents.card_payment.succeeded', { amount: formatDocumentMoney(step.amount, currencyId) })}
          </Alert>
        ) : step.kind === 'idle' ? (
          <Group>
            <Button onClick={() => setStep({ kind: 'card' })}>{t('public_documents.card_payment.pay_button', { amount })}</Button>
          </Group>
        ) : (
          <>
            <Text fw={500} size="sm">
              {t('public_documents.card_payment.card_label')}
            </Text>
            <div ref={target} data-testid="card-form" />
            {step.kind === 'failed' && (
              <Alert color="red" role="alert">
                {step.message}
              </Alert>
            )}
            <Group>
              <Button onClick={() => void pay()} loading={step.kind === 'paying'}>
                {t('public_documents.card_payment.submit', { amount })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
