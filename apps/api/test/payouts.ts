import { expect } from 'vitest';
import type { PayoutOnboarding } from '@app/contracts';
import type { FakeStripe } from '@app/fakes';
import type { Harness, TestClient, TestResponse } from './harness';
import { connectPaymentProvider } from './payment-provider';

/** The onboarding answer of a wizard call, checked to be a success. */
export function onboardingOf(response: TestResponse): PayoutOnboarding {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PayoutOnboarding;
}

/** A call to the fake Stripe as Stripe.js or the dashboard makes it: form-encoded, with a key. */
export async function callFakeStripe(fake: FakeStripe, path: string, key: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** What Stripe.js `createToken('pii', …)` does in the browser: the number goes to the provider only. */
export async function piiToken(fake: FakeStripe, idNumber: string): Promise<string> {
  const token = await callFakeStripe(fake, '/v1/tokens', fake.publishableKey, { 'pii[personal_id_number]': idNumber });
  return String(token.id);
}

/** What Stripe.js `createToken('bank_account', …)` does in the browser (US, usd). */
export async function bankToken(fake: FakeStripe, routing: string, account: string): Promise<string> {
  const token = await callFakeStripe(fake, '/v1/tokens', fake.publishableKey, {
    'bank_account[country]': 'US',
    'bank_account[currency]': 'usd',
    'bank_account[routing_number]': routing,
    'bank_account[account_number]': account,
    'bank_account[account_holder_name]': 'Jenny Rosen',
    'bank_account[account_holder_type]': 'individual',
  });
  return String(token.id);
}

/**
 * Connects the tenant to the fake Stripe and has the fake deliver its Connect events to the app's
 * webhook, listening on this machine (the fake posts over HTTP as Stripe does).
 */
export async function connectToFakeStripe(h: Harness, fake: FakeStripe, tenantId: string, host: string): Promise<void> {
  await h.server.listen({ host: 'localhost', port: 0 });
  const address = h.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('The app is not listening on a port');
  const endpoint = await callFakeStripe(fake, '/v1/webhook_endpoints', fake.secretKey, {
    url: `http://${host}:${address.port}/api/v1/webhooks/payment-provider`,
    'enabled_events[]': 'account.updated',
    connect: 'true',
  });
  await connectPaymentProvider(h, tenantId, { key: fake.publishableKey, secret: fake.secretKey, webhookSecret: String(endpoint.secret) });
}

/** Lets the fake's webhook deliveries land and the inbox job process them. */
export async function settleEvents(h: Harness, fake: FakeStripe): Promise<void> {
  await fake.control.settleDeliveries();
  await h.jobs.drain();
}

export async function wizardStep(client: TestClient, body: Record<string, unknown>, base = '/api/v1/business'): Promise<TestResponse> {
  return client.post(`${base}/onboarding/requirements`, body);
}
