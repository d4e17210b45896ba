import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, screenshots } from './session';
import { test } from './csp';
import { MICRODEPOSIT_CODE, chargeableVendor, payWithCard, serveStripeJs } from './online-payment-setup';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Bodø Auto Pay Bakery';
const CUSTOMER = 'Lofoten Ferry Kiosk';
const GOOD_CARD = '4242 4242 4242 4242';
// The app queues the recurring-invoice job once a minute, one run per minute slot: a schedule saved
// just after this slot's run waits for the next slot, then the charge and its provider event follow.
// Two slots and the charge's round trip, with room for a loaded CI machine.
const RECURRING_RUN_MS = 150_000;

const screenshot = screenshots('saved-method-link');

test('saved method journey: the vendor asks a customer to save a card through a link, the guest saves one, and a recurring invoice with auto pay is charged to it and ends paid', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@bodo-bakery.example.com' });
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@lofoten-ferry.example.com' })).data;

  // The vendor asks for a card on the customer's page and copies the single-use link.
  await page.goto(`/customers/${customer.id}/view`);
  await page.getByRole('button', { name: 'Ask to save a payment method' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Ask to save a payment method' });
  const linkField = linkDialog.getByRole('textbox', { name: 'Save a payment method' });
  await expect(linkField).toHaveValue(/\/public\/payment-method-links\/view\//);
  await expectAccessible(page, 'customer with the payment-method link');
  await screenshot(page, 'vendor-method-link');
  const url = await linkField.inputValue();
  await linkDialog.getByRole('button', { name: 'Close' }).click();

  // The guest: no account, only the link; saves a card through the provider's form.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(url);
  await expect(guest.getByText(`${BUSINESS} asks ${CUSTOMER} to save a card or a US bank account for automatic payments of their invoices.`)).toBeVisible();
  await expectAccessible(guest, 'payment-method link', { phone: true });
  await guest.getByRole('link', { name: 'Add a payment method' }).click();
  await expect(guest.getByLabel('Card number')).toBeVisible();
  await expectAccessible(guest, 'payment-method link, card form', { phone: true });
  await payWithCard(guest, GOOD_CARD, 'Save card');
  await expect(guest.getByRole('status').filter({ hasText: 'Your payment method is saved. You can close this page.' })).toBeVisible();
  await expectAccessible(guest, 'payment-method link, card saved', { phone: true });
  await screenshot(guest, 'card-saved');
  // The link works once.
  await guest.goto(url);
  await expect(guest.getByRole('alert').filter({ hasText: 'This link cannot be used' })).toBeVisible();
  await expectAccessible(guest, 'payment-method link, used', { phone: true });
  await guestContext.close();

  // A monthly recurring invoice whose first invoice is made today, with auto pay on.
  await page.goto('/recurring-invoices/create');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: CUSTOMER }).click();
  await page.getByLabel('Name, line 1').fill('Cinnamon buns, monthly delivery');
  await page.getByLabel('Quantity, line 1').fill('1');
  await page.getByLabel('Price, line 1').fill('185.00');
  await page.getByLabel('Frequency').selectOption('monthly');
  // 'Create first invoice on' starts at today: the first invoice is due now.
  const autoPay = page.getByRole('switch', { name: /^Auto pay/ });
  await expect(autoPay).not.toBeChecked();
  await autoPay.check();
  await expect(autoPay).toBeChecked();
  await expectAccessible(page, 'recurring invoice form with auto pay');
  await screenshot(page, 'recurring-form-auto-pay');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/recurring-invoices\/[\w-]+\/view$/);
  await expect(page.getByText('Recurring invoice created').first()).toBeVisible();
  await expectAccessible(page, 'recurring invoice with auto pay');

  // The recurring job makes the invoice and auto pay charges the saved card; the provider's payment_intent.succeeded marks it paid.
  await page.goto('/invoices/outgoing');
  const row = page.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('$185.00', { timeout: 1_000 });
    await expect(row.getByText('Paid', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: RECURRING_RUN_MS, intervals: [2_000] });
  await expect(row).toContainText('$0.00');
  await expectAccessible(page, 'invoices with the auto-paid invoice');
  await screenshot(page, 'vendor-invoices-auto-paid');
  await page.goto('/payments');
  await expect(page.getByRole('row').filter({ hasText: CUSTOMER })).toContainText('$185.00');
  await expectAccessible(page, 'payments with the auto-pay payment');
});

test('saved bank account journey: a business saves a US bank account typed by hand in settings, for its vendors to debit', async ({ page }) => {
  test.setTimeout(180_000);
  await chargeableVendor(page, { name: 'Tromsø Bank Saver Café', ownerEmail: 'owner@tromso-cafe.example.com' });
  await serveStripeJs(page);
  await page.goto('/settings/payment-methods');
  const section = page.getByRole('region', { name: 'Saved payment methods' });
  await expect(section.getByText('No saved payment methods yet.')).toBeVisible({ timeout: 30_000 });
  await section.getByRole('button', { name: 'Add a payment method' }).click();
  await expect(section.getByLabel('Card number')).toBeVisible({ timeout: 30_000 });
  await section.getByRole('radio', { name: 'US bank account' }).check();
  await expect(section.getByText(/you authorize the businesses that invoice you to debit it/)).toBeVisible();
  await expectAccessible(page, 'settings, saving a bank account');
  await section.getByRole('textbox', { name: /Account holder name/ }).fill('Tromsø Bank Saver Café AS');
  await section.getByRole('radio', { name: 'Company' }).check();
  await section.getByRole('textbox', { name: /Routing number/ }).fill('110000000');
  await section.getByRole('textbox', { name: /Account number/ }).fill('000123456789');
  await screenshot(page, 'bank-form');
  await section.getByRole('button', { name: 'Save bank account' }).click();
  // Typed by hand: the provider has the account proved with its microdeposit's code before saving it.
  await expect(section.getByRole('heading', { name: 'Verify your bank account' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'settings, verifying a bank account');
  await screenshot(page, 'bank-verify');
  await section.getByRole('textbox', { name: /Verification code/ }).fill(MICRODEPOSIT_CODE);
  await section.getByRole('button', { name: 'Verify bank account' }).click();
  // Stripe.js confirmed and verified the setup with the provider; the server read it back from the provider and lists it.
  await expect(section.getByRole('row', { name: /•••• 6789 Default US bank account/ })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'settings, bank account saved');
  await screenshot(page, 'bank-saved');
});
