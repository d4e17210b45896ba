import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { PHONE_VIEWPORT, expectAccessible, expectRedirect } from './axe';
import { waitForMail } from './mailbox';
import { chargeableBusiness, connectPaymentProvider, payWithCard, serveStripeJs } from './online-payment-setup';
import { addBusiness, api, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Bodø Boatworks';
const CUSTOMER = 'Svolvær Marina';
const CUSTOMER_EMAIL = 'owner@svolvaer-marina.example.com';
const CUSTOMER_PASSWORD = 'Svolvaer!Passw0rd';
const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';

const screenshot = screenshots('customer-pay');

test('customer pay journey: a signed-in customer opening the pay link chooses the app, then approves and pays the incoming invoice; a declined card leaves it approved and a second card goes through; a second invoice is paid with the card it saved', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await connectPaymentProvider(page);
  await expectAccessible(page, 'tenants after connecting the payment provider');
  const business = await addBusiness(page, BUSINESS);
  await chargeableBusiness(owner, business, 'owner@bodo-boatworks.example.com');

  // A customer business that onboards, an open invoice of $640.00 to it and its public link.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: CUSTOMER_EMAIL, send_invitation: true })).data;
  const today = new Date().toISOString().slice(0, 10);
  const invoice = (
    await api<{ data: { id: string; invoice_number: string } }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customer.id,
      invoice_date: today,
      items: [{ name: 'Hull inspection', quantity: '1', price: 64000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${invoice.id}/finalize`, business);
  const { url } = await api<{ url: string }>(owner, 'POST', `/api/v1/invoices/${invoice.id}/links`, business);
  const invitation = await waitForMail(CUSTOMER_EMAIL, `added ${CUSTOMER}`);

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await serveStripeJs(buyer);
  await acceptBusinessInvitation(buyer, invitation, { name: 'Astrid Svolvær', password: CUSTOMER_PASSWORD });
  await signIn(buyer, CUSTOMER_EMAIL, CUSTOMER_PASSWORD);
  await expect(buyer).toHaveURL(/\/dashboard$/);

  // The pay link, opened signed in: the access choice, then the app (through the business path).
  await buyer.goto(url);
  await expect(buyer.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
  await expectAccessible(buyer, 'public invoice, access choice', { phone: true });
  const openInApp = buyer.getByRole('link', { name: 'Open in the app' });
  const businessPath = (await openInApp.getAttribute('href')) ?? '';
  expect(businessPath).toMatch(new RegExp(`^/[\\w-]+/customer/invoices/payment/${invoice.id}$`));
  await openInApp.click();
  await expectRedirect(buyer, businessPath, new RegExp(`/customer/invoices/pay/${invoice.id}$`));
  await expect(buyer.getByRole('heading', { name: `Pay invoice ${invoice.invoice_number}` })).toBeVisible();
  await expect(buyer.getByLabel('Card number')).toBeVisible();
  await expectAccessible(buyer, 'customer pay page', { phone: true });

  // From the incoming invoice: Approve and pay; the declined card leaves the invoice approved.
  await buyer.goto(`/invoices/${invoice.id}/view`);
  await expect(buyer.getByRole('link', { name: 'Pay', exact: true })).toBeVisible();
  await expectAccessible(buyer, 'incoming invoice with Pay and Approve and pay');
  await buyer.getByRole('link', { name: 'Approve and pay' }).click();
  await expect(buyer.getByRole('heading', { name: `Approve and pay invoice ${invoice.invoice_number}` })).toBeVisible();
  await expectAccessible(buyer, 'approve and pay page', { phone: true });
  await payWithCard(buyer, DECLINED_CARD, 'Approve and pay $640.00');
  await expect(buyer.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(buyer.getByText('The invoice is approved.')).toBeVisible();
  await expectAccessible(buyer, 'approve and pay, card declined', { phone: true });
  await buyer.setViewportSize(PHONE_VIEWPORT);
  await screenshot(buyer, 'declined-on-phone');

  await payWithCard(buyer, GOOD_CARD, 'Pay $640.00 now');
  await expect(buyer.getByRole('status').filter({ hasText: 'your payment of $640.00 went through' })).toBeVisible();
  await screenshot(buyer, 'paid-on-phone');
  await expectAccessible(buyer, 'approve and pay, payment sent', { phone: true });
  // The vendor's invoice is paid once the provider's payment_intent.succeeded reached the webhook.
  await expect
    .poll(async () => (await api<{ data: { paid_status: string } }>(owner, 'GET', `/api/v1/invoices/${invoice.id}`, business)).data.paid_status, { timeout: 30_000 })
    .toBe('paid');

  // The customer saves a card in settings, then pays a second invoice with it from the spec's payment-method link.
  const second = (
    await api<{ data: { id: string; invoice_number: string } }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customer.id,
      invoice_date: today,
      items: [{ name: 'Antifouling', quantity: '1', price: 21000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${second.id}/finalize`, business);
  await buyer.goto('/settings/payment-methods');
  const methods = buyer.getByRole('region', { name: 'Saved payment methods' });
  await methods.getByRole('button', { name: 'Add a payment method' }).click();
  await expect(methods.getByLabel('Card number')).toBeVisible({ timeout: 30_000 });
  await payWithCard(buyer, GOOD_CARD, 'Save card');
  await expect(methods.getByRole('row', { name: /•••• 4242/ })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(buyer, 'settings, the card saved');
  const companySlug = businessPath.split('/')[1] ?? '';
  const paymentMethodPath = `/${companySlug}/customer/invoices/payment-method/${second.id}`;
  await buyer.goto(paymentMethodPath);
  await expectRedirect(buyer, paymentMethodPath, new RegExp(`/customer/invoices/pay/${second.id}\\?with=saved-method$`));
  const saved = buyer.getByRole('region', { name: 'Pay with a saved payment method' });
  await expect(saved.getByRole('radio', { name: /•••• 4242 \(default\)/ })).toBeChecked();
  await expectAccessible(buyer, 'customer pay page with a saved method', { phone: true });
  await screenshot(buyer, 'saved-method-on-phone');
  await saved.getByRole('button', { name: 'Pay $210.00 with this method' }).click();
  await expect(saved.getByRole('status').filter({ hasText: 'your payment of $210.00 went through' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await api<{ data: { paid_status: string } }>(owner, 'GET', `/api/v1/invoices/${second.id}`, business)).data.paid_status, { timeout: 30_000 })
    .toBe('paid');
  await buyerContext.close();
});
