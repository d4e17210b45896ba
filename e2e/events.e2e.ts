import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT, FAKE_STRIPE_KEYS, OUTPUT_DIR } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots', 'events');
const LANDLORD = `http://localhost:${E2E_PORT}`;

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  shot += 1;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

/** An `account.updated` event signed as Stripe signs it, with the secret the tenant saved. */
function signedAccountUpdated(): { id: string; body: string; signature: string } {
  const id = `evt_e2e_${Date.now().toString(36)}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: 'account.updated',
    account: 'acct_1E2eJourney',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: 'acct_1E2eJourney', object: 'account', charges_enabled: true, payouts_enabled: true } },
  });
  const at = Math.floor(Date.now() / 1000);
  return { id, body, signature: `t=${at},v1=${createHmac('sha256', FAKE_STRIPE_KEYS.webhookSecret).update(`${at}.${body}`).digest('hex')}` };
}

test("events journey: the landlord connects the payment provider (a bad key refused on its field), and the provider's signed event shows in the events screens", async ({ page, request }) => {
  await page.goto(`${LANDLORD}/login`);
  await expectAccessible(page, 'sign in');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Events' })).toBeVisible();
  await expectAccessible(page, 'admin home with the events area');

  const listed = await page.request.get(`${LANDLORD}/api/central/tenants?limit=100`);
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  expect(landlord).toBeDefined();
  await page.goto(`${LANDLORD}/admin/tenants/${landlord?.id}/edit`);
  const payment = page.getByRole('group', { name: 'Payment provider' });
  await payment.getByLabel('Key', { exact: true }).fill(FAKE_STRIPE_KEYS.publishableKey);
  await payment.getByLabel('Secret', { exact: true }).fill('sk_test_not_a_key_the_provider_knows');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(payment.getByText('Please Enter Valid Provider API Key.')).toBeVisible();
  await screenshot(page, 'refused-provider-key');
  await expectAccessible(page, 'tenant form with a refused provider key');

  await payment.getByLabel('Secret', { exact: true }).fill(FAKE_STRIPE_KEYS.secretKey);
  await payment.getByLabel('Webhook secret', { exact: true }).fill(FAKE_STRIPE_KEYS.webhookSecret);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tenant updated').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants(\?.*)?$/);
  await expectAccessible(page, 'tenants after connecting the provider');

  // Other journeys' payments bring their own events to this shared server: the empty state is shown for a type none of them has.
  await page.goto(`${LANDLORD}/admin/events?type=account.application.deauthorized`);
  await expect(page.getByText('No events match.')).toBeVisible();
  await expectAccessible(page, 'events, none of a type');

  const event = signedAccountUpdated();
  const unsigned = await request.post(`${LANDLORD}/api/v1/webhooks/payment-provider`, { data: event.body, headers: { 'content-type': 'application/json' } });
  expect(unsigned.status()).toBe(400);
  const delivered = await request.post(`${LANDLORD}/api/v1/webhooks/payment-provider`, { data: event.body, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
  expect(delivered.status()).toBe(200);

  await page.getByRole('navigation').getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/admin\/events/);
  // Processed by the job queue within its polling interval.
  const ours = page.getByRole('row').filter({ hasText: event.id });
  await expect(async () => {
    await page.reload();
    await expect(ours.getByRole('cell', { name: 'Processed' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await screenshot(page, 'events');
  await expectAccessible(page, 'events');

  await ours.getByRole('link', { name: 'account.updated' }).click();
  await expect(page.getByRole('heading', { name: 'Event' })).toBeVisible();
  await expect(page.getByTestId('event-payload-body')).toContainText('"type": "account.updated"');
  await expect(page.getByText('acct_1E2eJourney').first()).toBeVisible();
  await screenshot(page, 'event');
  await expectAccessible(page, 'event');

  await page.goto(`${LANDLORD}/admin/events?status=failed&type=account.updated`);
  await expect(page.getByText('No events match.')).toBeVisible();
});
