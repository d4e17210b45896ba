import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type Stripe from 'stripe';
import { BankTokenRegistry } from '../bank-token-registry.js';
import { accountView } from './accounts.js';
import { newId, nowSeconds, resourceMissing, StripeApiError } from './errors.js';
import { registerBodyParsers, registerFallbacks, IdempotencyStore, type Authenticator } from './http.js';
import type { StoredAccount } from './records.js';
import { registerApiRoutes } from './routes.js';
import { registerControlRoutes } from './control-routes.js';
import { FakeStripeState } from './state.js';
import { fakeStripeJsSource } from './stripe-js.js';
import { WebhookDispatcher, type WebhookTarget } from './webhooks.js';
import { StateFile } from '../state-file.js';
import { fakeStripeSnapshot, isFakeStripeSnapshot, moveLinks, type FakeStripeSnapshot } from './snapshot.js';
import { PaymentIntents } from './payment-intents.js';
import { registerPaymentRoutes } from './payment-routes.js';
import { PaymentStore } from './payment-store.js';
import { SavedMethods } from './saved-methods.js';
import { registerThreeDSecurePage } from './three-d-secure-page.js';
import { registerMicrodepositPage } from './microdeposit-page.js';
import type { FakeStripeControl } from './control.js';

export type FakeStripeOptions = {
  /** Port to listen on; 0 (the default) picks a free one. The fake always listens on 127.0.0.1. */
  port?: number;
  /** Keys to accept; fresh `sk_test_…`/`pk_test_…` keys are made when absent. */
  secretKey?: string;
  publishableKey?: string;
  /** Where to deliver connected accounts' events (a Connect endpoint), signed with `webhookSecret`. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Event types for `webhookUrl` and `platformWebhookUrl`; all (`*`) by default. */
  webhookEvents?: string[];
  /**
   * Where to deliver the platform's own events (an account endpoint: payments, destination charges, refunds,
   * customers), signed with `platformWebhookSecret`. As with Stripe, a Connect endpoint never receives them.
   */
  platformWebhookUrl?: string;
  /** A fresh `whsec_…` when absent: Stripe gives every endpoint its own secret. */
  platformWebhookSecret?: string;
  /** How long a us_bank_account debit stays `processing` before it settles (ms; default 3000), or never (null) so only the control settles it. */
  bankSettlementDelayMs?: number | null;
  /** Waits between delivery attempts after a non-2xx answer; one retry per entry. */
  webhookRetryDelaysMs?: number[];
  /** When pending checks finish on their own: after this many ms (0, the default: right after the response), or never (null) so only the control finishes them. */
  verificationDelayMs?: number | null;
  /**
   * Shared with the fake Plaid, whose processor tokens (`btok_…`) this fake accepts. A registry given here is kept in
   * its maker's state file (the fake Plaid's, when it is `plaid.registry`); one this fake makes is kept in its own.
   */
  registry?: BankTokenRegistry;
  /**
   * A JSON file that holds the whole state: loaded at start when present (a corrupt file throws), written ~100 ms
   * after changes and on close. Pending checks and bank settlements are re-armed on load.
   */
  stateFile?: string;
};

export type FakeStripe = {
  url: string;
  port: number;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  platformWebhookSecret: string;
  control: FakeStripeControl;
  registry: BankTokenRegistry;
  /**
   * Sets (or moves) the endpoints of the `webhookUrl` and `platformWebhookUrl` options after the start, for a receiver
   * that can only listen once it knows this fake's address: asking the OS for a port first and starting on it later races
   * with other processes doing the same.
   */
  deliverWebhooksTo(urls: { webhookUrl?: string; platformWebhookUrl?: string }): void;
  close(): Promise<void>;
};

function platformAccount(): Stripe.Account {
  return {
    id: newId('acct'),
    object: 'account',
    business_profile: {
      mcc: '5734',
      minority_owned_business_designation: null,
      name: 'Ledgerline (test platform)',
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: 'company',
    charges_enabled: true,
    country: 'US',
    created: nowSeconds(),
    default_currency: 'usd',
    details_submitted: true,
    email: null,
    metadata: {},
    payouts_enabled: true,
    type: 'standard',
  };
}

type PersistedParts = { state: FakeStripeState; store: PaymentStore; intents: PaymentIntents; idempotency: IdempotencyStore; registry: BankTokenRegistry | null };

/** Takes over the saved state, if any, and keeps the file up to date from then on. */
function persist(path: string, saved: FakeStripeSnapshot | null, parts: PersistedParts, url: () => string): StateFile<FakeStripeSnapshot> {
  const { state, store, intents, idempotency, registry } = parts;
  if (saved !== null) {
    state.restore(saved.accounts);
    store.restore(saved.payments);
    idempotency.restore(saved.idempotency);
    if (registry !== null && saved.bankTokens !== null) registry.restore(saved.bankTokens);
    intents.rearmSettlements();
  }
  const file = new StateFile(path, 'fake Stripe', () =>
    fakeStripeSnapshot({ url: url(), accounts: state.snapshot(), payments: store.snapshot(), idempotency: idempotency.snapshot(), bankTokens: registry?.snapshot() ?? null }),
  );
  state.onEvent(() => file.changed());
  registry?.onChange(() => file.changed());
  return file;
}

/** Starts a fake Stripe that the official SDK reaches with `new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' })`. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const registry = options.registry ?? new BankTokenRegistry();
  const savedState = options.stateFile === undefined ? null : StateFile.read(options.stateFile, 'fake Stripe', isFakeStripeSnapshot);
  const dispatcher = new WebhookDispatcher(options.webhookRetryDelaysMs ?? [500, 2_000, 8_000]);
  const platformWebhookSecret = options.platformWebhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const extraTargets: WebhookTarget[] = [];
  const deliverWebhooksTo = (urls: { webhookUrl?: string; platformWebhookUrl?: string }) => {
    const place = (target: WebhookTarget) => {
      const at = extraTargets.findIndex((existing) => existing.id === target.id);
      if (at === -1) extraTargets.push(target);
      else extraTargets[at] = target;
    };
    const enabledEvents = options.webhookEvents ?? ['*'];
    if (urls.webhookUrl !== undefined) place({ id: 'we_start_option', url: urls.webhookUrl, secret: webhookSecret, enabledEvents, connect: true });
    if (urls.platformWebhookUrl !== undefined) place({ id: 'we_start_option_platform', url: urls.platformWebhookUrl, secret: platformWebhookSecret, enabledEvents, connect: false });
  };
  deliverWebhooksTo(options);
  const state = new FakeStripeState(savedState?.accounts.platform ?? platformAccount(), registry, dispatcher, extraTargets, options.verificationDelayMs === undefined ? 0 : options.verificationDelayMs);
  const store = new PaymentStore(state);
  const intents = new PaymentIntents(store, options.bankSettlementDelayMs === undefined ? 3_000 : options.bankSettlementDelayMs, () => url);
  const saved = new SavedMethods(store, () => url);
  let rateLimited = 0;
  let url = '';

  const auth: Authenticator = {
    secretKey,
    publishableKey,
    checkConnected: (accountId) => {
      if (!state.accounts.has(accountId)) {
        throw new StripeApiError(403, {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key '${secretKey.slice(0, 8)}${'*'.repeat(8)}${secretKey.slice(-4)}' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
        });
      }
    },
    takeRateLimit: () => {
      if (rateLimited === 0) return false;
      rateLimited -= 1;
      return true;
    },
    expandLookup: (id, connected) => {
      const file = state.files.get(id);
      if (file !== undefined) return file.file;
      const account: StoredAccount | undefined = state.accounts.get(id);
      if (account !== undefined && (connected === null || connected === id)) return accountView(account);
      return store.lookup(id, connected);
    },
  };

  const app = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024 });
  registerBodyParsers(app);
  registerFallbacks(app);
  app.options('/*', async (_request, reply) =>
    reply
      .status(204)
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Account, Stripe-Version')
      .header('Access-Control-Max-Age', '600')
      .send(),
  );
  app.get('/v3', async (_request, reply) => reply.header('Content-Type', 'application/javascript; charset=utf-8').header('Access-Control-Allow-Origin', '*').send(fakeStripeJsSource(url)));

  const control: FakeStripeControl = {
    completeVerification: (accountId) => state.completeVerification(accountId),
    failVerification: (accountId, failure = {}) => {
      state.forceVerificationFailure(accountId, {
        code: failure.code ?? 'verification_failed_id_number_match',
        reason: failure.reason ?? 'The ID number provided could not be verified.',
      });
      // A failure set for a pending check records no event yet.
      stateFile?.changed();
    },
    redeliverEvent: (eventId) => state.redeliver(eventId),
    holdDeliveries: () => dispatcher.pause(),
    releaseDeliveries: (order = 'in_order') => dispatcher.release(order),
    deliveries: () => [...dispatcher.log],
    settleDeliveries: () => dispatcher.idle(),
    rateLimitNextRequests: (count) => {
      rateLimited = count;
    },
    events: () => [...state.events],
    settleBankPayments: () => intents.settleAllBanks('as_account'),
    failBankPayments: () => intents.settleAllBanks('fail'),
    declineNextConfirm: () => intents.declineNextConfirm(),
    completeAuthentication: (intentId) => authenticate(intentId, 'complete'),
    failAuthentication: (intentId) => authenticate(intentId, 'fail'),
  };
  const authenticate = (intentId: string, outcome: 'complete' | 'fail') => {
    const payment = store.intents.get(intentId);
    if (payment !== undefined) {
      intents.authenticate(payment, outcome, null);
      return;
    }
    const setup = store.setupIntents.get(intentId);
    if (setup === undefined) throw resourceMissing('payment_intent', intentId, 'intent');
    saved.authenticateSetup(setup, outcome, null);
  };
  const idempotency = new IdempotencyStore();
  const stateFile = options.stateFile === undefined ? null : persist(options.stateFile, savedState, { state, store, intents, idempotency, registry: options.registry === undefined ? registry : null }, () => url);
  if (stateFile !== null) {
    // Every request but a read may change something; timers and controls record events.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'OPTIONS' && request.method !== 'HEAD') stateFile.changed();
    });
  }
  registerApiRoutes(app, state, auth, idempotency, () => url);
  registerPaymentRoutes(app, store, intents, saved, auth, idempotency);
  registerThreeDSecurePage(app, store, intents);
  registerMicrodepositPage(app, store, intents, saved);
  registerControlRoutes(app, control, secretKey);

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  url = `http://127.0.0.1:${port}`;
  if (savedState !== null && savedState.url !== url) moveLinks(state.files.values(), [...store.intents.values(), ...store.setupIntents.values()], savedState.url, url);
  // Written at once: on a first start the platform account stays the same through a restart before any change; later, the links moved.
  stateFile?.save();

  return {
    url,
    port,
    publishableKey,
    secretKey,
    webhookSecret,
    platformWebhookSecret,
    control,
    registry,
    deliverWebhooksTo,
    close: async () => {
      state.close();
      intents.close();
      dispatcher.close();
      await dispatcher.idle();
      await app.close();
      stateFile?.close();
    },
  };
}
