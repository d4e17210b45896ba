import { type APIRequestContext, type BrowserContext, type Page, expect } from '@playwright/test';
import { STRIPE_JS_URL, TEST_ROUTING_NUMBER, fakeStripeJsSource } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FAKE_STRIPE_KEYS } from './constants';
import { PHONE_VIEWPORT, expectAccessible } from './axe';
import { addBusiness, api, screenshots, signIn } from './session';
import { test } from './csp';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Lofoten Card Works';
const CUSTOMER = 'Reine Harbour Café';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';

const screenshot = screenshots('online-payments');

function fakeStripeUrl(): string {
  const url = process.env.E2E_FAKE_STRIPE_URL;
  if (!url) throw new Error('E2E_FAKE_STRIPE_URL is not set: the browser suite’s global setup starts the fake Stripe');
  return url;
}

/** Stripe.js comes from its real URL, answered with the fake's script (no network). */
async function serveStripeJs(page: Page): Promise<void> {
  const stripeJs = fakeStripeJsSource(fakeStripeUrl());
  await page.route(`${new URL(STRIPE_JS_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/javascript', body: stripeJs }));
}

/** A call to the fake Stripe as Stripe.js (publishable key) or its test controls (secret key) make it. */
async function callFake(request: APIRequestContext, path: string, key: string, form: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await request.post(`${fakeStripeUrl()}${path}`, { headers: { authorization: `Bearer ${key}` }, form });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The landlord tenant's payment provider (the fake's keys) and platform fee, saved in the tenant form. */
async function connectProviderWithFee(page: Page): Promise<void> {
  const listed = await page.request.get('/api/central/tenants?limit=100');
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  await page.goto(`/admin/tenants/${landlord?.id ?? ''}/edit`);
  const payment = page.getByRole('group', { name: 'Payment provider' });
  await payment.getByLabel('Key', { exact: true }).fill(FAKE_STRIPE_KEYS.publishableKey);
  await payment.getByLabel('Secret', { exact: true }).fill(FAKE_STRIPE_KEYS.secretKey);
  await payment.getByLabel('Webhook secret', { exact: true }).fill(FAKE_STRIPE_KEYS.webhookSecret);
  await payment.getByLabel('Platform fee (%)').fill('2.9');
  await payment.getByLabel('Platform fee, fixed (minor units)').fill('30');
  await expectAccessible(page, 'tenant form with the payment provider and platform fee');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tenant updated').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants(\?.*)?$/);
  await expectAccessible(page, 'tenants after setting the platform fee');
}

/** The business's payout account through the wizard's API (the payouts journey drives its pages), verified by the fake. */
async function chargeableBusiness(owner: BrowserContext, business: string): Promise<void> {
  const step = (body: Record<string, unknown>) => api(owner, 'POST', '/api/v1/business/onboarding/requirements', business, body);
  const token = async (form: Record<string, string>) => String((await callFake(owner.request, '/v1/tokens', FAKE_STRIPE_KEYS.publishableKey, form)).id);
  await step({ step: 'account_details', business_type: 'individual', email: 'owner@lofoten-card.example.com' });
  await step({
    step: 'user_details',
    individual: {
      first_name: 'Sigrid',
      last_name: 'Lofoten',
      email: 'sigrid@lofoten-card.example.com',
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
  await step({ step: 'business_information', business_profile: { mcc: '5734', url: 'https://lofoten-card.example.com' } });
  const bankToken = await token({
    'bank_account[country]': 'US',
    'bank_account[currency]': 'usd',
    'bank_account[routing_number]': TEST_ROUTING_NUMBER,
    'bank_account[account_number]': '000123456789',
    'bank_account[account_holder_name]': 'Sigrid Lofoten',
    'bank_account[account_holder_type]': 'individual',
  });
  await step({ step: 'bank_account', bank_account_token: bankToken });
  type Onboarding = { data: { account: { provider_account_id: string; charges_enabled: boolean } | null } };
  const review = await api<Onboarding>(owner, 'POST', '/api/v1/business/onboarding/requirements', business, { step: 'review_details', tos_accepted: true });
  await callFake(owner.request, `/_control/accounts/${review.data.account?.provider_account_id ?? ''}/complete_verification`, FAKE_STRIPE_KEYS.secretKey);
  // The fake's account.updated reaches the app's webhook; the account can take charges once the inbox stored it.
  await expect.poll(async () => (await api<Onboarding>(owner, 'GET', '/api/v1/business/stripe-account', business)).data.account?.charges_enabled, { timeout: 30_000 }).toBe(true);
}

async function payWith(guest: Page, card: string): Promise<void> {
  await guest.getByLabel('Card number').fill(card);
  await guest.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await guest.getByLabel('CVC').fill('123');
  await guest.getByRole('button', { name: 'Pay $450.00 now' }).click();
}

test('online payments journey: a guest pays an invoice by card on its public page, a declined card shows the provider’s message and a second card goes through; the webhook marks it paid and the vendor sees it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await connectProviderWithFee(page);
  const business = await addBusiness(page, BUSINESS);
  await chargeableBusiness(owner, business);

  // An open invoice of $450.00 and its public link, as the vendor would send it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@reine-harbour.example.com' })).data;
  const today = new Date().toISOString().slice(0, 10);
  const invoice = (
    await api<{ data: { id: string; invoice_number: string } }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customer.id,
      invoice_date: today,
      items: [{ name: 'Espresso machine service', quantity: '1', price: 45000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${invoice.id}/finalize`, business);
  const { url } = await api<{ url: string }>(owner, 'POST', `/api/v1/invoices/${invoice.id}/links`, business);

  // The guest: no account, only the link.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Pay online' })).toBeVisible();
  await expectAccessible(guest, 'public invoice with the pay button', { phone: true });
  await guest.getByRole('button', { name: 'Pay $450.00' }).click();
  await expect(guest.getByLabel('Card number')).toBeVisible();
  await expectAccessible(guest, 'public invoice, card form', { phone: true });

  await payWith(guest, DECLINED_CARD);
  await expect(guest.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expectAccessible(guest, 'public invoice, card declined', { phone: true });
  await guest.setViewportSize(PHONE_VIEWPORT);
  await screenshot(guest, 'declined-on-phone');

  await payWith(guest, GOOD_CARD);
  await expect(guest.getByRole('status').filter({ hasText: 'your payment of $450.00 went through' })).toBeVisible();
  await screenshot(guest, 'paid-on-phone');
  await expectAccessible(guest, 'public invoice, payment sent', { phone: true });
  // The invoice is paid once the provider's payment_intent.succeeded reached the webhook.
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(guest.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await screenshot(guest, 'invoice-paid-on-phone');
  await expectAccessible(guest, 'public invoice, paid', { phone: true });
  await guestContext.close();

  // The vendor: the invoice is paid in the list and on its page, with the card payment booked.
  await page.goto('/invoices/outgoing');
  const row = page.getByRole('row').filter({ hasText: invoice.invoice_number });
  await expect(row).toContainText('Paid');
  await expectAccessible(page, 'invoices with the card-paid invoice');
  await screenshot(page, 'vendor-invoices');
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $0.00' })).toBeVisible();
  await expectAccessible(page, 'card-paid invoice');
  await page.goto('/payments');
  await expect(page.getByRole('row').filter({ hasText: CUSTOMER })).toContainText('$450.00');
  await expectAccessible(page, 'payments with the card payment');
  await screenshot(page, 'vendor-payments');
  // The payment's transfers and charges, as the provider's events told them: 2.9 % + 30 of $450.00 is the platform's $13.35, the rest goes to the business.
  await page.getByRole('row').filter({ hasText: CUSTOMER }).getByRole('link').first().click();
  await expect(async () => {
    await page.reload();
    const moved = page.getByRole('table', { name: 'Transfers and charges' });
    await expect(moved.getByRole('row').filter({ hasText: 'Charge to the payer' })).toContainText('$450.00', { timeout: 1_000 });
    await expect(moved.getByRole('row').filter({ hasText: 'Platform fee' })).toContainText('$13.35', { timeout: 1_000 });
    await expect(moved.getByRole('row').filter({ hasText: 'Transfer to your payout account' })).toContainText('$436.65', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page, 'card payment with its transfers and charges');
  await screenshot(page, 'vendor-payment-transfers');

  // The vendor refunds the payment in full: once the provider's refund event arrives, the invoice is due again.
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refund.getByLabel(/^Amount to refund/)).toHaveValue('450.00');
  await expectAccessible(page, 'refund dialog');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(/^Refund requested/).first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Transfers and charges' }).getByRole('row').filter({ hasText: 'Refund to the payer' })).toContainText('$450.00', { timeout: 1_000 });
    await expect(page.getByText('$450.00 taken back').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $450.00' })).toBeVisible();
  await screenshot(page, 'vendor-invoice-after-refund');
});
