import { BankTokenRegistry, type FakePlaid, startFakePlaid, startFakeStripe } from '@app/fakes';

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
 * test mode, so a newcomer can go through payouts and payments with no outside account and no
 * network. Their events are delivered, signed, to this app's own webhook on the landlord's host.
 * They keep their state in memory: a restart starts them empty (accounts made before are gone).
 */
export async function startDemoProviders(appPort: number): Promise<DemoProviders> {
  const registry = new BankTokenRegistry();
  const webhookUrl = `http://127.0.0.1:${appPort}/api/v1/webhooks/payment-provider`;
  const { secretKey, publishableKey, webhookSecret } = DEMO_PROVIDER_KEYS.stripe;
  const stripe = await startFakeStripe({ secretKey, publishableKey, webhookSecret, webhookUrl, platformWebhookUrl: webhookUrl, platformWebhookSecret: webhookSecret, registry });
  let plaid: FakePlaid;
  try {
    plaid = await startFakePlaid({ registry, credentials: DEMO_PROVIDER_KEYS.plaid });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  return {
    paymentProviderApiBase: stripe.url,
    bankLinkApiBase: plaid.url,
    async close() {
      await Promise.all([stripe.close(), plaid.close()]);
    },
  };
}
