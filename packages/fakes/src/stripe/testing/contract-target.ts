import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../server.js';

/**
 * What the contract suite runs against: the fake, or Stripe test mode when STRIPE_CONTRACT_SECRET_KEY is set.
 * `fake` is null against Stripe, so tests of the fake's controls skip there.
 */
export type ContractTarget = {
  stripe: Stripe;
  /** A client with this target's publishable key, when one is known. */
  publishable: Stripe | null;
  fake: FakeStripe | null;
  /** A client of this target with another key (to see how a wrong key is refused). */
  client(key: string): Stripe;
  /** Waits until pending checks on the account finished (the fake: at once through its control; Stripe: polling). */
  settleVerification(accountId: string, done: (account: Stripe.Account) => boolean): Promise<Stripe.Account>;
  close(): Promise<void>;
};

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

/** A local webhook receiver that answers with the queued statuses (then 200) and keeps what it got. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly statuses: number[] = [];
  readonly #server: Server;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver: WebhookReceiver = new WebhookReceiver(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
          response.statusCode = receiver.statuses.shift() ?? 200;
          response.end();
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    const address = this.#server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/webhooks`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }
}

export async function fakeTarget(webhookUrl: string): Promise<ContractTarget> {
  // Checks wait for the control, so a test can see `pending_verification` before it finishes them.
  const fake = await startFakeStripe({ webhookUrl, webhookRetryDelaysMs: [20, 40], verificationDelayMs: null });
  const client = (key: string) => new Stripe(key, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  const stripe = client(fake.secretKey);
  return {
    stripe,
    publishable: client(fake.publishableKey),
    fake,
    client,
    settleVerification: async (accountId) => {
      fake.control.completeVerification(accountId);
      return stripe.accounts.retrieve(accountId);
    },
    close: () => fake.close(),
  };
}

export function stripeTestModeTarget(secretKey: string, publishableKey: string | undefined): ContractTarget {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 0 });
  return {
    stripe,
    publishable: publishableKey === undefined ? null : new Stripe(publishableKey, { maxNetworkRetries: 0 }),
    fake: null,
    client: (key) => new Stripe(key, { maxNetworkRetries: 0 }),
    settleVerification: async (accountId, done) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const account = await stripe.accounts.retrieve(accountId);
        if (done(account) || Date.now() > deadline) return account;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    },
    close: async () => {},
  };
}

/** The identifying fields of a delivered event body, read with checks. */
export function deliveredEvent(body: string): { id: string; type: string; account: string | null } {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('id' in parsed) || !('type' in parsed)) throw new Error('not an event');
  const { id, type } = parsed;
  const account = 'account' in parsed ? parsed.account : null;
  if (typeof id !== 'string' || typeof type !== 'string') throw new Error('not an event');
  return { id, type, account: typeof account === 'string' ? account : null };
}

/** The SDK's error from a call that must fail. */
export async function stripeFailure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('The call succeeded but should have failed');
}

/** A 1×1 PNG, the smallest image Stripe accepts as an identity document. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const CONTROLLER: Stripe.AccountCreateParams.Controller = {
  fees: { payer: 'application' },
  losses: { payments: 'application' },
  requirement_collection: 'application',
  stripe_dashboard: { type: 'none' },
};

export function newIndividualAccount(stripe: Stripe, params: Stripe.AccountCreateParams = {}, options?: Stripe.RequestOptions): Promise<Stripe.Response<Stripe.Account>> {
  return stripe.accounts.create(
    { country: 'US', business_type: 'individual', controller: CONTROLLER, capabilities: { card_payments: { requested: true }, transfers: { requested: true } }, ...params },
    options,
  );
}

export async function bankToken(stripe: Stripe, accountNumber = '000123456789'): Promise<Stripe.Token> {
  return stripe.tokens.create({
    bank_account: { country: 'US', currency: 'usd', routing_number: '110000000', account_number: accountNumber, account_holder_name: 'Ada Lovelace', account_holder_type: 'individual' },
  });
}

/** Everything an individual account needs, with Stripe's test values that verify. */
export async function completeIndividual(stripe: Stripe, accountId: string, idNumber: string): Promise<Stripe.Account> {
  const document = await stripe.files.create({ purpose: 'identity_document', file: { data: TINY_PNG, name: 'id.png', type: 'image/png' } });
  const pii = await stripe.tokens.create({ pii: { id_number: idNumber } });
  const bank = await bankToken(stripe);
  return stripe.accounts.update(accountId, {
    email: 'ada@example.com',
    business_profile: { mcc: '5734', url: 'https://example.com' },
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: '127.0.0.1' },
    external_account: bank.id,
    individual: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+12015550123',
      dob: { day: 1, month: 1, year: 1901 },
      address: { line1: 'address_full_match', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
      ssn_last_4: idNumber.slice(-4),
      id_number: pii.id,
      verification: { document: { front: document.id } },
    },
  });
}
