import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnlinePaymentMethod, PaymentProcessing } from '@app/contracts';
import { errorText } from '../../lib/api-error';
import { formatDocumentMoney } from '../../lib/money';
import { type BankAccountDetails, type CardForm, paymentTokens } from '../../lib/payment-tokens';
import { BankAccountFields, type BankAccountErrors, bankAccountErrors, emptyBankAccount } from './public-bank-account-fields';
import { startOnlinePayment, usePublicCardOptions, useRefreshPublicInvoice } from './public-documents-queries';

type Step = { kind: 'idle' } | { kind: 'form' } | { kind: 'paying' } | { kind: 'paid'; amount: number } | { kind: 'processing'; amount: number } | { kind: 'failed'; message: string };

/**
 * The Pay button of a public invoice (issue 17): the payer picks a card (the provider's card form)
 * or a US bank account (typed by hand, debited with the payer's mandate); the payment is started on
 * our server (which decides the amount) and confirmed by the provider's script. The invoice becomes
 * paid only when the provider's event reaches the server; a bank debit shows as processing until
 * it settles, and no second payment starts meanwhile.
 */
export function PublicCardPayment({ token, dueAmount, currencyId, processing, business }: { token: string; dueAmount: number; currencyId: number; processing: PaymentProcessing | null; business: string }) {
  const { t } = useTranslation();
  const options = usePublicCardOptions(token, dueAmount > 0 && processing === null);
  const refresh = useRefreshPublicInvoice(token);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [method, setMethod] = useState<OnlinePaymentMethod>('card');
  const [bank, setBank] = useState<BankAccountDetails>(emptyBankAccount);
  const [bankErrors, setBankErrors] = useState<BankAccountErrors>({});
  const target = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const settings = options.data?.data;
  const amount = formatDocumentMoney(dueAmount, currencyId);
  const failedText = (error: unknown) => errorText(error, t('public_documents.card_payment.failed')) ?? t('public_documents.card_payment.failed');

  const showForm = step.kind === 'form' || step.kind === 'paying' || step.kind === 'failed';
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

  if (processing !== null || step.kind === 'processing') {
    const shown = processing?.amount ?? (step.kind === 'processing' ? step.amount : 0);
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="public-card-payment">
        <Stack>
          <Title order={2} fz="h5" id="public-card-payment">
            {t('public_documents.card_payment.title')}
          </Title>
          <Alert color="yellow" role="status" title={t('public_documents.payment_processing')}>
            {t('public_documents.bank_payment.processing', { amount: formatDocumentMoney(shown, currencyId) })}
          </Alert>
        </Stack>
      </Paper>
    );
  }
  if (dueAmount <= 0 || !settings) return null;
  if (!settings.available) {
    return <Alert color="gray">{settings.message}</Alert>;
  }

  async function pay() {
    if (method === 'us_bank_account') return payByBank();
    const card = form.current;
    if (!card) return;
    setStep({ kind: 'paying' });
    try {
      const started = await startOnlinePayment(token, 'card');
      await card.pay(started.client_secret);
      setStep({ kind: 'paid', amount: started.amount });
      card.destroy();
      form.current = null;
      await refresh();
    } catch (error) {
      setStep({ kind: 'failed', message: failedText(error) });
    }
  }

  async function payByBank() {
    const errors = bankAccountErrors(bank, t);
    setBankErrors(errors);
    if (Object.keys(errors).length > 0 || !settings?.publishable_key) return;
    setStep({ kind: 'paying' });
    try {
      const started = await startOnlinePayment(token, 'us_bank_account');
      const outcome = await paymentTokens(settings.publishable_key, settings.provider_script).payByBank(started.client_secret, bank);
      if (outcome === 'needs_verification') return setStep({ kind: 'failed', message: t('public_documents.bank_payment.needs_verification') });
      setStep({ kind: 'processing', amount: started.amount });
      setBank(emptyBankAccount);
      await refresh();
    } catch (error) {
      setStep({ kind: 'failed', message: failedText(error) });
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
            <Button onClick={() => setStep({ kind: 'form' })}>{t('public_documents.card_payment.pay_button', { amount })}</Button>
          </Group>
        ) : (
          <>
            <Radio.Group label={t('public_documents.bank_payment.method')} value={method} onChange={(chosen) => setMethod(chosen === 'us_bank_account' ? 'us_bank_account' : 'card')}>
              <Group mt={4}>
                <Radio value="card" label={t('public_documents.card_payment.card_label')} disabled={step.kind === 'paying'} />
                <Radio value="us_bank_account" label={t('public_documents.bank_payment.bank_label')} disabled={step.kind === 'paying'} />
              </Group>
            </Radio.Group>
            {/* The card form stays mounted while the bank form shows, so switching back keeps what was typed. */}
            <div hidden={method !== 'card'}>
              <Text fw={500} size="sm">
                {t('public_documents.card_payment.card_label')}
              </Text>
              <div ref={target} data-testid="card-form" />
            </div>
            {method === 'us_bank_account' && <BankAccountFields value={bank} errors={bankErrors} onChange={setBank} business={business} amount={amount} disabled={step.kind === 'paying'} />}
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
