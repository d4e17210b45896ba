import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { screenshots } from './session';

const LANDLORD = `http://localhost:${E2E_PORT}`;
const screenshot = screenshots('api-clients');

/** What another system does with the credentials: the client-credentials grant, then bearer calls. */
async function tokenFor(clientId: string, secret: string): Promise<Response> {
  return fetch(`${LANDLORD}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
}
const callAs = (token: string, path: string) => fetch(`${LANDLORD}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });

test('API clients journey: an admin registers a client with one ability, sees its secret once, the client calls what it may and nothing else, and revoking it stops its token at once', async ({ page }) => {
  await page.goto(`${LANDLORD}/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('navigation').getByRole('link', { name: 'API clients' }).click();
  await expect(page).toHaveURL(/\/admin\/api-clients/);
  await expect(page.getByRole('heading', { name: 'API clients', level: 1 })).toBeVisible();
  await expectAccessible(page, 'API clients');

  await page.getByRole('button', { name: 'Register client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register client' });
  await dialog.getByLabel('Name').fill('Reporting sync');
  await dialog.getByRole('checkbox', { name: 'view-business', exact: true }).check();
  await expectAccessible(page, 'register an API client');
  await dialog.getByRole('button', { name: 'Register client' }).click();

  await expect(dialog.getByText('will not be shown again')).toBeVisible();
  const clientId = (await dialog.getByTestId('api-client-id').textContent()) ?? '';
  const secret = (await dialog.getByTestId('api-client-secret').textContent()) ?? '';
  expect(clientId).not.toBe('');
  expect(secret.length).toBeGreaterThan(20);
  await screenshot(page, 'credentials-once');
  await expectAccessible(page, 'client credentials shown once');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Reporting sync' });
  await expect(row.getByText('Active')).toBeVisible();
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  const granted = await tokenFor(clientId, secret);
  expect(granted.status).toBe(200);
  expect(granted.headers.get('cache-control')).toBe('no-store');
  const { access_token: token } = (await granted.json()) as { access_token: string };
  expect((await callAs(token, '/api/v1/platform/businesses')).status).toBe(200);
  expect((await callAs(token, '/api/v1/platform/users')).status).toBe(403);
  expect((await tokenFor(clientId, `${secret}x`)).status).toBe(401);

  await row.getByRole('button', { name: 'Revoke Reporting sync' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API client revoked')).toBeVisible();
  await expect(row.getByText('Revoked')).toBeVisible();
  await screenshot(page, 'revoked');
  await expectAccessible(page, 'a revoked API client');
  expect((await callAs(token, '/api/v1/platform/businesses')).status).toBe(401);
  expect((await tokenFor(clientId, secret)).status).toBe(401);
});
