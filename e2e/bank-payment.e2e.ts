import { expect } from '@playwright/test';
import { TEST_ROUTING_NUMBER } from '@app/fakes';
import { PHONE_VIEWPORT, expectAccessible } from './axe';
import { api, screenshots } from './session';
import { test } from './csp';
import { MICRODEPOSIT_CODE, chargeableVendor, openInvoiceLink, serveStripeJs, settleBankPayments } from './online-payment-setup';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Tromsø Bank Debits';
const CUSTOMER = 'Senja Fjord Outfitters';
// The fake's test account that settles (the fake returns only the accounts it lists as returned).
const SETTLING_ACCOUNT = '000123456789';

const screenshot = screenshots('bank-payment');

test('bank payment journey: a guest pays an invoice from a US bank account on its public page, the invoice shows processing to both, then paid once the bank settles the debit', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@tromso-bank.example.com' });

  // An open invoice of $275.00 and its public link, as the vendor would send it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@senja-fjord.example.com' })).data;
  const invoice = await openInvoiceLink(owner, business, customer.id, { name: 'Glacier kayak rental, one week', price: 27500 });
  const { url } = invoice;

  // The guest: no account, only the link; pays from a bank account instead of a card.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Pay online' })).toBeVisible();
  await guest.getByRole('button', { name: 'Pay $275.00' }).click();
  await guest.getByRole('radio', { name: 'Bank account (US)' }).check();
  await expect(guest.getByText(/you authorize Tromsø Bank Debits to debit \$275\.00/)).toBeVisible();
  await guest.getByRole('textbox', { name: /Account holder name/ }).fill('Senja Fjord Outfitters AS');
  await guest.getByRole('radio', { name: 'Company' }).check();
  await guest.getByRole('textbox', { name: /Routing number/ }).fill(TEST_ROUTING_NUMBER);
  await guest.getByRole('textbox', { name: /Account number/ }).fill(SETTLING_ACCOUNT);
  await expectAccessible(guest, 'public invoice, bank account form', { phone: true });
  await guest.setViewportSize(PHONE_VIEWPORT);
  await screenshot(guest, 'bank-form-on-phone');
  await guest.getByRole('button', { name: 'Pay $275.00 now' }).click();

  // Typed by hand, the account is proved first: the provider's microdeposit carries a code starting with SM.
  await expect(guest.getByRole('heading', { name: 'Verify your bank account' })).toBeVisible();
  await expect(guest.getByText(/6-character code starting with "SM"/)).toBeVisible();
  await expectAccessible(guest, 'public invoice, bank account verification', { phone: true });
  await screenshot(guest, 'verify-on-phone');
  // The payer comes back later (the deposit takes a day or two): the page asks for the code of the waiting payment; nothing is due less meanwhile.
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByRole('textbox', { name: /Verification code/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(guest.getByText('Processing', { exact: true })).toHaveCount(0);
  await guest.getByRole('textbox', { name: /Verification code/ }).fill('SM00XX');
  await guest.getByRole('button', { name: 'Verify bank account' }).click();
  await expect(guest.getByRole('alert')).toContainText('does not match');
  await expectAccessible(guest, 'public invoice, wrong verification code', { phone: true });
  await guest.getByRole('textbox', { name: /Verification code/ }).fill(MICRODEPOSIT_CODE);
  await guest.getByRole('button', { name: 'Verify bank account' }).click();

  // Processing: the debit started, the bank has not settled it; no second payment can start.
  await expect(guest.getByText(/A bank payment of \$275\.00 is processing/)).toBeVisible();
  await expect(guest.getByText('Processing', { exact: true }).first()).toBeVisible();
  await expect(guest.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await expectAccessible(guest, 'public invoice, bank payment processing', { phone: true });
  await screenshot(guest, 'processing-on-phone');

  // The vendor sees the same: the invoice is processing in the list, not paid yet.
  await page.goto('/invoices/outgoing');
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText('Processing');
  await expect(row).not.toContainText('Paid');
  await expectAccessible(page, 'invoices with the bank payment processing');
  await screenshot(page, 'vendor-invoices-processing');

  // The bank settles the debit; the provider's payment_intent.succeeded reaches the webhook and the invoice is paid.
  await settleBankPayments(owner.request);
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(guest.getByText('Processing', { exact: true })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await expectAccessible(guest, 'public invoice, paid by bank', { phone: true });
  await screenshot(guest, 'paid-on-phone');
  await guestContext.close();

  await page.goto('/invoices/outgoing');
  await expect(row).toContainText('Paid');
  await expect(row).not.toContainText('Processing');
  await expectAccessible(page, 'invoices with the bank-paid invoice');
  await screenshot(page, 'vendor-invoices-paid');
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $0.00' })).toBeVisible();
  await expectAccessible(page, 'bank-paid invoice');
});
