import { type Locator, type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';
import { expectAccessible } from './axe';
import { linkIn, waitForMail } from './mailbox';
import { addBusiness, api, screenshots, signIn } from './session';
import { test } from './csp';
import { acceptBusinessInvitation } from './invitations';

// A business of its own: the journeys share one server and may run in any order.
const BUSINESS = 'Bergen Ledger Works';
const CUSTOMER = 'Ørsted Facilities';
const CUSTOMER_EMAIL = 'accounts@orsted-facilities.example.com';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const screenshot = screenshots('payments');

/** DD MMM YYYY, as the app shows dates. */
function shown(date: Date): string {
  return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The first of the month `offset` months after the current one (UTC). */
function firstOfMonth(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

function statCard(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Figures for the financial year' }).getByRole('listitem').filter({ hasText: title });
}

async function recordPayment(page: Page, amount: string, expectedDue: string): Promise<void> {
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment received' });
  const amountField = dialog.getByLabel(/^Amount/);
  // The form proposes paying everything still due on the invoice, written as the currency writes money (1,200.00).
  await expect(amountField).toHaveValue(expectedDue);
  await expect(dialog.getByLabel('Payment number')).not.toHaveValue('');
  await expectAccessible(page, 'record payment dialog');
  await amountField.fill(amount);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment recorded').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('payments journey: a partial payment then the rest, the public invoice lists both, the receipt is mailed; a recurring invoice shows its next dates; the dashboard follows', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const business = await addBusiness(page, BUSINESS);

  // Setup through the API: a customer with an address for mail and an open invoice of $1,200.00.
  const customer = (await api<{ data: { id: string } }>(owner, 'POST', '/api/v1/customers', business, { name: CUSTOMER, email: CUSTOMER_EMAIL })).data;
  const today = new Date().toISOString().slice(0, 10);
  type Invoice = { id: string; invoice_number: string; total: number; amount_paid: number; due_amount: number; paid_status: string };
  const draft = (
    await api<{ data: Invoice }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customer.id,
      invoice_date: today,
      items: [{ name: 'Harbour crane inspection', quantity: '1', price: 120000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${draft.id}/finalize`, business);

  await page.goto('/dashboard');
  await expect(statCard(page, 'Total sales')).toContainText('$1,200.00');
  await expect(page.getByRole('link', { name: 'Amount due: $1,200.00' })).toBeVisible();
  await expectAccessible(page, 'dashboard with an open invoice');

  // A partial payment from the invoice's own page: the invoice is partially paid.
  await page.goto(`/invoices/${draft.id}/view`);
  await expect(page.getByRole('heading', { name: `Invoice ${draft.invoice_number}` })).toBeVisible();
  await expect(page.getByText('Unpaid').first()).toBeVisible();
  await expectAccessible(page, 'unpaid invoice');
  await recordPayment(page, '500.00', '1,200.00');
  await expect(page.getByText('Partially paid').first()).toBeVisible();
  await expect(page.getByRole('row', { name: 'Amount paid $500.00' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Amount due $700.00' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reminders sent' })).toContainText('No payment reminder has been sent for this invoice.');
  await screenshot(page, 'invoice-partially-paid');
  await expectAccessible(page, 'partially paid invoice');

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Amount due: $700.00' })).toBeVisible();
  await screenshot(page, 'dashboard-after-partial-payment');
  await expectAccessible(page, 'dashboard after a partial payment');

  // The rest: the invoice is paid and takes no further payment.
  await page.goto(`/invoices/${draft.id}/view`);
  await recordPayment(page, '700.00', '700.00');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: 'Amount due $0.00' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeHidden();
  await screenshot(page, 'invoice-paid');
  await expectAccessible(page, 'paid invoice');
  const stored = (await api<{ data: Invoice }>(owner, 'GET', `/api/v1/invoices/${draft.id}`, business)).data;
  expect(stored).toMatchObject({ total: 120000, amount_paid: 120000, due_amount: 0, paid_status: 'paid' });

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Amount due: $0.00' })).toBeVisible();
  await expect(statCard(page, 'Total sales')).toContainText('$1,200.00');
  await screenshot(page, 'dashboard-after-payments');
  await expectAccessible(page, 'dashboard after payments');

  // The invoice's public page lists both payments.
  type Payment = { id: string; payment_number: string; amount: number };
  const payments = (await api<{ data: Payment[] }>(owner, 'GET', `/api/v1/payments?tab=received&invoice_id=${draft.id}`, business)).data;
  expect(payments.map((payment) => payment.amount).sort((a, b) => a - b)).toEqual([50000, 70000]);
  const link = await api<{ url: string }>(owner, 'POST', `/api/v1/invoices/${draft.id}/links`, business);
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link.url);
  await expect(guest.getByRole('heading', { name: BUSINESS, level: 1 })).toBeVisible();
  const paymentRows = guest.getByRole('table', { name: 'Payments' }).getByRole('row');
  await expect(paymentRows).toHaveCount(3);
  for (const payment of payments) {
    await expect(paymentRows.filter({ hasText: payment.payment_number })).toContainText(`$${(payment.amount / 100).toFixed(2)}`);
  }
  await expect(guest.getByText('Paid', { exact: true })).toBeVisible();
  await expect(guest.getByRole('row', { name: 'Amount paid $1,200.00' })).toBeVisible();
  await screenshot(guest, 'public-invoice-with-payments');
  await expectAccessible(guest, 'public invoice with payments', { phone: true });

  // The receipt of the last payment, sent from its page, arrives with a link to the public receipt.
  const last = payments.find((payment) => payment.amount === 70000);
  if (!last) throw new Error('The second payment is missing');
  await page.goto(`/payments/${last.id}/view`);
  await expect(page.getByRole('button', { name: 'Send receipt' })).toBeVisible();
  await expectAccessible(page, 'payment');
  await page.getByRole('button', { name: 'Send receipt' }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send receipt' });
  await expect(sendDialog.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(CUSTOMER_EMAIL);
  await expectAccessible(page, 'send receipt dialog');
  await sendDialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Receipt sent').first()).toBeVisible();
  const receiptMail = await waitForMail(CUSTOMER_EMAIL, `Payment receipt ${last.payment_number} from ${BUSINESS}`);
  expect(receiptMail.text).toContain('$700.00');
  await guest.goto(linkIn(receiptMail, /http:\/\/[^\s"<>]+\/public\/payments\/view\/[\w-]+/));
  const receipt = guest.getByRole('article', { name: `Payment receipt ${last.payment_number}` });
  await expect(receipt.getByLabel('Amount $700.00')).toBeVisible();
  await expect(receipt).toContainText(CUSTOMER);
  await expect(receipt).toContainText(draft.invoice_number);
  await expect(guest.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await screenshot(guest, 'public-receipt');
  await expectAccessible(guest, 'public receipt', { phone: true });
  await guest.goto('/public/payments/view/not-a-real-token');
  await expect(guest.getByRole('alert')).toContainText('Receipt does not exist.');
  await expectAccessible(guest, 'public receipt not found', { phone: true });

  // A recurring invoice made in the browser, monthly from the first of next month: its next five dates.
  await page.goto('/recurring-invoices/create');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toBeVisible();
  await expectAccessible(page, 'new recurring invoice form');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: CUSTOMER }).click();
  await page.getByLabel('Name, line 1').fill('Crane maintenance plan');
  await page.getByLabel('Quantity, line 1').fill('1');
  await page.getByLabel('Price, line 1').fill('350.00');
  await page.getByLabel('Frequency').selectOption('monthly');
  const start = firstOfMonth(1);
  await page.getByLabel('Create first invoice on').fill(start.toISOString().slice(0, 10));
  await screenshot(page, 'recurring-form');
  await expectAccessible(page, 'filled recurring invoice form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/recurring-invoices\/[\w-]+\/view$/);
  await expect(page.getByText('Recurring invoice created').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Recurring invoice RI-\d{6}$/ })).toBeVisible();
  const nextDates = page.getByRole('list', { name: 'Next five dates' }).getByRole('listitem');
  await expect(nextDates).toHaveCount(5);
  for (let index = 0; index < 5; index += 1) await expect(nextDates.nth(index)).toContainText(shown(firstOfMonth(1 + index)));
  await screenshot(page, 'recurring-view');
  await expectAccessible(page, 'recurring invoice');
  await guestContext.close();
});

// The claim journey has its own vendor and customer: journeys may run in any order.
const CLAIM_VENDOR = 'Trondheim Rope Makers';
const CLAIM_CUSTOMER = 'Ålesund Harbour Services';
const CLAIM_CUSTOMER_EMAIL = 'payables@alesund-harbour.example.com';
const CLAIM_CUSTOMER_PASSWORD = 'Alesund!Passw0rd';

test('payment claim journey: the customer records paying an invoice, it waits for the vendor, the vendor confirms it and the invoice is paid once', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = page.context();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  const business = await addBusiness(page, CLAIM_VENDOR);

  // A customer who onboards, and an open invoice of $300.00 to it.
  await api(owner, 'POST', '/api/v1/customers', business, { name: CLAIM_CUSTOMER, email: CLAIM_CUSTOMER_EMAIL, send_invitation: true });
  const invitation = await waitForMail(CLAIM_CUSTOMER_EMAIL, `added ${CLAIM_CUSTOMER}`);
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await acceptBusinessInvitation(customerPage, invitation, { name: 'Ingrid Berg', password: CLAIM_CUSTOMER_PASSWORD });
  const customers = await api<{ data: { id: string; name: string }[] }>(owner, 'GET', '/api/v1/customers', business);
  const customerId = customers.data.find((entry) => entry.name === CLAIM_CUSTOMER)?.id ?? '';
  type Invoice = { id: string; invoice_number: string; amount_paid: number; due_amount: number; paid_status: string };
  const invoice = (
    await api<{ data: Invoice }>(owner, 'POST', '/api/v1/invoices', business, {
      customer_id: customerId,
      invoice_date: new Date().toISOString().slice(0, 10),
      items: [{ name: 'Mooring lines', quantity: '1', price: 30000 }],
    })
  ).data;
  await api(owner, 'POST', `/api/v1/invoices/${invoice.id}/finalize`, business);

  // The customer records the payment it made: a claim, awaiting the vendor.
  await signIn(customerPage, CLAIM_CUSTOMER_EMAIL, CLAIM_CUSTOMER_PASSWORD);
  await expect(customerPage).toHaveURL(/\/dashboard/);
  await customerPage.goto('/payments?tab=made');
  await expect(customerPage.getByRole('button', { name: 'Record payment made' }).first()).toBeVisible();
  await expectAccessible(customerPage, 'payments made');
  await customerPage.getByRole('button', { name: 'Record payment made' }).first().click();
  const form = customerPage.getByRole('dialog', { name: 'Record payment made' });
  await form.getByRole('combobox', { name: /^Vendor/ }).click();
  await expect(customerPage.getByRole('option', { name: CLAIM_VENDOR })).toBeVisible();
  await expectAccessible(customerPage, 'vendor options');
  await customerPage.getByRole('option', { name: CLAIM_VENDOR }).click();
  await form.getByRole('combobox', { name: 'Invoice' }).click();
  await customerPage.getByRole('option', { name: `${invoice.invoice_number} · $300.00 due` }).click();
  await expect(form.getByLabel(/^Amount/)).toHaveValue('300.00');
  await expectAccessible(customerPage, 'record payment made dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(customerPage).toHaveURL(/\/payments\/[\w-]+\/view$/);
  await expect(customerPage.getByText('Awaiting vendor confirmation').first()).toBeVisible();
  await expect(customerPage.getByText("The vendor's invoice changes once the vendor confirms that this payment arrived.")).toBeVisible();
  await screenshot(customerPage, 'claim-awaiting-vendor');
  await expectAccessible(customerPage, 'claim awaiting the vendor');

  // The vendor is told; its invoice and dashboard have not moved.
  const claimMail = await waitForMail(ADMIN_EMAIL, `${CLAIM_CUSTOMER} recorded a payment of $300.00`);
  expect(claimMail.text).toContain(invoice.invoice_number);
  expect((await api<{ data: Invoice }>(owner, 'GET', `/api/v1/invoices/${invoice.id}`, business)).data).toMatchObject({ amount_paid: 0, due_amount: 30000, paid_status: 'unpaid' });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Amount due: $300.00' })).toBeVisible();

  // The vendor confirms it from the invoice.
  await page.goto(`/invoices/${invoice.id}/view`);
  const claims = page.getByRole('region', { name: 'Payments claimed by the customer' });
  await expect(claims.getByText('Awaiting your confirmation')).toBeVisible();
  await expect(page.getByText('Unpaid').first()).toBeVisible();
  await screenshot(page, 'invoice-with-claim');
  await expectAccessible(page, 'invoice with a claim');
  await claims.getByRole('button', { name: /^Confirm payment PAY-\d+ from / }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirmDialog).toContainText('Did $300.00 from');
  await expectAccessible(page, 'confirm payment dialog');
  await confirmDialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('Payment confirmed').first()).toBeVisible();
  await expect(claims.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: 'Amount due $0.00' })).toBeVisible();
  await screenshot(page, 'invoice-claim-confirmed');
  await expectAccessible(page, 'invoice with a confirmed claim');

  // Settled once: one payment received of the vendor's, linked to the claim.
  type Received = { id: string; amount: number; confirms_claim: { payment_number: string } | null };
  const received = (await api<{ data: Received[] }>(owner, 'GET', `/api/v1/payments?tab=received&invoice_id=${invoice.id}`, business)).data;
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ amount: 30000, confirms_claim: { payment_number: expect.stringMatching(/^PAY-/) } });
  expect((await api<{ data: Invoice }>(owner, 'GET', `/api/v1/invoices/${invoice.id}`, business)).data).toMatchObject({ amount_paid: 30000, due_amount: 0, paid_status: 'paid' });
  await claims.getByRole('link', { name: 'View payment received' }).click();
  await expect(page.getByText(/^Confirms payment PAY-\d+ recorded by /)).toBeVisible();
  await expectAccessible(page, 'payment confirming a claim');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Amount due: $0.00' })).toBeVisible();

  // The customer sees the vendor's confirmation on its payment and on the invoice.
  await customerPage.reload();
  await expect(customerPage.getByText('Confirmed by vendor').first()).toBeVisible();
  await expectAccessible(customerPage, 'claim confirmed by the vendor');
  await expect(customerPage.getByRole('button', { name: 'Delete' })).toBeHidden();
  await customerPage.goto(`/invoices/${invoice.id}/view`);
  await expect(customerPage.getByRole('region', { name: 'Your payments' }).getByText('Confirmed by vendor')).toBeVisible();
  await expect(customerPage.getByText('Paid', { exact: true }).first()).toBeVisible();
  await screenshot(customerPage, 'incoming-invoice-claim-confirmed');
  await expectAccessible(customerPage, 'incoming invoice paid by a confirmed claim');
  await customerContext.close();
});
