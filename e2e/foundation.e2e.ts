import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OUTPUT_DIR } from './constants';
import { expectAccessible, tabThrough } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { test } from './csp';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots');
const MEMBER_EMAIL = 'member@example.com';
const MEMBER_PASSWORD = 'Member!Passw0rd';

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  shot += 1;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The code an authenticator app shows `offsetSeconds` from now. */
function totp(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

test('foundation journey: admin creates a business, invites a user who signs in with 2FA', async ({ page, browser }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await screenshot(page, 'admin-home');
  await expectAccessible(page, 'admin home');

  await page.goto('/dashboard');
  // Other journeys share this server: the admin may already have a business, and then adding one goes through the switcher.
  const switcher = page.getByTestId('business-switcher');
  const addButton = page.getByRole('button', { name: 'Add business' }).first();
  await expect(switcher.or(addButton).first()).toBeVisible();
  if (await switcher.isVisible()) {
    await switcher.click();
    await expectAccessible(page, 'business switcher menu');
    await page.getByRole('menuitem', { name: 'Add business' }).click();
  } else {
    await addButton.click();
  }
  await expectAccessible(page, 'add business dialog');
  await page.getByLabel('Business name').fill('Northwind Traders');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Northwind Traders').first()).toBeVisible();
  await screenshot(page, 'company-dashboard');
  await expectAccessible(page, 'dashboard');
  // The app shell and the dashboard by keyboard alone: each stop shows the focus.
  expect(await tabThrough(page, 'dashboard')).toEqual(expect.arrayContaining(['Customers', 'Invoices', 'User menu']));

  await page.goto('/users');
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
  await expectAccessible(page, 'users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(MEMBER_EMAIL);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'accountant' }).click();
  await screenshot(page, 'invite-user');
  await expectAccessible(page, 'invite user dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent').first()).toBeVisible();

  const invitation = await waitForMail(MEMBER_EMAIL, 'invited');
  const link = linkIn(invitation, /\/accept-user-invitation\/[\w-]+/);

  // The super admin's outbox shows the mail with its one-time link masked.
  await page.goto('/admin/outbox');
  await expect(page.getByRole('row', { name: new RegExp(MEMBER_EMAIL) }).first()).toBeVisible();
  await expectAccessible(page, 'admin outbox');
  await page.getByRole('row', { name: new RegExp(MEMBER_EMAIL) }).first().getByRole('button').first().click();
  const sentText = page.getByRole('dialog').getByTestId('outbox-mail-text');
  await expect(sentText).toContainText('/accept-user-invitation/[REDACTED]');
  await expect(sentText).not.toContainText(link.split('/').pop() ?? link);
  // Hovering waits until the drawer has stopped sliding in.
  await sentText.hover();
  await screenshot(page, 'outbox-masked');
  await expectAccessible(page, 'outbox mail drawer');
  await page.keyboard.press('Escape');

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByText(MEMBER_EMAIL).first()).toBeVisible();
  await member.getByLabel('Name').fill('Morgan Member');
  await member.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await member.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
  await screenshot(member, 'accept-invitation');
  await expectAccessible(member, 'accept invitation');
  await member.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(member).toHaveURL(/\/login/);

  await signIn(member, MEMBER_EMAIL, MEMBER_PASSWORD);
  await expect(member).toHaveURL(/\/dashboard$/);
  await screenshot(member, 'member-dashboard');
  await expectAccessible(member, 'member dashboard');

  await member.goto('/settings/account-settings');
  await expect(member.getByRole('button', { name: 'Enable two-factor authentication' })).toBeVisible();
  await expectAccessible(member, 'account settings');
  await member.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  const confirm = member.getByRole('dialog');
  await expect(confirm.getByLabel('Password')).toBeVisible();
  await expectAccessible(member, 'confirm password dialog');
  await confirm.getByLabel('Password').fill(MEMBER_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const secret = (await member.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await screenshot(member, 'two-factor-setup');
  await expectAccessible(member, 'two-factor setup');
  await member.getByLabel('Authentication code').fill(await totp(secret));
  await member.getByRole('button', { name: 'Confirm code' }).click();
  await expect(member.getByTestId('recovery-codes')).toBeVisible();
  await screenshot(member, 'recovery-codes');
  await expectAccessible(member, 'recovery codes');

  await member.getByRole('button', { name: 'User menu' }).click();
  await expect(member.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectAccessible(member, 'user menu');
  await member.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(member).toHaveURL(/\/login/);
  await expectAccessible(member, 'login');
  expect(await tabThrough(member, 'login')).toEqual(expect.arrayContaining(['Sign in']));

  await signIn(member, MEMBER_EMAIL, MEMBER_PASSWORD);
  const codeInput = member.getByLabel('Authentication code');
  await expect(codeInput).toBeVisible();
  await screenshot(member, 'two-factor-challenge');
  await expectAccessible(member, 'two-factor challenge');
  // The code used to confirm is spent; the next time step is within the accepted window.
  await codeInput.fill(await totp(secret, 30));
  await member.getByRole('button', { name: /Verify|Sign in|Continue/ }).click();
  await expect(member).toHaveURL(/\/dashboard$/);

  await member.goto('/admin/outbox');
  await expect(member).toHaveURL(/\/403$/);
  await screenshot(member, 'forbidden');
  await expectAccessible(member, 'forbidden');
  await memberContext.close();
});
