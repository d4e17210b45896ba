import { type Page, expect } from '@playwright/test';
import { PLAID_LINK_SCRIPT_URL, fakePlaidLinkScript } from '@app/fakes';
import { PHONE_VIEWPORT, expectAccessible } from './axe';
import { FAKE_PLAID_CREDENTIALS } from './constants';
import { api, screenshots } from './session';
import { test } from './csp';
import { chargeableVendor, openInvoiceLink, serveStripeJs, settleBankPayments } from './online-payment-setup';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Lofoten Linked Debits';
const CUSTOMER = 'Reine Harbour Supplies';

const screenshot = screenshots('plaid-bank-payment');

/** Plaid Link comes from its real URL, answered with the fake's script, which talks to the fake Plaid (no network). */
async function serveLinkScript(page: Page): Promise<void> {
  const url = process.env.E2E_FAKE_PLAID_URL;
  if (!url) throw new Error('E2E_FAKE_PLAID_URL is not set: the browser suite’s global setup starts the fake Plaid');
  const script = fakePlaidLinkScript(url);
  await page.route(PLAID_LINK_SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
}

/** The landlord tenant's bank-link provider: the fake Plaid's keys, saved in the tenant form by the signed-in super admin. */
async function connectBankLink(page: Page): Promise<void> {
  const listed = await page.request.get('/api/central/tenants?limit=100');
  const landlord = ((await listed.json()) as { data: { id: string; is_landlord: boolean }[] }).data.find((tenant) => tenant.is_landlord);
  await page.goto(`/admin/tenants/${landlord?.id ?? ''}/edit`);
  const bankLink = page.getByRole('group', { name: 'Bank-link provider' });
  await bankLink.getByLabel('Client id', { exact: true }).fill(FAKE_PLAID_CREDENTIALS.clientId);
  await bankLink.getByLabel('Secret', { exact: true }).fill(FAKE_PLAID_CREDENTIALS.secret);
  await bankLink.getByLabel('Environment', { exact: true }).fill('sandbox');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tenant updated').first()).toBeVisible();
}

test('linked bank payment journey: a guest links a bank through Plaid Link on the public invoice, pays, sees the debit processing, and the vendor sees the invoice paid once the bank settles it', async ({ page, browser }) => {
  // Linking, paying and settling take three round trips through the fakes and the inbox: more than a card payment.
  test.setTimeout(300_000);
  const owner = page.context();
  const business = await chargeableVendor(page, { name: BUSINESS, ownerEmail: 'owner@lofoten-linked.example.com' });
  await connectBankLink(page);

  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: 'ap@reine-harbour.example.com' })).data;
  const invoice = await openInvoiceLink(owner, business, customer.id, { name: 'Rorbu stay, three nights', price: 36000 });

  // The guest: no account, only the link; links their bank instead of typing its numbers.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await serveStripeJs(guest);
  await serveLinkScript(guest);
  await guest.goto(invoice.url);
  await guest.getByRole('button', { name: 'Pay $360.00' }).click();
  await guest.getByRole('radio', { name: 'Bank account (US)' }).check();
  await expect(guest.getByRole('radio', { name: 'Link your bank' })).toBeChecked();
  await expectAccessible(guest, 'public invoice, link your bank');
  await guest.getByRole('button', { name: 'Link your bank' }).click();

  const link = guest.getByRole('dialog', { name: 'First Platypus Bank' });
  await expect(link).toBeVisible();
  await screenshot(guest, 'plaid-link');
  await link.getByRole('button', { name: 'Continue' }).click();

  // The chosen account, the name on it and the mandate; nothing has been debited yet.
  const linked = guest.getByRole('group', { name: 'Linked bank account' });
  await expect(linked.getByText('First Platypus Bank')).toBeVisible();
  await expect(linked.getByText(/ending in 0000/)).toBeVisible();
  await expect(guest.getByText(/you authorize Lofoten Linked Debits to debit \$360\.00/)).toBeVisible();
  await guest.getByRole('textbox', { name: /Account holder name/ }).fill('Reine Harbour Supplies AS');
  await expectAccessible(guest, 'public invoice, linked bank with the mandate', { phone: true });
  await guest.setViewportSize(PHONE_VIEWPORT);
  await screenshot(guest, 'linked-bank-on-phone');
  await guest.getByRole('button', { name: 'Pay $360.00 now' }).click();

  await expect(guest.getByText(/A bank payment of \$360\.00 is processing/)).toBeVisible();
  await expect(guest.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await expectAccessible(guest, 'public invoice, linked bank payment processing', { phone: true });
  await screenshot(guest, 'processing-on-phone');

  await page.goto('/invoices/outgoing');
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText('Processing');

  // The bank settles the debit; the verified payment_intent.succeeded pays the invoice.
  await settleBankPayments(owner.request);
  await expect(async () => {
    await guest.reload();
    await expect(guest.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expectAccessible(guest, 'public invoice, paid from a linked bank', { phone: true });
  await screenshot(guest, 'paid-on-phone');
  await guestContext.close();

  await page.goto('/invoices/outgoing');
  await expect(row).toContainText('Paid');
  await expect(row).not.toContainText('Processing');
  await expectAccessible(page, 'invoices with the invoice paid from a linked bank');
});
