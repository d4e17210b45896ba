import ExcelJS from 'exceljs';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { addBusiness, api, screenshots, signIn } from './session';

const screenshot = screenshots('exports');

type Invoice = { invoice_number: string };

test('exports journey: the filtered invoices list comes out as XLSX with what the list shows, and a template is made in Settings → Export data', async ({ page }) => {
  test.setTimeout(300_000);
  const context = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
  const business = await addBusiness(page, 'Northwind Ledger');

  const customer = await api<{ data: { id: string } }>(context, 'POST', '/api/v1/customers', business, { name: '=HYPERLINK("http://evil.example","x")' });
  const line = [{ name: 'Consulting', quantity: '2', price: 12_500 }];
  const march: string[] = [];
  for (const date of ['2026-03-03', '2026-03-17']) {
    const created = await api<{ data: Invoice }>(context, 'POST', '/api/v1/invoices', business, { customer_id: customer.data.id, invoice_date: date, items: line });
    march.push(created.data.invoice_number);
  }
  await api(context, 'POST', '/api/v1/invoices', business, { customer_id: customer.data.id, invoice_date: '2026-04-20', items: line });

  // The list filtered to March, as a user leaves it in the URL.
  await page.goto('/invoices/outgoing?from_date=2026-03-01&to_date=2026-03-31');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('2 invoices')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Invoices' });
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked();
  await expectAccessible(page, 'export dialog');
  await screenshot(page, 'export-dialog');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  const downloadButton = dialog.getByRole('button', { name: /^Download invoices-.*\.xlsx$/ });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('status')).toHaveText('Ready: 2 rows.');
  await screenshot(page, 'export-ready');
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await download.path();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The export has no sheet.');
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell) => header.push(String(cell.value)));
  expect(header.slice(0, 4)).toEqual(['Invoice number', 'Invoice date', 'Due date', 'Customer']);
  const numbers: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) numbers.push(String(row.getCell(1).value));
  });
  expect(numbers.sort()).toEqual([...march].sort());
  // The customer's name would run as a formula: it is written as text.
  expect(String(sheet.getRow(2).getCell(4).value)).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(sheet.getRow(2).getCell(header.indexOf('Total') + 1).value).toBe(250);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Settings → Export data: the run is listed; a template is made.
  await page.goto('/settings/export-data');
  await expect(page.getByRole('heading', { name: 'Export data', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').last().getByText('Completed')).toBeVisible();
  await expectAccessible(page, 'export data page');
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('dialog', { name: 'New export template' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('For the accountant');
  await form.getByRole('button', { name: 'Remove Notes' }).click();
  await form.getByRole('button', { name: 'Remove Exchange rate' }).click();
  await form.getByRole('textbox', { name: 'Column name for Total', exact: true }).fill('Gross');
  await form.getByRole('button', { name: 'Move Total up' }).click();
  await form.getByLabel('Default template for this export type').check();
  await expectAccessible(page, 'template form');
  await screenshot(page, 'template-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /For the accountant/ });
  await expect(row).toContainText('Default');
  await expect(row).toContainText('Gross');
  await expectAccessible(page, 'export data page with a template');
  await screenshot(page, 'export-data');
});
