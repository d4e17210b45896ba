import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_LENDER_ENV } from '../../test/financing-provider';
import { type Harness, createHarness } from '../../test/harness';
import { connectDemoProviders, financingProviderCredentials, paymentProviderSettings } from '../modules/tenants/tenants.service';
import { DEMO_PROVIDER_KEYS, type DemoProviders, startDemoProviders } from './demo-providers';
import { createHttpFinancingProvider } from './providers/http-financing-provider';
import { createPlaidBankLinkProvider } from './providers/plaid-bank-link-provider';
import { createStripePaymentProvider, stripeApiBaseOf } from './providers/stripe-payment-provider';

let h: Harness;
let demo: DemoProviders;
let dataDir: string;

beforeAll(async () => {
  h = await createHarness({ env: FAKE_LENDER_ENV });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-demo-providers-'));
  demo = await startDemoProviders(dataDir);
});
afterAll(async () => {
  await demo.close();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const paymentProvider = (providers: DemoProviders) =>
  createStripePaymentProvider({ secretKey: DEMO_PROVIDER_KEYS.stripe.secretKey, accountId: null }, stripeApiBaseOf(providers.paymentProviderApiBase));
const bankLinkProvider = (providers: DemoProviders) => createPlaidBankLinkProvider({ ...DEMO_PROVIDER_KEYS.plaid, environment: 'sandbox' }, { apiBaseUrl: providers.bankLinkApiBase });

/** What the browser's Link does against the fake Plaid: opens the link token and picks the first account. */
async function linkFirstAccount(providers: DemoProviders, linkToken: string): Promise<string> {
  const post = async (step: string, body: Record<string, string>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${providers.bankLinkApiBase}/__fake/link/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer: unknown = await response.json();
    if (response.status !== 200 || typeof answer !== 'object' || answer === null) throw new Error(`Link ${step} failed with ${response.status}`);
    return Object.fromEntries(Object.entries(answer));
  };
  const opened = await post('open', { link_token: linkToken });
  const first: unknown = Array.isArray(opened.accounts) ? opened.accounts[0] : undefined;
  const accountId = typeof first === 'object' && first !== null && 'id' in first && typeof first.id === 'string' ? first.id : '';
  const completed = await post('complete', { link_token: linkToken, link_session_id: String(opened.link_session_id), account_id: accountId });
  return String(completed.public_token);
}

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

  it('run the fake lender with the demo key, while no tenant is pointed at it (the demo lends as the platform)', async () => {
    const lender = createHttpFinancingProvider({ baseUrl: demo.financingProviderApiBase, apiKey: DEMO_PROVIDER_KEYS.lender.apiKey, productIds: { ...DEMO_PROVIDER_KEYS.lender.productIds, drawdown: null } }, h.app.outboundHttp);
    await expect(lender.approval({ reference: 'demo-company', name: 'Demo Trading Co', country: 'US', email: null }, 'demo-approval')).resolves.toMatchObject({ status: 'approved' });
    expect(await financingProviderCredentials(h.app, h.landlordId)).toBeNull();
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

  it('keep their state in the data directory, so the payout account and the bank link still work after a restart', async () => {
    const account = await paymentProvider(demo).createPayoutAccount({ email: 'owner@example.com', businessType: 'individual', metadata: {} }, 'demo-restart-account');
    const bankLink = bankLinkProvider(demo);
    const { linkToken } = await bankLink.createLinkToken({ clientUserId: 'user-1', clientName: 'Demo Trading Co', language: 'en' });
    const { accessToken } = await bankLink.exchangePublicToken(await linkFirstAccount(demo, linkToken));
    const [checking] = await bankLink.listAccounts(accessToken);
    const { bankToken } = await bankLink.createPaymentProcessorBankToken(accessToken, checking?.id ?? '');

    await demo.close();
    demo = await startDemoProviders(dataDir);
    expect(fs.readdirSync(path.join(dataDir, 'demo-providers')).sort()).toEqual(['plaid.json', 'stripe.json']);
    const provider = paymentProvider(demo);
    await expect(provider.retrievePayoutAccount(account.id)).resolves.toMatchObject({ id: account.id, email: 'owner@example.com' });
    await expect(provider.updatePayoutAccount(account.id, { individual: { firstName: 'Ada' } }, 'demo-restart-update')).resolves.toMatchObject({ individual: { firstName: 'Ada' } });
    await expect(provider.attachBankAccount(account.id, bankToken, 'demo-restart-bank')).resolves.toMatchObject({ last4: '6789', bankName: 'First Platypus Bank' });
    const again = await bankLinkProvider(demo).createPaymentProcessorBankToken(accessToken, checking?.id ?? '');
    await expect(provider.attachBankAccount(account.id, again.bankToken, 'demo-restart-bank-again')).resolves.toMatchObject({ last4: '6789', bankName: 'First Platypus Bank' });
  });
});
