import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, PlaidApi, PlaidEnvironments, Products, CountryCode } from 'plaid';
import { BankTokenRegistry } from '../bank-token-registry.js';
import { startFakePlaid, type FakePlaid } from './fake-plaid.js';

/**
 * The official SDK against the fake, and the same calls against Plaid's sandbox when
 * PLAID_CONTRACT_CLIENT_ID / PLAID_CONTRACT_SECRET are set: what passes on both is what the fake
 * may claim to do. Fake-only checks (the processor token reaching the fake Stripe, the test
 * controls) follow.
 */

type Target = { name: string; basePath: string; clientId: string; secret: string };

const sandboxClientId = process.env.PLAID_CONTRACT_CLIENT_ID;
const sandboxSecret = process.env.PLAID_CONTRACT_SECRET;

function sdk(target: Target, secret = target.secret): PlaidApi {
  return new PlaidApi(new Configuration({ basePath: target.basePath, baseOptions: { headers: { 'PLAID-CLIENT-ID': target.clientId, 'PLAID-SECRET': secret } } }));
}

type PlaidErrorBody = { status: number; error_type: unknown; error_code: unknown; error_message: unknown; display_message: unknown; request_id: unknown };

/** The HTTP status and Plaid's error body of a failed SDK call (the SDK rejects with axios's error). */
async function failureOf(call: Promise<unknown>): Promise<PlaidErrorBody> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (typeof outcome !== 'object' || outcome === null || !('response' in outcome)) throw new Error(`expected a Plaid error, got ${String(outcome)}`);
  const response = outcome.response;
  if (typeof response !== 'object' || response === null || !('status' in response) || !('data' in response)) throw new Error('no response');
  const data = response.data;
  if (typeof data !== 'object' || data === null) throw new Error('no error body');
  return {
    status: Number(response.status),
    error_type: 'error_type' in data ? data.error_type : undefined,
    error_code: 'error_code' in data ? data.error_code : undefined,
    error_message: 'error_message' in data ? data.error_message : undefined,
    display_message: 'display_message' in data ? data.display_message : undefined,
    request_id: 'request_id' in data ? data.request_id : undefined,
  };
}

function expectPlaidError(body: PlaidErrorBody, status: number, type: string, code: string): void {
  expect(body).toMatchObject({ status, error_type: type, error_code: code });
  expect(body.error_message).toEqual(expect.any(String));
  expect(body.display_message === null || typeof body.display_message === 'string').toBe(true);
  expect(body.request_id).toEqual(expect.any(String));
}

async function linkedItem(client: PlaidApi): Promise<{ accessToken: string; itemId: string; checkingId: string }> {
  const created = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
  const exchanged = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
  const accounts = await client.accountsGet({ access_token: exchanged.data.access_token });
  const checking = accounts.data.accounts.find((account) => account.subtype === 'checking');
  if (checking === undefined) throw new Error('the sandbox item has no checking account');
  return { accessToken: exchanged.data.access_token, itemId: exchanged.data.item_id, checkingId: checking.account_id };
}

function contractSuite(name: string, target: () => Target): void {
  describe(`Plaid contract: ${name}`, () => {
    it('creates a link token that expires in the future', async () => {
      const answer = await sdk(target()).linkTokenCreate({
        client_name: 'Ledgerline',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: 'user-1' },
        products: [Products.Auth],
      });
      expect(answer.data.link_token).toMatch(/^link-(sandbox|development|production)-/);
      expect(Date.parse(answer.data.expiration)).toBeGreaterThan(Date.now());
      expect(answer.data.request_id).toEqual(expect.any(String));
    });

    it('links the sandbox bank, lists its accounts and numbers, hands out a Stripe bank token and removes the item', async () => {
      const client = sdk(target());
      const { accessToken, itemId, checkingId } = await linkedItem(client);
      expect(accessToken).toMatch(/^access-sandbox-/);

      const accounts = await client.accountsGet({ access_token: accessToken });
      expect(accounts.data.item).toMatchObject({ item_id: itemId, institution_id: 'ins_109508', error: null });
      expect(accounts.data.accounts.find((account) => account.account_id === checkingId)).toMatchObject({
        name: 'Plaid Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        balances: { iso_currency_code: 'USD' },
      });

      const auth = await client.authGet({ access_token: accessToken, options: { account_ids: [checkingId] } });
      expect(auth.data.accounts.map((account) => account.account_id)).toEqual([checkingId]);
      expect(auth.data.numbers.ach).toEqual([expect.objectContaining({ account_id: checkingId, routing: expect.stringMatching(/^\d{9}$/), account: expect.stringMatching(/^\d{4,17}$/) })]);

      const token = await client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: checkingId });
      expect(token.data.stripe_bank_account_token).toMatch(/^btok_/);

      const removed = await client.itemRemove({ access_token: accessToken });
      expect(removed.data.request_id).toEqual(expect.any(String));
      expectPlaidError(await failureOf(client.accountsGet({ access_token: accessToken })), 400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN');
    });

    it('accepts the credentials in the body instead of the headers', async () => {
      const { basePath, clientId, secret } = target();
      const response = await fetch(`${basePath}/sandbox/public_token/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: clientId, secret, institution_id: 'ins_109508', initial_products: ['auth'] }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ public_token: expect.stringMatching(/^public-sandbox-/), request_id: expect.any(String) });
    });

    it('refuses wrong API keys', async () => {
      const failure = await failureOf(sdk(target(), 'not-the-secret').sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] }));
      expectPlaidError(failure, 400, 'INVALID_INPUT', 'INVALID_API_KEYS');
    });

    it('refuses a malformed public token and one exchanged already', async () => {
      const client = sdk(target());
      expectPlaidError(await failureOf(client.itemPublicTokenExchange({ public_token: 'not-a-token' })), 400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN');
      const created = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
      await client.itemPublicTokenExchange({ public_token: created.data.public_token });
      expectPlaidError(await failureOf(client.itemPublicTokenExchange({ public_token: created.data.public_token })), 400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN');
    });

    it('refuses an unknown access token and an account id the item does not have', async () => {
      const client = sdk(target());
      const failure = await failureOf(client.authGet({ access_token: 'access-sandbox-00000000-0000-4000-8000-000000000000' }));
      expectPlaidError(failure, 400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN');
      const { accessToken } = await linkedItem(client);
      expectPlaidError(await failureOf(client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: 'NoSuchAccount' })), 400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID');
      expectPlaidError(await failureOf(client.accountsGet({ access_token: accessToken, options: { account_ids: ['NoSuchAccount'] } })), 400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID');
    });

    it('answers ITEM_LOGIN_REQUIRED once the bank asks for a new sign-in, and still removes the item', async () => {
      const client = sdk(target());
      const { accessToken, checkingId } = await linkedItem(client);
      expect((await client.sandboxItemResetLogin({ access_token: accessToken })).data.reset_login).toBe(true);
      expectPlaidError(await failureOf(client.accountsGet({ access_token: accessToken })), 400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED');
      expectPlaidError(await failureOf(client.authGet({ access_token: accessToken })), 400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED');
      const processor = await failureOf(client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: checkingId }));
      expectPlaidError(processor, 400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED');
      await client.itemRemove({ access_token: accessToken });
    });
  });
}

let fake: FakePlaid;
const registry = new BankTokenRegistry();
const fakeTarget = (): Target => ({ name: 'fake', basePath: fake.url, ...fake.credentials });

beforeAll(async () => {
  fake = await startFakePlaid({ registry });
});
afterAll(async () => {
  await fake.close();
});

contractSuite('the fake', fakeTarget);

describe.skipIf(sandboxClientId === undefined || sandboxSecret === undefined)('Plaid sandbox', () => {
  contractSuite('Plaid sandbox', () => ({ name: 'sandbox', basePath: PlaidEnvironments.sandbox ?? 'https://sandbox.plaid.com', clientId: sandboxClientId ?? '', secret: sandboxSecret ?? '' }));
});

describe('the fake Plaid beyond the contract', () => {
  it("hands the chosen account to the fake Stripe through the shared registry, once, with Stripe's test numbers", async () => {
    const client = sdk(fakeTarget());
    const { accessToken, checkingId } = await linkedItem(client);
    const auth = await client.authGet({ access_token: accessToken, options: { account_ids: [checkingId] } });
    expect(auth.data.numbers.ach[0]).toMatchObject({ routing: '110000000', account: '000123456789' });

    const token = await client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: checkingId });
    expect(registry.take(token.data.stripe_bank_account_token)).toEqual({
      routingNumber: '110000000',
      accountNumberLast4: '6789',
      bankName: 'First Platypus Bank',
      accountHolderName: null,
      accountHolderType: 'individual',
      country: 'US',
      currency: 'usd',
    });
    expect(registry.take(token.data.stripe_bank_account_token)).toBeNull();
  });

  it('fails the next exchange when told, then exchanges again', async () => {
    const client = sdk(fakeTarget());
    const created = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    fake.failNextExchange();
    expectPlaidError(await failureOf(client.itemPublicTokenExchange({ public_token: created.data.public_token })), 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR');
    const second = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    expect((await client.itemPublicTokenExchange({ public_token: second.data.public_token })).data.access_token).toMatch(/^access-sandbox-/);
  });

  it('fails the next exchange with a chosen error and display message through the control route', async () => {
    const client = sdk(fakeTarget());
    const created = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    const control = await fetch(`${fake.url}/__fake/control/next-exchange-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error_code: 'EXPIRED_PUBLIC_TOKEN' }),
    });
    expect(control.status).toBe(204);
    const failure = await failureOf(client.itemPublicTokenExchange({ public_token: created.data.public_token }));
    expectPlaidError(failure, 400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN');
    expect(failure.error_message).toMatch(/^provided public token is expired/);
  });

  it('makes an item need a new sign-in and clears it again', async () => {
    const client = sdk(fakeTarget());
    const { accessToken, itemId } = await linkedItem(client);
    fake.requireLogin(itemId);
    expectPlaidError(await failureOf(client.accountsGet({ access_token: accessToken })), 400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED');
    fake.requireLogin(itemId, false);
    expect((await client.accountsGet({ access_token: accessToken })).data.accounts.length).toBeGreaterThan(0);
  });

  it('names missing fields and credentials as Plaid does', async () => {
    const missingSecret = await fetch(`${fake.url}/item/remove`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: fake.credentials.clientId }) });
    expect(missingSecret.status).toBe(400);
    expect(await missingSecret.json()).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS', error_message: 'the following required fields are missing: secret' });
    const missingToken = await failureOf(sdk(fakeTarget()).itemPublicTokenExchange({ public_token: '' }));
    expectPlaidError(missingToken, 400, 'INVALID_REQUEST', 'MISSING_FIELDS');
  });

  it('refuses an institution other than the sandbox bank', async () => {
    const failure = await failureOf(sdk(fakeTarget()).sandboxPublicTokenCreate({ institution_id: 'ins_1', initial_products: [Products.Auth] }));
    expectPlaidError(failure, 400, 'INVALID_INPUT', 'INVALID_INSTITUTION');
  });

  it('lets a link token expire after four hours', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const timed = await startFakePlaid({ now: () => now });
    try {
      const client = sdk({ name: 'timed', basePath: timed.url, ...timed.credentials });
      const created = await client.linkTokenCreate({ client_name: 'Ledgerline', language: 'en', country_codes: [CountryCode.Us], user: { client_user_id: 'u' } });
      expect(created.data.expiration).toBe('2026-01-01T04:00:00.000Z');
      now += 4 * 60 * 60 * 1000;
      const opened = await fetch(`${timed.url}/__fake/link/open`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link_token: created.data.link_token }) });
      expect(opened.status).toBe(400);
      expect(await opened.json()).toMatchObject({ error_code: 'INVALID_LINK_TOKEN', error_type: 'INVALID_INPUT' });
    } finally {
      await timed.close();
    }
  });
});
