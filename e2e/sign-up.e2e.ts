import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { screenshots, signIn } from './session';
import { test } from './csp';

const EMAIL = 'founder@example.com';
const PASSWORD = 'Founder!Passw0rd';
const NEW_PASSWORD = 'Founder!Passw0rd2';
const NEW_EMAIL = 'frances@new-home.example';
const screenshot = screenshots('sign-up');

test('sign-up journey: check your email, open the link, sign in; a second sign-up mails the owner; a password change lists the tokens that still work; a new email address waits for the link mailed to it', async ({ page, browser }) => {
  async function signUp(password: string) {
    await page.goto('/sign-up');
    await expect(page.getByLabel('Business name')).toBeVisible();
    await expectAccessible(page, 'sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Frances Founder');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Business name').fill('Founder Foods');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`We have sent a message to ${EMAIL}.`);
  }

  await signUp(PASSWORD);
  await screenshot(page, 'check-your-email');
  await expectAccessible(page, 'check your email');

  const verification = await waitForMail(EMAIL, 'Verify your email address');
  await page.goto(linkIn(verification, /\/verify-user\?token=[\w-]+/));
  await expect(page.getByText('Your email address has been verified.')).toBeVisible();
  await screenshot(page, 'verified');
  await expectAccessible(page, 'email verified');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expectAccessible(page, 'login');

  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Founder Foods').first()).toBeVisible();
  await expectAccessible(page, 'dashboard of a new business');

  // Signing up again with the address: the page says the same, the mail tells the owner.
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto('/sign-up');
  await again.getByLabel('Name', { exact: true }).fill('Someone Else');
  await again.getByLabel('Email').fill(EMAIL);
  await again.getByLabel('Business name').fill('Copycat Foods');
  await again.getByLabel('Password', { exact: true }).fill('Copycat!Passw0rd');
  await again.getByLabel('Confirm password').fill('Copycat!Passw0rd');
  await again.getByRole('button', { name: 'Create account' }).click();
  await expect(again.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(again.getByRole('status')).toContainText(`We have sent a message to ${EMAIL}.`);
  const notice = await waitForMail(EMAIL, 'Someone tried to sign up');
  expect(notice.text).toContain('/forgot-password');
  await other.close();

  // A token, then a password change: the token still works and is listed with a revoke button.
  await page.goto('/settings/account-settings');
  await expect(page.getByRole('button', { name: 'Create token' })).toBeVisible();
  await expectAccessible(page, 'account settings');
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await expect(dialog.getByLabel('Token name')).toBeVisible();
  await expectAccessible(page, 'create token dialog');
  await dialog.getByLabel('Token name').fill('Bookkeeping sync');
  await expect(dialog.getByLabel('Expires after').locator('option')).toHaveText(['7 days', '30 days', '60 days', '90 days', '365 days']);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByTestId('plain-text-token')).toBeVisible();
  await expectAccessible(page, 'created token');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  const left = page.getByTestId('tokens-after-password-change');
  await expect(left).toContainText('Bookkeeping sync');
  await screenshot(page, 'tokens-after-password-change');
  await expectAccessible(page, 'tokens after a password change');
  await left.getByRole('button', { name: 'Revoke Bookkeeping sync' }).click();
  await expect(left).toContainText('no personal access token is left');
  await expect(page).toHaveURL(/\/settings\/account-settings/);

  // A new email address: asked for with the current password, confirmed from the link mailed to it; the old address is told.
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Email', { exact: true }).fill(NEW_EMAIL);
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByLabel('Current password')).toHaveAccessibleDescription(/Enter your current password to change your email address\./);
  await screenshot(page, 'email-change-needs-password');
  await expectAccessible(page, 'email change needs the password');
  await profile.getByLabel('Current password').fill(NEW_PASSWORD);
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByTestId('pending-email')).toContainText(`Confirm the change from the link we sent to ${NEW_EMAIL}; until then you sign in with ${EMAIL}.`);
  await expect(profile.getByLabel('Email', { exact: true })).toHaveValue(EMAIL);
  await screenshot(page, 'email-change-pending');
  await expectAccessible(page, 'email change pending');
  const changeNotice = await waitForMail(EMAIL, 'Your email address is about to change');
  expect(changeNotice.text).toContain(NEW_EMAIL);
  expect(changeNotice.text).not.toContain('/confirm-email/');

  const confirmation = await waitForMail(NEW_EMAIL, 'Confirm your new email address');
  await page.goto(linkIn(confirmation, /\/confirm-email\/[\w-]+/));
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await screenshot(page, 'email-changed');
  await expectAccessible(page, 'email changed');
  await waitForMail(EMAIL, 'Your email address was changed');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/account-settings');
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Email', { exact: true })).toHaveValue(NEW_EMAIL);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  // The new address signs in; the old one no longer does.
  const later = await browser.newContext();
  const fresh = await later.newPage();
  await signIn(fresh, EMAIL, NEW_PASSWORD);
  await expect(fresh.getByText('These credentials do not match our records.')).toBeVisible();
  await expectAccessible(fresh, 'login refused');
  await signIn(fresh, NEW_EMAIL, NEW_PASSWORD);
  await expect(fresh).toHaveURL(/\/dashboard$/);
  await later.close();
});
