import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './server.js';
import { bankToken, completeIndividual, CONTROLLER, deliveredEvent, fakeTarget, newIndividualAccount, stripeFailure, stripeTestModeTarget, TINY_PNG, WebhookReceiver, type ContractTarget } from './testing/contract-target.js';

const realSecretKey = process.env.STRIPE_CONTRACT_SECRET_KEY;
const realPublishableKey = process.env.STRIPE_CONTRACT_PUBLISHABLE_KEY;

function contractSuite(label: string, makeTarget: (webhookUrl: string) => Promise<ContractTarget>, hasPublishableKey: boolean): void {
  describe(label, () => {
    let target: ContractTarget;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      target = await makeTarget(receiver.url);
    });
    afterAll(async () => {
      await target.close();
      await receiver.close();
    });

    it('validates the secret key and words a wrong one as Stripe does', async () => {
      const platform = await target.stripe.accounts.retrieveCurrent();
      expect(platform.object).toBe('account');
      const wrong = target.client('sk_test_wrongwrongwrongwrong1234');
      const failure = await stripeFailure(wrong.accounts.retrieveCurrent());
      expect(failure).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(failure.statusCode).toBe(401);
      expect(failure.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
    });

    it.skipIf(!hasPublishableKey)('lets a publishable key create tokens and nothing else', async () => {
      const publishable = target.publishable;
      if (publishable === null) throw new Error('no publishable key');
      const token = await bankToken(publishable);
      expect(token.id).toMatch(/^btok_/);
      const failure = await stripeFailure(publishable.accounts.list({ limit: 1 }));
      expect(failure.statusCode).toBe(401);
    });

    it('shrinks the requirements as data arrives and verifies asynchronously', async () => {
      const account = await newIndividualAccount(target.stripe);
      const due = account.requirements?.currently_due ?? [];
      expect(due).toEqual(expect.arrayContaining(['individual.first_name', 'individual.dob.day', 'external_account', 'tos_acceptance.date', 'business_profile.mcc']));
      expect(account.charges_enabled).toBe(false);
      const named = await target.stripe.accounts.update(account.id, { individual: { first_name: 'Ada', last_name: 'Lovelace' } });
      expect(named.requirements?.currently_due).not.toContain('individual.first_name');
      expect(named.requirements?.currently_due?.length).toBeLessThan(due.length);
      const complete = await completeIndividual(target.stripe, account.id, '000000000');
      expect(complete.requirements?.currently_due).toEqual([]);
      if (target.fake) expect(complete.requirements?.pending_verification).toEqual(expect.arrayContaining(['individual.id_number', 'individual.verification.document']));
      const verified = await target.settleVerification(account.id, (settled) => settled.charges_enabled);
      expect(verified.charges_enabled).toBe(true);
      expect(verified.payouts_enabled).toBe(true);
      expect(verified.requirements?.pending_verification).toEqual([]);
      expect(verified.individual?.id_number_provided).toBe(true);
    });

    it('fails the test ID number 111111111 with verification_failed_id_number_match', async () => {
      const account = await newIndividualAccount(target.stripe);
      await completeIndividual(target.stripe, account.id, '111111111');
      const failed = await target.settleVerification(account.id, (settled) => (settled.requirements?.errors?.length ?? 0) > 0);
      expect(failed.requirements?.errors).toContainEqual(expect.objectContaining({ code: 'verification_failed_id_number_match', requirement: 'individual.id_number' }));
      expect(failed.charges_enabled).toBe(false);
    });

    it("collects a company's representative as a person, whose fields leave the requirements", async () => {
      const company = await target.stripe.accounts.create({ country: 'US', business_type: 'company', controller: CONTROLLER, capabilities: { transfers: { requested: true } } });
      expect(company.requirements?.currently_due).toEqual(expect.arrayContaining(['company.name', 'company.tax_id', 'representative.first_name']));
      const updated = await target.stripe.accounts.update(company.id, { company: { name: 'Analytical Engines LLC', tax_id: '000000000', phone: '+12015550123' } });
      expect(updated.requirements?.currently_due).not.toContain('company.name');
      const representative = await target.stripe.accounts.createPerson(company.id, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        relationship: { representative: true, title: 'CEO' },
      });
      expect(representative).toMatchObject({ object: 'person', account: company.id, first_name: 'Ada' });
      const withRepresentative = await target.stripe.accounts.retrieve(company.id);
      const due = withRepresentative.requirements?.currently_due ?? [];
      expect(due).not.toContain('representative.first_name');
      expect(due).not.toContain(`${representative.id}.first_name`);
      if (target.fake) expect(due).toEqual(expect.arrayContaining(['documents.proof_of_ultimate_beneficial_ownership.files', `${representative.id}.dob.day`]));
      const ownership = await target.stripe.files.create({ purpose: 'account_requirement', file: { data: TINY_PNG, name: 'owners.png', type: 'image/png' } });
      const documented = await target.stripe.accounts.update(company.id, { documents: { proof_of_ultimate_beneficial_ownership: { files: [ownership.id] } } });
      expect(documented.requirements?.currently_due).not.toContain('documents.proof_of_ultimate_beneficial_ownership.files');
      const persons = await target.stripe.accounts.listPersons(company.id);
      expect(persons.data.map((person) => person.id)).toContain(representative.id);
      if (target.fake) {
        const badDob = await stripeFailure(target.stripe.accounts.updatePerson(company.id, representative.id, { dob: { day: 40, month: 1, year: 1901 } }));
        expect(badDob.param).toBe('dob[day]');
      }
    });

    it('stores identity documents and refuses other kinds of file', async () => {
      const file = await target.stripe.files.create({ purpose: 'identity_document', file: { data: TINY_PNG, name: 'id.png', type: 'image/png' } });
      expect(file).toMatchObject({ object: 'file', purpose: 'identity_document', type: 'png', size: TINY_PNG.length });
      expect((await target.stripe.files.retrieve(file.id)).id).toBe(file.id);
      const text = await stripeFailure(target.stripe.files.create({ purpose: 'identity_document', file: { data: Buffer.from('not an image'), name: 'id.txt', type: 'text/plain' } }));
      expect(text.statusCode).toBe(400);
      expect(text.type).toBe('StripeInvalidRequestError');
      if (target.fake) {
        const large = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
        const tooLarge = await stripeFailure(target.stripe.files.create({ purpose: 'identity_document', file: { data: large, name: 'big.png', type: 'image/png' } }));
        expect(tooLarge.param).toBe('file');
      }
    });

    it('makes single-use tokens and checks the routing number', async () => {
      const pii = await target.stripe.tokens.create({ pii: { id_number: '000000000' } });
      expect(pii).toMatchObject({ object: 'token', type: 'pii', used: false, livemode: false });
      const bank = await bankToken(target.stripe);
      expect(bank.bank_account).toMatchObject({ object: 'bank_account', last4: '6789', routing_number: '110000000', bank_name: 'STRIPE TEST BANK', status: 'new' });
      const invalid = await stripeFailure(target.stripe.tokens.create({ bank_account: { country: 'US', currency: 'usd', routing_number: '123456789', account_number: '000123456789' } }));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.type).toBe('StripeInvalidRequestError');
      const account = await newIndividualAccount(target.stripe);
      await target.stripe.accounts.createExternalAccount(account.id, { external_account: bank.id });
      const reused = await stripeFailure(target.stripe.accounts.createExternalAccount(account.id, { external_account: bank.id }));
      expect(reused.statusCode).toBe(400);
    });

    it('attaches, lists and deletes external accounts', async () => {
      const account = await newIndividualAccount(target.stripe);
      const first = await target.stripe.accounts.createExternalAccount(account.id, { external_account: (await bankToken(target.stripe)).id });
      const second = await target.stripe.accounts.createExternalAccount(account.id, { external_account: (await bankToken(target.stripe)).id, default_for_currency: false });
      expect(first).toMatchObject({ object: 'bank_account', default_for_currency: true, account: account.id });
      const listed = await target.stripe.accounts.listExternalAccounts(account.id, { object: 'bank_account' });
      expect(listed.data.map((bank) => bank.id).sort()).toEqual([first.id, second.id].sort());
      const deleted = await target.stripe.accounts.deleteExternalAccount(account.id, second.id);
      expect(deleted.deleted).toBe(true);
      const retrieved = await target.stripe.accounts.retrieve(account.id);
      expect(retrieved.external_accounts?.data.map((bank) => bank.id)).toEqual([first.id]);
    });

    it('replays an idempotent request and refuses the key with other parameters', async () => {
      const key = `contract-${Date.now()}-${Math.random()}`;
      const first = await newIndividualAccount(target.stripe, { email: 'same@example.com' }, { idempotencyKey: key });
      const replay = await newIndividualAccount(target.stripe, { email: 'same@example.com' }, { idempotencyKey: key });
      expect(replay.id).toBe(first.id);
      expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
      const mismatch = await stripeFailure(newIndividualAccount(target.stripe, { email: 'other@example.com' }, { idempotencyKey: key }));
      expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(mismatch.statusCode).toBe(400);
    });

    it('answers unknown ids with resource_missing', async () => {
      const missing = await stripeFailure(target.stripe.files.retrieve('file_doesnotexist000000000'));
      expect(missing.statusCode).toBe(404);
      expect(missing.code).toBe('resource_missing');
      expect(missing.param).toBe('file');
    });

    it('pages lists with limit and starting_after', async () => {
      for (let index = 0; index < 3; index += 1) await newIndividualAccount(target.stripe);
      const page = await target.stripe.accounts.list({ limit: 2 });
      expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/accounts' });
      expect(page.data).toHaveLength(2);
      const next = await target.stripe.accounts.list({ limit: 2, starting_after: page.data[1]?.id });
      expect(next.data.map((account) => account.id)).not.toContain(page.data[0]?.id);
      expect(next.data[0]?.created ?? 0).toBeLessThanOrEqual(page.data[1]?.created ?? 0);
    });

    it('expands the identity document and carries external accounts', async () => {
      const account = await newIndividualAccount(target.stripe);
      await completeIndividual(target.stripe, account.id, '000000000');
      const expanded = await target.stripe.accounts.retrieve(account.id, { expand: ['individual.verification.document.front', 'external_accounts'] });
      const front = expanded.individual?.verification?.document?.front;
      expect(typeof front === 'object' && front !== null ? front.object : front).toBe('file');
      expect(expanded.external_accounts?.data).toHaveLength(1);
    });

    it("records account.updated on the connected account's event stream", async () => {
      const account = await newIndividualAccount(target.stripe);
      await target.stripe.accounts.update(account.id, { business_profile: { url: 'https://example.com' } });
      const events = await target.stripe.events.list({ type: 'account.updated', limit: 5 }, { stripeAccount: account.id });
      const event = events.data[0];
      expect(event?.account).toBe(account.id);
      if (event?.type !== 'account.updated') throw new Error('expected account.updated');
      expect(event.data.object.id).toBe(account.id);
      expect(event.data.previous_attributes?.business_profile).toBeDefined();
      expect((await target.stripe.events.retrieve(event.id, {}, { stripeAccount: account.id })).id).toBe(event.id);
    });
  });
}

contractSuite('the fake Stripe, through the official SDK', fakeTarget, true);
describe.skipIf(realSecretKey === undefined)('Stripe test mode (STRIPE_CONTRACT_SECRET_KEY)', () => {
  contractSuite('the same contract', async () => stripeTestModeTarget(realSecretKey ?? '', realPublishableKey), realPublishableKey !== undefined);
});

describe("the fake's own controls (Stripe test mode cannot reach a local receiver)", () => {
  let target: ContractTarget;
  let receiver: WebhookReceiver;
  let fake: FakeStripe;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    target = await fakeTarget(receiver.url);
    if (target.fake === null) throw new Error('expected the fake');
    fake = target.fake;
  });
  afterAll(async () => {
    await target.close();
    await receiver.close();
  });

  const receivedEvents = () => receiver.received.map((delivery) => ({ delivery, event: deliveredEvent(delivery.body) }));

  it('delivers signed events that stripe.webhooks.constructEvent accepts', async () => {
    const account = await newIndividualAccount(target.stripe);
    await target.stripe.accounts.update(account.id, { email: 'signed@example.com' });
    await fake.control.settleDeliveries();
    const delivery = receivedEvents().find(({ event }) => event.type === 'account.updated' && event.account === account.id)?.delivery;
    if (delivery === undefined) throw new Error('no account.updated delivered');
    const signature = delivery.headers['stripe-signature'];
    if (typeof signature !== 'string') throw new Error('no signature');
    const event = target.stripe.webhooks.constructEvent(delivery.body, signature, fake.webhookSecret);
    expect(event).toMatchObject({ type: 'account.updated', account: account.id, object: 'event' });
    expect(() => target.stripe.webhooks.constructEvent(delivery.body.replace('signed@', 'forged@'), signature, fake.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('retries a delivery the receiver refused', async () => {
    receiver.statuses.push(500);
    const account = await newIndividualAccount(target.stripe, { email: 'retry@example.com' });
    await target.stripe.accounts.update(account.id, { business_profile: { mcc: '5734' } });
    await fake.control.settleDeliveries();
    const attempts = fake.control.deliveries().filter((delivery) => delivery.eventType === 'account.updated' && receivedEvents().some(({ event }) => event.id === delivery.eventId && event.account === account.id));
    expect(attempts.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('delivers an event twice, and two events out of order, on request', async () => {
    const account = await newIndividualAccount(target.stripe);
    fake.control.holdDeliveries();
    await target.stripe.accounts.update(account.id, { email: 'first@example.com' });
    await target.stripe.accounts.update(account.id, { email: 'second@example.com' });
    const [second, first] = fake.control.events().filter((event) => event.account === account.id && event.type === 'account.updated');
    if (first === undefined || second === undefined) throw new Error('expected two events');
    fake.control.releaseDeliveries('reversed');
    await fake.control.settleDeliveries();
    fake.control.redeliverEvent(first.id);
    await fake.control.settleDeliveries();
    const order = receivedEvents().map(({ event }) => event.id).filter((id) => id === first.id || id === second.id);
    expect(order).toEqual([second.id, first.id, first.id]);
  });

  it('fails verification on request, before or after it succeeded', async () => {
    const pending = await newIndividualAccount(target.stripe);
    await completeIndividual(target.stripe, pending.id, '000000000');
    fake.control.failVerification(pending.id);
    const failed = await target.settleVerification(pending.id, () => true);
    expect(failed.requirements?.errors).toEqual([expect.objectContaining({ code: 'verification_failed_id_number_match', requirement: 'individual.id_number' })]);
    expect(failed.requirements?.currently_due).toContain('individual.id_number');

    const verified = await newIndividualAccount(target.stripe);
    await completeIndividual(target.stripe, verified.id, '000000000');
    expect((await target.settleVerification(verified.id, () => true)).charges_enabled).toBe(true);
    fake.control.failVerification(verified.id, { code: 'verification_failed_name_match', reason: 'The name did not match.' });
    const revoked = await target.stripe.accounts.retrieve(verified.id);
    expect(revoked.charges_enabled).toBe(false);
    expect(revoked.requirements?.errors).toEqual([{ code: 'verification_failed_name_match', reason: 'The name did not match.', requirement: 'individual.id_number' }]);
    const [event] = fake.control.events().filter((item) => item.account === verified.id && item.type === 'account.updated');
    if (event?.type !== 'account.updated') throw new Error('expected account.updated');
    expect(event.data.previous_attributes?.charges_enabled).toBe(true);
  });

  it("attaches the fake Plaid's bank tokens once", async () => {
    const account = await newIndividualAccount(target.stripe);
    const token = fake.registry.issue({ routingNumber: '110000000', accountNumberLast4: '6789', bankName: 'Plaid Test Bank', accountHolderName: 'Ada Lovelace', accountHolderType: 'individual', country: 'US', currency: 'usd' });
    const bank = await target.stripe.accounts.createExternalAccount(account.id, { external_account: token });
    expect(bank).toMatchObject({ object: 'bank_account', bank_name: 'Plaid Test Bank', last4: '6789', routing_number: '110000000' });
    const reused = await stripeFailure(target.stripe.accounts.createExternalAccount(account.id, { external_account: token }));
    expect(reused.code).toBe('resource_missing');
  });

  it('turns the failing test bank account errored once checks finish', async () => {
    const account = await newIndividualAccount(target.stripe);
    await completeIndividual(target.stripe, account.id, '000000000');
    const failing = await bankToken(target.stripe, '000111111116');
    await target.stripe.accounts.update(account.id, { external_account: failing.id });
    const settled = await target.settleVerification(account.id, () => true);
    expect(settled.external_accounts?.data[0]?.status).toBe('errored');
    expect(settled.requirements?.currently_due).toEqual(['external_account']);
    expect(settled.payouts_enabled).toBe(false);
    expect(fake.control.events().some((event) => event.type === 'account.external_account.updated' && event.account === account.id)).toBe(true);
  });

  it('answers 429 when told to, then serves again', async () => {
    fake.control.rateLimitNextRequests(1);
    const limited = await stripeFailure(target.stripe.accounts.retrieveCurrent());
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect((await target.stripe.accounts.retrieveCurrent()).object).toBe('account');
  });

  it('takes Basic auth, refuses unknown connected accounts, and guards the control routes', async () => {
    const basic = await fetch(`${fake.url}/v1/account`, { headers: { Authorization: `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}` } });
    expect(basic.status).toBe(200);
    const foreign = await fetch(`${fake.url}/v1/account`, { headers: { Authorization: `Bearer ${fake.secretKey}`, 'Stripe-Account': 'acct_unknown' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'account_invalid' } });
    expect((await fetch(`${fake.url}/_control/deliveries`)).status).toBe(401);
    const log = await fetch(`${fake.url}/_control/deliveries`, { headers: { Authorization: `Bearer ${fake.secretKey}` } });
    expect(await log.json()).toMatchObject({ deliveries: expect.arrayContaining([expect.objectContaining({ attempt: 1, status: 200 })]) });
    const account = await newIndividualAccount(target.stripe);
    await completeIndividual(target.stripe, account.id, '000000000');
    const completed = await fetch(`${fake.url}/_control/accounts/${account.id}/complete_verification`, { method: 'POST', headers: { Authorization: `Bearer ${fake.secretKey}` } });
    expect(completed.status).toBe(200);
    expect((await target.stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);
  });
});
