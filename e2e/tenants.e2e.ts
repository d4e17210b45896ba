import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT, OUTPUT_DIR } from './constants';
import { expectAccessible } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { test } from './csp';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots', 'tenants');
/** Chromium resolves every *.localhost name to loopback; the app ignores the port when it resolves the tenant. */
const T2 = `http://t2.localhost:${E2E_PORT}`;
const LANDLORD = `http://localhost:${E2E_PORT}`;
const T2_ADMIN_EMAIL = 'admin@t2.example.com';
const T2_ADMIN_PASSWORD = 'T2-Admin!Passw0rd';
const CLERK_EMAIL = 'clerk@t2.example.com';
const CLERK_PASSWORD = 'Clerk!Passw0rd';

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  shot += 1;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function acceptInvitation(page: Page, link: string, name: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
}

test('tenants journey: the landlord creates a tenant whose admin builds a team there, isolated from the landlord', async ({ browser }) => {
  const landlordContext = await browser.newContext();
  const landlord = await landlordContext.newPage();
  await signIn(landlord, LANDLORD, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(landlord).toHaveURL(/\/admin$/);

  await landlord.getByRole('navigation').getByRole('link', { name: 'Tenants' }).click();
  await expect(landlord).toHaveURL(/\/admin\/tenants/);
  await screenshot(landlord, 'tenants-list');
  await expectAccessible(landlord, 'tenants');
  await landlord.getByRole('link', { name: 'Add tenant' }).click();
  await expect(landlord.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
  await expectAccessible(landlord, 'new tenant form');
  await landlord.getByRole('textbox', { name: 'Name', exact: true }).fill('Tenant Two');
  const domains = landlord.getByRole('combobox', { name: 'Domains' });
  await domains.fill('t2.localhost');
  await domains.press('Enter');
  await landlord.getByLabel('Admin email').fill(T2_ADMIN_EMAIL);
  await landlord.getByLabel('Page title').fill('Tenant Two Billing');
  await landlord.getByLabel('Heading').fill('Welcome to Tenant Two');
  await screenshot(landlord, 'tenant-form');
  await expectAccessible(landlord, 'filled tenant form');
  await landlord.getByRole('button', { name: 'Add tenant' }).click();
  await expect(landlord.getByText('Tenant created').first()).toBeVisible();
  await expect(landlord).toHaveURL(/\/admin\/tenants(\?.*)?$/);
  await expect(landlord.getByRole('cell', { name: 't2.localhost' })).toBeVisible();
  await screenshot(landlord, 'tenant-created');
  await expectAccessible(landlord, 'tenants with the new tenant');

  const adminInvitation = await waitForMail(T2_ADMIN_EMAIL, 'invited');
  const adminLink = linkIn(adminInvitation, /http:\/\/\S+\/accept-user-invitation\/[\w-]+/);
  expect(adminLink.startsWith(`${T2}/accept-user-invitation/`)).toBe(true);

  const t2Context = await browser.newContext();
  const t2Admin = await t2Context.newPage();
  await acceptInvitation(t2Admin, adminLink, 'Tara Two', T2_ADMIN_PASSWORD);
  await expect(t2Admin.getByText('Welcome to Tenant Two')).toBeVisible();
  await expect(t2Admin).toHaveTitle('Tenant Two Billing');
  await screenshot(t2Admin, 't2-accept-invitation');
  await expectAccessible(t2Admin, 'tenant accept invitation');
  await t2Admin.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(t2Admin).toHaveURL(/\/login/);
  await expect(t2Admin.getByText('Welcome to Tenant Two')).toBeVisible();
  await screenshot(t2Admin, 't2-login');
  await expectAccessible(t2Admin, 'tenant login');

  await signIn(t2Admin, T2, T2_ADMIN_EMAIL, T2_ADMIN_PASSWORD);
  await expect(t2Admin).toHaveURL(/\/admin$/);
  // Tenant management belongs to the landlord only.
  await expect(t2Admin.getByRole('link', { name: /Tenants/ })).toHaveCount(0);
  await screenshot(t2Admin, 't2-admin-home');
  await expectAccessible(t2Admin, 'tenant admin home');

  await t2Admin.goto(`${T2}/dashboard`);
  await t2Admin.getByRole('button', { name: 'Add business' }).first().click();
  await expectAccessible(t2Admin, 'tenant add business dialog');
  await t2Admin.getByLabel('Business name').fill('Two Trading');
  await t2Admin.getByRole('button', { name: 'Create business' }).click();
  await expect(t2Admin).toHaveURL(/\/dashboard$/);
  await expect(t2Admin.getByText('Two Trading').first()).toBeVisible();
  await screenshot(t2Admin, 't2-dashboard');
  await expectAccessible(t2Admin, 'tenant dashboard');

  await t2Admin.goto(`${T2}/settings/roles`);
  await expect(t2Admin.getByRole('button', { name: 'New role' })).toBeVisible();
  await expectAccessible(t2Admin, 'roles');
  await t2Admin.getByRole('button', { name: 'New role' }).click();
  const roleDialog = t2Admin.getByRole('dialog');
  await roleDialog.getByLabel('Name').fill('Clerk');
  await roleDialog.getByLabel('All of Dashboard').check();
  await roleDialog.getByLabel('All of Invoices').check();
  await screenshot(t2Admin, 't2-role-form');
  await expectAccessible(t2Admin, 'role form');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(t2Admin.getByText('Role created').first()).toBeVisible();
  await expect(t2Admin.getByRole('cell', { name: 'Clerk', exact: true })).toBeVisible();
  await screenshot(t2Admin, 't2-roles');
  await expectAccessible(t2Admin, 'roles with the new role');

  await t2Admin.goto(`${T2}/users`);
  await t2Admin.getByRole('button', { name: 'Invite user' }).click();
  const inviteDialog = t2Admin.getByRole('dialog');
  await expect(inviteDialog.getByLabel('Email')).toBeVisible();
  await expectAccessible(t2Admin, 'invite user dialog');
  await inviteDialog.getByLabel('Email').fill(CLERK_EMAIL);
  await inviteDialog.getByLabel('Role').click();
  await t2Admin.getByRole('option', { name: 'Clerk' }).click();
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(t2Admin.getByText('Invitation sent').first()).toBeVisible();
  await screenshot(t2Admin, 't2-users');
  await expectAccessible(t2Admin, 'users with the invitation');

  const clerkInvitation = await waitForMail(CLERK_EMAIL, 'invited');
  const clerkLink = linkIn(clerkInvitation, /http:\/\/\S+\/accept-user-invitation\/[\w-]+/);
  expect(clerkLink.startsWith(`${T2}/accept-user-invitation/`)).toBe(true);

  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await acceptInvitation(clerk, clerkLink, 'Casey Clerk', CLERK_PASSWORD);
  await clerk.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(clerk).toHaveURL(/\/login/);
  await signIn(clerk, T2, CLERK_EMAIL, CLERK_PASSWORD);
  await expect(clerk).toHaveURL(/\/dashboard$/);
  await screenshot(clerk, 't2-clerk-dashboard');
  await expectAccessible(clerk, 'clerk dashboard');

  // The same credentials mean nothing to the landlord tenant.
  await signIn(clerk, LANDLORD, CLERK_EMAIL, CLERK_PASSWORD);
  await expect(clerk.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(clerk).toHaveURL(/\/login/);
  await screenshot(clerk, 'landlord-refuses-t2-user');
  await expectAccessible(clerk, 'login refused');

  await clerkContext.close();
  await t2Context.close();
  await landlordContext.close();
});
