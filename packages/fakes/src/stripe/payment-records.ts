import type Stripe from 'stripe';

/** What a test card does when charged, as Stripe's test numbers decide it. */
export type CardBehavior =
  | { kind: 'succeeds' }
  | { kind: 'declines'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string }
  /** 3-D Secure on every on-session payment; off-session payments fail with authentication_required. */
  | { kind: 'always_authenticates' }
  /** 3-D Secure unless the card was set up for future use (then off-session payments succeed). */
  | { kind: 'authenticates_unless_set_up' };

/** What a test bank account does once its debit settles: succeeds, or is returned with an ACH return code. */
export type BankBehavior = { kind: 'settles' } | { kind: 'returned'; failureCode: string; returnCode: string; message: string };

export type TestCard = { number: string; brand: string; funding: string; behavior: CardBehavior };

const DECLINED_MESSAGE = 'Your card was declined.';

/** Stripe's test card numbers the fake knows, by number. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', behavior: { kind: 'succeeds' } },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', behavior: { kind: 'succeeds' } },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', behavior: { kind: 'declines', declineCode: 'generic_decline', message: DECLINED_MESSAGE } },
  { number: '4000000000009995', brand: 'visa', funding: 'credit', behavior: { kind: 'declines', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  { number: '4000002500003155', brand: 'visa', funding: 'credit', behavior: { kind: 'authenticates_unless_set_up' } },
  { number: '4000002760003184', brand: 'visa', funding: 'credit', behavior: { kind: 'always_authenticates' } },
];

/** Stripe's test PaymentMethod ids: each use makes a fresh `pm_…` of the card behind it. */
export const TEST_PAYMENT_METHOD_CARDS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

/** Stripe's test card tokens, usable as `card[token]`. */
export const TEST_CARD_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
};

/** Stripe's ACH test account numbers (routing 110000000): these are returned after settling; any other number settles. */
export const RETURNED_BANK_ACCOUNTS: Readonly<Record<string, BankBehavior>> = {
  '000111111116': { kind: 'returned', failureCode: 'no_account', returnCode: 'R03', message: 'The customer’s bank account could not be located.' },
  '000111111113': { kind: 'returned', failureCode: 'account_closed', returnCode: 'R02', message: 'The customer’s bank account has been closed.' },
  '000222222227': { kind: 'returned', failureCode: 'insufficient_funds', returnCode: 'R01', message: 'The customer’s account has insufficient funds to cover this payment.' },
  '000333333335': { kind: 'returned', failureCode: 'debit_not_authorized', returnCode: 'R10', message: 'The customer has notified their bank that this payment was unauthorized.' },
};

/** A hand-entered bank account's proof by microdeposits (microdeposits.ts): wrong tries so far, and whether it is proved. */
export type MicrodepositCheck = { verified: boolean; failedAttempts: number };

/** `microdeposits` is absent for an account verified instantly (a Plaid processor token) and for one saved before the fake knew them. */
export type PaymentMethodBehavior = { kind: 'card'; behavior: CardBehavior; setUp: boolean } | { kind: 'bank'; behavior: BankBehavior; microdeposits?: MicrodepositCheck };

/** Objects of the payment area, with the connected account they live on (null: the platform) and what Stripe keeps to itself. */
export type StoredPaymentMethod = { method: Stripe.PaymentMethod; scope: string | null; behavior: PaymentMethodBehavior };
/** `mandate`: a bank debit's mandate, made at confirmation and kept while the account awaits microdeposits. */
export type StoredIntent = { intent: Stripe.PaymentIntent; scope: string | null; offSession: boolean; mandate?: string };
export type StoredSetupIntent = { intent: Stripe.SetupIntent; scope: string | null };
export type Scoped<T> = { object: T; scope: string | null };

/** Stripe's standard US pricing, so balance transactions carry a realistic fee: cards 2.9% + 30¢, ACH debits 0.8% capped at $5. */
export function processingFee(amount: number, kind: 'card' | 'bank'): number {
  if (kind === 'bank') return Math.min(500, Math.round(amount * 0.008));
  return Math.round(amount * 0.029) + 30;
}

/** The smallest charge per currency, in minor units (Stripe's table; 50 for the dollar-like currencies). */
export function minimumAmount(currency: string): number {
  const minimums: Readonly<Record<string, number>> = { usd: 50, cad: 50, eur: 50, aud: 50, gbp: 30, jpy: 50, mxn: 1000, inr: 50 };
  return minimums[currency] ?? 50;
}
