import { type Page, expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, screenshots } from './session';
import { test } from './csp';
import { chargeableVendor, payWithCard, serveStripeJs } from './online-payment-setup';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Tromsø Timber Builders';
const CUSTOMER = 'Senja Cabin Rentals';
const GOOD_CARD = '4242 4242 4242 4242';

const screenshot = screenshots('estimate-deposit');

/** The landlord tenant's estimate payments switch, turned on in the tenant form by the signed-in super admin. */
async function enableEstimatePayments(page: Page): Promise<void> {
  const listed = await page.request.get('/api/central/tenants?limit=100');
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  await page.goto(`/admin/tenants/${landlord?.id ?? ''}/edit`);
  const estimatePayments = page.getByRole('switch', { name: 'Estimate payments' });
  if (!(await estimatePayments.isChecked())) await estimatePayments.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tenant updated').first()).toBeVisible({ timeout: 20_000 });
}

test('estimate deposit journey: the vendor asks 30 % on an accepted estimate, a guest pays it by card on the public estimate page, and the invoice the estimate converts into shows the deposit paid', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@tromso-timber.example.com' });
  await enableEstimatePayments(page);

  // An open estimate of $800.00 and its public link, as the vendor would send it.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@senja-cabins.example.com' })).data;
  const today = new Date().toISOString().slice(0, 10);
  const estimate = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/estimates', business, { customer_id: customer.id, estimate_date: today, items: [{ name: 'Sauna cabin frame', quantity: '1', price: 80000 }] })).data;
  await api(owner, 'POST', `/api/v1/estimates/${estimate.id}/finalize`, business);
  const { url } = await api<{ url: string }>(owner, 'POST', `/api/v1/estimates/${estimate.id}/links`, business);

  // The guest accepts the estimate on its public page: no deposit is asked yet.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await guest.goto(url);
  await guest.getByRole('button', { name: 'Accept' }).click();
  await expect(guest.getByRole('status').filter({ hasText: /accepted/i })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Deposit' })).toHaveCount(0);

  // The vendor asks 30 % of the total on the accepted estimate.
  await page.goto(`/estimates/${estimate.id}/view`);
  const panel = page.getByRole('region', { name: 'Deposit' });
  await expect(panel.getByRole('button', { name: 'Ask deposit' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'accepted estimate with the deposit form');
  await panel.getByRole('radio', { name: 'Percent of total' }).check();
  await panel.getByLabel('Percent of the total').fill('30');
  await panel.getByRole('button', { name: 'Ask deposit' }).click();
  await expect(page.getByText('The deposit was saved.').first()).toBeVisible();
  await expect(panel.getByText('Deposit asked')).toBeVisible();
  await expect(panel.getByText('$240.00').first()).toBeVisible();
  await expectAccessible(page, 'estimate with the deposit asked');
  await screenshot(page, 'vendor-deposit-asked');

  // The guest pays the deposit by card.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Pay the deposit' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(guest, 'public estimate with the deposit to pay', { phone: true });
  await guest.getByRole('button', { name: 'Pay deposit $240.00' }).click();
  await expect(guest.getByLabel('Card number')).toBeVisible();
  await expectAccessible(guest, 'public estimate, deposit card form', { phone: true });
  await payWithCard(guest, GOOD_CARD, 'Pay deposit $240.00 now');
  await expect(guest.getByRole('status').filter({ hasText: 'your deposit of $240.00 went through' })).toBeVisible();
  await screenshot(guest, 'deposit-sent');
  // Paid once the provider's payment_intent.succeeded reached the webhook: nothing is left to pay.
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByRole('button', { name: /^Pay deposit/ })).toHaveCount(0, { timeout: 1_000 });
    await expect(guest.getByRole('region', { name: 'Deposit' }).getByText('Left to pay').locator('..')).toContainText('$0.00', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(guest, 'public estimate, deposit paid', { phone: true });
  await screenshot(guest, 'deposit-paid');
  await guestContext.close();

  // The vendor converts the estimate: the invoice carries the deposit, $560.00 is due.
  await page.goto(`/estimates/${estimate.id}/view`);
  await expect(panel.getByText('Deposit paid').locator('..')).toContainText('$240.00', { timeout: 20_000 });
  const invoice = (await api<{ data: { id: string } }>(owner, 'POST', `/api/v1/estimates/${estimate.id}/convert-to-invoice`, business)).data;
  await page.goto(`/invoices/${invoice.id}/view`);
  await expect(page.getByRole('row', { name: 'Amount due $560.00' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Partially paid').first()).toBeVisible();
  await expectAccessible(page, 'invoice converted from the estimate, with the deposit paid');
  await screenshot(page, 'invoice-with-deposit');
});
