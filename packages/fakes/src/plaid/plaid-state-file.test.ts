import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, PlaidApi, Products, CountryCode } from 'plaid';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BankTokenRegistry } from '../bank-token-registry.js';
import { startFakeStripe, type FakeStripe } from '../stripe/server.js';
import { newIndividualAccount } from '../stripe/testing/contract-target.js';
import { startFakePlaid, type FakePlaid } from './fake-plaid.js';

const CREDENTIALS = { clientId: 'state-file-client', secret: 'state-file-secret' };
const STRIPE_KEYS = { secretKey: 'sk_test_plaid_state_file', publishableKey: 'pk_test_plaid_state_file' };

let directory: string;
const running: (FakePlaid | FakeStripe)[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'fake-plaid-state-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function startPlaid(): Promise<{ fake: FakePlaid; client: PlaidApi }> {
  const fake = await startFakePlaid({ credentials: CREDENTIALS, stateFile: join(directory, 'plaid.json') });
  running.push(fake);
  const client = new PlaidApi(new Configuration({ basePath: fake.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': CREDENTIALS.clientId, 'PLAID-SECRET': CREDENTIALS.secret } } }));
  return { fake, client };
}

async function startStripe(registry: BankTokenRegistry): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  const fake = await startFakeStripe({ ...STRIPE_KEYS, registry, verificationDelayMs: null, stateFile: join(directory, 'stripe.json') });
  running.push(fake);
  return { fake, stripe: new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 }) };
}

async function stop(fake: FakePlaid | FakeStripe): Promise<void> {
  running.splice(running.indexOf(fake), 1);
  await fake.close();
}

async function linkPost(fake: FakePlaid, path: string, body: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}/__fake/link/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  const answer: unknown = await response.json();
  if (typeof answer !== 'object' || answer === null) throw new Error('Link answered no object');
  return Object.fromEntries(Object.entries(answer));
}

describe('the fake Plaid with a state file', () => {
  it('keeps items, access, public and link tokens and the bank tokens it issued; the fake Stripe takes them after its own restart', async () => {
    const first = await startPlaid();
    const sandbox = await first.client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    const exchanged = await first.client.itemPublicTokenExchange({ public_token: sandbox.data.public_token });
    const accessToken = exchanged.data.access_token;
    const accounts = await first.client.accountsGet({ access_token: accessToken });
    const checkingId = accounts.data.accounts[0]?.account_id ?? '';
    const issuedBefore = (await first.client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: checkingId })).data.stripe_bank_account_token;
    const unexchanged = await first.client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    const link = await first.client.linkTokenCreate({ client_name: 'Demo', language: 'en', country_codes: [CountryCode.Us], user: { client_user_id: 'user-1' }, products: [Products.Auth] });
    await stop(first.fake);

    const second = await startPlaid();
    expect((await second.client.accountsGet({ access_token: accessToken })).data.item.item_id).toBe(exchanged.data.item_id);
    const issuedAfter = (await second.client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: checkingId })).data.stripe_bank_account_token;
    expect((await second.client.itemPublicTokenExchange({ public_token: unexchanged.data.public_token })).data.access_token).toMatch(/^access-sandbox-/);
    const opened = await linkPost(second.fake, 'open', { link_token: link.data.link_token });
    const chosen = Array.isArray(opened.accounts) ? opened.accounts[0] : undefined;
    const accountId = typeof chosen === 'object' && chosen !== null && 'id' in chosen && typeof chosen.id === 'string' ? chosen.id : '';
    const completed = await linkPost(second.fake, 'complete', { link_token: link.data.link_token, link_session_id: String(opened.link_session_id), account_id: accountId });
    expect(completed.public_token).toMatch(/^public-sandbox-/);

    // The fake Stripe shares the fake Plaid's registry, which the fake Plaid keeps.
    const firstStripe = await startStripe(second.fake.registry);
    const account = await newIndividualAccount(firstStripe.stripe);
    await firstStripe.stripe.accounts.createExternalAccount(account.id, { external_account: issuedBefore });
    await stop(firstStripe.fake);
    const { stripe } = await startStripe(second.fake.registry);
    const attached = await stripe.accounts.createExternalAccount(account.id, { external_account: issuedAfter });
    expect(attached).toMatchObject({ object: 'bank_account', last4: '6789', bank_name: 'First Platypus Bank', routing_number: '110000000' });
    await expect(stripe.accounts.createExternalAccount(account.id, { external_account: issuedBefore })).rejects.toMatchObject({ code: 'resource_missing' });

    // The tokens the fake Stripe took stay taken after the fake Plaid restarts too.
    await stop(second.fake);
    const third = await startPlaid();
    expect(third.fake.registry.take(issuedBefore)).toBeNull();
    expect(third.fake.registry.take(issuedAfter)).toBeNull();
  });

  it('keeps a sign-in the bank asked for', async () => {
    const first = await startPlaid();
    const sandbox = await first.client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
    const exchanged = await first.client.itemPublicTokenExchange({ public_token: sandbox.data.public_token });
    first.fake.requireLogin(exchanged.data.item_id);
    await stop(first.fake);
    const second = await startPlaid();
    await expect(second.client.accountsGet({ access_token: exchanged.data.access_token })).rejects.toMatchObject({ response: { data: { error_code: 'ITEM_LOGIN_REQUIRED' } } });
  });

  it('refuses to start over a corrupt file', async () => {
    const stateFile = join(directory, 'plaid.json');
    writeFileSync(stateFile, 'not json at all');
    await expect(startFakePlaid({ stateFile })).rejects.toThrow(`The fake Plaid's state file ${stateFile} is corrupt (not JSON`);
    writeFileSync(stateFile, JSON.stringify({ format: 'ledgerline-fake-plaid', version: 1, store: { items: {} }, bankTokens: null }));
    await expect(startFakePlaid({ stateFile })).rejects.toThrow(/is corrupt \(not a fake Plaid state of this version\)/);
  });
});
