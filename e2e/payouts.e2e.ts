import { type Page, expect } from '@playwright/test';
import { FAILING_ID_NUMBER, PLAID_LINK_SCRIPT_URL, STRIPE_JS_URL, fakePlaidLinkScript, fakeStripeJsSource } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FAKE_PLAID_CREDENTIALS, FAKE_STRIPE_KEYS } from './constants';
import { expectAccessible } from './axe';
import { addBusiness, screenshots, signIn } from './session';
import { test } from './csp';

const screenshot = screenshots('payouts');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function fakeUrl(name: 'E2E_FAKE_STRIPE_URL' | 'E2E_FAKE_PLAID_URL'): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: the browser suite's global setup starts the fakes`);
  return url;
}

/** Stripe.js and Plaid Link come from their real URLs, answered with the fakes' scripts (no network). */
async function serveProviderScripts(page: Page): Promise<void> {
  const stripeJs = fakeStripeJsSource(fakeUrl('E2E_FAKE_STRIPE_URL'));
  const plaidLink = fakePlaidLinkScript(fakeUrl('E2E_FAKE_PLAID_URL'));
  // @stripe/stripe-js 10 loads its release train's script (/endive/stripe.js), not /v3: every script of the origin is the fake.
  await page.route(`${new URL(STRIPE_JS_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/javascript', body: stripeJs }));
  await page.route(PLAID_LINK_SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: plaidLink }));
}

/** The landlord tenant's payment provider and bank-link provider: the fakes' keys, saved in the tenant form. */
async function connectProviders(page: Page): Promise<void> {
  const listed = await page.request.get('/api/central/tenants?limit=100');
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  await page.goto(`/admin/tenants/${landlord?.id ?? ''}/edit`);
  const payment = page.getByRole('group', { name: 'Payment provider' });
  await payment.getByLabel('Key', { exact: true }).fill(FAKE_STRIPE_KEYS.publishableKey);
  await payment.getByLabel('Secret', { exact: true }).fill(FAKE_STRIPE_KEYS.secretKey);
  await payment.getByLabel('Webhook secret', { exact: true }).fill(FAKE_STRIPE_KEYS.webhookSecret);
  const bankLink = page.getByRole('group', { name: 'Bank-link provider' });
  await bankLink.getByLabel('Client id', { exact: true }).fill(FAKE_PLAID_CREDENTIALS.clientId);
  await bankLink.getByLabel('Secret', { exact: true }).fill(FAKE_PLAID_CREDENTIALS.secret);
  await bankLink.getByLabel('Environment', { exact: true }).fill('sandbox');
  await expectAccessible(page, 'tenant form with the providers');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tenant updated').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants(\?.*)?$/);
  await expectAccessible(page, 'tenants after connecting the providers');
}

async function next(page: Page, stepTitle: string): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('region', { name: stepTitle })).toBeVisible();
}

async function accountDetails(page: Page, email: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Business type' }).click();
  await page.getByRole('option', { name: 'Individual' }).click();
  await page.getByLabel('Business email').fill(email);
  await next(page, 'User Details');
}

async function userDetails(page: Page, idNumber: string): Promise<void> {
  await page.getByLabel('First name').fill('Jenny');
  await page.getByLabel('Last name').fill('Rosen');
  await page.getByLabel('Email', { exact: true }).fill('jenny@payout-works.example.com');
  await page.getByLabel('Phone').fill('+14155550100');
  await page.getByLabel('Address line 1').fill('510 Townsend St');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP code').fill('94103');
  await page.getByLabel('Last 4 of the ID number').fill('0000');
  await page.getByLabel('ID number (SSN)').fill(idNumber);
  await page.getByLabel('Date of birth').fill('1990-01-15');
  await page.getByLabel('Date of birth').press('Tab');
}

/** Reloads until the account's state (read from what the webhooks stored) shows `text`. */
async function untilShown(page: Page, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.reload();
    // A reload and its requests take a few seconds when the whole suite runs on two cores.
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

test('payouts journey: the owner completes the payout wizard, uploads a document, links a bank through Plaid Link and accepts the terms; the webhook enables the account; a failed verification shows the provider’s message and the step to fix', async ({ page, browser }) => {
  await serveProviderScripts(page);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await connectProviders(page);

  await addBusiness(page, 'Payout Works');
  await page.goto('/settings/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account Details' })).toBeVisible();
  await expectAccessible(page, 'payouts, no account yet');
  await screenshot(page, 'start');

  await accountDetails(page, 'owner@payout-works.example.com');
  await expect(page.getByText(/Still due: .*First name/)).toBeVisible();
  // Only completed steps can be jumped to: the documents step is not done yet.
  await page.getByRole('button', { name: 'Verify Documents' }).click();
  await expect(page.getByRole('region', { name: 'User Details' })).toBeVisible();
  await userDetails(page, '123456789');
  await expectAccessible(page, 'payout wizard, user details');
  await next(page, 'Verify Documents');

  await page.locator('input[type="file"]').first().setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded' })).toBeVisible();
  await next(page, 'Business information');
  await page.getByLabel('Industry code (MCC)').fill('5734');
  await page.getByLabel('Website').fill('https://payout-works.example.com');
  await next(page, 'Bank Account');
  await expectAccessible(page, 'payout wizard, bank account');

  await page.getByRole('button', { name: 'Link your bank' }).click();
  const link = page.getByRole('dialog', { name: 'First Platypus Bank' });
  await expect(link).toBeVisible();
  await screenshot(page, 'plaid-link');
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: 'Review Details' })).toBeVisible();
  await expect(page.getByText(/Payouts go to .* ending in \d{4}/).first()).toBeVisible();

  await page.getByLabel("I accept the payment provider's terms of service").check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await untilShown(page, 'Nothing is due.');
  const status = page.getByRole('region', { name: 'Account status' });
  await expect(status.getByText('Enabled')).toHaveCount(2);
  await screenshot(page, 'enabled');
  await expectAccessible(page, 'payouts, account enabled');
  await expectAccessible(page, 'payouts on a phone', { phone: true });

  // "Continue on another device": the link opens this business's payout state without signing in.
  await page.getByRole('button', { name: 'Continue on another device' }).click();
  const shared = page.getByRole('dialog', { name: 'Continue on another device' });
  const onboardingLink = (await shared.getByTestId('onboarding-link').textContent()) ?? '';
  expect(onboardingLink).toMatch(/\/public\/onboarding\/[\w-]{40,}$/);
  await expectAccessible(page, 'onboarding link dialog');
  await shared.getByRole('button', { name: 'Close' }).click();
  const otherDevice = await browser.newContext();
  const phone = await otherDevice.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(onboardingLink);
  await expect(phone.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(phone.getByText('Nothing is due.')).toBeVisible();
  await expectAccessible(phone, 'public onboarding link on another device');
  await otherDevice.close();

  // A second business whose ID number the provider cannot verify (Stripe's failing test value).
  await addBusiness(page, 'Payout Failing Works');
  await page.goto('/settings/payouts');
  await accountDetails(page, 'owner@payout-failing.example.com');
  await userDetails(page, FAILING_ID_NUMBER);
  await next(page, 'Verify Documents');
  await untilShown(page, 'The ID number provided could not be verified.');
  await expect(page.getByText('Fix it on the step “User Details”.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'User Details' })).toBeVisible();
  await expect(page.getByLabel('ID number (SSN)')).toBeVisible();
  await screenshot(page, 'verification-failed');
  await expectAccessible(page, 'payouts, verification failed');
});
