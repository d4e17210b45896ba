import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { expectAccessible, tabThrough } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { addBusiness, api, apiCall, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';
import { pdfText } from './pdf';

const BUSINESS = 'Zürich Instruments';
const CUSTOMER = 'Łódź Components';
const CUSTOMER_EMAIL = 'ap@lodz-components.example.com';
const CUSTOMER_PASSWORD = 'Lodz!Passw0rd';
const screenshot = screenshots('invoices');


test('invoices journey: totals agree in the form, the server and the PDF; sent, viewed publicly, approved by the customer; an estimate is accepted and converted', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const vendor = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const business = await addBusiness(page, BUSINESS);

  // The catalogue this journey needs, through the API: per-item discounts on, a tax, a customer who onboards.
  await api(vendor, 'POST', '/api/v1/business/settings', business, { settings: { discount_per_item_enabled: true } });
  await api(vendor, 'POST', '/api/v1/tax-types', business, { name: 'VAT', percent: '19' });
  await api(vendor, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: CUSTOMER_EMAIL, send_invitation: true });
  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await acceptBusinessInvitation(customerPage, invitation, { name: 'Jan Kowalski', password: CUSTOMER_PASSWORD });

  // The vendor writes the invoice; the form computes the totals live.
  await page.reload();
  await page.goto('/invoices/create');
  await expect(page.getByRole('heading', { name: 'New invoice' })).toBeVisible();
  // An untouched form says nothing is wrong yet, and dates read as the business writes them (DD MMM YYYY).
  await expect(page.getByLabel('Invoice date')).toHaveValue(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByText(/Total should be greater than/)).toHaveCount(0);
  await expectAccessible(page, 'new invoice form');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await expect(page.getByRole('option', { name: CUSTOMER })).toBeVisible();
  await expectAccessible(page, 'customer options');
  await page.getByRole('option', { name: CUSTOMER }).click();
  await expect(page.getByLabel('Invoice number')).not.toHaveValue('');
  await page.getByLabel('Name, line 1').fill('Calibration service');
  await page.getByLabel('Quantity, line 1').fill('3');
  await page.getByLabel('Price, line 1').fill('120.00');
  await page.getByLabel('Discount, line 1', { exact: true }).fill('15.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Name, line 2').fill('Precision scale');
  await page.getByLabel('Quantity, line 2').fill('1');
  await page.getByLabel('Price, line 2').fill('249.99');
  await page.getByLabel('Document discount', { exact: true }).fill('10');
  await page.getByRole('combobox', { name: 'Document discount type' }).selectOption('%');
  await page.getByRole('combobox', { name: 'Taxes' }).last().click();
  await page.getByRole('option', { name: /VAT/ }).click();
  await page.keyboard.press('Escape');
  // 3 × 120.00 − 15.00 = 345.00; + 249.99 = 594.99; 10% = 59.50; VAT 19% of 535.49 = 101.74; total 637.23.
  const summary = page.getByRole('table', { name: 'Summary' });
  await expect(summary.getByLabel('Subtotal', { exact: true })).toHaveText('$594.99');
  await expect(summary.getByLabel('Total', { exact: true })).toHaveText('$637.23');
  const formTotal = (await summary.getByLabel('Total', { exact: true }).textContent())?.trim() ?? '';
  await screenshot(page, 'invoice-form');
  await expectAccessible(page, 'filled invoice form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+\/view$/);
  await expect(page.getByText('Invoice created').first()).toBeVisible();
  const invoiceId = /\/invoices\/([\w-]+)\/view$/.exec(page.url())?.[1] ?? '';

  type Invoice = { invoice_number: string; sub_total: number; discount_val: number; tax: number; total: number; status: string };
  const stored = (await api<{ data: Invoice }>(vendor, 'GET', `/api/v1/invoices/${invoiceId}`, business)).data;
  expect(stored).toMatchObject({ sub_total: 59499, discount_val: 5950, tax: 10174, total: 63723, status: 'draft' });
  expect(formTotal).toBe('$637.23');
  const pdf = await apiCall(vendor, 'GET', `/api/v1/invoices/${invoiceId}/pdf`, business);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(Buffer.from(await pdf.body()), 'journey-invoice');
  for (const expected of [stored.invoice_number, CUSTOMER, BUSINESS, 'Calibration service', 'Precision scale', '$594.99', '$59.50', '$101.74', formTotal]) expect(text).toContain(expected);
  await screenshot(page, 'invoice-view');
  await expectAccessible(page, 'draft invoice');
  expect(await tabThrough(page, 'draft invoice')).toEqual(expect.arrayContaining(['Mark as open', 'More']));

  // Finalize, then send: the mail reaches the customer with the link to the public page.
  await page.getByRole('button', { name: 'Mark as open' }).click();
  await expect(page.getByText('Invoice marked as open').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send invoice' });
  await expect(sendDialog.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(CUSTOMER_EMAIL);
  await expectAccessible(page, 'send invoice dialog');
  await sendDialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invoice sent').first()).toBeVisible();
  await expectAccessible(page, 'sent invoice');
  const invoiceMail = await waitForMail(CUSTOMER_EMAIL, `You have received a new invoice from ${BUSINESS}`);
  const publicLink = linkIn(invoiceMail, /http:\/\/[^\s"<>]+\/public\/invoices\/view\/[\w-]+/);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(publicLink);
  await expect(guest.getByText(stored.invoice_number).first()).toBeVisible();
  await expect(guest.getByText(formTotal).first()).toBeVisible();
  await expect(guest.getByRole('link', { name: /Download PDF/ })).toBeVisible();
  await screenshot(guest, 'public-invoice');
  await expectAccessible(guest, 'public invoice', { phone: true });
  expect(await tabThrough(guest, 'public invoice')).toEqual(expect.arrayContaining([expect.stringMatching(/Download PDF/)]));
  await expect
    .poll(async () => (await api<{ data: Invoice }>(vendor, 'GET', `/api/v1/invoices/${invoiceId}`, business)).data.status)
    .toBe('viewed');

  // The customer business signs in, finds the invoice under incoming and approves it.
  await signIn(customerPage, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(customerPage).toHaveURL(/\/dashboard/);
  await expectAccessible(customerPage, 'customer dashboard');
  await customerPage.goto('/invoices/incoming');
  await expect(customerPage.getByRole('row', { name: new RegExp(stored.invoice_number) })).toBeVisible();
  await expectAccessible(customerPage, 'incoming invoices');
  await customerPage.getByRole('row', { name: new RegExp(stored.invoice_number) }).click();
  await expect(customerPage).toHaveURL(new RegExp(`/invoices/${invoiceId}/view`));
  await expect(customerPage.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectAccessible(customerPage, 'incoming invoice');
  await customerPage.getByRole('button', { name: 'Approve' }).click();
  await expect(customerPage.getByText('Invoice marked as approved').first()).toBeVisible();
  await expect(customerPage.getByText('Approved').first()).toBeVisible();
  await screenshot(customerPage, 'incoming-approved');
  await expectAccessible(customerPage, 'approved incoming invoice');

  // An estimate: sent, accepted on its public page, converted into an invoice.
  type Estimate = { id: string; estimate_number: string; status: string };
  const customers = await api<{ data: { id: string; name: string }[] }>(vendor, 'GET', '/api/v1/customers', business);
  const customerId = customers.data.find((c) => c.name === CUSTOMER)?.id ?? '';
  const estimate = (
    await api<{ data: Estimate }>(vendor, 'POST', '/api/v1/estimates', business, {
      customer_id: customerId,
      estimate_date: new Date().toISOString().slice(0, 10),
      items: [{ name: 'Annual maintenance', quantity: '1', price: 180000 }],
    })
  ).data;
  await page.goto(`/estimates/${estimate.id}/view`);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await expectAccessible(page, 'estimate');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send estimate' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Estimate sent').first()).toBeVisible();
  const estimateMail = await waitForMail(CUSTOMER_EMAIL, `You have received a new estimate from ${BUSINESS}`);
  await guest.goto(linkIn(estimateMail, /http:\/\/[^\s"<>]+\/public\/estimates\/view\/[\w-]+/));
  await expect(guest.getByText(estimate.estimate_number).first()).toBeVisible();
  await screenshot(guest, 'public-estimate');
  await expectAccessible(guest, 'public estimate', { phone: true });
  expect(await tabThrough(guest, 'public estimate')).toEqual(expect.arrayContaining(['Accept']));
  await guest.getByRole('button', { name: 'Accept' }).click();
  await expect(guest.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await screenshot(guest, 'public-estimate-accepted');
  await expectAccessible(guest, 'public estimate accepted', { phone: true });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toBeVisible();
  await expectAccessible(page, 'accepted estimate');
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+\/view$/);
  await expect(page.getByText('Annual maintenance').first()).toBeVisible();
  await screenshot(page, 'converted-invoice');
  await expectAccessible(page, 'converted invoice');
  await customerContext.close();
  await guestContext.close();
});
