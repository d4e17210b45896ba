import '@mantine/core/styles/Radio.css'; // the card or bank account choice, also on the guest's payment-method link page
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodSetupResource, SavedPaymentMethodType } from '@app/contracts';
import { BankAccountFields, type BankAccountErrors, bankAccountErrors, emptyBankAccount } from '../../components/bank-account-fields';
import { errorText } from '../../lib/api-error';
import { safeUrl } from '../../lib/safe-url';
import { MicrodepositVerification } from '../../components/microdeposit-verification';
import { type BankAccountDetails, type CardForm, PaymentTokenError, VERIFICATION_ATTEMPTS_EXCEEDED, paymentTokens } from '../../lib/payment-tokens';
import type { SetupTarget } from './saved-methods-queries';

/** `verify`: the bank account typed by hand awaits the code of the provider's microdeposit before it is saved. */
type Step = { kind: 'starting' } | { kind: 'ready' } | { kind: 'saving' } | { kind: 'verify'; laterUrl: string | null } | { kind: 'failed'; message: string };

/**
 * Saves a card or a US bank account through a SetupIntent confirmed by Stripe.js (the provider's
 * card form, or `confirmUsBankAccountSetup` with the account typed by hand and the mandate the
 * payer accepts by saving, then the microdeposit's code the provider asks to prove that account):
 * the numbers never touch our server, which is then told the setup's id
 * and asks the provider itself. `payee` is who the mandate authorises to debit the account.
 */
export function SaveMethodForm({ target, payee, onSaved, onCancel }: { target: SetupTarget; payee: string; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'starting' });
  const [setup, setSetup] = useState<PaymentMethodSetupResource | null>(null);
  const [method, setMethod] = useState<SavedPaymentMethodType>('card');
  const [bank, setBank] = useState<BankAccountDetails>(emptyBankAccount);
  const [bankErrors, setBankErrors] = useState<BankAccountErrors>({});
  const mountPoint = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const failedText = t(method === 'card' ? 'saved_methods.failed' : 'saved_methods.bank.failed');
  const failedWith = (error: unknown): Step => ({ kind: 'failed', message: errorText(error, failedText) ?? failedText });

  // One setup per form shown: `target` is stable (a module constant or memoised per link). It takes a card or a bank account.
  useEffect(() => {
    let cancelled = false;
    target
      .start()
      .then(async (started) => {
        if (cancelled || !mountPoint.current) return;
        setSetup(started);
        const made = await paymentTokens(started.publishable_key, started.provider_script).cardForm();
        if (cancelled || !mountPoint.current) return made.destroy();
        form.current = made;
        made.mount(mountPoint.current);
        setStep({ kind: 'ready' });
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorText(error, t('saved_methods.failed')) ?? t('saved_methods.failed') }));
    return () => {
      cancelled = true;
      form.current?.destroy();
      form.current = null;
    };
  }, [target, t]);

  async function confirmed(): Promise<string | null> {
    if (!setup) return null;
    if (method === 'card') return form.current ? form.current.save(setup.client_secret) : null;
    const errors = bankAccountErrors(bank, t);
    setBankErrors(errors);
    if (Object.keys(errors).length > 0) return null;
    setStep({ kind: 'saving' });
    const outcome = await paymentTokens(setup.publishable_key, setup.provider_script).saveBank(setup.client_secret, bank);
    if (outcome.status === 'needs_verification') {
      // The provider's page is linked only if it is a plain http(s) address.
      setStep({ kind: 'verify', laterUrl: safeUrl(outcome.verifyUrl) ?? null });
      return null;
    }
    return outcome.id;
  }

  /** The microdeposit's code proves the account; the provider then saves it and our server is told, as for any setup. */
  async function verify(code: string) {
    if (!setup) return;
    try {
      const setupIntentId = await paymentTokens(setup.publishable_key, setup.provider_script).verifyBankSetup(setup.client_secret, code);
      await target.finish(setupIntentId);
      onSaved();
    } catch (error) {
      // Too many wrong codes failed the setup: this form's setup is spent, so the payer starts again.
      if (error instanceof PaymentTokenError && error.code === VERIFICATION_ATTEMPTS_EXCEEDED) return setStep({ kind: 'failed', message: error.message });
      throw error;
    }
  }

  async function save() {
    setStep({ kind: 'saving' });
    try {
      const setupIntentId = await confirmed();
      if (!setupIntentId) {
        setStep((current) => (current.kind === 'saving' ? { kind: 'ready' } : current));
        return;
      }
      await target.finish(setupIntentId);
      onSaved();
    } catch (error) {
      setStep(failedWith(error));
    }
  }

  const busy = step.kind === 'saving' || step.kind === 'starting';
  if (step.kind === 'verify') {
    return (
      <Stack>
        <MicrodepositVerification
          outcome={t('saved_methods.bank.verify_outcome')}
          // Our server saves the account from the provider's event whenever the code is entered, here or on the provider's page.
          later={
            step.laterUrl && (
              <Text size="sm">
                {t('saved_methods.bank.verify_later')}{' '}
                <Anchor href={step.laterUrl} target="_blank" rel="noopener noreferrer">
                  {t('saved_methods.bank.verify_later_link')}
                </Anchor>
              </Text>
            )
          }
          verify={verify}
        />
        {onCancel && (
          <Group>
            <Button variant="default" onClick={onCancel}>
              {t('saved_methods.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack>
      <Radio.Group label={t('saved_methods.method')} value={method} onChange={(picked) => setMethod(picked === 'us_bank_account' ? 'us_bank_account' : 'card')}>
        <Group mt={4}>
          <Radio value="card" label={t('saved_methods.types.card')} disabled={step.kind === 'saving'} />
          <Radio value="us_bank_account" label={t('saved_methods.types.us_bank_account')} disabled={step.kind === 'saving'} />
        </Group>
      </Radio.Group>
      {/* The card form stays mounted while the bank form shows, so switching back keeps what was typed. */}
      <div hidden={method !== 'card'}>
        <Text fw={500} size="sm" id="save-card-label">
          {t('saved_methods.card_label')}
        </Text>
        <div ref={mountPoint} data-testid="card-form" aria-labelledby="save-card-label" />
      </div>
      {method === 'us_bank_account' && (
        <BankAccountFields value={bank} errors={bankErrors} onChange={setBank} business={payee} amount="" mandate={t('saved_methods.bank.mandate', { business: payee })} disabled={step.kind === 'saving'} />
      )}
      {step.kind === 'failed' && (
        <Alert color="red" role="alert">
          {step.message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void save()} loading={busy} disabled={!setup}>
          {t(method === 'card' ? 'saved_methods.save' : 'saved_methods.bank.save')}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('saved_methods.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
