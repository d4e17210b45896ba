import path from 'node:path';
import { type FakeLender, type FakePlaid, type FakeStripe, TEST_ROUTING_NUMBER, startFakeLender, startFakePlaid, startFakeStripe } from '@app/fakes';

/**
 * The keys the demo's providers accept. They are not secrets: only the fakes below, running inside
 * this process, know them, and a real provider refuses them.
 */
export const DEMO_PROVIDER_KEYS = {
  stripe: {
    secretKey: 'sk_test_demo_ledgerline_in_process',
    publishableKey: 'pk_test_demo_ledgerline_in_process',
    webhookSecret: 'whsec_demo_ledgerline_in_process',
  },
  plaid: { clientId: 'demo-ledgerline-client', secret: 'demo-ledgerline-secret' },
  lender: {
    apiKey: 'lk_test_demo_ledgerline_in_process',
    /** The FundNow (factoring) and PayLater (BNPL) products, in the order the tenant form keeps them. */
    productIds: { factoring: '0190a3c4-0000-7000-8000-00000000de01', bnpl: '0190a3c4-0000-7000-8000-00000000de02' },
  },
} as const;

/** The demo platform's fee on every online payment (the tenant setting, 0 outside the demo): a card payment shows what the platform keeps. */
export const DEMO_PLATFORM_FEE = { percent: '2.9', fixed: 30 } as const;

/**
 * What a newcomer would do in the browser to onboard a payout account (Stripe.js tokens) and what
 * the provider does afterwards (verify the identity), so the demo business can take card payments
 * from its first start.
 */
export type DemoOnboarding = {
  /** Stripe.js `createToken('pii', …)`: the ID number goes to the provider only. */
  idNumberToken(): Promise<string>;
  /** Stripe.js `createToken('bank_account', …)` for the fake's test bank account. */
  bankAccountToken(): Promise<string>;
  /** The provider finishes its identity checks on the account now. */
  completeVerification(accountId: string): void;
  /** Stripe.js `confirmCardSetup(clientSecret, { payment_method })` with the fake's test Visa: a card saved as a newcomer would save it. */
  confirmCardSetup(clientSecret: string): Promise<void>;
};

export type DemoProviders = {
  /** Where the app's provider adapters send their calls (PAYMENT_PROVIDER_API_BASE, BANK_LINK_API_BASE). */
  paymentProviderApiBase: string;
  bankLinkApiBase: string;
  /**
   * The fake lender's address. The demo lends through the platform lender (no tenant has a
   * financing provider url), so nothing calls it unless an operator sets a tenant's financing
   * provider to this url, `DEMO_PROVIDER_KEYS.lender.apiKey` and its product ids (and opens
   * 127.0.0.1 to outbound HTTP with OUTBOUND_HTTP_ALLOWLIST).
   */
  financingProviderApiBase: string;
  /** Sends the fake Stripe's events, signed, to the app listening on that port (before any event they hold nothing for the app). */
  deliverEventsTo(appPort: number): void;
  /** Sends the fake lender's events, signed, to that tenant's lender webhook on the app `deliverEventsTo` named. */
  deliverLenderEventsTo(tenantId: string): void;
  onboarding: DemoOnboarding;
  close(): Promise<void>;
};

/** A call to the fake as Stripe.js makes it: form-encoded with the publishable key; answers the object's id. */
async function browserCall(stripe: FakeStripe, pathName: string, form: Record<string, string>): Promise<string> {
  const response = await fetch(`${stripe.url}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const token: unknown = await response.json();
  const id = typeof token === 'object' && token !== null && 'id' in token ? token.id : null;
  if (!response.ok || typeof id !== 'string') throw new Error(`The demo payment provider refused ${pathName} (${response.status})`);
  return id;
}

const browserToken = (stripe: FakeStripe, form: Record<string, string>) => browserCall(stripe, '/v1/tokens', form);

function demoOnboarding(stripe: FakeStripe): DemoOnboarding {
  return {
    idNumberToken: () => browserToken(stripe, { 'pii[personal_id_number]': '000000000' }),
    bankAccountToken: () =>
      browserToken(stripe, {
        'bank_account[country]': 'US',
        'bank_account[currency]': 'usd',
        'bank_account[routing_number]': TEST_ROUTING_NUMBER,
        'bank_account[account_number]': '000123456789',
        'bank_account[account_holder_name]': 'Demo Owner',
        'bank_account[account_holder_type]': 'company',
      }),
    completeVerification: (accountId) => stripe.control.completeVerification(accountId),
    async confirmCardSetup(clientSecret) {
      const setupId = clientSecret.split('_secret_')[0] ?? '';
      await browserCall(stripe, `/v1/setup_intents/${setupId}/confirm`, { client_secret: clientSecret, payment_method: 'pm_card_visa' });
    },
  };
}

/**
 * DEMO=1 with no provider configured: the fake Stripe, the fake Plaid and the fake lender run in
 * this process, in test mode, so a newcomer can go through the payout wizard and pay a demo invoice by card with no
 * outside account and no network. Their events (Connect and platform: accounts, payments) are
 * delivered, signed, to this app's own webhook on the landlord's host.
 * Stripe and Plaid keep their state in `<dataDir>/demo-providers/` (stripe.json, plaid.json), so
 * the accounts and bank links the database refers to are still there after a restart; the lender
 * keeps none, as the demo's loans are the platform lender's.
 */
export async function startDemoProviders(dataDir: string): Promise<DemoProviders> {
  const stateDirectory = path.join(dataDir, 'demo-providers');
  const { secretKey, publishableKey, webhookSecret } = DEMO_PROVIDER_KEYS.stripe;
  // The fake Plaid makes the registry of the bank tokens it issues and keeps it in its file; the fake Stripe takes them from it.
  const plaid = await startFakePlaid({ credentials: DEMO_PROVIDER_KEYS.plaid, stateFile: path.join(stateDirectory, 'plaid.json') });
  let stripe: FakeStripe;
  let lender: FakeLender;
  try {
    stripe = await startFakeStripe({
      secretKey,
      publishableKey,
      webhookSecret,
      platformWebhookSecret: webhookSecret,
      registry: plaid.registry,
      stateFile: path.join(stateDirectory, 'stripe.json'),
    });
  } catch (error) {
    await plaid.close();
    throw error;
  }
  try {
    lender = await startFakeLender({ apiKey: DEMO_PROVIDER_KEYS.lender.apiKey, productIds: DEMO_PROVIDER_KEYS.lender.productIds });
  } catch (error) {
    await closeInOrder(stripe, plaid);
    throw error;
  }
  let appUrl: string | null = null;
  return {
    paymentProviderApiBase: stripe.url,
    bankLinkApiBase: plaid.url,
    financingProviderApiBase: lender.url,
    deliverEventsTo: (appPort) => {
      appUrl = `http://127.0.0.1:${appPort}`;
      const webhookUrl = `${appUrl}/api/v1/webhooks/payment-provider`;
      stripe.deliverWebhooksTo({ webhookUrl, platformWebhookUrl: webhookUrl });
    },
    deliverLenderEventsTo: (tenantId) => {
      if (appUrl === null) throw new Error('deliverEventsTo names the app before its lender events can go to it');
      lender.control.registerWebhook(`${appUrl}/api/v1/webhooks/financing-provider/${tenantId}`);
    },
    onboarding: demoOnboarding(stripe),
    async close() {
      await lender.close();
      await closeInOrder(stripe, plaid);
    },
  };
}

/** The fake Stripe first: a bank token it takes while closing is saved by the fake Plaid. */
async function closeInOrder(stripe: FakeStripe, plaid: FakePlaid): Promise<void> {
  await stripe.close();
  await plaid.close();
}
