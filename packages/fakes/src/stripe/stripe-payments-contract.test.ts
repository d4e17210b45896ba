import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeFailure, WebhookReceiver } from './testing/contract-target.js';
import { fakePaymentsTarget, stripePaymentsTarget, type PaymentsTarget } from './testing/payments-target.js';

const realSecretKey = process.env.STRIPE_CONTRACT_SECRET_KEY;
const CARD_ONLY = { allowed_payment_method_types: ['card'] };
const BANK_BILLING = { billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' } };

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function bankPaymentMethod(stripe: Stripe, accountNumber: string): Promise<Stripe.PaymentMethod> {
  return stripe.paymentMethods.create({ type: 'us_bank_account', us_bank_account: { routing_number: '110000000', account_number: accountNumber, account_holder_type: 'individual' }, ...BANK_BILLING });
}

/** A bank debit confirmed with an account typed by hand: it waits for microdeposits (the next action checked here). */
async function unverifiedBankPayment(stripe: Stripe, accountNumber: string): Promise<Stripe.PaymentIntent> {
  const method = await bankPaymentMethod(stripe, accountNumber);
  const intent = await stripe.paymentIntents.create({
    amount: 12_345,
    currency: 'usd',
    allowed_payment_method_types: ['us_bank_account'],
    payment_method: method.id,
    confirm: true,
    mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'contract-test' } } },
  });
  expect(intent).toMatchObject({ status: 'requires_action', latest_charge: null, next_action: { type: 'verify_with_microdeposits', verify_with_microdeposits: { microdeposit_type: 'descriptor_code' } } });
  expect(intent.next_action?.verify_with_microdeposits?.arrival_date).toBeGreaterThan(Math.floor(Date.now() / 1000));
  expect(intent.next_action?.verify_with_microdeposits?.hosted_verification_url).toMatch(/^https?:\/\//);
  return intent;
}

/** A hand-entered bank debit, proved with Stripe's test descriptor code: it is then processing. */
async function bankPayment(stripe: Stripe, accountNumber: string): Promise<Stripe.PaymentIntent> {
  const intent = await unverifiedBankPayment(stripe, accountNumber);
  return stripe.paymentIntents.verifyMicrodeposits(intent.id, { descriptor_code: 'SM11AA' });
}

function paymentsContract(label: string, makeTarget: (webhooks: { connect: string; platform: string }) => Promise<PaymentsTarget>, isFake: boolean): void {
  describe(label, () => {
    let target: PaymentsTarget;
    let connect: WebhookReceiver;
    let platform: WebhookReceiver;
    let destination: string;
    beforeAll(async () => {
      connect = await WebhookReceiver.start();
      platform = await WebhookReceiver.start();
      target = await makeTarget({ connect: connect.url, platform: platform.url });
      destination = await target.chargeableAccount();
    });
    afterAll(async () => {
      await target.close();
      await connect.close();
      await platform.close();
    });

    it('takes a card payment: succeeded, with its charge expandable and a client secret', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 2_000, currency: 'usd', ...CARD_ONLY, metadata: { invoice: 'inv_1' } });
      expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 2_000, amount_received: 0, latest_charge: null, metadata: { invoice: 'inv_1' }, payment_method_types: ['card'] });
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
      const confirmed = await target.stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa', expand: ['latest_charge'] });
      expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2_000, last_payment_error: null });
      const charge = confirmed.latest_charge;
      if (charge === null || typeof charge === 'string') throw new Error('latest_charge was not expanded');
      expect(charge).toMatchObject({ object: 'charge', status: 'succeeded', paid: true, amount: 2_000, payment_intent: intent.id, payment_method_details: { type: 'card', card: { last4: '4242', brand: 'visa' } } });
      const retrieved = await target.stripe.charges.retrieve(charge.id);
      expect(retrieved.balance_transaction).toMatch(/^txn_/);
    });

    it('declines pm_card_chargeDeclined with a 402 card_error, leaving the intent ready for another card', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 2_000, currency: 'usd', ...CARD_ONLY });
      const failure = await stripeFailure(target.stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }));
      expect(failure).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(failure).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
      expect(failure.payment_intent?.status).toBe('requires_payment_method');
      const after = await target.stripe.paymentIntents.retrieve(intent.id);
      expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
      const poor = await stripeFailure(target.stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds' }));
      expect(poor).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
      const paid = await target.stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      expect(paid.status).toBe('succeeded');
      const charges = await target.stripe.charges.list({ payment_intent: intent.id });
      expect(charges.data.map((charge) => charge.status)).toEqual(['succeeded', 'failed', 'failed']);
    });

    it('asks for 3-D Secure with pm_card_authenticationRequired', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', ...CARD_ONLY, payment_method: 'pm_card_authenticationRequired', confirm: true });
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action?.type).toBe('use_stripe_sdk');
      const redirected = await target.stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', ...CARD_ONLY, payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'https://example.com/paid' });
      expect(redirected.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { return_url: 'https://example.com/paid', url: expect.any(String) } });
      if (target.fake === null) return;
      target.fake.control.completeAuthentication(intent.id);
      expect(await target.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 5_000, next_action: null });
      target.fake.control.failAuthentication(redirected.id);
      const failed = await target.stripe.paymentIntents.retrieve(redirected.id);
      expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    });

    it('refuses less than 50 cents with amount_too_small', async () => {
      const failure = await stripeFailure(target.stripe.paymentIntents.create({ amount: 49, currency: 'usd', ...CARD_ONLY }));
      expect(failure).toMatchObject({ statusCode: 400, code: 'amount_too_small', param: 'amount' });
      expect(failure.message).toContain('$0.50');
    });

    it('updates the amount only before the payment is attempted', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', ...CARD_ONLY });
      expect((await target.stripe.paymentIntents.update(intent.id, { amount: 1_500 })).amount).toBe(1_500);
      const withCard = await target.stripe.paymentIntents.update(intent.id, { payment_method: 'pm_card_visa' });
      expect(withCard.status).toBe('requires_confirmation');
      expect((await target.stripe.paymentIntents.update(intent.id, { amount: 1_200 })).amount).toBe(1_200);
      await target.stripe.paymentIntents.confirm(intent.id);
      const refused = await stripeFailure(target.stripe.paymentIntents.update(intent.id, { amount: 900 }));
      expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      const tooSmall = await target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', ...CARD_ONLY });
      expect(await stripeFailure(target.stripe.paymentIntents.update(tooSmall.id, { amount: 10 }))).toMatchObject({ code: 'amount_too_small' });
    });

    it('replays an idempotent create and refuses the key with another amount', async () => {
      const key = `payments-contract-${Date.now()}-${Math.random()}`;
      const first = await target.stripe.paymentIntents.create({ amount: 3_000, currency: 'usd', ...CARD_ONLY }, { idempotencyKey: key });
      const replay = await target.stripe.paymentIntents.create({ amount: 3_000, currency: 'usd', ...CARD_ONLY }, { idempotencyKey: key });
      expect(replay.id).toBe(first.id);
      expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
      const mismatch = await stripeFailure(target.stripe.paymentIntents.create({ amount: 3_001, currency: 'usd', ...CARD_ONLY }, { idempotencyKey: key }));
      expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      const declineKey = `${key}-confirm`;
      const declined = await stripeFailure(target.stripe.paymentIntents.confirm(first.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: declineKey }));
      const replayed = await stripeFailure(target.stripe.paymentIntents.confirm(first.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: declineKey }));
      expect(replayed).toMatchObject({ statusCode: 402, code: 'card_declined', requestId: expect.any(String) });
      expect(replayed.headers?.['idempotent-replayed']).toBe('true');
      expect(replayed.payment_intent?.latest_charge).toBe(declined.payment_intent?.latest_charge);
    });

    it('cancels an open intent and refuses to cancel a paid one', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', ...CARD_ONLY });
      expect(await target.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      const paid = await target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', ...CARD_ONLY, payment_method: 'pm_card_visa', confirm: true });
      expect(await stripeFailure(target.stripe.paymentIntents.cancel(paid.id))).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    });

    it('moves a destination charge: transfer of amount − fee to the account, and the application fee', async () => {
      const intent = await target.stripe.paymentIntents.create({
        amount: 10_000,
        currency: 'usd',
        ...CARD_ONLY,
        application_fee_amount: 325,
        transfer_data: { destination },
        on_behalf_of: destination,
        payment_method: 'pm_card_visa',
        confirm: true,
        expand: ['latest_charge'],
      });
      expect(intent).toMatchObject({ status: 'succeeded', application_fee_amount: 325, transfer_data: { destination }, on_behalf_of: destination });
      const charge = intent.latest_charge;
      if (charge === null || typeof charge === 'string') throw new Error('latest_charge was not expanded');
      const transfers = await target.stripe.transfers.list({ destination });
      const transfer = transfers.data.find((item) => idOf(item.source_transaction) === charge.id);
      expect(transfer).toMatchObject({ object: 'transfer', amount: 9_675, currency: 'usd', destination });
      const fees = await target.stripe.applicationFees.list({ charge: charge.id });
      expect(fees.data).toHaveLength(1);
      expect(fees.data[0]).toMatchObject({ object: 'application_fee', amount: 325, account: destination });
      expect(idOf(charge.application_fee)).toBe(fees.data[0]?.id);
      expect(await target.stripe.transfers.retrieve(transfer?.id ?? '')).toMatchObject({ amount: 9_675 });
    });

    it('refuses a destination that cannot take charges', async () => {
      const account = await target.stripe.accounts.create({ country: 'US', type: 'custom', capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
      const failure = await stripeFailure(target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', ...CARD_ONLY, transfer_data: { destination: account.id } }));
      expect(failure).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer', param: 'transfer_data[destination]' });
    });

    it('sends a separate transfer to a connected account once per idempotency key, and refuses one that cannot take transfers', async () => {
      const key = `advance-${Date.now()}`;
      const made = await target.stripe.transfers.create({ destination, amount: 1_500, currency: 'usd', description: 'Advance', metadata: { loan_id: 'loan_1' } }, { idempotencyKey: key });
      expect(made).toMatchObject({ object: 'transfer', amount: 1_500, currency: 'usd', destination, amount_reversed: 0, reversed: false, metadata: { loan_id: 'loan_1' } });
      expect(made.balance_transaction).toMatch(/^txn_/);
      const again = await target.stripe.transfers.create({ destination, amount: 1_500, currency: 'usd', description: 'Advance', metadata: { loan_id: 'loan_1' } }, { idempotencyKey: key });
      expect(again.id).toBe(made.id);
      expect(await target.stripe.transfers.retrieve(made.id)).toMatchObject({ id: made.id, amount: 1_500, destination });
      const listed = await target.stripe.transfers.list({ destination, limit: 100 });
      expect(listed.data.filter((transfer) => transfer.id === made.id)).toHaveLength(1);
      const account = await target.stripe.accounts.create({ country: 'US', type: 'custom', capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
      const refused = await stripeFailure(target.stripe.transfers.create({ destination: account.id, amount: 1_000, currency: 'usd' }));
      expect(refused).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer', param: 'destination' });
    });

    it('refunds part and then the rest, reversing the transfer and the fee in proportion', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 10_000, currency: 'usd', ...CARD_ONLY, application_fee_amount: 1_000, transfer_data: { destination }, payment_method: 'pm_card_visa', confirm: true });
      const chargeId = idOf(intent.latest_charge) ?? '';
      const partial = await target.stripe.refunds.create({ payment_intent: intent.id, amount: 2_500, reverse_transfer: true, refund_application_fee: true });
      expect(partial).toMatchObject({ object: 'refund', amount: 2_500, status: 'succeeded', charge: chargeId });
      let charge = await target.stripe.charges.retrieve(chargeId);
      expect(charge).toMatchObject({ amount_refunded: 2_500, refunded: false });
      const transferId = idOf(charge.transfer) ?? '';
      expect(await target.stripe.transfers.retrieve(transferId)).toMatchObject({ amount: 9_000, amount_reversed: 2_250, reversed: false });
      const feeId = idOf(charge.application_fee) ?? '';
      expect(await target.stripe.applicationFees.retrieve(feeId)).toMatchObject({ amount: 1_000, amount_refunded: 250, refunded: false });
      const tooMuch = await stripeFailure(target.stripe.refunds.create({ charge: chargeId, amount: 7_501 }));
      expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
      await target.stripe.refunds.create({ charge: chargeId, reverse_transfer: true, refund_application_fee: true });
      charge = await target.stripe.charges.retrieve(chargeId);
      expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
      expect(await target.stripe.transfers.retrieve(transferId)).toMatchObject({ amount_reversed: 9_000, reversed: true });
      expect(await target.stripe.applicationFees.retrieve(feeId)).toMatchObject({ amount_refunded: 1_000, refunded: true });
      expect(await stripeFailure(target.stripe.refunds.create({ charge: chargeId }))).toMatchObject({ code: 'charge_already_refunded' });
    });

    it('debits a US bank account: processing, then succeeded, with a mandate', async () => {
      const intent = await bankPayment(target.stripe, '000123456789');
      expect(intent).toMatchObject({ status: 'processing', allowed_payment_method_types: ['us_bank_account'], payment_method_types: ['us_bank_account'] });
      const refused = await stripeFailure(target.stripe.paymentIntents.create({ amount: 1_000, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], payment_method: 'pm_card_visa' }));
      expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_incompatible_payment_method' });
      const charge = await target.stripe.charges.retrieve(idOf(intent.latest_charge) ?? '');
      expect(charge.status).toBe('pending');
      const mandate = charge.payment_method_details?.us_bank_account?.mandate;
      expect(await target.stripe.mandates.retrieve(typeof mandate === 'string' ? mandate : '')).toMatchObject({ object: 'mandate', status: 'active', type: 'multi_use' });
      const settled = await target.settleBankPayment(intent.id);
      expect(settled).toMatchObject({ status: 'succeeded', amount_received: 12_345 });
    });

    it('returns the failing test bank account after processing, back to requires_payment_method', async () => {
      const intent = await bankPayment(target.stripe, '000111111116');
      expect(intent.status).toBe('processing');
      const failed = await target.settleBankPayment(intent.id);
      expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_payment_attempt_failed' } });
      const charge = await target.stripe.charges.retrieve(idOf(failed.latest_charge) ?? '');
      expect(charge).toMatchObject({ status: 'failed', failure_code: 'no_account' });
    });

    it('refuses a wrong microdeposit code with the tries left, then fails the debit after the third', async () => {
      const intent = await unverifiedBankPayment(target.stripe, '000123456789');
      const wrong = await stripeFailure(target.stripe.paymentIntents.verifyMicrodeposits(intent.id, { descriptor_code: 'SM22BB' }));
      expect(wrong).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' });
      const again = await stripeFailure(target.stripe.paymentIntents.verifyMicrodeposits(intent.id, { descriptor_code: 'SM22CC' }));
      expect(again).toMatchObject({ statusCode: 400, code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' });
      expect((await target.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');
      const last = await stripeFailure(target.stripe.paymentIntents.verifyMicrodeposits(intent.id, { descriptor_code: 'SM33CC' }));
      expect(last).toMatchObject({ statusCode: 400, code: 'payment_method_microdeposit_verification_attempts_exceeded' });
      const failed = await target.stripe.paymentIntents.retrieve(intent.id);
      expect(failed).toMatchObject({ status: 'requires_payment_method', payment_method: null, next_action: null, last_payment_error: { code: 'payment_method_microdeposit_verification_attempts_exceeded' } });
      const after = await stripeFailure(target.stripe.paymentIntents.verifyMicrodeposits(intent.id, { descriptor_code: 'SM11AA' }));
      expect(after).toMatchObject({ statusCode: 400 });
    });

    it('proves a hand-entered account with the test amounts too', async () => {
      const intent = await unverifiedBankPayment(target.stripe, '000123456789');
      expect(await target.stripe.paymentIntents.verifyMicrodeposits(intent.id, { amounts: [32, 45] })).toMatchObject({ status: 'processing', next_action: null });
    });

    it('saves a hand-entered bank account once proved; the saved account is then debited without microdeposits', async () => {
      const customer = await target.stripe.customers.create({ email: 'bank-saver@example.com', name: 'Bank Saver' });
      const method = await bankPaymentMethod(target.stripe, '000123456789');
      const setup = await target.stripe.setupIntents.create({
        customer: customer.id,
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: method.id,
        confirm: true,
        mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'contract-test' } } },
      });
      expect(setup).toMatchObject({ status: 'requires_action', next_action: { type: 'verify_with_microdeposits' } });
      const wrong = await stripeFailure(target.stripe.setupIntents.verifyMicrodeposits(setup.id, { descriptor_code: 'SM22BB' }));
      expect(wrong).toMatchObject({ statusCode: 400, code: 'payment_method_microdeposit_verification_descriptor_code_mismatch' });
      const saved = await target.stripe.setupIntents.verifyMicrodeposits(setup.id, { descriptor_code: 'SM11AA' });
      expect(saved).toMatchObject({ status: 'succeeded', next_action: null });
      expect((await target.stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);
      const debit = await target.stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', allowed_payment_method_types: ['us_bank_account'], customer: customer.id, payment_method: method.id, off_session: true, confirm: true });
      expect(debit.status).toBe('processing');
    });

    it('saves a card with a SetupIntent, then charges the default off-session', async () => {
      const customer = await target.stripe.customers.create({ email: 'payer@example.com', name: 'Payer Ltd' });
      const setup = await target.stripe.setupIntents.create({ customer: customer.id, ...CARD_ONLY, payment_method: 'pm_card_visa', confirm: true, usage: 'off_session' });
      expect(setup).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
      const methodId = idOf(setup.payment_method) ?? '';
      expect(await target.stripe.paymentMethods.retrieve(methodId)).toMatchObject({ type: 'card', customer: customer.id });
      const updated = await target.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: methodId } });
      expect(updated.invoice_settings.default_payment_method).toBe(methodId);
      const listed = await target.stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(listed.data.map((method) => method.id)).toEqual([methodId]);
      const auto = await target.stripe.paymentIntents.create({ amount: 4_200, currency: 'usd', ...CARD_ONLY, customer: customer.id, payment_method: methodId, off_session: true, confirm: true });
      expect(auto).toMatchObject({ status: 'succeeded', customer: customer.id });
      expect((await target.stripe.paymentIntents.list({ customer: customer.id })).data.map((intent) => intent.id)).toEqual([auto.id]);
      const detached = await target.stripe.paymentMethods.detach(methodId);
      expect(detached.customer).toBeNull();
      expect((await target.stripe.customers.del(customer.id)).deleted).toBe(true);
    });

    it('saves the card a payment used when setup_future_usage asks, and takes tok_visa as card details', async () => {
      const customer = await target.stripe.customers.create({ email: 'keeper@example.com' });
      const method = await target.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
      expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
      const intent = await target.stripe.paymentIntents.create({ amount: 1_800, currency: 'usd', ...CARD_ONLY, customer: customer.id, payment_method: method.id, setup_future_usage: 'off_session', confirm: true });
      expect(intent).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session' });
      expect(await target.stripe.paymentMethods.retrieve(method.id)).toMatchObject({ customer: customer.id });
    });

    it('fails an off-session payment that needs authentication with authentication_required', async () => {
      const customer = await target.stripe.customers.create({ email: 'strict@example.com' });
      const method = await target.stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
      const failure = await stripeFailure(target.stripe.paymentIntents.create({ amount: 4_200, currency: 'usd', ...CARD_ONLY, customer: customer.id, payment_method: method.id, off_session: true, confirm: true }));
      expect(failure).toMatchObject({ statusCode: 402, code: 'authentication_required', decline_code: 'authentication_required' });
      expect(failure.payment_intent?.status).toBe('requires_payment_method');
    });

    it('lists the payment events on the platform stream, without an account', async () => {
      const intent = await target.stripe.paymentIntents.create({ amount: 2_200, currency: 'usd', ...CARD_ONLY, payment_method: 'pm_card_visa', confirm: true });
      const events = await target.stripe.events.list({ type: 'payment_intent.succeeded', limit: 20 });
      const event = events.data.find((item) => 'id' in item.data.object && item.data.object.id === intent.id);
      expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { status: 'succeeded', amount_received: 2_200 } } });
      expect(event?.account).toBeUndefined();
    });

    it.skipIf(!isFake)('refuses a publishable key without the client secret', async () => {
      const fake = target.fake;
      if (fake === null) throw new Error('fake only');
      const intent = await target.stripe.paymentIntents.create({ amount: 2_000, currency: 'usd', ...CARD_ONLY });
      const publishable = new Stripe(fake.publishableKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
      expect(await stripeFailure(publishable.paymentIntents.retrieve(intent.id))).toMatchObject({ statusCode: 400, param: 'client_secret' });
      const seen = await publishable.paymentIntents.retrieve(intent.id, { client_secret: intent.client_secret ?? '' });
      expect(seen.id).toBe(intent.id);
      expect(await stripeFailure(publishable.paymentIntents.create({ amount: 2_000, currency: 'usd' }))).toMatchObject({ statusCode: 401 });
    });
  });
}

paymentsContract('payments on the fake Stripe, through the official SDK', fakePaymentsTarget, true);
describe.skipIf(realSecretKey === undefined)('payments on Stripe test mode (STRIPE_CONTRACT_SECRET_KEY)', () => {
  paymentsContract('the same payments contract', async () => stripePaymentsTarget(realSecretKey ?? ''), false);
});
