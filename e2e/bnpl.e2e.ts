import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { waitForMail } from './mailbox';
import { chargeableVendor, openInvoiceLink, payWithCard, serveStripeJs } from './online-payment-setup';
import { api, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';

// Businesses of their own: the journeys share one server and may run in any order.
const VENDOR = 'Ålesund Rope Works';
const CUSTOMER = 'Geiranger Ferry Cafe';
const CUSTOMER_EMAIL = 'owner@geiranger-ferry-cafe.example.com';
const CUSTOMER_PASSWORD = 'Geiranger!Passw0rd';
const GOOD_CARD = '4242 4242 4242 4242';

const screenshot = screenshots('bnpl');

test('BNPL journey: the customer business approves an incoming invoice, defers it through the four-step wizard (back, forward, start over) onto its saved card, the vendor is paid now, and the loan balance lists the deferral', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const owner = page.context();
  const vendor = await chargeableVendor(page, { name: VENDOR, ownerEmail: 'owner@alesund-rope.example.com' });

  // An open invoice of $1,000.00 to a customer business on the network.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', vendor, { name: CUSTOMER, email: CUSTOMER_EMAIL, send_invitation: true })).data;
  const invoice = await openInvoiceLink(owner, vendor, customer.id, { name: 'Mooring ropes', price: 100_000 });
  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await acceptBusinessInvitation(buyer, invitation, { name: 'Kari Geiranger', password: CUSTOMER_PASSWORD });
  await signIn(buyer, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(buyer).toHaveURL(/\/dashboard$/);

  // The customer business saves the card the lender will charge on the repay date.
  await serveStripeJs(buyer);
  await buyer.goto('/settings/payment-methods');
  const methods = buyer.getByRole('region', { name: 'Saved payment methods' });
  await methods.getByRole('button', { name: 'Add a payment method' }).click();
  await expect(methods.getByLabel('Card number')).toBeVisible({ timeout: 30_000 });
  await payWithCard(buyer, GOOD_CARD, 'Save card');
  await expect(methods.getByRole('row', { name: /•••• 4242/ })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(buyer, 'settings, the card saved');

  // It approves the invoice; Pay later then opens the wizard at step 1.
  await buyer.goto(`/invoices/${invoice.id}/view`);
  await expect(buyer.getByRole('button', { name: 'Approve', exact: true })).toBeVisible({ timeout: 20_000 });
  await buyer.getByRole('button', { name: 'Approve', exact: true }).click();
  const payLater = buyer.getByRole('link', { name: 'Pay later' });
  await expect(payLater).toBeVisible({ timeout: 20_000 });
  await expectAccessible(buyer, 'approved incoming invoice with Pay later');
  await payLater.click();
  await expect(buyer).toHaveURL(new RegExp(`/invoices/${invoice.id}/bnpl$`));

  // Step 1: 90 days unless changed.
  const days = buyer.getByRole('textbox', { name: /Days to defer/ });
  await expect(days).toHaveValue('90', { timeout: 20_000 });
  await expectAccessible(buyer, 'BNPL wizard, step 1');
  await expectAccessible(buyer, 'BNPL wizard, step 1, on a phone', { phone: true });
  await screenshot(buyer, 'step-1');
  await buyer.getByRole('button', { name: 'See the offer' }).click();

  // Step 2: the offer; back to step 1 and forward again.
  await expect(buyer.getByRole('heading', { name: 'Step 2 of 4: Offer' })).toBeVisible({ timeout: 20_000 });
  const offer = buyer.getByRole('region', { name: "The lender's offer" });
  await expect(offer).toContainText('Total to repay');
  await expectAccessible(buyer, 'BNPL wizard, step 2');
  await expectAccessible(buyer, 'BNPL wizard, step 2, on a phone', { phone: true });
  await screenshot(buyer, 'step-2');
  await buyer.getByRole('button', { name: 'Back' }).click();
  await expect(buyer.getByRole('heading', { name: 'Step 1 of 4: Deferral' })).toBeVisible();
  await expect(days).toHaveValue('90');
  await buyer.getByRole('button', { name: 'See the offer' }).click();
  await expect(buyer.getByRole('heading', { name: 'Step 2 of 4: Offer' })).toBeVisible({ timeout: 20_000 });
  await buyer.getByRole('button', { name: 'Next' }).click();

  // Step 3: the saved card.
  await expect(buyer.getByRole('heading', { name: 'Step 3 of 4: Payment method' })).toBeVisible();
  const card = buyer.getByRole('radio', { name: /•••• 4242/ });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expectAccessible(buyer, 'BNPL wizard, step 3');

  // Start over: back to step 1 with the default deferral, then through the offer again.
  await buyer.getByRole('button', { name: 'Start over' }).click();
  await expect(buyer.getByRole('heading', { name: 'Step 1 of 4: Deferral' })).toBeVisible();
  await expect(days).toHaveValue('90');
  await buyer.getByRole('button', { name: 'See the offer' }).click();
  await expect(buyer.getByRole('heading', { name: 'Step 2 of 4: Offer' })).toBeVisible({ timeout: 20_000 });
  await buyer.getByRole('button', { name: 'Next' }).click();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.check();
  await buyer.getByRole('button', { name: 'Next' }).click();

  // Step 4: review, the lender's terms when it sets them, confirm.
  await expect(buyer.getByRole('heading', { name: 'Step 4 of 4: Review and confirm' })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your deferral' })).toContainText('•••• 4242');
  await expectAccessible(buyer, 'BNPL wizard, step 4');
  await expectAccessible(buyer, 'BNPL wizard, step 4, on a phone', { phone: true });
  await screenshot(buyer, 'step-4');
  const terms = buyer.getByRole('checkbox', { name: "I accept the lender's terms" });
  if (await terms.isVisible()) await terms.check();
  await buyer.getByRole('button', { name: 'Confirm and pay later' }).click();
  // Paid at once, or deferred while the lender's transfer to the vendor is on its way.
  const done = buyer.getByRole('status').filter({ hasText: new RegExp(`Invoice ${invoice.invoiceNumber} is (paid|deferred)`) });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done).toContainText('•••• 4242 will be charged');
  await expectAccessible(buyer, 'BNPL wizard, funded');
  await screenshot(buyer, 'funded');

  // The deferred invoice offers no second deferral.
  await buyer.goto(`/invoices/${invoice.id}/view`);
  await expect(buyer.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible({ timeout: 20_000 });
  await expect(buyer.getByRole('link', { name: 'Pay later' })).toHaveCount(0);

  // The loan balance opens on buy now, pay later: the loan on the invoice, its balance read from the ledger.
  await buyer.goto('/loan-balance');
  await expect(buyer.getByRole('tab', { name: 'Buy now, pay later', selected: true })).toBeVisible({ timeout: 20_000 });
  const loans = buyer.getByRole('table').filter({ hasText: invoice.invoiceNumber }).first();
  await expect(loans).toBeVisible({ timeout: 20_000 });
  await expect(loans.getByText(/Funded|Awaiting funds/).first()).toBeVisible();
  await expectAccessible(buyer, 'loan balance, buy now pay later');
  await screenshot(buyer, 'loan-balance');
  await buyerContext.close();

  // The vendor is paid now, not in 90 days: its invoice reads paid once the lender's transfer is made.
  await expect(async () => {
    await page.goto(`/invoices/${invoice.id}/view`);
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expectAccessible(page, "the vendor's invoice paid by the lender");
});
