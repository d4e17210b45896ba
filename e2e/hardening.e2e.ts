import { type Locator, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { addBusiness, api, screenshots, signIn } from './session';

const BUSINESS = 'Harbour Hardening Co';
/** A 1×1 PNG a browser can decode. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const screenshot = screenshots('hardening');

type Tenant = { id: string; is_landlord: boolean; login_logo: string | null } & Record<string, unknown>;

/** The image (the 1×1 PNG) has loaded and decoded: its request passed the policy and the server's access check. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty('complete', true);
  await expect(image).toHaveJSProperty('naturalWidth', 1);
}

test('hardening journey: avatars, logos, the PDF preview and the API docs work under the page policies; avatars and docs need a session', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const shell = await admin.request.get('/login');
  // Scripts: the app's own, and the payment and bank-link providers' (Stripe.js, Plaid Link) only.
  expect(shell.headers()['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/cdn\.plaid\.com; .*style-src-elem 'self' 'nonce-/);
  const business = await addBusiness(page, BUSINESS);

  // The avatar: an <img> that only a signed-in user of the tenant may load.
  await page.goto('/settings/account-settings');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile picture updated').first()).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your profile picture' });
  await expect(avatar).toHaveAttribute('src', /^\/files\/[\w-]+\/avatars\/[0-9a-f]{32}\.png$/);
  await expectLoaded(avatar);
  await screenshot(page, 'avatar');
  await expectAccessible(page, 'account settings with an avatar');
  const avatarUrl = String(await avatar.getAttribute('src'));
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(avatarUrl)).status()).toBe(401);
  expect((await anonymous.request.get('/api/docs/')).status()).toBe(401);

  // The business logo, public under an unguessable name.
  await page.goto('/settings/business-info');
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo updated').first()).toBeVisible();
  const logo = page.getByRole('img', { name: `Logo of ${BUSINESS}` });
  await expect(logo).toHaveAttribute('src', /^\/files\/[\w-]+\/logos\/[0-9a-f]{32}\.png$/);
  await expectLoaded(logo);
  await expectAccessible(page, 'business info with a logo');
  const logoUrl = String(await logo.getAttribute('src'));
  expect((await anonymous.request.get(logoUrl)).status()).toBe(200);
  await anonymous.close();

  // A tenant logo on another origin is allowed by the policy of the tenant's pages, and shown on the sign-in page.
  const tenants = await api<{ data: Tenant[] }>(admin, 'GET', '/api/central/tenants', null);
  const landlord = tenants.data.find((tenant) => tenant.is_landlord);
  if (!landlord) throw new Error('No landlord tenant listed');
  const stored = await api<{ data: Tenant }>(admin, 'GET', `/api/central/tenants/${landlord.id}`, null);
  const crossOriginLogo = `http://127.0.0.1:${E2E_PORT}${logoUrl}`;
  const branded = await admin.request.put(`/api/central/tenants/${landlord.id}`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent((await admin.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? ''), Accept: 'application/json' },
    data: { ...stored.data, login_logo: crossOriginLogo },
  });
  expect(branded.status()).toBe(200);
  try {
    const visitor = await browser.newContext();
    const signInPage = await visitor.newPage();
    // The tenant lookup is cached for a few seconds.
    await expect
      .poll(async () => (await signInPage.request.get('/login')).headers()['content-security-policy'], { timeout: 20_000 })
      .toContain(`img-src 'self' data: blob: http://127.0.0.1:${E2E_PORT}`);
    await signInPage.goto('/login');
    await expectLoaded(signInPage.getByRole('img', { name: String(stored.data.name) }));
    await screenshot(signInPage, 'tenant-logo');
    await expectAccessible(signInPage, 'login with a tenant logo');
    await visitor.close();
  } finally {
    const restored = await admin.request.put(`/api/central/tenants/${landlord.id}`, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent((await admin.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? ''), Accept: 'application/json' },
      data: { ...stored.data, login_logo: stored.data.login_logo },
    });
    expect(restored.status()).toBe(200);
  }

  // The PDF preview: a blob: frame inside the app.
  const customer = await api<{ data: { id: string } }>(admin, 'POST', '/api/v1/customers', business, { name: 'Policy Customer' });
  const invoice = await api<{ data: { id: string } }>(admin, 'POST', '/api/v1/invoices', business, {
    customer_id: customer.data.id,
    invoice_date: '2026-11-20',
    items: [{ name: 'Audit', quantity: '1', price: 10000 }],
  });
  await page.goto(`/invoices/${invoice.data.id}/view`);
  await expect(page.getByRole('button', { name: 'More' })).toBeVisible();
  await expectAccessible(page, 'draft invoice');
  await page.getByRole('button', { name: 'More' }).click();
  await expectAccessible(page, 'invoice actions menu');
  await page.getByRole('menuitem', { name: 'Preview PDF' }).click();
  await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', /^blob:/);
  await screenshot(page, 'pdf-preview');
  await expectAccessible(page, 'PDF preview');
  await page.keyboard.press('Escape');

  // The API documentation, for the signed-in user, under its own policy.
  await page.goto('/api/docs/');
  // The description of every route is generated on the first request: slow on a busy machine.
  await expect(page.getByRole('heading', { name: /Ledgerline API/ })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'api-docs');
});
