import fs from 'node:fs';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { addBusiness, api, screenshots, signIn } from './session';

const screenshot = screenshots('reports');
const REPORTS = ['Profit and loss', 'Sales by customer', 'Sales by item', 'Taxes'] as const;

test('reports journey: an owner with a finalized invoice opens each report, switches to the cash basis and downloads each report as PDF', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const business = await addBusiness(page, 'Report Journey Traders');
  const customer = await api<{ data: { id: string } }>(page.context(), 'POST', '/api/v1/customers', business, { name: 'Journey Buyer' });
  const today = new Date().toISOString().slice(0, 10);
  const invoice = await api<{ data: { id: string } }>(page.context(), 'POST', '/api/v1/invoices', business, {
    customer_id: customer.data.id,
    invoice_date: today,
    items: [{ name: 'Consulting', quantity: '2', price: 15000 }],
  });
  await api(page.context(), 'POST', `/api/v1/invoices/${invoice.data.id}/finalize`, business);

  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // This year: an invoice dated today in UTC may be tomorrow or yesterday in the business's zone, never another year but at New Year.
  await page.getByLabel('Period').selectOption('this_year');

  for (const report of REPORTS) {
    await page.getByRole('tab', { name: report }).click();
    const table = page.getByRole('table', { name: report });
    await expect(table).toBeVisible();
    if (report !== 'Taxes') await expect(table.getByRole('cell', { name: '$300.00' }).first()).toBeVisible();
    await expectAccessible(page, `${report} report`);
    await screenshot(page, report.toLowerCase().replaceAll(' ', '-'));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  // The SegmentedControl's radio input is visually hidden: its label is what a user clicks.
  await page.getByText('Cash', { exact: true }).click();
  await expect(page).toHaveURL(/basis=cash/);
  await expect(page.getByText('Nothing was sold, bought or paid in this period.')).toBeVisible();
  await expectAccessible(page, 'reports, cash basis, nothing paid');
  await screenshot(page, 'cash-empty');
});
