import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { waitForMail } from './mailbox';
import { addBusiness, api, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Tromsø Timber Supply';
const CUSTOMER = 'Narvik Joinery';
const CUSTOMER_EMAIL = 'owner@narvik-joinery.example.com';
const CUSTOMER_PASSWORD = 'Narvik!Passw0rd';

const screenshot = screenshots('customer-side');

test('customer side journey: the vendor records a payment on an invoice; the customer business sees it under payments made and on its incoming invoice; the customer view shows the statement', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const owner = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const business = await addBusiness(page, BUSINESS);

  // Setup through the API: a customer business that onboards, and an open invoice of $800.00 to it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: CUSTOMER_EMAIL, send_invitation: true })).data;
  const today = new Date().toISOString().slice(0, 10);
  const invoice = (
    await api<{ data: { id: string; invoice_number: string } }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customer.id,
      invoice_date: today,
      items: [{ name: 'Spruce beams', quantity: '1', price: 80000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${invoice.id}/finalize`, business);
  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await acceptBusinessInvitation(buyer, invitation, { name: 'Ingrid Narvik', password: CUSTOMER_PASSWORD });

  // The vendor records $300.00 received on the invoice.
  await page.goto(`/invoices/${invoice.id}/view`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment received' });
  await dialog.getByLabel(/^Amount/).fill('300.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment recorded').first()).toBeVisible();

  // The customer business: under payments made, and on its incoming invoice.
  await signIn(buyer, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await buyer.goto('/payments?tab=made');
  const made = buyer.getByRole('row').filter({ hasText: BUSINESS });
  await expect(made).toContainText('$300.00');
  await expectAccessible(buyer, 'payments made');
  await screenshot(buyer, 'payments-made');
  await buyer.goto(`/invoices/${invoice.id}/view`);
  await expect(buyer.getByRole('heading', { name: `Invoice ${invoice.invoice_number}` })).toBeVisible();
  await expect(buyer.getByRole('row', { name: 'Amount paid $300.00' })).toBeVisible();
  await expect(buyer.getByText('$300.00').first()).toBeVisible();
  await expectAccessible(buyer, 'incoming invoice with the payment');
  await screenshot(buyer, 'incoming-invoice');
  await buyerContext.close();

  // The customer view: its statement, from the invoice to what is still owed.
  await page.goto(`/customers/${customer.id}/view`);
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByRole('row').filter({ hasText: invoice.invoice_number })).toContainText('$800.00');
  await expect(statement.getByRole('row', { name: /Closing balance/ })).toContainText('$500.00');
  await expectAccessible(page, 'customer view with statement');
  await screenshot(page, 'customer-statement');
});
