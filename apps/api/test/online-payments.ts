import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CardPayment, CounterpartyResource } from '@app/contracts';
import { type FakeStripe, type FakeStripeOptions, TEST_ROUTING_NUMBER, startFakeStripe } from '@app/fakes';
import { tenants } from '../src/db/schema';
import type { Clock } from '../src/platform/clock';
import { PDF, postForm } from '../src/modules/attachments/test-files';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, type TestResponse, createHarness } from './harness';
import { onboardedCustomer } from './documents';
import { connectPaymentProvider } from './payment-provider';
import { bankToken, callFakeStripe, onboardingOf, piiToken, settleEvents, wizardStep } from './payouts';
import { ownerWithBusiness } from './team';

/** The port the harness's app listens on (the OS picked it as the app bound). */
export function listeningPort(h: Harness): number {
  const address = h.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('The app is not listening on a port');
  return address.port;
}

/** An app listening on 127.0.0.1 with the landlord tenant connected to a fake Stripe that delivers its signed events to it. */
export type PaymentHarness = { h: Harness; fake: FakeStripe; webhookSecret: string; close(): Promise<void> };

/**
 * The start every online-payment test file shares: the fake listens first (its address is the
 * app's API base), then the app, whose webhook URL the fake is then given. One endpoint
 * secret for the Connect and the platform endpoint, as the tenant keeps one. `platformFee` sets
 * the tenant's fee (none by default); `fakeOptions` adds to the fake's options; `bankLinkApiBase` points the
 * bank-link provider at a fake Plaid.
 */
export async function startPaymentHarness(options: { clock: Clock; platformFee?: { percent: string; fixed: number }; fakeOptions?: FakeStripeOptions; bankLinkApiBase?: string; env?: Record<string, string> }): Promise<PaymentHarness> {
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  // Both listen on a port the OS picks as they bind: the fake first, its events pointed at the app once that listens.
  const fake = await startFakeStripe({ verificationDelayMs: null, webhookSecret, platformWebhookSecret: webhookSecret, webhookRetryDelaysMs: [], ...options.fakeOptions });
  const h = await createHarness({ clock: options.clock, env: { PAYMENT_PROVIDER_API_BASE: fake.url, ...(options.bankLinkApiBase ? { BANK_LINK_API_BASE: options.bankLinkApiBase } : {}), ...options.env } });
  await h.server.listen({ host: '127.0.0.1', port: 0 });
  const webhookUrl = `http://127.0.0.1:${listeningPort(h)}/api/v1/webhooks/payment-provider`;
  fake.deliverWebhooksTo({ webhookUrl, platformWebhookUrl: webhookUrl });
  await connectPaymentProvider(h, h.landlordId, { key: fake.publishableKey, secret: fake.secretKey, webhookSecret });
  if (options.platformFee) {
    await h.app.db.update(tenants).set({ platformFeePercent: options.platformFee.percent, platformFeeFixed: options.platformFee.fixed }).where(eq(tenants.id, h.landlordId));
  }
  return {
    h,
    fake,
    webhookSecret,
    async close() {
      // Deliveries still on their way land first: a request cut off by the closing app would hold its connection.
      await settleEvents(h, fake);
      await h.close();
      await fake.close();
    },
  };
}

/** The harness with a vendor (the landlord's admin) whose payout account takes charges, and its customer onboarded as a business of its own. */
export type PaymentScene = PaymentHarness & { vendor: TestClient; accountId: string; customer: CounterpartyResource; buyer: TestClient };

export async function startPaymentScene(options: Parameters<typeof startPaymentHarness>[0] & { vendor: string; buyer: { name: string; email: string } }): Promise<PaymentScene> {
  const online = await startPaymentHarness(options);
  const vendor = await ownerWithBusiness(online.h, ADMIN_EMAIL, ADMIN_PASSWORD, options.vendor);
  const accountId = await chargeableBusiness(online.h, online.fake, vendor);
  const { customer, client: buyer } = await onboardedCustomer(online.h, vendor, options.buyer.name, options.buyer.email);
  return { ...online, vendor, accountId, customer, buyer };
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

/**
 * What Stripe.js `confirmUsBankAccountPayment` sends for an account typed by hand: the account as
 * payment_method_data and the payer's online mandate acceptance. The provider answers
 * `requires_action` (microdeposits) until `verifyMicrodeposits` proves the account.
 */
export async function confirmBankByHand(fake: FakeStripe, payment: CardPayment, accountNumber = '000123456789', holder = 'Bank Buyer Inc.'): Promise<Record<string, unknown>> {
  return callFakeStripe(fake, `/v1/payment_intents/${intentIdOf(payment)}/confirm`, payment.publishable_key, {
    client_secret: payment.client_secret,
    'payment_method_data[type]': 'us_bank_account',
    'payment_method_data[us_bank_account][routing_number]': TEST_ROUTING_NUMBER,
    'payment_method_data[us_bank_account][account_number]': accountNumber,
    'payment_method_data[us_bank_account][account_holder_type]': 'company',
    'payment_method_data[billing_details][name]': holder,
    'mandate_data[customer_acceptance][type]': 'online',
    'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
  });
}

/**
 * What Stripe.js `verifyMicrodepositsForPayment` / `ForSetup` sends: the code of the provider's
 * microdeposit for a bank account typed by hand (SM11AA proves any account in test mode).
 */
export async function verifyMicrodeposits(fake: FakeStripe, intent: { client_secret: string; publishable_key: string }, descriptorCode = 'SM11AA'): Promise<Record<string, unknown>> {
  const id = intent.client_secret.split('_secret_')[0] ?? '';
  const path = id.startsWith('seti_') ? `/v1/setup_intents/${id}/verify_microdeposits` : `/v1/payment_intents/${id}/verify_microdeposits`;
  return callFakeStripe(fake, path, intent.publishable_key, { client_secret: intent.client_secret, descriptor_code: descriptorCode });
}
