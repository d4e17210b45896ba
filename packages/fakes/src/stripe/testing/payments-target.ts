import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../server.js';
import { completeIndividual, newIndividualAccount } from './contract-target.js';

/**
 * What the payments contract runs against: the fake (bank debits settle only through its control, so a test sees
 * `processing`), or Stripe test mode when STRIPE_CONTRACT_SECRET_KEY is set. `fake` is null against Stripe.
 */
export type PaymentsTarget = {
  stripe: Stripe;
  fake: FakeStripe | null;
  /** A verified connected account that can take destination charges. */
  chargeableAccount(): Promise<string>;
  /** Waits until a processing bank debit settled (the fake: at once through its control; Stripe: polling). */
  settleBankPayment(intentId: string): Promise<Stripe.PaymentIntent>;
  close(): Promise<void>;
};

async function verifiedAccount(stripe: Stripe, finish: (accountId: string) => Promise<void>): Promise<string> {
  const account = await newIndividualAccount(stripe);
  await completeIndividual(stripe, account.id, '000000000');
  await finish(account.id);
  return account.id;
}

export async function fakePaymentsTarget(webhooks: { connect: string; platform: string }): Promise<PaymentsTarget> {
  const fake = await startFakeStripe({ webhookUrl: webhooks.connect, platformWebhookUrl: webhooks.platform, webhookRetryDelaysMs: [20], verificationDelayMs: null, bankSettlementDelayMs: null });
  const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    stripe,
    fake,
    chargeableAccount: () => verifiedAccount(stripe, async (accountId) => fake.control.completeVerification(accountId)),
    settleBankPayment: async (intentId) => {
      fake.control.settleBankPayments();
      return stripe.paymentIntents.retrieve(intentId);
    },
    close: () => fake.close(),
  };
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export function stripePaymentsTarget(secretKey: string): PaymentsTarget {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 0 });
  return {
    stripe,
    fake: null,
    chargeableAccount: () =>
      verifiedAccount(stripe, async (accountId) => {
        await poll(() => stripe.accounts.retrieve(accountId), (account) => account.charges_enabled, 30_000);
      }),
    settleBankPayment: (intentId) => poll(() => stripe.paymentIntents.retrieve(intentId), (intent) => intent.status !== 'processing', 60_000),
    close: async () => {},
  };
}
