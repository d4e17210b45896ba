import { useState } from 'react';
import { Alert, Anchor, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CardPayment } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatDocumentMoney } from '../../../lib/money';
import { companyPaths } from '../../../lib/paths';
import { PaymentTokenError, paymentTokens } from '../../../lib/payment-tokens';
import { useSavedMethods } from '../../saved-methods';

/** `amount`: what was paid, as shown when paying (the invoice read afterwards has nothing due). */
type Step = { kind: 'idle' } | { kind: 'paying' } | { kind: 'succeeded' | 'processing'; amount: string } | { kind: 'failed'; message: string };

type SavedMethodPayProps = {
  /** Where the provider's script loads from (the pay options'); null for its canonical URL. */
  providerScript: string | null;
  dueAmount: number;
  currencyId: number;
  /** Starts the payment for the saved method on our server (approving first where the page does so): the attempt to confirm. */
  start(savedMethodId: string): Promise<CardPayment>;
  /** Called once the provider confirmed it; the page keeps this section, and its outcome, shown while it reads the invoice again. */
  onPaid(): Promise<unknown>;
  /** Opened for this (the spec's `payment-method` link): without a saved method it says where to add one. */
  focused: boolean;
};

/**
 * Paying an incoming invoice with one of the business's saved methods (settings → payment-methods):
 * the default one chosen first, the server makes the attempt for it and the payer confirms it here
 * through the provider's script, which asks for 3-D Secure when the card wants it. It pays what is
 * due; a part is paid through the form below. Shown only where the business has saved methods.
 */
export function SavedMethodPay({ providerScript, dueAmount, currencyId, start, onPaid, focused }: SavedMethodPayProps) {
  const { t } = useTranslation();
  const methods = useSavedMethods();
  const list = methods.data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const selected = chosen ?? list.find((method) => method.is_default)?.id ?? list[0]?.id ?? null;
  const amount = formatDocumentMoney(dueAmount, currencyId);

  if (methods.isPending || methods.isError) return null;
  if (list.length === 0) {
    if (!focused) return null;
    return (
      <Alert color="blue" role="status" title={t('customer_pay.saved.none_title')}>
        <Text size="sm">{t('customer_pay.saved.none')}</Text>
        <Anchor component={Link} to={companyPaths.paymentMethods} size="sm">
          {t('customer_pay.saved.add')}
        </Anchor>
      </Alert>
    );
  }

  async function pay() {
    if (!selected) return;
    const paying = amount;
    setStep({ kind: 'paying' });
    try {
      const started = await start(selected);
      const outcome = await paymentTokens(started.publishable_key, providerScript).payWithSaved(started.client_secret, started.method);
      setStep({ kind: outcome, amount: paying });
      void onPaid();
    } catch (err) {
      const message = err instanceof PaymentTokenError ? err.message : errorText(err, t('customer_pay.saved.failed'));
      setStep({ kind: 'failed', message: message ?? t('customer_pay.saved.failed') });
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="saved-pay-title">
      <Stack gap="md">
        <Title order={2} fz="h5" id="saved-pay-title">
          {t('customer_pay.saved.title')}
        </Title>
        {step.kind === 'succeeded' || step.kind === 'processing' ? (
          <Alert color={step.kind === 'succeeded' ? 'green' : 'yellow'} role="status">
            {t(step.kind === 'succeeded' ? 'customer_pay.saved.succeeded' : 'customer_pay.saved.processing', { amount: step.amount })}
          </Alert>
        ) : (
          <>
            <Radio.Group label={t('customer_pay.saved.choose')} value={selected} onChange={setChosen}>
              <Stack gap="xs" mt="xs">
                {list.map((method) => (
                  <Radio key={method.id} value={method.id} label={method.is_default ? t('customer_pay.saved.default', { name: method.name }) : method.name} disabled={step.kind === 'paying'} />
                ))}
              </Stack>
            </Radio.Group>
            {step.kind === 'failed' && (
              <Alert color="red" role="alert">
                {step.message}
              </Alert>
            )}
            <Button onClick={() => void pay()} loading={step.kind === 'paying'} w="fit-content">
              {t('customer_pay.saved.submit', { amount })}
            </Button>
            <Text size="xs" c="dimmed">
              {t('customer_pay.saved.whole')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
