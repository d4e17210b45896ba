import { type Page, expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { type Mail, linkIn } from './mailbox';

/**
 * The owner of a customer business the vendor added accepts the onboarding invitation mailed to
 * them: the page checked for accessibility, their name and password set. Lands on the sign-in page.
 */
export async function acceptBusinessInvitation(page: Page, invitation: Mail, owner: { name: string; password: string }): Promise<void> {
  await page.goto(linkIn(invitation, /\/onboarding-business-invitation\/[\w-]+/));
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expectAccessible(page, 'onboarding invitation');
  await page.getByLabel('Name', { exact: true }).fill(owner.name);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/login/);
}
