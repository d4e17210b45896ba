import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardPayment, CardPaymentOptions, LinkedBank, OnlinePaymentMethod, PaymentProcessing } from '@app/contracts';
import { BankAccountFields, type BankAccountErrors, bankAccountErrors, emptyBankAccount } from './bank-account-fields';
import { LinkedBankFields, type LinkedBankChoice, emptyLinkedBank } from './linked-bank-fields';
import { MoneyInput } from './decimal-input';
import { errorText } from '../lib/api-error';
import { formatDocumentMoney, moneyFormatOf } from '../lib/money';
import { amountText, checkAmount } from '../lib/pay-amount';
import { type BankAccountDetails, type CardForm, PaymentTokenError, VERIFICATION_ATTEMPTS_EXCEEDED, paymentTokens } from '../lib/payment-tokens';
import { MicrodepositVerification } from './microdeposit-verification';

/** `verify`: a bank account typed by hand awaits the code of the provider's microdeposit; `clientSecret` is null when the page was reopened (the server gives the attempt back). */
type Step =
  | { kind: 'idle' }
  | { kind: 'card' }
  | { kind: 'paying' }
  | { kind: 'verify'; amount: number; clientSecret: string | null }
  | { kind: 'paid'; amount: number }
  | { kind: 'processing'; amount: number }
  | { kind: 'failed'; message: string };

export type PayFormProps = {
  /** What the invoice's business takes (`available`), the provider's key and script, and the amount rules. */
  options: CardPaymentOptions;
  /** Minor units still due on the invoice. */
  dueAmount: number;
  currencyId: number;
  /**
   * Starts the payment on our server (which checks the amount again and may refuse it with its
   * message); resolves to what the provider's script confirms, or, with a linked bank, to the
   * debit the server confirmed itself (`processing`).
   */
  start(amount: number | undefined, method: OnlinePaymentMethod, bankLink?: LinkedBank): Promise<CardPayment>;
  /** A link token for the bank-link provider's Link, when the page can pay from a linked bank. */
  bankLinkToken?(): Promise<string>;
  /** Who is paid: named in the bank debit's mandate. */
  payee: string;
  /** A bank payment on its way (the invoice's `payment_processing`): shown instead of the form, as no other payment can start meanwhile. */
  processing: PaymentProcessing | null;
  /** After the provider's script confirmed the payment (the invoice shows paid once the provider's event reaches the server). */
  onPaid?(): Promise<unknown>;
  /** The in-app pay page shows the card form at once; the public page behind its Pay button. */
  openAtOnce?: boolean;
  /** The submit button's text for a formatted amount; "Pay {amount} now" by default. */
  submitLabel?(amount: string): string;
  /** Shown above the form while it is open (approve-and-pay says the invoice is approved). */
  notice?: ReactNode;
  /** What an estimate's deposit says in place of the invoice's words: the form's title, its open button and its success. */
  texts?: { title: string; open(amount: string): string; succeeded(amount: string): string; processing(amount: string): string };
  /**
   * False once the server says nothing is left to pay. The form then keeps only what this payer
   * did here (their success or their bank payment processing) and otherwise shows `closed`: the
   * page's refresh after paying must not take the payer's confirmation away.
   */
  payable?: boolean;
  /** Shown in place of the form when it is not payable and this payer paid nothing here. */
  closed?: ReactNode;
};

/**
 * The one pay form of an invoice (issue 17), on the public page and in the app: the amount (what is
 * due, or part of it where the tenant allows partial payments: at least the minimum unless it
 * settles what is due, never more than what is due), the provider's card form, then success, or
 * the provider's or our server's message and another try. The card number never touches our code.
 */
export function PayForm({ options, dueAmount, currencyId, start, bankLinkToken, payee, processing, onPaid, openAtOnce = false, submitLabel, notice, texts, payable = true, closed = null }: PayFormProps) {
  const { t } = useTranslation();
  // A bank payment awaiting its microdeposit's code (told by the server on a later visit) is finished, not started over.
  const [step, setStep] = useState<Step>(() => (options.bank_verification ? { kind: 'verify', amount: options.bank_verification.amount, clientSecret: null } : { kind: openAtOnce ? 'card' : 'idle' }));
  const [amount, setAmount] = useState(() => amountText(dueAmount, currencyId));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [method, setMethod] = useState<OnlinePaymentMethod>('card');
  const [bank, setBank] = useState<BankAccountDetails>(emptyBankAccount);
  const [bankErrors, setBankErrors] = useState<BankAccountErrors>({});
  const canLink = options.bank_link_available && bankLinkToken !== undefined;
  const [entry, setEntry] = useState<'link' | 'by_hand'>(canLink ? 'link' : 'by_hand');
  const [linkedBank, setLinkedBank] = useState<LinkedBankChoice>(emptyLinkedBank);
  const [holderError, setHolderError] = useState<string | null>(null);
  const target = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const failedText = t('online_payments.failed');
  const currency = moneyFormatOf(currencyId);
  const rules = { due: dueAmount, minimum: options.minimum_amount, currencyId };
  const chosen = options.partial_payments ? checkAmount(amount, rules) : { amount: dueAmount, problem: null };
  const shownAmount = formatDocumentMoney(chosen.amount ?? dueAmount, currencyId);

  const showForm = step.kind === 'card' || step.kind === 'paying' || step.kind === 'failed';
  useEffect(() => {
    if (!showForm || form.current || !options.publishable_key || !target.current) return;
    const mountTarget = target.current;
    let cancelled = false;
    void paymentTokens(options.publishable_key, options.provider_script)
      .cardForm()
      .then((made) => {
        if (cancelled) return made.destroy();
        form.current = made;
        made.mount(mountTarget);
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorText(error, failedText) ?? failedText }));
    return () => {
      cancelled = true;
    };
  }, [showForm, options.publishable_key, options.provider_script, failedText]);
  useEffect(() => () => form.current?.destroy(), []);

  if (!payable && step.kind !== 'paid' && step.kind !== 'processing') return closed;
  if (processing !== null || step.kind === 'processing') {
    const inFlight = processing?.amount ?? (step.kind === 'processing' ? step.amount : 0);
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pay-form-title">
        <Stack>
          <Title order={2} fz="h5" id="pay-form-title">
            {texts?.title ?? t('online_payments.title')}
          </Title>
          <Alert color="yellow" role="status" title={t('online_payments.processing_title')}>
            {texts ? texts.processing(formatDocumentMoney(inFlight, currencyId)) : t('online_payments.bank.processing', { amount: formatDocumentMoney(inFlight, currencyId) })}
          </Alert>
        </Stack>
      </Paper>
    );
  }
  if (!options.available) return <Alert color="gray">{options.message}</Alert>;

  /** The amount the payer chose, or null (with its problem shown) when it cannot be paid. */
  function chosenAmount(): number | null {
    if (chosen.problem !== null || chosen.amount === null) {
      setAmountError(chosen.problem);
      return null;
    }
    setAmountError(null);
    return chosen.amount;
  }

  async function payByBank() {
    const errors = bankAccountErrors(bank, t);
    setBankErrors(errors);
    const paid = chosenAmount();
    if (Object.keys(errors).length > 0 || paid === null || !options.publishable_key) return;
    setStep({ kind: 'paying' });
    try {
      const started = await start(options.partial_payments ? paid : undefined, 'us_bank_account');
      // The server gave back an attempt already awaiting its code: it is verified, not confirmed again.
      const outcome = started.status === 'requires_action' ? 'needs_verification' : await paymentTokens(options.publishable_key, options.provider_script).payByBank(started.client_secret, bank);
      setBank(emptyBankAccount);
      if (outcome === 'needs_verification') return setStep({ kind: 'verify', amount: started.amount, clientSecret: started.client_secret });
      setStep({ kind: 'processing', amount: started.amount });
      await onPaid?.();
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, failedText) ?? failedText });
    }
  }

  /** Link's public token goes to our server, which debits the account itself: the answer is the debit, processing. */
  async function payByLinkedBank() {
    const linked = linkedBank.linked;
    if (!linked) return setStep({ kind: 'failed', message: t('online_payments.bank.link_first') });
    const holder = linkedBank.holderName.trim();
    setHolderError(holder === '' ? t('online_payments.bank.holder_name_required') : null);
    const paid = chosenAmount();
    if (holder === '' || paid === null) return;
    setStep({ kind: 'paying' });
    try {
      const started = await start(options.partial_payments ? paid : undefined, 'us_bank_account', { public_token: linked.publicToken, account_id: linked.accountId, account_holder_name: holder });
      if (started.status !== 'processing') return setStep({ kind: 'failed', message: failedText });
      setStep({ kind: 'processing', amount: started.amount });
      await onPaid?.();
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, failedText) ?? failedText });
    } finally {
      // Link's public token is used once, paid or not: another try links again.
      setLinkedBank((current) => ({ ...current, linked: null }));
    }
  }

  /** The microdeposit's code, to the provider with the attempt's secret (asked of our server again after a reload); the debit then processes. */
  async function verifyBank(pending: Extract<Step, { kind: 'verify' }>, code: string) {
    if (!options.publishable_key) return;
    const secret = pending.clientSecret ?? (await start(options.partial_payments ? pending.amount : undefined, 'us_bank_account')).client_secret;
    try {
      await paymentTokens(options.publishable_key, options.provider_script).verifyBankPayment(secret, code);
    } catch (error) {
      // Too many wrong codes failed the attempt at the provider: the payer starts again.
      if (error instanceof PaymentTokenError && error.code === VERIFICATION_ATTEMPTS_EXCEEDED) return setStep({ kind: 'failed', message: error.message });
      throw error;
    }
    setStep({ kind: 'processing', amount: pending.amount });
    await onPaid?.();
  }

  async function pay() {
    if (method === 'us_bank_account') return canLink && entry === 'link' ? payByLinkedBank() : payByBank();
    const card = form.current;
    if (!card) return;
    const paid = chosenAmount();
    if (paid === null) return;
    setStep({ kind: 'paying' });
    try {
      const started = await start(options.partial_payments ? paid : undefined, 'card');
      await card.pay(started.client_secret);
      setStep({ kind: 'paid', amount: started.amount });
      card.destroy();
      form.current = null;
      await onPaid?.();
    } catch (error) {
      setStep({ kind: 'failed', message: errorText(error, failedText) ?? failedText });
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pay-form-title">
      <Stack>
        <Title order={2} fz="h5" id="pay-form-title">
          {texts?.title ?? t('online_payments.title')}
        </Title>
        {step.kind === 'paid' ? (
          <Alert color="green" role="status">
            {texts ? texts.succeeded(formatDocumentMoney(step.amount, currencyId)) : t('online_payments.succeeded', { amount: formatDocumentMoney(step.amount, currencyId) })}
          </Alert>
        ) : step.kind === 'verify' ? (
          <MicrodepositVerification
            outcome={texts ? t('online_payments.bank.verify.deposit_outcome', { amount: formatDocumentMoney(step.amount, currencyId) }) : t('online_payments.bank.verify.payment_outcome', { amount: formatDocumentMoney(step.amount, currencyId) })}
            later={texts ? undefined : <Text size="sm">{t('online_payments.bank.verify.later')}</Text>}
            verify={(code) => verifyBank(step, code)}
            anotherWay={{ label: t('online_payments.bank.verify.another_way'), onClick: () => setStep({ kind: 'card' }) }}
          />
        ) : step.kind === 'idle' ? (
          <Group>
            <Button onClick={() => setStep({ kind: 'card' })}>{texts ? texts.open(formatDocumentMoney(dueAmount, currencyId)) : t('online_payments.pay_button', { amount: formatDocumentMoney(dueAmount, currencyId) })}</Button>
          </Group>
        ) : (
          <>
            {notice}
            {options.partial_payments ? (
              <MoneyInput
                label={t('online_payments.amount')}
                description={t('online_payments.amount_hint', { due: formatDocumentMoney(dueAmount, currencyId) })}
                currency={currency}
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setAmountError(null);
                }}
                error={amountError}
                disabled={step.kind === 'paying'}
                inputMode="decimal"
              />
            ) : (
              <Text size="sm">{t('online_payments.amount_due', { amount: shownAmount })}</Text>
            )}
            <Radio.Group label={t('online_payments.method')} value={method} onChange={(picked) => setMethod(picked === 'us_bank_account' ? 'us_bank_account' : 'card')}>
              <Group mt={4}>
                <Radio value="card" label={t('online_payments.card_label')} disabled={step.kind === 'paying'} />
                <Radio value="us_bank_account" label={t('online_payments.bank.label')} disabled={step.kind === 'paying'} />
              </Group>
            </Radio.Group>
            {/* The card form stays mounted while the bank form shows, so switching back keeps what was typed. */}
            <div hidden={method !== 'card'}>
              <Text fw={500} size="sm" id="pay-form-card-label">
                {t('online_payments.card_label')}
              </Text>
              <div ref={target} data-testid="card-form" aria-labelledby="pay-form-card-label" />
            </div>
            {method === 'us_bank_account' && canLink && (
              <Radio.Group label={t('online_payments.bank.entry')} value={entry} onChange={(picked) => setEntry(picked === 'by_hand' ? 'by_hand' : 'link')}>
                <Group mt={4}>
                  <Radio value="link" label={t('online_payments.bank.entry_link')} disabled={step.kind === 'paying'} />
                  <Radio value="by_hand" label={t('online_payments.bank.entry_by_hand')} disabled={step.kind === 'paying'} />
                </Group>
              </Radio.Group>
            )}
            {method === 'us_bank_account' && canLink && entry === 'link' && bankLinkToken && (
              <LinkedBankFields value={linkedBank} onChange={setLinkedBank} linkToken={bankLinkToken} scriptUrl={options.bank_link_script} business={payee} amount={shownAmount} disabled={step.kind === 'paying'} holderError={holderError} />
            )}
            {method === 'us_bank_account' && (!canLink || entry === 'by_hand') && <BankAccountFields value={bank} errors={bankErrors} onChange={setBank} business={payee} amount={shownAmount} disabled={step.kind === 'paying'} />}
            {step.kind === 'failed' && (
              <Alert color="red" role="alert" title={t('online_payments.try_again')}>
                {step.message}
              </Alert>
            )}
            <Group>
              <Button onClick={() => void pay()} loading={step.kind === 'paying'}>
                {submitLabel ? submitLabel(shownAmount) : t('online_payments.submit', { amount: shownAmount })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
