import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankTokenRegistry, startFakePlaid, type FakePlaid } from '@app/fakes';
import { BankLinkProviderError, type BankLinkProvider } from './bank-link-provider.js';
import { createPlaidBankLinkProvider, plaidBankLinkProviderFactory, plaidBaseUrl } from './plaid-bank-link-provider.js';

/** The Plaid adapter on the official SDK against the fake Plaid (BANK_LINK_API_BASE in the app). */

let fake: FakePlaid;
const registry = new BankTokenRegistry();

beforeAll(async () => {
  fake = await startFakePlaid({ registry });
});
afterAll(async () => {
  await fake.close();
});

function adapter(secret = fake.credentials.secret): BankLinkProvider {
  return plaidBankLinkProviderFactory({ apiBaseUrl: fake.url })({ clientId: fake.credentials.clientId, secret, environment: 'sandbox' });
}

/** What the browser's Link does with a link token: the user picks the checking account, Link answers a public token. */
async function linkInBrowser(linkToken: string): Promise<{ publicToken: string; accountId: string }> {
  const post = async (path: string, body: Record<string, string>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const answer: unknown = await response.json();
    if (typeof answer !== 'object' || answer === null) throw new Error('unreadable answer');
    return Object.fromEntries(Object.entries(answer));
  };
  const opened = await post('/__fake/link/open', { link_token: linkToken });
  const accounts = Array.isArray(opened.accounts) ? opened.accounts : [];
  const checking: unknown = accounts[0];
  if (typeof checking !== 'object' || checking === null || !('id' in checking) || typeof checking.id !== 'string') throw new Error('no account offered');
  const completed = await post('/__fake/link/complete', { link_token: linkToken, link_session_id: String(opened.link_session_id), account_id: checking.id });
  return { publicToken: String(completed.public_token), accountId: checking.id };
}

async function rejection(call: Promise<unknown>): Promise<BankLinkProviderError> {
  const failure: unknown = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(failure instanceof BankLinkProviderError)) throw new Error(`expected a BankLinkProviderError, got ${String(failure)}`);
  return failure;
}

async function linkedItem(provider: BankLinkProvider): Promise<{ accessToken: string; itemId: string; accountId: string }> {
  const { linkToken } = await provider.createLinkToken({ clientUserId: 'user-1', clientName: 'Ledgerline', language: 'en' });
  const { publicToken, accountId } = await linkInBrowser(linkToken);
  return { ...(await provider.exchangePublicToken(publicToken)), accountId };
}

describe('the Plaid bank-link adapter', () => {
  it('creates a link token, exchanges the public token, lists the accounts, hands a bank token to the payment provider and removes the item', async () => {
    const provider = adapter();
    const { linkToken, expiration } = await provider.createLinkToken({ clientUserId: 'user-1', clientName: 'Ledgerline', language: 'en' });
    expect(linkToken).toMatch(/^link-sandbox-/);
    expect(Date.parse(expiration)).toBeGreaterThan(Date.now());

    const { publicToken, accountId } = await linkInBrowser(linkToken);
    const { accessToken, itemId } = await provider.exchangePublicToken(publicToken);
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(itemId).toEqual(expect.any(String));

    expect(await provider.listAccounts(accessToken)).toEqual([
      { id: accountId, name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
      { id: expect.any(String), name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
    ]);

    const { bankToken } = await provider.createPaymentProcessorBankToken(accessToken, accountId);
    expect(registry.take(bankToken)).toMatchObject({ routingNumber: '110000000', accountNumberLast4: '6789', bankName: 'First Platypus Bank' });

    await provider.removeItem(accessToken);
    const afterRemoval = await rejection(provider.listAccounts(accessToken));
    expect(afterRemoval.message).toBe('could not find matching access token');
    expect(afterRemoval.details).toEqual({ type: 'INVALID_INPUT', code: 'INVALID_ACCESS_TOKEN', httpStatus: 400 });
  });

  it("refuses wrong keys with Plaid's message, and the error carries no secret", async () => {
    const failure = await rejection(adapter('the-wrong-secret-canary').createLinkToken({ clientUserId: 'u', clientName: 'Ledgerline', language: 'en' }));
    expect(failure.message).toBe('invalid client_id or secret provided');
    expect(failure.details).toEqual({ type: 'INVALID_INPUT', code: 'INVALID_API_KEYS', httpStatus: 400 });
    expect(JSON.stringify({ ...failure, message: failure.message, stack: failure.stack })).not.toContain('the-wrong-secret-canary');
    expect(failure.cause).toBeUndefined();
  });

  it("shows Plaid's display message when it sends one, and its developer message otherwise", async () => {
    const provider = adapter();
    const { linkToken } = await provider.createLinkToken({ clientUserId: 'user-2', clientName: 'Ledgerline', language: 'en' });
    const { publicToken } = await linkInBrowser(linkToken);
    fake.failNextExchange({ type: 'INSTITUTION_ERROR', code: 'INSTITUTION_DOWN', message: 'this institution is not currently responding', displayMessage: 'The bank is not responding. Please try again later.' });
    const down = await rejection(provider.exchangePublicToken(publicToken));
    expect(down.message).toBe('The bank is not responding. Please try again later.');
    expect(down.details).toEqual({ type: 'INSTITUTION_ERROR', code: 'INSTITUTION_DOWN', httpStatus: 400 });

    const malformed = await rejection(provider.exchangePublicToken('not-a-public-token'));
    expect(malformed.message).toMatch(/^provided public token is in an invalid format/);
    expect(malformed.details.code).toBe('INVALID_PUBLIC_TOKEN');
  });

  it('reports an item that needs a new sign-in and an account the item does not have', async () => {
    const provider = adapter();
    const { accessToken, itemId, accountId } = await linkedItem(provider);
    const wrongAccount = await rejection(provider.createPaymentProcessorBankToken(accessToken, 'NoSuchAccount'));
    expect(wrongAccount.details).toEqual({ type: 'INVALID_INPUT', code: 'INVALID_ACCOUNT_ID', httpStatus: 400 });

    fake.requireLogin(itemId);
    const loginRequired = await rejection(provider.createPaymentProcessorBankToken(accessToken, accountId));
    expect(loginRequired.details).toEqual({ type: 'ITEM_ERROR', code: 'ITEM_LOGIN_REQUIRED', httpStatus: 400 });
    expect(loginRequired.message).toMatch(/^the login details of this item have changed/);
  });

  it('answers a provider it cannot reach with its own message', async () => {
    const closedPort = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        probe.close(() => resolve(port));
      });
    });
    const provider = createPlaidBankLinkProvider({ clientId: 'c', secret: 's', environment: 'sandbox' }, { apiBaseUrl: `http://127.0.0.1:${closedPort}` });
    const failure = await rejection(provider.removeItem('access-sandbox-00000000-0000-4000-8000-000000000000'));
    expect(failure.message).toBe('The bank-link provider could not be reached. Please try again later.');
    expect(failure.details).toEqual({ type: 'API_ERROR', code: 'PROVIDER_UNREACHABLE', httpStatus: null });
  });

  it("sends each environment to Plaid's host unless an override is configured", () => {
    expect(plaidBaseUrl('sandbox', undefined)).toBe('https://sandbox.plaid.com');
    expect(plaidBaseUrl('production', undefined)).toBe('https://production.plaid.com');
    expect(plaidBaseUrl('development', undefined)).toBe('https://production.plaid.com');
    expect(plaidBaseUrl('production', 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });
});
