import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { waitForMail } from './mailbox';
import { chargeableVendor, openInvoiceLink, payWithCard, serveStripeJs } from './online-payment-setup';
import { api, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Narvik Net Makers';
const CUSTOMER = 'Lofoten Fisheries';
const CUSTOMER_EMAIL = 'owner@lofoten-fisheries.example.com';
const CUSTOMER_PASSWORD = 'Lofoten!Passw0rd';
const GOOD_CARD = '4242 4242 4242 4242';

const screenshot = screenshots('factoring');

test('factoring journey: the customer business approves an invoice, the vendor takes an advance on it through the wizard, the loan balance shows it funded, and once the customer pays the loan reads repaid', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@narvik-nets.example.com' });

  // An open invoice of $1,000.00 to a customer business on the network, which approves it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: CUSTOMER_EMAIL, send_invitation: true })).data;
  const invoice = await openInvoiceLink(owner, business, customer.id, { name: 'Trawl net repair', price: 100_000 });
  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await acceptBusinessInvitation(buyer, invitation, { name: 'Ingrid Lofoten', password: CUSTOMER_PASSWORD });
  await signIn(buyer, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await buyer.goto(`/invoices/${invoice.id}/view`);
  await expect(buyer.getByRole('button', { name: 'Approve', exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(buyer, 'incoming invoice to approve');
  await buyer.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(buyer.getByText('Approved').first()).toBeVisible({ timeout: 20_000 });
  await buyerContext.close();

  // The vendor opens the approved invoice: Get paid now starts the wizard at its first step.
  await page.goto(`/invoices/${invoice.id}/view`);
  const getPaidNow = page.getByRole('link', { name: 'Get paid now' }).or(page.getByRole('button', { name: 'Get paid now' })).first();
  await expect(getPaidNow).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'approved invoice with Get paid now');
  await getPaidNow.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}/factoring$`));
  await expect(page.getByText("The lender's offer")).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'factoring wizard, the offer');
  await expectAccessible(page, 'factoring wizard on a phone', { phone: true });
  await screenshot(page, 'offer');
  // The platform lender's default policy: 80 % of the amount due, 3 % of the advance per started 30 days.
  await expect(page.getByText('$800.00').first()).toBeVisible();
  const amount = page.getByLabel('Amount to take');
  await amount.fill('900');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').or(page.getByText(/cannot exceed the offer/i)).first()).toBeVisible();
  await amount.fill('500');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('region', { name: 'Review and terms' })).toBeVisible();
  await expectAccessible(page, 'factoring wizard, review');
  await page.getByRole('button', { name: 'Take $500.00 now' }).click();
  await expect(page.getByText(`The advance on invoice ${invoice.invoiceNumber} is on its way`)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'factoring wizard, funded');
  await screenshot(page, 'funded');
  // The financed invoice offers no second advance.
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Get paid now' })).toHaveCount(0);

  // The loan balance, factoring tab: the loan funded, principal and fee owed, read from the ledger.
  await page.goto('/loan-balance?tab=factoring');
  await expect(page.getByRole('tab', { name: 'Factoring', selected: true })).toBeVisible({ timeout: 20_000 });
  const loans = page.getByRole('table').filter({ hasText: invoice.invoiceNumber }).first();
  await expect(loans.getByText('Funded')).toBeVisible();
  await expect(page.getByText('$500.00').first()).toBeVisible();
  await expectAccessible(page, 'loan balance, factoring, funded');
  await screenshot(page, 'loan-balance-funded');
  await page.getByRole('tab', { name: 'Buy now, pay later' }).click();
  await expect(page).toHaveURL(/tab=bnpl/);
  await expectAccessible(page, 'loan balance, buy now pay later');

  // The customer pays the whole invoice as a guest: the waterfall repays fee and principal.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(invoice.url);
  await expect(guest.getByRole('button', { name: 'Pay $1,000.00' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(guest, 'public page of the financed invoice', { phone: true });
  await guest.getByRole('button', { name: 'Pay $1,000.00' }).click();
  await payWithCard(guest, GOOD_CARD, 'Pay $1,000.00 now');
  await expect(guest.getByRole('status').filter({ hasText: 'went through' })).toBeVisible({ timeout: 20_000 });
  await guestContext.close();

  await expect(async () => {
    await page.goto('/loan-balance?tab=factoring');
    await expect(page.getByRole('table').filter({ hasText: invoice.invoiceNumber }).first().getByText('Repaid')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expectAccessible(page, 'loan balance, factoring, repaid');
  await screenshot(page, 'loan-balance-repaid');
});
