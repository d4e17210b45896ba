import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { addBusiness, screenshots, signIn } from './session';

const screenshot = screenshots('import');

/**
 * A customers file from another tool: the name column is headed "Firm", a header no field is called,
 * and one row's email is not an address.
 */
const CUSTOMERS_CSV = ['Firm,E-mail,Phone', 'Globex Import Co,billing@globex-import.example,555 0100', 'Initech Import Co,not-an-email,555 0101', 'Umbrella Import Co,ap@umbrella-import.example,'].join('\r\n');

test('import journey: a customers CSV with a wrong column name, the mapping fixed, a row error in the preview, the import with progress, and the customers in the list', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await addBusiness(page, 'Import Journey Traders');

  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/\/customers/);
  await expectAccessible(page, 'customers, before the import');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/import\?entity=customers/);
  await expect(page.getByRole('heading', { name: 'Import data', level: 1 })).toBeVisible();
  await expect(page.getByLabel('What to import')).toHaveValue('customers');
  await expect(page.getByText('No imports yet.')).toBeVisible();
  await expectAccessible(page, 'import wizard, upload step', { phone: true });
  await screenshot(page, 'upload');

  // Uploading without a file is refused on the field; then the file.
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CUSTOMERS_CSV) });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  await expect(page).toHaveURL(/job=/);

  // Step 2: the file's columns with their samples; "Firm" is mapped to the name by hand.
  const name = page.getByLabel(/^Name/);
  await expect(name).toBeVisible();
  await expect(name.locator('option', { hasText: 'Firm' })).toHaveCount(1);
  await expectAccessible(page, 'import wizard, mapping step', { phone: true });
  await screenshot(page, 'mapping-proposed');
  await name.selectOption({ label: 'Firm' });
  await expect(page.getByTestId('samples-name')).toContainText('Globex Import Co');
  await page.getByLabel(/^Email/).selectOption({ label: 'E-mail' });
  await screenshot(page, 'mapping-fixed');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  // Step 3: the row with the bad email is marked on its cell, and counted.
  const table = page.getByRole('table', { name: 'Preview of the rows' });
  await expect(table).toBeVisible();
  await expect(page.getByTestId('preview-counts')).toHaveText('3 rows in the file, 1 with errors.');
  const invalidRow = table.getByRole('row').filter({ hasText: 'Initech Import Co' });
  await expect(invalidRow.locator('td[data-field="email"][data-invalid="true"]')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Globex Import Co' }).locator('[data-invalid]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
  await expectAccessible(page, 'import wizard, preview with a row error', { phone: true });
  await screenshot(page, 'preview');
  await page.getByRole('checkbox', { name: /Skip invalid rows/ }).check();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();

  // Step 4: the background job's progress, then its counts, the error report and undo.
  const result = page.getByRole('region', { name: 'Import', exact: true });
  await expect(result.getByText('All 3 rows processed')).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('Completed')).toBeVisible();
  await expect(result.getByText('Created', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('2');
  await expect(result.getByText('Skipped', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('1');
  await expect(result.getByRole('button', { name: 'Download error report' })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Undo import' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error report' }).click();
  expect((await download).suggestedFilename()).toBe('customers-errors.csv');
  await expectAccessible(page, 'import wizard, completed', { phone: true });
  await screenshot(page, 'completed');
  const history = page.getByRole('region', { name: 'Import history' });
  await expect(history.getByRole('row').filter({ hasText: 'customers.csv' }).getByText('Completed')).toBeVisible();

  // The imported customers are in the list; the invalid row is not.
  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/\/customers/);
  await expect(page.getByRole('row').filter({ hasText: 'Globex Import Co' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Umbrella Import Co' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Initech Import Co' })).toHaveCount(0);
  await expectAccessible(page, 'customers, after the import');
  await screenshot(page, 'customers');
});
