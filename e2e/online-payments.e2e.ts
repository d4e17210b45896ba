import { expect } from '@playwright/test';
import { PHONE_VIEWPORT, expectAccessible } from './axe';
import { api, screenshots } from './session';
import { test } from './csp';
import { chargeableVendor, openInvoiceLink, payWithCard, serveStripeJs } from './online-payment-setup';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Lofoten Card Works';
const CUSTOMER = 'Reine Harbour Café';
const DECLINED_CARD = '4000 0000 0000 0002';
/** Stripe's test card that asks for 3-D Secure on every payment. */
const AUTHENTICATION_CARD = '4000 0027 6000 3184';

const screenshot = screenshots('online-payments');

test('online payments journey: a guest pays an invoice by card on its public page, a declined card and a failed 3-D Secure challenge show the provider’s message and the challenge completed goes through; the webhook marks it paid and the vendor sees it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@lofoten-card.example.com', fee: { percent: '2.9', fixed: '30' } });

  // An open invoice of $450.00 and its public link, as the vendor would send it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@reine-harbour.example.com' })).data;
  const invoice = await openInvoiceLink(owner, business, customer.id, { name: 'Espresso machine service', price: 45000 });
  const { url } = invoice;

  // The guest: no account, only the link.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Pay online' })).toBeVisible();
  await expectAccessible(guest, 'public invoice with the pay button', { phone: true });
  await guest.getByRole('button', { name: 'Pay $450.00' }).click();
  await expect(guest.getByLabel('Card number')).toBeVisible();
  await expectAccessible(guest, 'public invoice, card form', { phone: true });

  await payWithCard(guest, DECLINED_CARD, 'Pay $450.00 now');
  await expect(guest.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expectAccessible(guest, 'public invoice, card declined', { phone: true });
  await guest.setViewportSize(PHONE_VIEWPORT);
  await screenshot(guest, 'declined-on-phone');

  // 3-D Secure: the bank's challenge (Stripe.js's dialog) fails, the payer sees why and tries again, then completes it.
  await payWithCard(guest, AUTHENTICATION_CARD, 'Pay $450.00 now');
  const challenge = guest.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(challenge).toContainText('450.00 USD');
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: 'failed authentication' })).toBeVisible();
  await expectAccessible(guest, 'public invoice, authentication failed', { phone: true });
  await payWithCard(guest, AUTHENTICATION_CARD, 'Pay $450.00 now');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(guest.getByRole('status').filter({ hasText: 'your payment of $450.00 went through' })).toBeVisible();
  await screenshot(guest, 'paid-on-phone');
  await expectAccessible(guest, 'public invoice, payment sent', { phone: true });
  // The invoice is paid once the provider's payment_intent.succeeded reached the webhook.
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(guest.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await screenshot(guest, 'invoice-paid-on-phone');
  await expectAccessible(guest, 'public invoice, paid', { phone: true });
  await guestContext.close();

  // The vendor: the invoice is paid in the list and on its page, with the card payment booked.
  await page.goto('/invoices/outgoing');
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText('Paid');
  await expectAccessible(page, 'invoices with the card-paid invoice');
  await screenshot(page, 'vendor-invoices');
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $0.00' })).toBeVisible();
  await expectAccessible(page, 'card-paid invoice');
  await page.goto('/payments');
  await expect(page.getByRole('row').filter({ hasText: CUSTOMER })).toContainText('$450.00');
  await expectAccessible(page, 'payments with the card payment');
  await screenshot(page, 'vendor-payments');
  // The payment's transfers and charges, as the provider's events told them: 2.9 % + 30 of $450.00 is the platform's $13.35, the rest goes to the business.
  await page.getByRole('row').filter({ hasText: CUSTOMER }).getByRole('link').first().click();
  // The payment's page first: a reload before the navigation ends would reload the list instead.
  await expect(page).toHaveURL(/\/payments\/[^/]+\/view$/);
  await expect(async () => {
    await page.reload();
    const charges = page.getByRole('table', { name: 'Charges', exact: true });
    const transfers = page.getByRole('table', { name: 'Transfers', exact: true });
    await expect(charges.getByRole('row').filter({ hasText: 'Charge to the payer' })).toContainText('$450.00', { timeout: 1_000 });
    await expect(transfers.getByRole('row').filter({ hasText: 'Platform fee' })).toContainText('$13.35', { timeout: 1_000 });
    await expect(transfers.getByRole('row').filter({ hasText: 'Transfer to your payout account' })).toContainText('$436.65', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page, 'card payment with its transfers and charges');
  await screenshot(page, 'vendor-payment-transfers');

  // The vendor refunds the payment in full: once the provider's refund event arrives, the invoice is due again.
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refund.getByLabel(/^Amount to refund/)).toHaveValue('450.00');
  await expectAccessible(page, 'refund dialog');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(/^Refund requested/).first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Refunds', exact: true }).getByRole('row').filter({ hasText: 'Refunded' })).toContainText('$450.00', { timeout: 1_000 });
    await expect(page.getByText('$450.00 taken back').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $450.00' })).toBeVisible();
  await screenshot(page, 'vendor-invoice-after-refund');
});
