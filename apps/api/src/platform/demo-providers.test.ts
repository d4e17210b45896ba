import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { connectDemoProviders, paymentProviderSettings } from '../modules/tenants/tenants.service';
import { DEMO_PROVIDER_KEYS, type DemoProviders, startDemoProviders } from './demo-providers';
import { createPlaidBankLinkProvider } from './providers/plaid-bank-link-provider';
import { createStripePaymentProvider, stripeApiBaseOf } from './providers/stripe-payment-provider';

let h: Harness;
let demo: DemoProviders;

beforeAll(async () => {
  h = await createHarness();
  demo = await startDemoProviders(1);
});
afterAll(async () => {
  await demo.close();
  await h.close();
});

describe('the demo providers', () => {
  it('run in process and become the landlord tenant\'s payment and bank-link providers', async () => {
    await connectDemoProviders(h.app, h.landlordId, DEMO_PROVIDER_KEYS);
    const settings = await paymentProviderSettings(h.app, h.landlordId);
    expect(settings).toMatchObject({
      publishableKey: DEMO_PROVIDER_KEYS.stripe.publishableKey,
      webhookSecret: DEMO_PROVIDER_KEYS.stripe.webhookSecret,
      credentials: { secretKey: DEMO_PROVIDER_KEYS.stripe.secretKey },
    });
    const provider = createStripePaymentProvider(settings?.credentials ?? { secretKey: '', accountId: null }, stripeApiBaseOf(demo.paymentProviderApiBase));
    await expect(provider.verifyCredentials()).resolves.toMatchObject({ accountId: expect.stringMatching(/^acct_/) });
    const bankLink = createPlaidBankLinkProvider({ ...DEMO_PROVIDER_KEYS.plaid, environment: 'sandbox' }, { apiBaseUrl: demo.bankLinkApiBase });
    await expect(bankLink.createLinkToken({ clientUserId: 'user-1', clientName: 'Demo Trading Co', language: 'en' })).resolves.toMatchObject({ linkToken: expect.stringMatching(/^link-/) });
  });

  it('leave a tenant that has a provider of its own alone, and store the secrets sealed', async () => {
    const other = { stripe: { ...DEMO_PROVIDER_KEYS.stripe, publishableKey: 'pk_test_other' }, plaid: DEMO_PROVIDER_KEYS.plaid };
    await connectDemoProviders(h.app, h.landlordId, other);
    expect((await paymentProviderSettings(h.app, h.landlordId))?.publishableKey).toBe(DEMO_PROVIDER_KEYS.stripe.publishableKey);
    const stored = await h.app.database.executor.executeSql('select payment_provider_secret, bank_link_secret from tenants where id = $1', [h.landlordId]);
    const text = JSON.stringify(stored.rows);
    expect(text).not.toContain(DEMO_PROVIDER_KEYS.stripe.secretKey);
    expect(text).not.toContain(DEMO_PROVIDER_KEYS.plaid.secret);
    expect(await paymentProviderSettings(h.app, h.otherTenantId)).toBeNull();
  });
});
