import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OUTPUT_DIR } from './constants';
import { expectAccessible, expectRedirect } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { openAddBusiness, signIn } from './session';
import { test } from './csp';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots');
const BUSINESS = 'Acme Network Co';
const CUSTOMER = 'Umbrella Corp';
const CUSTOMER_EMAIL = 'owner@umbrella.example.com';
const CUSTOMER_PASSWORD = 'Umbrella!Passw0rd';

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  shot += 1;
  await page.screenshot({ path: path.join(SCREENSHOTS, `customers-${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

/** Selects the row of `name` in the list and runs a bulk action after confirming. */
async function bulk(page: Page, name: string, action: 'Archive' | 'Unarchive'): Promise<void> {
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: action }).click();
  const confirm = page.getByRole('dialog', { name: action });
  await expect(confirm.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expectAccessible(page, `${action.toLowerCase()} confirmation`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
}

test('customers journey: a customer with addresses is invited, onboards and sees the business among its vendors', async ({ page, browser }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await openAddBusiness(page);
  await expectAccessible(page, 'add business dialog');
  await page.getByLabel('Business name').fill(BUSINESS);
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText(BUSINESS).first()).toBeVisible();

  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/\/customers\?tab=active/);
  await expect(page.getByRole('link', { name: 'New customer' })).toBeVisible();
  await expectAccessible(page, 'customers, empty');
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByLabel(/^Name/)).toBeVisible();
  await expectAccessible(page, 'new customer form');
  await page.getByLabel(/^Name/).fill(CUSTOMER);
  await page.getByLabel('Contact first name').fill('Albert');
  await page.getByLabel('Email', { exact: true }).fill(CUSTOMER_EMAIL);
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Street address 1').fill('1 Umbrella Plaza');
  await billing.getByLabel('City').fill('Raccoon City');
  await billing.getByLabel('State').fill('MO');
  await billing.getByLabel('Country').fill('United States');
  await expect(page.getByRole('option', { name: 'United States', exact: true })).toBeVisible();
  await expectAccessible(page, 'country options');
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await billing.getByLabel('Zip code').fill('65801');
  await page.getByRole('button', { name: 'Copy from billing' }).click();
  await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('City')).toHaveValue('Raccoon City');
  await page.getByLabel('Send an invitation by email').check();
  await screenshot(page, 'create-customer');
  await expectAccessible(page, 'filled customer form');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page).toHaveURL(/\/customers\/[\w-]+\/view$/);
  await expect(page.getByText('Customer created').first()).toBeVisible();
  await expect(page.getByText('1 Umbrella Plaza').first()).toBeVisible();
  await screenshot(page, 'customer-view');
  await expectAccessible(page, 'customer view');

  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);
  const link = linkIn(invitation, /\/onboarding-business-invitation\/[\w-]+/);

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(link);
  await expect(customer.getByText(`${BUSINESS} added ${CUSTOMER}`)).toBeVisible();
  await customer.getByLabel('Name', { exact: true }).fill('Albert Wesker');
  await customer.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await customer.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
  await screenshot(customer, 'onboarding');
  await expectAccessible(customer, 'onboarding invitation');
  await customer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(customer).toHaveURL(/\/login/);

  await signIn(customer, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await expectAccessible(customer, 'customer dashboard');
  await customer.getByRole('link', { name: 'Vendors', exact: true }).click();
  const inviter = customer.getByRole('link', { name: BUSINESS });
  await expect(inviter).toBeVisible();
  await screenshot(customer, 'customer-vendors');
  await expectAccessible(customer, 'vendors');
  await inviter.click();
  await expect(customer).toHaveURL(/\/vendors\/[\w-]+\/view$/);
  await expect(customer.getByText(BUSINESS).first()).toBeVisible();
  await expectAccessible(customer, 'vendor view');
  const mirrorId = /\/vendors\/([\w-]+)\/view$/.exec(customer.url())?.[1] ?? '';
  await customer.goto(`/vendors/${mirrorId}/edit`);
  await expectRedirect(customer, `/vendors/${mirrorId}/edit`, /\/403$/);
  await expectAccessible(customer, 'forbidden');
  await customerContext.close();

  await page.goto('/customers');
  await expect(page.getByRole('link', { name: CUSTOMER })).toBeVisible();
  await expectAccessible(page, 'customers');
  await bulk(page, CUSTOMER, 'Archive');
  await expect(page.getByText('Customers archived').first()).toBeVisible();
  await expect(page.getByRole('link', { name: CUSTOMER })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/tab=archive/);
  await screenshot(page, 'archived-customers');
  await expectAccessible(page, 'archived customers');
  await bulk(page, CUSTOMER, 'Unarchive');
  await expect(page.getByText('Customers unarchived').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(page.getByRole('link', { name: CUSTOMER })).toBeVisible();
});
