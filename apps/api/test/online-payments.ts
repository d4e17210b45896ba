import { createServer } from 'node:net';
import { expect } from 'vitest';
import type { CardPayment } from '@app/contracts';
import { type FakeStripe, TEST_ROUTING_NUMBER } from '@app/fakes';
import { PDF, postForm } from '../src/modules/attachments/test-files';
import type { Harness, TestClient, TestResponse } from './harness';
import { bankToken, callFakeStripe, onboardingOf, piiToken, settleEvents, wizardStep } from './payouts';

/** A port free on 127.0.0.1 now, for a server whose address another must know before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/** Runs the payout wizard to the end for the client's business and has the fake verify it: the account can take charges. */
export async function chargeableBusiness(h: Harness, fake: FakeStripe, client: TestClient): Promise<string> {
  onboardingOf(await wizardStep(client, { step: 'account_details', business_type: 'individual', email: 'owner@online.example.com' }));
  onboardingOf(
    await wizardStep(client, {
      step: 'user_details',
      individual: {
        first_name: 'Jenny',
        last_name: 'Rosen',
        email: 'jenny@online.example.com',
        phone: '+14155550100',
        dob: '1990-01-15',
        address: { line1: '510 Townsend St', city: 'San Francisco', state: 'CA', postal_code: '94103' },
        ssn_last_4: '0000',
        id_number_token: await piiToken(fake, '876543219'),
      },
    }),
  );
  onboardingOf(await postForm(h, client, '/api/v1/business/onboarding/upload-documents', [{ field: 'identity_document', fileName: 'passport.pdf', content: PDF, type: 'application/pdf' }]));
  onboardingOf(await wizardStep(client, { step: 'verify_documents' }));
  onboardingOf(await wizardStep(client, { step: 'business_information', business_profile: { mcc: '5734', url: 'https://online.example.com' } }));
  onboardingOf(await wizardStep(client, { step: 'bank_account', bank_account_token: await bankToken(fake, TEST_ROUTING_NUMBER, '000123456789') }));
  const review = onboardingOf(await wizardStep(client, { step: 'review_details', tos_accepted: true }));
  const accountId = review.account?.provider_account_id ?? '';
  fake.control.completeVerification(accountId);
  await settleEvents(h, fake);
  expect(onboardingOf(await client.get('/api/v1/business/stripe-account')).account?.charges_enabled).toBe(true);
  return accountId;
}

export function cardPaymentOf(response: TestResponse): CardPayment {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: CardPayment }).data;
}

/** What Stripe.js `confirmCardPayment(clientSecret, { payment_method })` sends: the publishable key and the intent's client secret. */
export async function confirmCard(fake: FakeStripe, payment: CardPayment, paymentMethod: string): Promise<Record<string, unknown>> {
  const intentId = payment.client_secret.split('_secret_')[0] ?? '';
  return callFakeStripe(fake, `/v1/payment_intents/${intentId}/confirm`, payment.publishable_key, { client_secret: payment.client_secret, payment_method: paymentMethod });
}

export const intentIdOf = (payment: CardPayment): string => payment.client_secret.split('_secret_')[0] ?? '';
