// @vitest-environment jsdom
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeStripe, type FakeStripe } from './server.js';
import { fakeStripeJsSource } from './stripe-js.js';

type Call = (...args: unknown[]) => Promise<unknown>;
type StripeJsInstance = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A method of the script's objects, read with checks. */
function method(target: unknown, name: string): Call {
  const candidate = isRecord(target) ? target[name] : undefined;
  if (typeof candidate !== 'function') throw new Error(`no ${name}`);
  return async (...args: unknown[]): Promise<unknown> => candidate.apply(target, args);
}

function syncMethod(target: unknown, name: string): (...args: unknown[]) => unknown {
  const candidate = isRecord(target) ? target[name] : undefined;
  if (typeof candidate !== 'function') throw new Error(`no ${name}`);
  return (...args: unknown[]): unknown => candidate.apply(target, args);
}

/** Runs the script as the page would, in this jsdom document, and returns `Stripe(publishableKey)`. */
function loadStripeJs(source: string, publishableKey: string): StripeJsInstance {
  const window: Record<string, unknown> = {};
  runInNewContext(source, { window, document, fetch, setTimeout });
  const instance = syncMethod(window, 'Stripe')(publishableKey);
  if (!isRecord(instance)) throw new Error('Stripe() made no instance');
  return instance;
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((item) => item.textContent === name);
  if (found === undefined) throw new Error(`no button ${name}`);
  return found;
}

function input(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('label')].find((item) => item.textContent?.startsWith(label))?.querySelector('input');
  if (found === null || found === undefined) throw new Error(`no input labelled ${label}`);
  return found;
}

function type(field: HTMLInputElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input'));
}

describe('the fake Stripe.js takes payments', () => {
  let fake: FakeStripe;
  let stripeJs: StripeJsInstance;
  const api = async (path: string, params: Record<string, string>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${fake.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    const body: unknown = await response.json();
    if (!isRecord(body)) throw new Error('not an object');
    return body;
  };
  const clientSecretOf = async (params: Record<string, string>): Promise<string> => {
    const intent = await api('/v1/payment_intents', { currency: 'usd', ...params });
    if (typeof intent.client_secret !== 'string') throw new Error('no client secret');
    return intent.client_secret;
  };

  beforeAll(async () => {
    fake = await startFakeStripe({ bankSettlementDelayMs: null });
    stripeJs = loadStripeJs(fakeStripeJsSource(fake.url), fake.publishableKey);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    document.body.innerHTML = '<div id="card"></div>';
  });

  it('pays with the card Element: labelled inputs read by confirmCardPayment', async () => {
    const elements = syncMethod(stripeJs, 'elements')();
    const card = syncMethod(elements, 'create')('card');
    const changes: unknown[] = [];
    syncMethod(card, 'on')('change', (event: unknown) => changes.push(event));
    syncMethod(card, 'mount')('#card');
    type(input('Card number'), '4242 4242 4242 4242');
    type(input('Expiration date'), `12 / ${(new Date().getUTCFullYear() + 2) % 100}`);
    type(input('CVC'), '123');
    expect(changes.at(-1)).toMatchObject({ complete: true, brand: 'visa' });
    const secret = await clientSecretOf({ amount: '2500' });
    const result = await method(stripeJs, 'confirmCardPayment')(secret, { payment_method: { card, billing_details: { name: 'Ada Lovelace' } } });
    expect(result).toMatchObject({ paymentIntent: { status: 'succeeded', amount: 2_500, amount_received: 2_500 } });
  });

  it('answers a declined card with { error } carrying the decline code, and a bad number likewise', async () => {
    const secret = await clientSecretOf({ amount: '2500' });
    const declined = await method(stripeJs, 'confirmCardPayment')(secret, { payment_method: 'pm_card_chargeDeclined' });
    expect(declined).toMatchObject({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { status: 'requires_payment_method' } } });
    const badNumber = await method(stripeJs, 'confirmCardPayment')(secret, { payment_method: { card: { number: '4242', exp_month: 12, exp_year: 2099, cvc: '123' } } });
    expect(badNumber).toMatchObject({ error: { type: 'card_error', code: 'invalid_number' } });
  });

  it('shows the 3-D Secure dialog; completing it pays, failing it answers payment_intent_authentication_failure', async () => {
    const secret = await clientSecretOf({ amount: '5000' });
    const paying = method(stripeJs, 'confirmCardPayment')(secret, { payment_method: 'pm_card_authenticationRequired' });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('3D Secure 2 Test Page');
    button('Complete authentication').click();
    expect(await paying).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    const second = await clientSecretOf({ amount: '5000' });
    const failing = method(stripeJs, 'confirmCardPayment')(second, { payment_method: 'pm_card_authenticationRequired' });
    await vi.waitFor(() => button('Fail authentication'));
    button('Fail authentication').click();
    expect(await failing).toMatchObject({ error: { code: 'payment_intent_authentication_failure', payment_intent: { status: 'requires_payment_method' } } });
  });

  it('leaves the action to handleCardAction when asked to', async () => {
    const secret = await clientSecretOf({ amount: '5000' });
    const pending = await method(stripeJs, 'confirmCardPayment')(secret, { payment_method: 'pm_card_authenticationRequired' }, { handleActions: false });
    expect(pending).toMatchObject({ paymentIntent: { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } } });
    const handling = method(stripeJs, 'handleCardAction')(secret);
    await vi.waitFor(() => button('Complete authentication'));
    button('Complete authentication').click();
    expect(await handling).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect(await method(stripeJs, 'retrievePaymentIntent')(secret)).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('debits a bank account with confirmUsBankAccountPayment once verifyMicrodepositsForPayment proves it', async () => {
    const secret = await clientSecretOf({ amount: '12000', 'payment_method_types[0]': 'us_bank_account' });
    const confirmed = await method(stripeJs, 'confirmUsBankAccountPayment')(secret, {
      payment_method: { us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'individual' }, billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    });
    expect(confirmed).toMatchObject({ paymentIntent: { status: 'requires_action', next_action: { type: 'verify_with_microdeposits', verify_with_microdeposits: { microdeposit_type: 'descriptor_code' } } } });
    const wrong = await method(stripeJs, 'verifyMicrodepositsForPayment')(secret, { descriptor_code: 'SM00XX' });
    expect(wrong).toMatchObject({ error: { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_descriptor_code_mismatch', message: expect.stringContaining('2 verification attempts remaining') } });
    const result = await method(stripeJs, 'verifyMicrodepositsForPayment')(secret, { descriptor_code: 'SM11AA' });
    expect(result).toMatchObject({ paymentIntent: { status: 'processing' } });
    fake.control.settleBankPayments();
    expect(await method(stripeJs, 'retrievePaymentIntent')(secret)).toMatchObject({ paymentIntent: { status: 'succeeded', amount_received: 12_000 } });
  });

  it('saves a card with confirmCardSetup, through 3-D Secure', async () => {
    const customer = await api('/v1/customers', { email: 'saver@example.com' });
    const setup = await api('/v1/setup_intents', { customer: String(customer.id), 'payment_method_types[0]': 'card' });
    const saving = method(stripeJs, 'confirmCardSetup')(setup.client_secret, { payment_method: { card: { number: '4000002500003155', exp_month: 12, exp_year: 2099, cvc: '123' } } });
    await vi.waitFor(() => button('Complete authentication'));
    button('Complete authentication').click();
    const saved = await saving;
    expect(saved).toMatchObject({ setupIntent: { status: 'succeeded', customer: customer.id, payment_method: expect.stringMatching(/^pm_/) } });
  });

  it('saves a bank account with confirmUsBankAccountSetup and verifyMicrodepositsForSetup, recording the online mandate', async () => {
    const customer = await api('/v1/customers', { email: 'bank-saver@example.com' });
    const setup = await api('/v1/setup_intents', { customer: String(customer.id), 'payment_method_types[0]': 'card', 'payment_method_types[1]': 'us_bank_account' });
    const confirmed = await method(stripeJs, 'confirmUsBankAccountSetup')(setup.client_secret, {
      payment_method: { us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'company' }, billing_details: { name: 'Bank Saver Ltd' } },
    });
    expect(confirmed).toMatchObject({ setupIntent: { status: 'requires_action', next_action: { type: 'verify_with_microdeposits' } } });
    const saved = await method(stripeJs, 'verifyMicrodepositsForSetup')(setup.client_secret, { amounts: [32, 45] });
    expect(saved).toMatchObject({ setupIntent: { status: 'succeeded', customer: customer.id, payment_method: expect.stringMatching(/^pm_/), mandate: expect.stringMatching(/^mandate_/) } });
    const methodId = isRecord(saved) && isRecord(saved.setupIntent) ? String(saved.setupIntent.payment_method) : '';
    const mandateId = isRecord(saved) && isRecord(saved.setupIntent) ? String(saved.setupIntent.mandate) : '';
    const mandate = await (await fetch(`${fake.url}/v1/mandates/${mandateId}`, { headers: { Authorization: `Bearer ${fake.secretKey}` } })).json();
    expect(mandate).toMatchObject({ payment_method: methodId, customer_acceptance: { type: 'online' } });
    // A bad account is refused with the provider's message, as Stripe.js answers `{ error }`.
    const other = await api('/v1/setup_intents', { customer: String(customer.id), 'payment_method_types[0]': 'us_bank_account' });
    const refused = await method(stripeJs, 'confirmUsBankAccountSetup')(other.client_secret, { payment_method: { us_bank_account: { routing_number: '12', account_number: '1' }, billing_details: { name: 'Nobody' } } });
    expect(refused).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('refuses a client secret of another shape, as Stripe.js does', async () => {
    await expect(method(stripeJs, 'confirmCardPayment')('not-a-secret', {})).rejects.toThrow(/Invalid value for client_secret/);
  });
});
