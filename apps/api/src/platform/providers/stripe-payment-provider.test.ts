import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, TEST_ROUTING_NUMBER, signPayload, startFakeStripe } from '@app/fakes';
import { type PaymentProvider, PaymentProviderError } from './payment-provider';
import { createStripePaymentProvider, createStripePaymentProviderFactory, stripeApiBaseOf } from './stripe-payment-provider';

let stripe: FakeStripe;
let provider: PaymentProvider;

/** What the error of a call that must fail says. */
async function refusal(call: Promise<unknown>): Promise<PaymentProviderError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof PaymentProviderError)) throw new Error(`expected a PaymentProviderError, got ${String(outcome)}`);
  return outcome;
}

/** A bank-account token as Stripe.js makes it in the browser (publishable key, form-encoded). */
async function bankToken(): Promise<string> {
  const form = new URLSearchParams({
    key: stripe.publishableKey,
    'bank_account[country]': 'US',
    'bank_account[currency]': 'usd',
    'bank_account[routing_number]': TEST_ROUTING_NUMBER,
    'bank_account[account_number]': '000123456789',
    'bank_account[account_holder_type]': 'individual',
  });
  const response = await fetch(`${stripe.url}/v1/tokens`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const token = (await response.json()) as { id: string };
  return token.id;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  provider = createStripePaymentProvider({ secretKey: stripe.secretKey, accountId: null }, stripeApiBaseOf(stripe.url));
});
afterAll(async () => {
  await stripe.close();
});

describe('the Stripe adapter', () => {
  it('reads the API base from PAYMENT_PROVIDER_API_BASE, or keeps Stripe’s', () => {
    expect(stripeApiBaseOf(undefined)).toBeNull();
    expect(stripeApiBaseOf('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeApiBaseOf('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
  });

  it('builds one client per set of credentials, and a new one when a tenant’s credentials change', async () => {
    const factory = createStripePaymentProviderFactory(stripeApiBaseOf(stripe.url));
    const first = factory({ secretKey: stripe.secretKey, accountId: null });
    expect(factory({ secretKey: stripe.secretKey, accountId: null })).toBe(first);
    const rotated = factory({ secretKey: 'sk_test_rotated', accountId: null });
    expect(rotated).not.toBe(first);
    expect(factory({ secretKey: stripe.secretKey, accountId: 'acct_1Platform' })).not.toBe(first);
    // The cached client still works, and the new key is the one the new client sends.
    expect((await first.verifyCredentials()).accountId).toMatch(/^acct_/);
    expect((await refusal(rotated.verifyCredentials())).details.httpStatus).toBe(401);
  });

  it('verifies credentials with a real call; a bad key is an authentication error', async () => {
    expect((await provider.verifyCredentials()).accountId).toMatch(/^acct_/);
    const bad = createStripePaymentProvider({ secretKey: 'sk_test_wrong', accountId: null }, stripeApiBaseOf(stripe.url));
    const error = await refusal(bad.verifyCredentials());
    expect(error.details.type).toBe('authentication');
    expect(error.details.httpStatus).toBe(401);
  });

  it('creates a US, usd connected account the platform collects requirements for, once per idempotency key', async () => {
    const input = { email: 'owner@example.com', businessType: 'individual' as const, metadata: { business_id: 'b-1' } };
    const account = await provider.createPayoutAccount(input, 'payout-account:b-1');
    expect(account).toMatchObject({ country: 'US', defaultCurrency: 'usd', email: 'owner@example.com', businessType: 'individual', chargesEnabled: false, payoutsEnabled: false, tosAccepted: false });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements.currentlyDue.length).toBeGreaterThan(0);
    const again = await provider.createPayoutAccount(input, 'payout-account:b-1');
    expect(again.id).toBe(account.id);
    const mismatch = await refusal(provider.createPayoutAccount({ ...input, email: 'other@example.com' }, 'payout-account:b-1'));
    expect(mismatch.details.type).toBe('idempotency_error');
  });

  it('updates the account, uploads a document and attaches a bank account; requirements shrink as data arrives', async () => {
    const account = await provider.createPayoutAccount({ email: 'kyc@example.com', businessType: 'individual', metadata: {} }, 'payout-account:b-2');
    const dueBefore = account.requirements.currentlyDue.length;
    const updated = await provider.updatePayoutAccount(
      account.id,
      {
        individual: { firstName: 'Ada', lastName: 'Lovelace', email: 'kyc@example.com', phone: '+12025550123', dob: { day: 10, month: 12, year: 1985 }, address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' }, ssnLast4: '0000' },
        businessProfile: { mcc: '5734', url: 'https://example.com' },
        tosAcceptance: { date: Math.floor(Date.now() / 1000), ip: '127.0.0.1', userAgent: 'vitest' },
      },
      'payout-update:b-2:1',
    );
    expect(updated.individual).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', dob: { day: 10, month: 12, year: 1985 }, address: { city: 'Springfield' } });
    expect(updated.tosAccepted).toBe(true);
    expect(updated.requirements.currentlyDue.length).toBeLessThan(dueBefore);

    const file = await provider.uploadFile(account.id, { name: 'id.png', type: 'image/png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }, 'identity_document');
    expect(file).toMatchObject({ purpose: 'identity_document' });
    expect(file.id).toMatch(/^file_/);

    const bank = await provider.attachBankAccount(account.id, await bankToken(), 'payout-bank:b-2:1');
    expect(bank).toMatchObject({ last4: '6789', routingNumber: TEST_ROUTING_NUMBER, currency: 'usd', country: 'US', defaultForCurrency: true });
    const read = await provider.retrievePayoutAccount(account.id);
    expect(read.externalAccounts.map((b) => b.id)).toEqual([bank.id]);
    expect(JSON.stringify(read)).not.toContain('000123456789');
  });

  it("maps the provider's refusals to its own words", async () => {
    const missing = await refusal(provider.retrievePayoutAccount('acct_does_not_exist'));
    expect(missing.details.type).not.toBe('authentication');
    expect(missing.message.length).toBeGreaterThan(0);
  });

  it('verifies an event over its raw bytes and timestamp', async () => {
    const body = JSON.stringify({ id: 'evt_adapter_1', object: 'event', type: 'account.updated', account: 'acct_1X', created: 1_790_000_000, livemode: false, data: { object: { id: 'acct_1X', object: 'account' } } });
    const now = Math.floor(Date.now() / 1000);
    const event = await provider.verifyEvent(Buffer.from(body), signPayload(body, stripe.webhookSecret, now), stripe.webhookSecret);
    expect(event).toMatchObject({ id: 'evt_adapter_1', type: 'account.updated', account: 'acct_1X', created: 1_790_000_000, livemode: false, object: { id: 'acct_1X' } });
    const old = await refusal(provider.verifyEvent(Buffer.from(body), signPayload(body, stripe.webhookSecret, now - 301), stripe.webhookSecret));
    expect(old.details.type).toBe('signature');
    const forged = await refusal(provider.verifyEvent(Buffer.from(body.replace('acct_1X', 'acct_1Y')), signPayload(body, stripe.webhookSecret, now), stripe.webhookSecret));
    expect(forged.details.type).toBe('signature');
  });
});
