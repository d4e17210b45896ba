import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './server.js';
import { completeIndividual, newIndividualAccount } from './testing/contract-target.js';

describe('the fake Stripe with its default timers', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  it('answers with checks pending, then finishes them right after the response and records account.updated', async () => {
    const account = await newIndividualAccount(stripe);
    const submitted = await completeIndividual(stripe, account.id, '000000000');
    expect(submitted.requirements?.pending_verification).toEqual(expect.arrayContaining(['individual.id_number']));
    await expect.poll(async () => (await stripe.accounts.retrieve(account.id)).charges_enabled, { timeout: 2_000, interval: 10 }).toBe(true);
    const enabled = fake.control.events().find((event) => event.type === 'account.updated' && event.account === account.id && event.data.object.charges_enabled);
    if (enabled?.type !== 'account.updated') throw new Error('expected account.updated enabling charges');
    expect(enabled.data.previous_attributes).toMatchObject({ charges_enabled: false, payouts_enabled: false });
  });

  it("answers unknown routes with Stripe's error shape", async () => {
    const response = await fetch(`${fake.url}/v1/nothing_here`, { headers: { Authorization: `Bearer ${fake.secretKey}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/) } });
  });
});
