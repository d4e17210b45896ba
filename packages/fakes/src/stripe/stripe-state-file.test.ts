import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type FakeStripeOptions } from './server.js';
import { bankToken, completeIndividual, newIndividualAccount, TINY_PNG } from './testing/contract-target.js';

const KEYS = { secretKey: 'sk_test_state_file', publishableKey: 'pk_test_state_file' };

let directory: string;
let stateFile: string;
const running: FakeStripe[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'fake-stripe-state-'));
  stateFile = join(directory, 'stripe.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function start(options: FakeStripeOptions = {}): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  const fake = await startFakeStripe({ ...KEYS, verificationDelayMs: null, bankSettlementDelayMs: null, ...options, stateFile });
  running.push(fake);
  return { fake, stripe: new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 }) };
}

async function restart(fake: FakeStripe, options: FakeStripeOptions = {}): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  running.splice(running.indexOf(fake), 1);
  await fake.close();
  return start(options);
}

describe('the fake Stripe with a state file', () => {
  it('comes back after a restart with everything a later call can refer to, and goes on from there', async () => {
    const first = await start();
    const platform = await first.stripe.accounts.retrieveCurrent();
    const account = await newIndividualAccount(first.stripe, { email: 'before@example.com' });
    const document = await first.stripe.files.create({ purpose: 'identity_document', file: { data: TINY_PNG, name: 'id.png', type: 'image/png' } });
    const pii = await first.stripe.tokens.create({ pii: { id_number: '000000000' } });
    const laterBank = await bankToken(first.stripe, '000999999991');
    const attached = await first.stripe.accounts.createExternalAccount(account.id, { external_account: (await bankToken(first.stripe)).id });
    const intent = await first.stripe.paymentIntents.create({ amount: 2_500, currency: 'usd', allowed_payment_method_types: ['card'] });
    const customer = await first.stripe.customers.create({ email: 'payer@example.com' }, { idempotencyKey: 'customer-once' });
    const endpoint = await first.stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'], connect: true });

    const { stripe } = await restart(first.fake);
    expect(await stripe.accounts.retrieveCurrent()).toMatchObject({ id: platform.id });
    expect(await stripe.files.retrieve(document.id)).toMatchObject({ id: document.id, purpose: 'identity_document', size: TINY_PNG.length });
    const updated = await stripe.accounts.update(account.id, {
      email: 'after@example.com',
      individual: { first_name: 'Ada', id_number: pii.id, verification: { document: { front: document.id } } },
    });
    expect(updated).toMatchObject({ id: account.id, email: 'after@example.com', individual: { first_name: 'Ada', id_number_provided: true } });
    await stripe.accounts.createExternalAccount(account.id, { external_account: laterBank.id });
    const banks = await stripe.accounts.listExternalAccounts(account.id, { object: 'bank_account' });
    expect(banks.data.map((bank) => bank.last4)).toEqual(['9991', attached.last4]);
    await expect(stripe.accounts.createExternalAccount(account.id, { external_account: laterBank.id })).rejects.toMatchObject({ code: 'token_already_used' });

    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 2_500 });
    const replayed = await stripe.customers.create({ email: 'payer@example.com' }, { idempotencyKey: 'customer-once' });
    expect(replayed.id).toBe(customer.id);
    expect((await stripe.webhookEndpoints.list()).data.map((item) => item.id)).toEqual([endpoint.id]);

    const platformTypes = (await stripe.events.list({ limit: 100 })).data.map((event) => event.type);
    expect(platformTypes).toEqual(['payment_intent.succeeded', 'charge.succeeded', 'customer.created', 'payment_intent.created']);
    const accountTypes = (await stripe.events.list({ limit: 100 }, { stripeAccount: account.id })).data.map((event) => event.type);
    expect(accountTypes.filter((type) => type === 'account.external_account.created')).toHaveLength(2);
    expect(accountTypes[0]).toBe('account.updated');
  });

  it('re-arms pending checks and bank settlements on load', async () => {
    const first = await start();
    const account = await newIndividualAccount(first.stripe);
    const submitted = await completeIndividual(first.stripe, account.id, '000000000');
    expect(submitted.requirements?.pending_verification).toEqual(expect.arrayContaining(['individual.id_number']));
    const method = await first.stripe.paymentMethods.create({
      type: 'us_bank_account',
      us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'individual' },
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const bankDebit = (paymentMethod: string) =>
      first.stripe.paymentIntents.create({
        amount: 12_345,
        currency: 'usd',
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: paymentMethod,
        confirm: true,
        mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'state-file-test' } } },
      });
    const debit = await first.stripe.paymentIntents.verifyMicrodeposits((await bankDebit(method.id)).id, { descriptor_code: 'SM11AA' });
    expect(debit.status).toBe('processing');
    // Another account typed by hand, still awaiting its microdeposits when the fake stops.
    const other = await first.stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000987654321' }, billing_details: { name: 'Grace Hopper' } });
    const awaiting = await bankDebit(other.id);
    expect(awaiting.status).toBe('requires_action');

    const { stripe } = await restart(first.fake, { verificationDelayMs: 0, bankSettlementDelayMs: 10 });
    await expect.poll(async () => (await stripe.accounts.retrieve(account.id)).charges_enabled, { timeout: 2_000, interval: 20 }).toBe(true);
    await expect.poll(async () => (await stripe.paymentIntents.retrieve(debit.id)).status, { timeout: 2_000, interval: 20 }).toBe('succeeded');
    expect(await stripe.paymentIntents.verifyMicrodeposits(awaiting.id, { descriptor_code: 'SM11AA' })).toMatchObject({ status: 'processing' });
    await expect.poll(async () => (await stripe.paymentIntents.retrieve(awaiting.id)).status, { timeout: 2_000, interval: 20 }).toBe('succeeded');
  });

  it('moves the links it handed out to its new address, so a payment awaiting 3-D Secure or microdeposits can still be finished', async () => {
    const first = await start();
    const document = await first.stripe.files.create({ purpose: 'identity_document', file: { data: TINY_PNG, name: 'id.png', type: 'image/png' } });
    const intent = await first.stripe.paymentIntents.create({
      amount: 4_000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: 'http://127.0.0.1:9/paid',
    });
    expect(intent.next_action?.redirect_to_url?.url).toMatch(new RegExp(`^${first.fake.url}/3ds/`));
    const bankMethod = await first.stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000123456789' }, billing_details: { name: 'Ada Lovelace' } });
    const awaitingBank = await first.stripe.paymentIntents.create({ amount: 4_000, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], payment_method: bankMethod.id, confirm: true });
    expect(awaitingBank.status).toBe('requires_action');

    const { fake, stripe } = await restart(first.fake);
    expect(fake.url).not.toBe(first.fake.url);
    expect((await stripe.files.retrieve(document.id)).url).toBe(`${fake.url}/v1/files/${document.id}/contents`);
    const waiting = await stripe.paymentIntents.retrieve(intent.id);
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { redirect_to_url: { url: expect.stringMatching(new RegExp(`^${fake.url}/3ds/${intent.id}`)) } } });
    expect((await fetch(waiting.next_action?.redirect_to_url?.url ?? '')).status).toBe(200);
    const verifying = await stripe.paymentIntents.retrieve(awaitingBank.id);
    expect(verifying.next_action?.verify_with_microdeposits?.hosted_verification_url).toBe(`${fake.url}/microdeposit/${awaitingBank.id}`);
    expect((await fetch(verifying.next_action?.verify_with_microdeposits?.hosted_verification_url ?? '')).status).toBe(200);
    fake.control.completeAuthentication(intent.id);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('refuses to start over a corrupt file, whether not JSON or not its state', async () => {
    writeFileSync(stateFile, '{"format":"ledgerline-fake-stripe","version":1,"accou');
    await expect(startFakeStripe({ stateFile })).rejects.toThrow(`The fake Stripe's state file ${stateFile} is corrupt (not JSON`);
    writeFileSync(stateFile, JSON.stringify({ format: 'ledgerline-fake-stripe', version: 1, accounts: [] }));
    await expect(startFakeStripe({ stateFile })).rejects.toThrow(/is corrupt \(not a fake Stripe state of this version\)/);
    expect(readFileSync(stateFile, 'utf8')).toContain('"accounts":[]');
  });

  it('writes a valid file while many changes arrive at once, and leaves no temporary file', async () => {
    const { fake, stripe } = await start();
    const made = await Promise.all(Array.from({ length: 25 }, (_, index) => stripe.customers.create({ email: `payer${index}@example.com` })));
    const savedFile = (): unknown => JSON.parse(readFileSync(stateFile, 'utf8'));
    await expect
      .poll(savedFile, { timeout: 2_000, interval: 20 })
      .toMatchObject({ payments: { customers: expect.arrayContaining(made.map((customer) => [customer.id, expect.objectContaining({ scope: null })])) } });
    expect(readdirSync(directory)).toEqual(['stripe.json']);

    const { stripe: after } = await restart(fake);
    const listed = await after.customers.list({ limit: 100 });
    expect(listed.data.map((customer) => customer.id).sort()).toEqual(made.map((customer) => customer.id).sort());
  });
});
