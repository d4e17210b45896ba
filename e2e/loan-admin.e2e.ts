import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT, OUTPUT_DIR } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots', 'loan-admin');
const LANDLORD = `http://localhost:${E2E_PORT}`;

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  shot += 1;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

test("loan admin journey: the landlord sets a new tenant's risk policy in the tenant form (a bad rate refused on its field) and reads every loan and the exposure per business", async ({ page }) => {
  await page.goto(`${LANDLORD}/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // A tenant of its own: the landlord's policy is what the factoring journey, on this shared server, expects.
  await page.goto(`${LANDLORD}/admin/tenants/create`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Loan Policy Tenant');
  const domains = page.getByRole('combobox', { name: 'Domains' });
  await domains.fill('loan-policy.localhost');
  await domains.press('Enter');
  await page.getByLabel('Admin email').fill('admin@loan-policy.example.com');
  const policy = page.getByRole('group', { name: 'Risk policy (platform lender)' });
  await expect(policy.getByLabel('Advance rate (%)')).toHaveValue('80');
  await expect(policy.getByLabel('Fee per 30 days (%)')).toHaveValue('3');
  await policy.getByLabel('Advance rate (%)').fill('70.125');
  await policy.getByLabel('Maximum exposure per customer (minor units)').fill('-1');
  await page.getByRole('button', { name: 'Add tenant' }).click();
  await expect(policy.getByText('The advance rate must be a percent from 0 to 100 with at most 2 decimals.')).toBeVisible();
  await expect(policy.getByText('The maximum exposure must be a whole number of minor units (cents), 0 or more.')).toBeVisible();
  await screenshot(page, 'risk-policy-refused');
  await expectAccessible(page, 'tenant form with a refused risk policy');

  await policy.getByLabel('Advance rate (%)').fill('70.5');
  await policy.getByLabel('Maximum exposure per customer (minor units)').fill('2500000');
  await policy.getByLabel('Minimum paid invoices').fill('1');
  await page.getByRole('button', { name: 'Add tenant' }).click();
  await expect(page.getByText('Tenant created').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants(\?.*)?$/);
  await expectAccessible(page, 'tenants after adding one with its risk policy');
  await page.getByRole('link', { name: 'Edit Loan Policy Tenant' }).click();
  await expect(policy.getByLabel('Advance rate (%)')).toHaveValue('70.5');
  await expect(policy.getByLabel('Maximum exposure per customer (minor units)')).toHaveValue('2500000');
  await expect(policy.getByLabel('Minimum paid invoices')).toHaveValue('1');
  await expectAccessible(page, 'tenant form with the saved risk policy');

  await page.goto(`${LANDLORD}/admin`);
  await page.getByRole('navigation').getByRole('link', { name: 'Loans' }).click();
  await expect(page).toHaveURL(/\/admin\/loans/);
  await expect(page.getByRole('heading', { name: 'Exposure per business' })).toBeVisible();
  // Other journeys may share this server: either the exposure cards or the empty state, never an error.
  await expect(page.getByText('No business owes principal.').or(page.getByRole('region', { name: /Principal owed in/ }).first())).toBeVisible();
  await expect(page.getByText('No loans yet.').or(page.getByRole('button', { name: /Show the schedule of the loan on/ }).first())).toBeVisible();
  await screenshot(page, 'loans');
  await expectAccessible(page, 'admin loans');

  await page.getByLabel('Product').selectOption('factoring');
  await page.getByLabel('Status').selectOption('defaulted');
  await expect(page).toHaveURL(/product=factoring/);
  await expect(page).toHaveURL(/status=defaulted/);
  await expect(page.getByText('No loans yet.')).toBeVisible();
  await expectAccessible(page, 'admin loans filtered to none');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/status=/);
});
