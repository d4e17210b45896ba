import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { IssuedBankAccount } from '../bank-token-registry.js';
import { invalidRequest, missingParam, newId, nowSeconds, StripeApiError } from './errors.js';
import { formObject, formString, formStrings, type FormObject } from './form.js';
import { RETURNED_BANK_ACCOUNTS, TEST_CARD_TOKENS, TEST_CARDS, type PaymentMethodBehavior, type StoredPaymentMethod } from './payment-records.js';
import { isValidRoutingNumber } from './tokens.js';

export function integerParam(params: FormObject, name: string): number | undefined {
  const text = formString(params[name]);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param: name });
  return value;
}

export function metadataOf(params: FormObject): Stripe.Metadata {
  const metadata = formObject(params.metadata) ?? {};
  const result: Stripe.Metadata = {};
  for (const [key, value] of Object.entries(metadata)) if (typeof value === 'string' && value !== '') result[key] = value;
  return result;
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

function billingDetails(params: FormObject): Stripe.PaymentMethod.BillingDetails {
  const billing = formObject(params.billing_details) ?? {};
  return {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: formString(billing.email) ?? null,
    name: formString(billing.name) ?? null,
    phone: formString(billing.phone) ?? null,
    tax_id: null,
  };
}

function cardError(message: string, code: string, param: string, status: 400 | 402 = 402): StripeApiError {
  return new StripeApiError(status, { type: 'card_error', code, message, param });
}

function cardNumberFrom(card: FormObject): string {
  const token = formString(card.token);
  if (token !== undefined) {
    const number = TEST_CARD_TOKENS[token];
    if (number === undefined) throw invalidRequest(`No such token: '${token}'`, { code: 'resource_missing', param: 'card[token]' });
    return number;
  }
  const number = formString(card.number)?.replace(/\s+/g, '');
  if (number === undefined || number === '') throw missingParam('card[number]');
  if (!/^\d{12,19}$/.test(number)) throw cardError('Your card number is invalid.', 'invalid_number', 'card[number]');
  const month = Number(formString(card.exp_month));
  const year = Number(formString(card.exp_year));
  if (!Number.isInteger(month) || month < 1 || month > 12) throw cardError("Your card's expiration month is invalid.", 'invalid_expiry_month', 'card[exp_month]');
  const fullYear = year < 100 ? 2000 + year : year;
  const now = new Date();
  if (!Number.isInteger(year) || fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw cardError("Your card's expiration year is invalid.", 'invalid_expiry_year', 'card[exp_year]');
  }
  const cvc = formString(card.cvc);
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw cardError("Your card's security code is invalid.", 'invalid_cvc', 'card[cvc]');
  return number;
}

function cardMethod(card: FormObject, base: Omit<Stripe.PaymentMethod, 'type'>): { method: Stripe.PaymentMethod; behavior: PaymentMethodBehavior } {
  const number = cardNumberFrom(card);
  // Numbers outside Stripe's test list behave as its generic success card.
  const test = TEST_CARDS.find((item) => item.number === number) ?? { number, brand: 'visa', funding: 'credit', behavior: { kind: 'succeeds' } as const };
  const expMonth = Number(formString(card.exp_month) ?? '12');
  const expYearText = Number(formString(card.exp_year) ?? String(new Date().getUTCFullYear() + 3));
  const method: Stripe.PaymentMethod = {
    ...base,
    type: 'card',
    card: {
      brand: test.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: formString(card.cvc) === undefined ? null : 'pass' },
      country: 'US',
      display_brand: test.brand,
      exp_month: expMonth,
      exp_year: expYearText < 100 ? 2000 + expYearText : expYearText,
      fingerprint: fingerprint(number),
      funding: test.funding,
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [test.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
  return { method, behavior: { kind: 'card', behavior: test.behavior, setUp: false } };
}

/** Finds the bank account behind a Plaid processor token (the registry shared with the fake Plaid); null when unknown. */
export type ProcessorTokenLookup = (token: string) => IssuedBankAccount | null;

/**
 * `us_bank_account[external_token]` (Stripe's preview pairing with Plaid): the account Plaid verified, as a bank
 * PaymentMethod that needs no microdeposits. The name is the payer's, or the account holder's Plaid knows.
 */
function externalTokenBankMethod(external: FormObject, base: Omit<Stripe.PaymentMethod, 'type'>, lookup: ProcessorTokenLookup | undefined, param: string): { method: Stripe.PaymentMethod; behavior: PaymentMethodBehavior } {
  const type = formString(external.type);
  const token = formString(external.token);
  if (type === undefined) throw missingParam(`${param}us_bank_account[external_token][type]`);
  if (type !== 'plaid_processor_token') throw invalidRequest(`Invalid ${param}us_bank_account[external_token][type]: must be plaid_processor_token`, { param: `${param}us_bank_account[external_token][type]` });
  if (token === undefined) throw missingParam(`${param}us_bank_account[external_token][token]`);
  const issued = lookup?.(token) ?? null;
  if (issued === null) throw invalidRequest('The processor token is invalid, expired or was not made for Stripe.', { code: 'resource_missing', param: `${param}us_bank_account[external_token][token]` });
  const name = base.billing_details.name ?? issued.accountHolderName;
  if (name === null) throw missingParam(`${param}billing_details[name]`);
  const method: Stripe.PaymentMethod = {
    ...base,
    billing_details: { ...base.billing_details, name },
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: issued.accountHolderType,
      account_type: 'checking',
      bank_name: issued.bankName,
      financial_connections_account: null,
      fingerprint: fingerprint(`${issued.routingNumber}:${issued.accountNumber ?? issued.accountNumberLast4}`),
      last4: issued.accountNumberLast4,
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: issued.routingNumber,
      status_details: null,
    },
  };
  const behavior = issued.accountNumber === undefined ? undefined : RETURNED_BANK_ACCOUNTS[issued.accountNumber];
  return { method, behavior: { kind: 'bank', behavior: behavior ?? { kind: 'settles' } } };
}

function bankMethod(bank: FormObject, base: Omit<Stripe.PaymentMethod, 'type'>): { method: Stripe.PaymentMethod; behavior: PaymentMethodBehavior } {
  const routingNumber = formString(bank.routing_number);
  const accountNumber = formString(bank.account_number);
  if (routingNumber === undefined) throw missingParam('us_bank_account[routing_number]');
  if (accountNumber === undefined) throw missingParam('us_bank_account[account_number]');
  if (!isValidRoutingNumber(routingNumber)) throw invalidRequest('Invalid routing number', { code: 'routing_number_invalid', param: 'us_bank_account[routing_number]' });
  if (!/^\d{4,17}$/.test(accountNumber)) throw invalidRequest('Invalid account number', { code: 'account_number_invalid', param: 'us_bank_account[account_number]' });
  if (base.billing_details.name === null) throw missingParam('billing_details[name]');
  const method: Stripe.PaymentMethod = {
    ...base,
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: formString(bank.account_holder_type) === 'company' ? 'company' : 'individual',
      account_type: formString(bank.account_type) === 'savings' ? 'savings' : 'checking',
      bank_name: routingNumber === '110000000' ? 'STRIPE TEST BANK' : null,
      financial_connections_account: null,
      fingerprint: fingerprint(`${routingNumber}:${accountNumber}`),
      last4: accountNumber.slice(-4),
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: routingNumber,
      status_details: null,
    },
  };
  // Typed by hand: Stripe has the payer prove the account with microdeposits before the first debit.
  return { method, behavior: { kind: 'bank', behavior: RETURNED_BANK_ACCOUNTS[accountNumber] ?? { kind: 'settles' }, microdeposits: { verified: false, failedAttempts: 0 } } };
}

/** A PaymentMethod from `type` and its details (POST /v1/payment_methods or `payment_method_data`); `lookup` resolves Plaid processor tokens. */
export function newPaymentMethod(params: FormObject, scope: string | null, param = '', lookup?: ProcessorTokenLookup): StoredPaymentMethod {
  const type = formString(params.type);
  if (type === undefined) throw missingParam(`${param}type`);
  const base: Omit<Stripe.PaymentMethod, 'type'> = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(params),
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: metadataOf(params),
  };
  if (type === 'card') {
    const card = formObject(params.card);
    if (card === undefined) throw missingParam(`${param}card`);
    return { ...cardMethod(card, base), scope };
  }
  if (type === 'us_bank_account') {
    const bank = formObject(params.us_bank_account);
    if (bank === undefined) throw missingParam(`${param}us_bank_account`);
    const external = formObject(bank.external_token);
    return { ...(external === undefined ? bankMethod(bank, base) : externalTokenBankMethod(external, base, lookup, param)), scope };
  }
  throw invalidRequest(`Invalid ${param}type: must be one of card or us_bank_account (the payment method types this fake supports)`, { param: `${param}type` });
}

/** A fresh card PaymentMethod for a test id such as `pm_card_visa`. */
export function testCardPaymentMethod(number: string, scope: string | null): StoredPaymentMethod {
  return newPaymentMethod({ type: 'card', card: { number, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '123' } }, scope);
}

export function newCustomer(params: FormObject): Stripe.Customer {
  const invoiceSettings = formObject(params.invoice_settings) ?? {};
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: formString(params.description) ?? null,
    email: formString(params.email) ?? null,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: formString(invoiceSettings.default_payment_method) ?? null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(params),
    name: formString(params.name) ?? null,
    next_invoice_sequence: 1,
    phone: formString(params.phone) ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** The payment method types the fake can take; bank debits only in dollars. */
function supportedTypes(currency: string | null): string[] {
  return currency === null || currency === 'usd' ? ['card', 'us_bank_account'] : ['card'];
}

/**
 * An intent's types: this API version's `allowed_payment_method_types` (older versions' `payment_method_types` too),
 * answered as Stripe does with `payment_method_types` holding the compatible ones. Without a list Stripe uses the
 * Dashboard's automatic payment methods; the fake's Dashboard offers every type it supports.
 */
export function intentPaymentMethodTypes(params: FormObject, currency: string | null): { allowed: string[] | null; types: string[]; automatic: boolean } {
  const param = params.allowed_payment_method_types === undefined ? 'payment_method_types' : 'allowed_payment_method_types';
  const asked = formStrings(params[param]);
  const supported = supportedTypes(currency);
  if (asked.length === 0) return { allowed: null, types: supported, automatic: true };
  const types = asked.filter((type) => supported.includes(type));
  if (types.length === 0) {
    throw invalidRequest(`The payment method type "${asked[0] ?? ''}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`, { param });
  }
  return { allowed: param === 'allowed_payment_method_types' ? asked : null, types, automatic: false };
}

export function clientSecret(id: string): string {
  return `${id}_secret_${randomBytes(12).toString('hex')}`;
}

export function emptyList<T>(url: string): Stripe.ApiList<T> {
  return { object: 'list', data: [], has_more: false, url };
}

export function newBalanceTransaction(fields: { amount: number; fee: number; currency: string; source: string; type: Stripe.BalanceTransaction.Type; description: string | null }): Stripe.BalanceTransaction {
  const created = nowSeconds();
  return {
    id: newId('txn'),
    object: 'balance_transaction',
    amount: fields.amount,
    available_on: created + 2 * 24 * 60 * 60,
    balance_type: 'payments',
    created,
    currency: fields.currency,
    description: fields.description,
    exchange_rate: null,
    fee: fields.fee,
    fee_details: fields.fee === 0 ? [] : [{ amount: fields.fee, application: null, currency: fields.currency, description: 'Stripe processing fees', type: 'stripe_fee' }],
    net: fields.amount - fields.fee,
    reporting_category: fields.type === 'refund' ? 'refund' : fields.type === 'transfer' ? 'transfer' : 'charge',
    source: fields.source,
    status: 'pending',
    type: fields.type,
  };
}

/** A new PaymentIntent in `requires_payment_method`, from the create request's checked parts. */
export function newPaymentIntent(
  params: FormObject,
  fields: { amount: number; currency: string; fee: number | null; destination: string | null; customer: string | null; types: ReturnType<typeof intentPaymentMethodTypes> },
): Stripe.PaymentIntent {
  const { amount, currency, fee, destination, customer, types } = fields;
  const id = newId('pi');
  const futureUsage = formString(params.setup_future_usage);
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: types.allowed,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: fee,
    automatic_payment_methods: types.automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency,
    customer,
    customer_account: null,
    description: formString(params.description) ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: metadataOf(params),
    next_action: null,
    on_behalf_of: formString(params.on_behalf_of) ?? null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: types.types,
    payment_record: null,
    processing: null,
    receipt_email: formString(params.receipt_email) ?? null,
    review: null,
    setup_future_usage: futureUsage === 'off_session' || futureUsage === 'on_session' ? futureUsage : null,
    shipping: null,
    source: null,
    statement_descriptor: formString(params.statement_descriptor) ?? null,
    statement_descriptor_suffix: formString(params.statement_descriptor_suffix) ?? null,
    status: 'requires_payment_method',
    transfer_data: destination === null ? null : { destination },
    transfer_group: formString(params.transfer_group) ?? null,
  };
}
