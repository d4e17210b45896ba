import type Stripe from 'stripe';
import type { IssuedBankAccount } from '../bank-token-registry.js';
import { isEntryList, isRecord } from '../state-file.js';
import type { Scoped, StoredIntent, StoredPaymentMethod, StoredSetupIntent } from './payment-records.js';
import type { StoredAccount, StoredFile, StoredToken } from './records.js';
import type { WebhookTarget } from './webhooks.js';

/** A request's saved result, replayed for a repeat of its Idempotency-Key. */
export type SavedResult = { endpoint: string; digest: string; status: number; body: object };

/** A webhook endpoint made through the API, with its secret (Stripe shows it once, at creation). */
export type StoredEndpoint = WebhookTarget & { endpoint: Stripe.WebhookEndpoint };

/** The connected accounts' side: everything FakeStripeState holds. Maps are kept as their entries, in insertion order (lists depend on it). */
export type AccountStateSnapshot = {
  platform: Stripe.Account;
  accounts: [string, StoredAccount][];
  files: [string, StoredFile][];
  tokens: [string, StoredToken][];
  events: Stripe.Event[];
  endpoints: StoredEndpoint[];
  /** Bank accounts that attach and then fail when their pending check finishes. */
  failingBanks: string[];
};

/** The payment objects PaymentStore holds. */
export type PaymentStateSnapshot = {
  customers: [string, Scoped<Stripe.Customer>][];
  methods: [string, StoredPaymentMethod][];
  intents: [string, StoredIntent][];
  setupIntents: [string, StoredSetupIntent][];
  charges: [string, Scoped<Stripe.Charge>][];
  transfers: [string, Scoped<Stripe.Transfer>][];
  fees: [string, Scoped<Stripe.ApplicationFee>][];
  balanceTransactions: [string, Scoped<Stripe.BalanceTransaction>][];
  refunds: [string, Scoped<Stripe.Refund>][];
  mandates: [string, Scoped<Stripe.Mandate>][];
};

const FORMAT = 'ledgerline-fake-stripe';
const VERSION = 1;

/** The fake Stripe's state file. Keys and webhook secrets given at start are options, not state, and are not kept. */
export type FakeStripeSnapshot = {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** Where the fake listened: the links it handed out (file URLs, 3-D Secure pages) are moved to the new address on load. */
  url: string;
  accounts: AccountStateSnapshot;
  payments: PaymentStateSnapshot;
  idempotency: [string, SavedResult][];
  /** The bank tokens of the registry this fake made; null when the registry was given (its maker keeps it). */
  bankTokens: [string, IssuedBankAccount][] | null;
};

export function fakeStripeSnapshot(parts: Omit<FakeStripeSnapshot, 'format' | 'version'>): FakeStripeSnapshot {
  return { format: FORMAT, version: VERSION, ...parts };
}

const ACCOUNT_MAPS = ['accounts', 'files', 'tokens'] as const;
const PAYMENT_MAPS = ['customers', 'methods', 'intents', 'setupIntents', 'charges', 'transfers', 'fees', 'balanceTransactions', 'refunds', 'mandates'] as const;

const isRecordList = (value: unknown): boolean => Array.isArray(value) && value.every(isRecord);

/**
 * Checks the file's frame: this format and version, every collection present and of the right kind. The objects
 * inside are the fake's own writing and are taken as they are.
 */
export function isFakeStripeSnapshot(value: unknown): value is FakeStripeSnapshot {
  if (!isRecord(value) || value.format !== FORMAT || value.version !== VERSION || typeof value.url !== 'string') return false;
  const { accounts, payments, idempotency, bankTokens } = value;
  if (!isRecord(accounts) || !isRecord(accounts.platform) || typeof accounts.platform.id !== 'string') return false;
  if (!ACCOUNT_MAPS.every((name) => isEntryList(accounts[name]))) return false;
  if (!isRecordList(accounts.events) || !isRecordList(accounts.endpoints) || !Array.isArray(accounts.failingBanks) || !accounts.failingBanks.every((id) => typeof id === 'string')) return false;
  if (!isRecord(payments) || !PAYMENT_MAPS.every((name) => isEntryList(payments[name]))) return false;
  return isEntryList(idempotency) && (bankTokens === null || isEntryList(bankTokens));
}

/**
 * A restarted fake may listen on another port: the links it handed out that are still to be followed (file URLs, the
 * 3-D Secure page of an intent awaiting authentication, the microdeposit page of a payment or setup awaiting its code)
 * move to the new address. Recorded events keep what they said.
 */
export function moveLinks(files: Iterable<StoredFile>, intents: Iterable<StoredIntent | StoredSetupIntent>, from: string, to: string): void {
  const moved = (link: string): string => (link.startsWith(`${from}/`) ? `${to}${link.slice(from.length)}` : link);
  for (const { file } of files) if (file.url !== null) file.url = moved(file.url);
  for (const { intent } of intents) {
    const redirect = intent.next_action?.redirect_to_url;
    if (redirect?.url) redirect.url = moved(redirect.url);
    const sdk: unknown = intent.next_action?.use_stripe_sdk;
    if (isRecord(sdk) && typeof sdk.stripe_js === 'string') sdk.stripe_js = moved(sdk.stripe_js);
    const microdeposits = intent.next_action?.verify_with_microdeposits;
    if (microdeposits) microdeposits.hosted_verification_url = moved(microdeposits.hosted_verification_url);
  }
}
