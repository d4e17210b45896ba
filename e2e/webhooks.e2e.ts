import http from 'node:http';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { api, screenshots } from './session';

const POSTAL_ADDRESS = { name: 'HQ', phone: '555 123 4567', address_street_1: '1 Main St', address_street_2: null, city: 'Zürich', state: 'ZH', country_id: 216, zip: '8001' };

const LANDLORD = `http://localhost:${E2E_PORT}`;
const screenshot = screenshots('webhooks');

/** A receiver on 127.0.0.1 (the suite's server allow-lists it for outbound HTTP): keeps the webhook-id of what it is sent and answers 204. */
async function startReceiver(): Promise<{ url: string; received: () => number; ids: () => string[]; close: () => Promise<void> }> {
  const ids: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id'] ?? ''));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The receiver is not listening on a TCP port.');
  return { url: `http://127.0.0.1:${address.port}/hooks`, received: () => ids.length, ids: () => [...ids], close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('webhooks journey: an admin adds an endpoint, copies its secret shown once, sees a delivery in the log and replays it, rotates the secret, disables and deletes the endpoint, and finds the sent events beside the received ones', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.goto(`${LANDLORD}/login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expectAccessible(page, 'webhook endpoints');

    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'New endpoint' });
    await form.getByLabel('Endpoint URL').fill('not a url');
    await form.getByLabel('Description').fill('E2E receiver');
    await form.getByRole('checkbox', { name: /^All events/ }).uncheck();
    await form.getByRole('group', { name: 'Customers' }).getByRole('checkbox', { name: /customer\.created/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'endpoint form with a refused URL');
    await screenshot(page, 'endpoint-form');

    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByText(/will not be shown again/)).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(secretDialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    await screenshot(page, 'secret-once');
    await expectAccessible(page, 'signing secret shown once');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row.getByText('1 event')).toBeVisible();
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    await row.getByRole('link', { name: receiver.url }).click();

    await expect(page.getByRole('heading', { name: 'Webhook endpoint' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All (0)' })).toBeVisible();
    await expect(page.getByText('Nothing was sent to this endpoint yet.')).toBeVisible();
    const endpointUrl = page.url();

    // A business of the admin adds a customer: customer.created reaches the receiver, signed, within moments.
    const business = await api<{ data: { id: string } }>(page.context(), 'POST', '/api/v1/businesses/create', null, { name: 'Webhook Journey Traders' });
    await api(page.context(), 'POST', '/api/v1/customers', business.data.id, { name: 'Hooked Customer', billing_address: POSTAL_ADDRESS });
    await expect.poll(() => receiver.received(), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Failed (0)' }).click();
    await expect(page).toHaveURL(/tab=failed/);
    await expect(page.getByText('No failed deliveries.')).toBeVisible();
    await page.getByRole('tab', { name: 'Succeeded (1)' }).click();
    await screenshot(page, 'endpoint');
    await expectAccessible(page, 'endpoint with its delivery log');

    await page.getByRole('link', { name: 'customer.created' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery attempt' })).toBeVisible();
    await expect(page.getByText('Hooked Customer').first()).toBeVisible();
    await expectAccessible(page, 'a delivery attempt');
    await screenshot(page, 'delivery-attempt');
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByText('The event will be sent again.')).toBeVisible();
    await expect.poll(() => receiver.received(), { timeout: 15_000 }).toBe(2);
    expect(receiver.ids()).toEqual([receiver.ids()[0], receiver.ids()[0]]);
    await page.goto(endpointUrl);
    await expect(page.getByRole('tab', { name: 'All (2)' })).toBeVisible();

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret' });
    await rotate.getByLabel(/^Overlap/).fill('2');
    await expectAccessible(page, 'rotate the signing secret');
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Signing secret' });
    const next = (await rotated.getByTestId('webhook-secret').textContent()) ?? '';
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Previous secret signs until')).toBeVisible();

    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Endpoint disabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();

    // Disabled: a new customer sends nothing.
    await api(page.context(), 'POST', '/api/v1/customers', business.data.id, { name: 'Unheard Customer', billing_address: POSTAL_ADDRESS });
    await page.waitForTimeout(3_000);
    expect(receiver.received()).toBe(2);

    await page.goto(`${LANDLORD}/admin/events`);
    // Mantine draws the switch's radios hidden under their labels: the label is what a person clicks.
    await page.getByText('Sent', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Sent' })).toBeChecked();
    await expect(page).toHaveURL(/direction=sent/);
    await expect(page.getByRole('link', { name: 'customer.created' }).first()).toBeVisible();
    await screenshot(page, 'sent-events');
    await expectAccessible(page, 'sent events');

    await page.goto(`${LANDLORD}/admin/webhooks`);
    await page.getByRole('button', { name: `Delete endpoint ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete endpoint' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
