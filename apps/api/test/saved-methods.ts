import { expect } from 'vitest';
import type { PaymentMethodSetupResource, SavedPaymentMethodResource } from '@app/contracts';
import type { FakeStripe } from '@app/fakes';
import type { TestClient, TestResponse } from './harness';
import { verifyMicrodeposits } from './online-payments';
import { callFakeStripe } from './payouts';

export function setupOf(response: TestResponse): PaymentMethodSetupResource {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: PaymentMethodSetupResource }).data;
}

export const setupIdOf = (setup: PaymentMethodSetupResource): string => setup.client_secret.split('_secret_')[0] ?? '';

/** What Stripe.js `confirmCardSetup(clientSecret, { payment_method })` sends: the publishable key and the setup's client secret. */
export async function confirmSetup(fake: FakeStripe, setup: PaymentMethodSetupResource, paymentMethod: string): Promise<Record<string, unknown>> {
  return callFakeStripe(fake, `/v1/setup_intents/${setupIdOf(setup)}/confirm`, setup.publishable_key, { client_secret: setup.client_secret, payment_method: paymentMethod });
}

export async function methodsOf(client: TestClient): Promise<SavedPaymentMethodResource[]> {
  const response = await client.get('/api/v1/business/payment-methods');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: SavedPaymentMethodResource[] }).data;
}

/** Saves a card for the client's business through a setup its browser confirms, then tells the server, which asks the provider. */
export async function saveCard(fake: FakeStripe, client: TestClient, paymentMethod = 'pm_card_visa'): Promise<SavedPaymentMethodResource> {
  const setup = setupOf(await client.post('/api/v1/business/payment-methods/setup', {}));
  expect((await confirmSetup(fake, setup, paymentMethod)).status).toBe('succeeded');
  const saved = await client.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(setup) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body as { data: SavedPaymentMethodResource }).data;
}

/**
 * Saves a US bank account for the client's business, as Stripe.js `confirmUsBankAccountSetup` and
 * `verifyMicrodepositsForSetup` do (the numbers to the provider only, the mandate accepted online,
 * the account proved with the microdeposit's code), then tells the server.
 */
export async function saveBank(fake: FakeStripe, client: TestClient, accountNumber = '000123456789'): Promise<SavedPaymentMethodResource> {
  const setup = setupOf(await client.post('/api/v1/business/payment-methods/setup', {}));
  const confirmed = await callFakeStripe(fake, `/v1/setup_intents/${setupIdOf(setup)}/confirm`, setup.publishable_key, {
    client_secret: setup.client_secret,
    'payment_method_data[type]': 'us_bank_account',
    'payment_method_data[us_bank_account][routing_number]': '110000000',
    'payment_method_data[us_bank_account][account_number]': accountNumber,
    'payment_method_data[us_bank_account][account_holder_type]': 'company',
    'payment_method_data[billing_details][name]': 'Bank Payer',
    'mandate_data[customer_acceptance][type]': 'online',
  });
  // Typed by hand: the provider saves it once the payer proves it with the microdeposit's code.
  expect(confirmed.status, JSON.stringify(confirmed)).toBe('requires_action');
  expect((await verifyMicrodeposits(fake, setup)).status).toBe('succeeded');
  const saved = await client.post('/api/v1/business/payment-methods/confirm', { setup_intent_id: setupIdOf(setup) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body as { data: SavedPaymentMethodResource }).data;
}
