import path from 'node:path';
import { type FakeStripe, startFakePlaid, startFakeStripe } from '@app/fakes';

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
} as const;

export type DemoProviders = {
  /** Where the app's provider adapters send their calls (PAYMENT_PROVIDER_API_BASE, BANK_LINK_API_BASE). */
  paymentProviderApiBase: string;
  bankLinkApiBase: string;
  close(): Promise<void>;
};

/**
 * DEMO=1 with no provider configured: the fake Stripe and the fake Plaid run in this process, in
 * test mode, so a newcomer can go through the payout wizard with no outside account and no
 * network. Their events are delivered, signed, to this app's own webhook on the landlord's host.
 * They keep their state in `<dataDir>/demo-providers/` (stripe.json, plaid.json), so the accounts
 * and bank links the database refers to are still there after a restart.
 */
export async function startDemoProviders(appPort: number, dataDir: string): Promise<DemoProviders> {
  const stateDirectory = path.join(dataDir, 'demo-providers');
  const webhookUrl = `http://127.0.0.1:${appPort}/api/v1/webhooks/payment-provider`;
  const { secretKey, publishableKey, webhookSecret } = DEMO_PROVIDER_KEYS.stripe;
  // The fake Plaid makes the registry of the bank tokens it issues and keeps it in its file; the fake Stripe takes them from it.
  const plaid = await startFakePlaid({ credentials: DEMO_PROVIDER_KEYS.plaid, stateFile: path.join(stateDirectory, 'plaid.json') });
  let stripe: FakeStripe;
  try {
    stripe = await startFakeStripe({
      secretKey,
      publishableKey,
      webhookSecret,
      webhookUrl,
      platformWebhookUrl: webhookUrl,
      platformWebhookSecret: webhookSecret,
      registry: plaid.registry,
      stateFile: path.join(stateDirectory, 'stripe.json'),
    });
  } catch (error) {
    await plaid.close();
    throw error;
  }
  return {
    paymentProviderApiBase: stripe.url,
    bankLinkApiBase: plaid.url,
    async close() {
      // The fake Stripe first: a bank token it takes while closing is saved by the fake Plaid.
      await stripe.close();
      await plaid.close();
    },
  };
}
