import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './server.js';
import { completeIndividual, deliveredEvent, newIndividualAccount, stripeFailure, WebhookReceiver } from './testing/contract-target.js';

describe("the fake's payment controls and platform deliveries (Stripe test mode cannot reach a local receiver)", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let connect: WebhookReceiver;
  let platform: WebhookReceiver;
  beforeAll(async () => {
    connect = await WebhookReceiver.start();
    platform = await WebhookReceiver.start();
    fake = await startFakeStripe({ webhookUrl: connect.url, platformWebhookUrl: platform.url, webhookRetryDelaysMs: [20], bankSettlementDelayMs: null });
    stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
    await connect.close();
    await platform.close();
  });

  const control = (path: string) => fetch(`${fake.url}/_control/${path}`, { method: 'POST', headers: { Authorization: `Bearer ${fake.secretKey}` } });

  it('delivers payment events signed to the platform endpoint only, which constructEvent accepts', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2_500, currency: 'usd', allowed_payment_method_types: ['card'], payment_method: 'pm_card_visa', confirm: true });
    await fake.control.settleDeliveries();
    const forIntent = platform.received.filter((delivery) => delivery.body.includes(intent.id));
    const types = forIntent.map((delivery) => deliveredEvent(delivery.body).type);
    expect(types).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
    for (const delivery of forIntent) {
      const signature = delivery.headers['stripe-signature'];
      const event = stripe.webhooks.constructEvent(delivery.body, typeof signature === 'string' ? signature : '', fake.platformWebhookSecret);
      expect(event.account).toBeUndefined();
    }
    expect(connect.received.some((delivery) => delivery.body.includes(intent.id))).toBe(false);
  });

  it('sends the failure events of a declined card, and declines any card on request', async () => {
    fake.control.declineNextConfirm();
    const intent = await stripe.paymentIntents.create({ amount: 2_500, currency: 'usd', allowed_payment_method_types: ['card'] });
    const declined = await stripeFailure(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
    const types = fake.control.events().filter((event) => JSON.stringify(event.data.object).includes(intent.id)).map((event) => event.type).reverse();
    expect(types).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed', 'charge.succeeded', 'payment_intent.succeeded']);
  });

  it('records a destination charge as platform events: transfer.created and application_fee.created', async () => {
    const account = await newIndividualAccount(stripe);
    await completeIndividual(stripe, account.id, '000000000');
    fake.control.completeVerification(account.id);
    const intent = await stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', allowed_payment_method_types: ['card'], application_fee_amount: 150, transfer_data: { destination: account.id }, payment_method: 'pm_card_visa', confirm: true });
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : '';
    const related = fake.control.events().filter((event) => JSON.stringify(event.data.object).includes(chargeId)).reverse();
    expect(related.map((event) => event.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'transfer.created', 'application_fee.created']);
    expect(related.every((event) => event.account === undefined)).toBe(true);
    const transfer = related.find((event) => event.type === 'transfer.created')?.data.object;
    expect(transfer).toMatchObject({ object: 'transfer', amount: 4_850, destination: account.id });
  });

  it("keeps a direct charge on the connected account: its events carry the account and reach the Connect endpoint", async () => {
    const account = await newIndividualAccount(stripe);
    await completeIndividual(stripe, account.id, '000000000');
    fake.control.completeVerification(account.id);
    const intent = await stripe.paymentIntents.create({ amount: 4_000, currency: 'usd', allowed_payment_method_types: ['card'], application_fee_amount: 200, payment_method: 'pm_card_visa', confirm: true }, { stripeAccount: account.id });
    expect(intent.status).toBe('succeeded');
    expect(await stripeFailure(stripe.paymentIntents.retrieve(intent.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const fees = await stripe.applicationFees.list({ charge: typeof intent.latest_charge === 'string' ? intent.latest_charge : '' });
    expect(fees.data[0]).toMatchObject({ amount: 200, account: account.id });
    await fake.control.settleDeliveries();
    const delivered = connect.received.map((delivery) => deliveredEvent(delivery.body)).filter((event) => event.type === 'payment_intent.succeeded');
    expect(delivered).toContainEqual(expect.objectContaining({ account: account.id }));
    expect(platform.received.some((delivery) => delivery.body.includes(intent.id))).toBe(false);
  });

  it('settles and fails bank debits through the control routes: R01 on the charge', async () => {
    const method = await stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'company' }, billing_details: { name: 'Payer Ltd' } });
    const confirmed = await stripe.paymentIntents.create({ amount: 9_900, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], payment_method: method.id, confirm: true });
    expect(confirmed.status).toBe('requires_action');
    const first = await stripe.paymentIntents.verifyMicrodeposits(confirmed.id, { descriptor_code: 'SM11AA' });
    expect(first.status).toBe('processing');
    expect((await control('bank_payments/fail')).status).toBe(200);
    const failed = await stripe.paymentIntents.retrieve(first.id, { expand: ['latest_charge'] });
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_payment_attempt_failed' } });
    expect(failed.latest_charge).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds', outcome: { network_decline_code: 'R01' } });
    const again = await stripe.paymentIntents.confirm(first.id, { payment_method: method.id });
    expect(again.status).toBe('processing');
    expect((await control('bank_payments/settle')).status).toBe(200);
    expect(await stripe.paymentIntents.retrieve(first.id)).toMatchObject({ status: 'succeeded', amount_received: 9_900 });
    const types = fake.control.events().filter((event) => JSON.stringify(event.data.object).includes(first.id)).map((event) => event.type).reverse();
    // The account proved once, the second confirmation debits it at once.
    expect(types).toEqual(['payment_intent.created', 'payment_intent.requires_action', 'charge.pending', 'payment_intent.processing', 'charge.failed', 'payment_intent.payment_failed', 'charge.pending', 'payment_intent.processing', 'charge.succeeded', 'payment_intent.succeeded']);
  });

  it('refuses microdeposit amounts that do not match, or are not two cents amounts, and asks for one kind of answer', async () => {
    const method = await stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000123456789' }, billing_details: { name: 'Payer Ltd' } });
    const intent = await stripe.paymentIntents.create({ amount: 2_000, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], payment_method: method.id, confirm: true });
    const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    expect(await failure(stripe.paymentIntents.verifyMicrodeposits(intent.id, { amounts: [10, 11] }))).toMatchObject({ statusCode: 400, code: 'payment_method_microdeposit_verification_amounts_mismatch', message: expect.stringContaining('2 verification attempts remaining') });
    expect(await failure(stripe.paymentIntents.verifyMicrodeposits(intent.id, { amounts: [32] }))).toMatchObject({ code: 'payment_method_microdeposit_verification_amounts_invalid' });
    expect(await failure(stripe.paymentIntents.verifyMicrodeposits(intent.id, {}))).toMatchObject({ code: 'parameter_missing' });
    expect(await failure(stripe.paymentIntents.verifyMicrodeposits(intent.id, { amounts: [32, 45], descriptor_code: 'SM11AA' }))).toMatchObject({ code: 'parameters_exclusive' });
    // Only the mismatch counted as a try: the right amounts still prove the account.
    expect(await stripe.paymentIntents.verifyMicrodeposits(intent.id, { amounts: [32, 45] })).toMatchObject({ status: 'processing' });
  });

  it("serves Stripe's hosted microdeposit page: a wrong code is refused there, the right one proves the account and saves it", async () => {
    const customer = await stripe.customers.create({ name: 'Hosted Saver' });
    const method = await stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000123456789' }, billing_details: { name: 'Hosted Saver' } });
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['us_bank_account'], payment_method: method.id, confirm: true });
    const url = setup.next_action?.verify_with_microdeposits?.hosted_verification_url ?? '';
    expect(url).toBe(`${fake.url}/microdeposit/${setup.id}`);
    const shown = await (await fetch(url)).text();
    expect(shown).toContain('<label for="descriptor_code">Verification code</label>');
    const post = (code: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `descriptor_code=${code}` });
    const wrong = await post('SM00ZZ');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/role="alert">The descriptor code provided does not match.*2 verification attempts remaining/);
    const right = await post('SM11AA');
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('your bank account is verified');
    expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({ status: 'succeeded', next_action: null });
    expect(fake.control.events().some((event) => event.type === 'setup_intent.succeeded' && 'id' in event.data.object && event.data.object.id === setup.id)).toBe(true);
    expect(await (await fetch(url)).text()).toContain('needs no verification now');
    expect((await fetch(`${fake.url}/microdeposit/seti_unknown`)).status).toBe(404);
  });

  it('settles bank debits on its own after the configured delay', async () => {
    const timed = await startFakeStripe({ bankSettlementDelayMs: 30 });
    try {
      const client = new Stripe(timed.secretKey, { host: '127.0.0.1', port: timed.port, protocol: 'http', maxNetworkRetries: 0 });
      const method = await client.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: '000111111116' }, billing_details: { name: 'Payer Ltd' } });
      const confirmed = await client.paymentIntents.create({ amount: 9_900, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], payment_method: method.id, confirm: true });
      const intent = await client.paymentIntents.verifyMicrodeposits(confirmed.id, { descriptor_code: 'SM11AA' });
      expect(intent.status).toBe('processing');
      await new Promise((resolve) => setTimeout(resolve, 80));
      const settled = await client.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
      expect(settled.status).toBe('requires_payment_method');
      expect(settled.latest_charge).toMatchObject({ failure_code: 'no_account', outcome: { network_decline_code: 'R03' } });
    } finally {
      await timed.close();
    }
  });

  it('authenticates a 3-D Secure card set up for later, which then pays off-session', async () => {
    const customer = await stripe.customers.create({ name: 'Card holder' });
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'], payment_method: 'pm_card_authenticationRequiredSetupForOffSession', confirm: true });
    expect(setup.status).toBe('requires_action');
    expect((await control(`intents/${setup.id}/complete_authentication`)).status).toBe(200);
    const done = await stripe.setupIntents.retrieve(setup.id);
    expect(done.status).toBe('succeeded');
    const methodId = typeof done.payment_method === 'string' ? done.payment_method : '';
    const auto = await stripe.paymentIntents.create({ amount: 3_000, currency: 'usd', allowed_payment_method_types: ['card'], customer: customer.id, payment_method: methodId, off_session: true, confirm: true });
    expect(auto.status).toBe('succeeded');
    const types = fake.control.events().filter((event) => JSON.stringify(event.data.object).includes(setup.id)).map((event) => event.type);
    expect(types).toContain('setup_intent.succeeded');
    expect(fake.control.events().some((event) => event.type === 'payment_method.attached' && 'id' in event.data.object && event.data.object.id === methodId)).toBe(true);
  });

  it("serves Stripe's test 3-D Secure page for redirects, which returns to the return_url", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3_000, currency: 'usd', allowed_payment_method_types: ['card'], payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://shop.example/return' });
    const url = intent.next_action?.redirect_to_url?.url ?? '';
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'outcome=complete', redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^https://shop\\.example/return\\?payment_intent=${intent.id}&.*redirect_status=succeeded$`));
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });
});
