import { Configuration, PlaidApi, Products, ProcessorTokenCreateRequestProcessorEnum, type ProcessorTokenCreateRequest, type ProcessorTokenCreateResponse } from 'plaid';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankTokenRegistry } from '../bank-token-registry.js';
import { startFakeStripe, type FakeStripe } from '../stripe/server.js';
import { stripeFailure } from '../stripe/testing/contract-target.js';
import { startFakePlaid, type FakePlaid } from './fake-plaid.js';

/**
 * A payer's bank linked through Plaid and debited through a PaymentIntent: Plaid's `/processor/token/create` with
 * processor `stripe` hands the account to Stripe's preview `us_bank_account[external_token]`, the two fakes sharing
 * one registry. SDK 47 does not name `stripe` among the processors, so that one call is made as the SDK would make
 * it; every other call goes through the SDKs.
 */

/** The request of `/processor/token/create` with the processor the SDK does not name yet. */
type StripeProcessorTokenRequest = Omit<ProcessorTokenCreateRequest, 'processor'> & { processor: 'stripe' };
/** Stripe's preview field, beside the SDK's typed ones. */
type ExternalTokenBankAccount = Stripe.PaymentIntentCreateParams.PaymentMethodData.UsBankAccount & { external_token: { type: 'plaid_processor_token'; token: string } };

let plaid: FakePlaid;
let stripe: FakeStripe;
let client: PlaidApi;
let sdk: Stripe;

beforeAll(async () => {
  const registry = new BankTokenRegistry();
  plaid = await startFakePlaid({ registry });
  stripe = await startFakeStripe({ registry, verificationDelayMs: null, bankSettlementDelayMs: null });
  client = new PlaidApi(new Configuration({ basePath: plaid.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': plaid.credentials.clientId, 'PLAID-SECRET': plaid.credentials.secret } } }));
  sdk = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await stripe.close();
  await plaid.close();
});

async function linkedAccounts(): Promise<{ accessToken: string; checkingId: string; savingsId: string }> {
  const created = await client.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Auth] });
  const exchanged = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
  const accounts = (await client.accountsGet({ access_token: exchanged.data.access_token })).data.accounts;
  const idOf = (subtype: string) => accounts.find((account) => account.subtype === subtype)?.account_id ?? '';
  return { accessToken: exchanged.data.access_token, checkingId: idOf('checking'), savingsId: idOf('savings') };
}

async function processorToken(body: StripeProcessorTokenRequest): Promise<{ status: number; body: Partial<ProcessorTokenCreateResponse> & { error_code?: string } }> {
  const response = await fetch(`${plaid.url}/processor/token/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'PLAID-CLIENT-ID': plaid.credentials.clientId, 'PLAID-SECRET': plaid.credentials.secret },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Partial<ProcessorTokenCreateResponse> & { error_code?: string } };
}

function bankDebit(token: string): Promise<Stripe.PaymentIntent> {
  const usBankAccount: ExternalTokenBankAccount = { external_token: { type: 'plaid_processor_token', token } };
  return sdk.paymentIntents.create({
    amount: 4_200,
    currency: 'usd',
    allowed_payment_method_types: ['us_bank_account'],
    payment_method_data: { type: 'us_bank_account', us_bank_account: usBankAccount, billing_details: { name: 'Ada Lovelace' } },
    mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.7', user_agent: 'processor-token-test' } } },
    confirm: true,
  });
}

describe('/processor/token/create', () => {
  it('answers a processor token for a processor the SDK names, and refuses an unknown account', async () => {
    const { accessToken, checkingId } = await linkedAccounts();
    const created = await client.processorTokenCreate({ access_token: accessToken, account_id: checkingId, processor: ProcessorTokenCreateRequestProcessorEnum.Dwolla });
    expect(created.data).toEqual({ processor_token: expect.stringMatching(/^processor-sandbox-[0-9a-f-]{36}$/), request_id: expect.any(String) });
    const unknown = await processorToken({ access_token: accessToken, account_id: 'nope', processor: 'stripe' });
    expect(unknown).toMatchObject({ status: 400, body: { error_code: 'INVALID_ACCOUNT_ID' } });
    const missing = await fetch(`${plaid.url}/processor/token/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: plaid.credentials.clientId, secret: plaid.credentials.secret, access_token: accessToken, account_id: checkingId }) });
    expect(await missing.json()).toMatchObject({ error_code: 'MISSING_FIELDS' });
  });

  it("makes Stripe's token a verified bank PaymentMethod: processing at once, then settled", async () => {
    const { accessToken, checkingId } = await linkedAccounts();
    const token = await processorToken({ access_token: accessToken, account_id: checkingId, processor: 'stripe' });
    expect(token.status).toBe(200);
    const intent = await bankDebit(token.body.processor_token ?? '');
    expect(intent).toMatchObject({ status: 'processing', next_action: null });
    const method = await sdk.paymentMethods.retrieve(typeof intent.payment_method === 'string' ? intent.payment_method : '');
    expect(method.us_bank_account).toMatchObject({ bank_name: 'First Platypus Bank', last4: '6789', routing_number: '110000000', status_details: null });
    const charge = await sdk.charges.retrieve(typeof intent.latest_charge === 'string' ? intent.latest_charge : '');
    const mandate = charge.payment_method_details?.us_bank_account?.mandate;
    expect(await sdk.mandates.retrieve(typeof mandate === 'string' ? mandate : '')).toMatchObject({ customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.7', user_agent: 'processor-token-test' } } });
    stripe.control.settleBankPayments();
    expect(await sdk.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 4_200 });
  });

  it("returns the debit of Stripe's failing test account (the sandbox savings account, R03)", async () => {
    const { accessToken, savingsId } = await linkedAccounts();
    const token = await processorToken({ access_token: accessToken, account_id: savingsId, processor: 'stripe' });
    const intent = await bankDebit(token.body.processor_token ?? '');
    stripe.control.settleBankPayments();
    expect(await sdk.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_payment_attempt_failed' } });
  });

  it('refuses a forged token, and a token made for another processor', async () => {
    const forged = await stripeFailure(bankDebit('processor-sandbox-00000000-0000-0000-0000-000000000000'));
    expect(forged).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const { accessToken, checkingId } = await linkedAccounts();
    const dwolla = await client.processorTokenCreate({ access_token: accessToken, account_id: checkingId, processor: ProcessorTokenCreateRequestProcessorEnum.Dwolla });
    expect(await stripeFailure(bankDebit(dwolla.data.processor_token))).toMatchObject({ statusCode: 400, code: 'resource_missing' });
  });
});
