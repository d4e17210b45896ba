import { runInNewContext } from 'node:vm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './server.js';
import { fakeStripeJsSource, STRIPE_JS_URL } from './stripe-js.js';

type StripeJs = { createToken(type: string, data: object): Promise<unknown> };

/** Runs the script as a page would, with only `window` and `fetch`, and returns `window.Stripe`. */
function loadStripeJs(source: string): (publishableKey: string) => StripeJs {
  const window: Record<string, unknown> = {};
  runInNewContext(source, { window, fetch });
  const factory = window.Stripe;
  if (typeof factory !== 'function') throw new Error('the script did not define window.Stripe');
  return (publishableKey) => {
    const instance: unknown = factory(publishableKey);
    if (typeof instance !== 'object' || instance === null || !('createToken' in instance) || typeof instance.createToken !== 'function') throw new Error('no createToken');
    const createToken = instance.createToken;
    return { createToken: async (type, data): Promise<unknown> => createToken(type, data) };
  };
}

function tokenId(result: unknown): string {
  if (typeof result === 'object' && result !== null && 'token' in result && typeof result.token === 'object' && result.token !== null && 'id' in result.token && typeof result.token.id === 'string') return result.token.id;
  throw new Error(`no token in ${JSON.stringify(result)}`);
}

describe('the fake Stripe.js', () => {
  let fake: FakeStripe;
  let stripeJs: StripeJs;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const served = await fetch(`${fake.url}/v3`);
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(served.headers.get('content-type')).toMatch(/javascript/);
    stripeJs = loadStripeJs(await served.text())(fake.publishableKey);
  });
  afterAll(() => fake.close());

  it('is served for the URL pages load Stripe.js from', () => {
    expect(STRIPE_JS_URL).toBe('https://js.stripe.com/v3');
    expect(fakeStripeJsSource(fake.url)).toContain(JSON.stringify(fake.url));
  });

  it('tokenises an ID number and a bank account with the publishable key', async () => {
    expect(await stripeJs.createToken('pii', { personal_id_number: '000000000' })).toMatchObject({ token: { object: 'token', type: 'pii', id: expect.stringMatching(/^pii_/) } });
    const bank = await stripeJs.createToken('bank_account', {
      country: 'US',
      currency: 'usd',
      routing_number: '110000000',
      account_number: '000123456789',
      account_holder_name: 'Ada Lovelace',
      account_holder_type: 'individual',
    });
    expect(bank).toMatchObject({ token: { type: 'bank_account', bank_account: { last4: '6789', bank_name: 'STRIPE TEST BANK' } } });
  });

  it("answers Stripe's error for a bad routing number", async () => {
    const result = await stripeJs.createToken('bank_account', { country: 'US', currency: 'usd', routing_number: '12345', account_number: '000123456789' });
    expect(result).toEqual({ error: { type: 'invalid_request_error', code: 'routing_number_invalid', param: 'bank_account[routing_number]', message: 'Routing number must have 9 digits' } });
  });

  it('makes account tokens the server turns into an account with terms accepted', async () => {
    const result = await stripeJs.createToken('account', { business_type: 'individual', individual: { first_name: 'Ada', last_name: 'Lovelace' }, tos_shown_and_accepted: true });
    const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    const account = await stripe.accounts.create({ country: 'US', account_token: tokenId(result) });
    expect(account.individual?.first_name).toBe('Ada');
    expect(account.tos_acceptance?.date).toEqual(expect.any(Number));
    expect(account.requirements?.currently_due).not.toContain('tos_acceptance.date');
  });

  it('refuses a secret key, and reports an unreachable API as api_connection_error', async () => {
    const load = loadStripeJs(fakeStripeJsSource(fake.url));
    expect(() => load(fake.secretKey)).toThrow(/apiKey should be a string starting with pk_/);
    const offline = loadStripeJs(fakeStripeJsSource('http://127.0.0.1:1'))(fake.publishableKey);
    expect(await offline.createToken('pii', { personal_id_number: '000000000' })).toMatchObject({ error: { type: 'api_connection_error' } });
  });

  it('answers CORS preflights so a page on another origin can call it', async () => {
    const preflight = await fetch(`${fake.url}/v1/tokens`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Stripe-Account');
  });
});
