import { type APIRequestContext, type BrowserContext, type Page, expect } from '@playwright/test';
import { STRIPE_JS_URL, TEST_ROUTING_NUMBER, fakeStripeJsSource } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FAKE_STRIPE_KEYS } from './constants';
import { expectAccessible } from './axe';
import { addBusiness, api, signIn } from './session';

/** What a card-payment journey needs: the fake Stripe.js, a tenant with the fake as its provider, a business whose payout account takes charges. */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function fakeStripeUrl(): string {
  const url = process.env.E2E_FAKE_STRIPE_URL;
  if (!url) throw new Error('E2E_FAKE_STRIPE_URL is not set: the browser suite’s global setup starts the fake Stripe');
  return url;
}

/** Stripe.js comes from its real URL, answered with the fake's script (no network). */
export async function serveStripeJs(page: Page): Promise<void> {
  const stripeJs = fakeStripeJsSource(fakeStripeUrl());
  await page.route(`${new URL(STRIPE_JS_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/javascript', body: stripeJs }));
}

/** A call to the fake Stripe as Stripe.js (publishable key) or its test controls (secret key) make it. */
async function callFake(request: APIRequestContext, path: string, key: string, form: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await request.post(`${fakeStripeUrl()}${path}`, { headers: { authorization: `Bearer ${key}` }, form });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The landlord tenant's payment provider: the fake's keys (and a platform fee when given), saved in the tenant form by the signed-in super admin. */
export async function connectPaymentProvider(page: Page, fee?: { percent: string; fixed: string }): Promise<void> {
  const listed = await page.request.get('/api/central/tenants?limit=100');
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  await page.goto(`/admin/tenants/${landlord?.id ?? ''}/edit`);
  const payment = page.getByRole('group', { name: 'Payment provider' });
  await payment.getByLabel('Key', { exact: true }).fill(FAKE_STRIPE_KEYS.publishableKey);
  await payment.getByLabel('Secret', { exact: true }).fill(FAKE_STRIPE_KEYS.secretKey);
  await payment.getByLabel('Webhook secret', { exact: true }).fill(FAKE_STRIPE_KEYS.webhookSecret);
  if (fee) {
    await payment.getByLabel('Platform fee (%)').fill(fee.percent);
    await payment.getByLabel('Platform fee, fixed (minor units)').fill(fee.fixed);
  }
  await expectAccessible(page, 'tenant form with the payment provider');
  await page.getByRole('button', { name: 'Save' }).click();
  // The save checks the key with the provider and reads the tenant again: slow on a loaded machine.
  await expect(page.getByText('Tenant updated').first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/tenants(\?.*)?$/);
}

/** The business's payout account through the wizard's API (the payouts journey drives its pages), verified by the fake. */
export async function chargeableBusiness(owner: BrowserContext, business: string, email: string): Promise<void> {
  const step = (body: Record<string, unknown>) => api(owner, 'POST', '/api/v1/business/onboarding/requirements', business, body);
  const token = async (form: Record<string, string>) => String((await callFake(owner.request, '/v1/tokens', FAKE_STRIPE_KEYS.publishableKey, form)).id);
  await step({ step: 'account_details', business_type: 'individual', email });
  await step({
    step: 'user_details',
    individual: {
      first_name: 'Sigrid',
      last_name: 'Holm',
      email,
      phone: '+14155550100',
      dob: '1988-04-02',
      address: { line1: '510 Townsend St', city: 'San Francisco', state: 'CA', postal_code: '94103' },
      ssn_last_4: '0000',
      id_number_token: await token({ 'pii[personal_id_number]': '000000000' }),
    },
  });
  const xsrf = (await owner.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const uploaded = await owner.request.post('/api/v1/business/onboarding/upload-documents', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', business },
    multipart: { identity_document: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  await step({ step: 'verify_documents' });
  await step({ step: 'business_information', business_profile: { mcc: '5734', url: 'https://payouts.example.com' } });
  const bankToken = await token({
    'bank_account[country]': 'US',
    'bank_account[currency]': 'usd',
    'bank_account[routing_number]': TEST_ROUTING_NUMBER,
    'bank_account[account_number]': '000123456789',
    'bank_account[account_holder_name]': 'Sigrid Holm',
    'bank_account[account_holder_type]': 'individual',
  });
  await step({ step: 'bank_account', bank_account_token: bankToken });
  type Onboarding = { data: { account: { provider_account_id: string; charges_enabled: boolean } | null } };
  const review = await api<Onboarding>(owner, 'POST', '/api/v1/business/onboarding/requirements', business, { step: 'review_details', tos_accepted: true });
  await callFake(owner.request, `/_control/accounts/${review.data.account?.provider_account_id ?? ''}/complete_verification`, FAKE_STRIPE_KEYS.secretKey);
  // The fake's account.updated reaches the app's webhook; the account can take charges once the inbox stored it.
  await expect.poll(async () => (await api<Onboarding>(owner, 'GET', '/api/v1/business/stripe-account', business)).data.account?.charges_enabled, { timeout: 30_000 }).toBe(true);
}

/** Types a card into the fake Stripe.js card Element and presses the pay form's button. */
export async function payWithCard(page: Page, card: string, button: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

/** The fake's bank, a few days early: every processing bank debit settles as its test account decides (the journeys' fake holds them until asked). */
export async function settleBankPayments(request: APIRequestContext): Promise<void> {
  await callFake(request, '/_control/bank_payments/settle', FAKE_STRIPE_KEYS.secretKey);
}

/**
 * The opening every online-payment journey shares: the super admin signs in, connects the fake as
 * the landlord's payment provider (with a platform fee when given), adds the journey's own business
 * (journeys share one server and may run in any order) and makes its payout account take charges.
 * Answers the business's id.
 */
export async function chargeableVendor(page: Page, business: { name: string; ownerEmail: string; fee?: { percent: string; fixed: string } }): Promise<string> {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await connectPaymentProvider(page, business.fee);
  await expectAccessible(page, 'tenants after saving the payment provider');
  const id = await addBusiness(page, business.name);
  await chargeableBusiness(page.context(), id, business.ownerEmail);
  return id;
}

/** An open invoice of one line dated today and its public link, as the vendor would send it. */
export async function openInvoiceLink(owner: BrowserContext, business: string, customerId: string, line: { name: string; price: number }): Promise<{ id: string; invoiceNumber: string; url: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const invoice = (
    await api<{ data: { id: string; invoice_number: string } }>(owner, 'POST', '/api/v1/invoices', business, { customer_id: customerId, invoice_date: today, items: [{ name: line.name, quantity: '1', price: line.price }] })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${invoice.id}/finalize`, business);
  const { url } = await api<{ url: string }>(owner, 'POST', `/api/v1/invoices/${invoice.id}/links`, business);
  return { id: invoice.id, invoiceNumber: invoice.invoice_number, url };
}

/** Stripe's test-mode code of the microdeposit that proves a bank account typed by hand (the fake takes it too). */
export const MICRODEPOSIT_CODE = 'SM11AA';
