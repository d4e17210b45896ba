import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type Page, expect } from '@playwright/test';
import { OUTPUT_DIR } from './constants';

const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots');

/** Numbered full-page screenshots `<journey>-NN-<name>.png`, kept as CI artifacts. */
export function screenshots(journey: string): (page: Page, name: string) => Promise<void> {
  let shot = 0;
  return async (page, name) => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    shot += 1;
    await page.screenshot({ path: path.join(SCREENSHOTS, `${journey}-${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens the add-business dialog from the dashboard. The journeys share one server and run in any
 * order: when the admin already has a business, adding one goes through the switcher.
 */
export async function openAddBusiness(page: Page): Promise<void> {
  await page.goto('/dashboard');
  const switcher = page.getByTestId('business-switcher');
  const addButton = page.getByRole('button', { name: 'Add business' }).first();
  await expect(switcher.or(addButton).first()).toBeVisible();
  if (await switcher.isVisible()) {
    await switcher.click();
    await page.getByRole('menuitem', { name: 'Add business' }).click();
  } else {
    await addButton.click();
  }
  await expect(page.getByLabel('Business name')).toBeVisible();
}

/** Adds a business from the dashboard and returns its id. */
export async function addBusiness(page: Page, name: string): Promise<string> {
  await openAddBusiness(page);
  await page.getByLabel('Business name').fill(name);
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(name).first()).toBeVisible();
  // The app keeps the selected business in local storage; API calls send it as the `business` header.
  const business = String(await page.evaluate('localStorage.getItem("selectedBusiness")'));
  expect(business).toMatch(/^[\w-]{36}$/);
  return business;
}

/** Calls the API as the signed-in user of `context`, the way the app does (CSRF header, selected business). */
export async function apiCall(context: BrowserContext, method: 'GET' | 'POST', url: string, business: string | null, data?: unknown) {
  await context.request.get('/api/v1/csrf-cookie');
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers: Record<string, string> = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (business) headers.business = business;
  return method === 'GET' ? context.request.get(url, { headers }) : context.request.post(url, { headers, data: data ?? {} });
}

/** The same call, failing loudly on an error answer and returning the JSON body. */
export async function api<T>(context: BrowserContext, method: 'GET' | 'POST', url: string, business: string | null, data?: unknown): Promise<T> {
  const response = await apiCall(context, method, url, business, data);
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}
