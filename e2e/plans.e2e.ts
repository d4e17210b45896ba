import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './constants';
import { expectAccessible } from './axe';
import { test } from './csp';
import { linkIn, waitForMail } from './mailbox';
import { pdfText } from './pdf';
import { screenshots } from './session';

const screenshot = screenshots('plans');
/** A tenant of its own: plans gate every business of their tenant, and the other journeys share the landlord's. */
const TENANT = `http://plans.localhost:${E2E_PORT}`;
const LANDLORD = `http://localhost:${E2E_PORT}`;
const TENANT_ADMIN_EMAIL = 'admin@plans.example.com';
const TENANT_ADMIN_PASSWORD = 'Plans!Passw0rd';

async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Calls the plans tenant's API from the page, as the app does (its cookies, the CSRF header, the
 * selected business): Node cannot resolve *.localhost, the browser can.
 */
async function tenantApi<T>(page: Page, path: string, business: string, data: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path: url, business: selected, data: body }) => {
      const xsrf = document.cookie.split('; ').find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf), business: selected },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, business, data },
  );
  if (answer.status >= 300) throw new Error(`POST ${path} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

async function createPlan(page: Page, plan: { name: string; price: string; features: string[]; users?: string }): Promise<void> {
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(plan.name);
  await dialog.getByLabel('Price').fill(plan.price);
  for (const feature of plan.features) await dialog.getByLabel(feature, { exact: true }).check();
  if (plan.users) await dialog.getByLabel('Team users').fill(plan.users);
  await expectAccessible(page, `new plan form (${plan.name})`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plan created').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: plan.name }).first()).toBeVisible();
}

test('plans journey: a tenant admin defines plans; a business on the free plan meets the starter-plan message on reports, changes plan and gets in, then chooses who hears of paid invoices; the invoice mail template the admin wrote reaches the next invoice sent, and the PDF template made default lays out the next invoice', async ({ browser }) => {
  test.setTimeout(180_000);
  const landlordContext = await browser.newContext();
  const landlord = await landlordContext.newPage();
  await signIn(landlord, LANDLORD, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(landlord).toHaveURL(/\/admin$/);
  await landlord.request.get(`${LANDLORD}/api/v1/csrf-cookie`);
  const xsrf = (await landlordContext.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await landlord.request.post(`${LANDLORD}/api/central/tenants`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    data: { name: 'Plans Platform', domains: ['plans.localhost'], admin_email: TENANT_ADMIN_EMAIL },
  });
  expect(created.status(), await created.text()).toBe(201);
  await landlordContext.close();

  const invitation = await waitForMail(TENANT_ADMIN_EMAIL, 'invited');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(linkIn(invitation, /http:\/\/\S+\/accept-user-invitation\/[\w-]+/));
  await expect(page.getByLabel('Name')).toBeVisible();
  await expectAccessible(page, 'accept invitation');
  await page.getByLabel('Name').fill('Pat Plans');
  await page.getByLabel('Password', { exact: true }).fill(TENANT_ADMIN_PASSWORD);
  await page.getByLabel('Confirm password').fill(TENANT_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, TENANT, TENANT_ADMIN_EMAIL, TENANT_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByText('No plans yet')).toBeVisible();
  await expectAccessible(page, 'plans, none yet');
  await screenshot(page, 'no-plans');
  await createPlan(page, { name: 'Free', price: '0', features: [], users: '3' });
  await createPlan(page, { name: 'Starter', price: '19', features: ['Reports', 'Recurring invoices'] });
  await expect(page.getByRole('row').filter({ hasText: 'Free' }).getByText('Default')).toBeVisible();
  await expectAccessible(page, 'plans');
  await screenshot(page, 'plans');

  await page.goto(`${TENANT}/dashboard`);
  await page.getByRole('button', { name: 'Add business' }).first().click();
  await page.getByLabel('Business name').fill('Plan Journey Co');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Plan Journey Co').first()).toBeVisible();

  // The menu says which plan has it before it is opened.
  const reportsLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports – needs the Starter plan' });
  await expect(reportsLink).toBeVisible();
  // No plan of this tenant offers financing: its screen is not in the menu.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Loan balance/ })).toHaveCount(0);
  await reportsLink.click();
  const notOnPlan = page.getByRole('alert').filter({ hasText: 'Not on your plan' });
  await expect(notOnPlan.getByText('This feature is available on Starter plan and onwards!')).toBeVisible();
  await expectAccessible(page, 'reports, not on the plan');
  await screenshot(page, 'reports-not-on-plan');

  await notOnPlan.getByRole('link', { name: 'See the Starter plan' }).click();
  await expect(page).toHaveURL(/\/settings\/billing-information$/);
  await expect(page.getByText('Your business is on the Free plan.')).toBeVisible();
  await expectAccessible(page, 'billing information');
  await screenshot(page, 'billing-information');
  await page.getByRole('button', { name: 'Switch to Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await expect(dialog.getByText('Move the business to the Starter plan ($19.00 / month)? Its features open at once.')).toBeVisible();
  await expectAccessible(page, 'change plan dialog');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText('Your business is now on the Starter plan.').first()).toBeVisible();
  await expect(page.getByText('Your business is on the Starter plan.')).toBeVisible();
  await screenshot(page, 'on-starter');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Profit and loss' })).toBeVisible();
  await expect(page.getByText('Not on your plan')).toHaveCount(0);
  await expectAccessible(page, 'reports on the starter plan');
  await screenshot(page, 'reports-on-starter');

  // Settings → notifications: who hears of a paid invoice.
  await page.goto(`${TENANT}/settings/notifications`);
  const paid = page.getByRole('combobox', { name: 'Invoice paid' });
  await paid.pressSequentially('books@plans.example.com,');
  await expectAccessible(page, 'notifications');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('books@plans.example.com', { exact: true })).toBeVisible();
  await screenshot(page, 'notifications');

  // Settings → address information: the addresses apart from the business's other details.
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Address information' }).click();
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await expectAccessible(page, 'address information');

  // Settings → email configuration: the business's own mail server, none yet.
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Email configuration' }).click();
  await expect(page.getByText(/No server of your own/)).toBeVisible();
  await expectAccessible(page, 'business email configuration');
  await screenshot(page, 'business-email-configuration');

  // Admin → email templates: the invoice mail's own wording reaches the next invoice sent.
  await page.goto(`${TENANT}/admin/email-templates`);
  await expectAccessible(page, 'email templates');
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/email-templates\/invoice_mail\/edit$/);
  await page.getByRole('textbox', { name: 'Subject' }).fill('[{{ business_name }}] {{ subject }}');
  const preview = page.getByRole('document', { name: 'The mail as it will look' });
  await expect(preview.getByText('[Acme Ltd] Invoice INV-000042 from Acme Ltd')).toBeVisible();
  await page.getByRole('textbox', { name: 'Body' }).fill('Hello {{ customer_name }},\n\n{{ message }}\n\nView it online: {{ link }}');
  await expect(preview.getByText('Hello Globex Corporation,')).toBeVisible();
  await expectAccessible(page, 'email template editor');
  await screenshot(page, 'email-template');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invoice saved').first()).toBeVisible();

  const business = String(await page.evaluate('localStorage.getItem("selectedBusiness")'));
  const customer = await tenantApi<{ data: { id: string } }>(page, '/api/v1/customers', business, { name: 'Journey Buyer', email: 'buyer@plans.example.com' });
  const invoice = await tenantApi<{ data: { id: string } }>(page, '/api/v1/invoices', business, { customer_id: customer.data.id, invoice_date: new Date().toISOString().slice(0, 10), items: [{ name: 'Consulting', quantity: '1', price: 12000 }] });
  await tenantApi(page, `/api/v1/invoices/${invoice.data.id}/send-email`, business, { to: 'buyer@plans.example.com', subject: 'Your invoice {number}', body: 'Thank you for your business.' });
  const sent = await waitForMail('buyer@plans.example.com', '[Plan Journey Co] Your invoice');
  expect(sent.text).toContain('Hello Journey Buyer,');
  expect(sent.text).toContain('Thank you for your business.');

  // Admin → PDF templates: a copy of Modern, in French, made the default, lays out the next invoice's PDF.
  await page.goto(`${TENANT}/admin/pdf-templates`);
  const invoiceTemplates = page.getByRole('region', { name: 'Invoices' });
  await expect(invoiceTemplates.getByRole('link', { name: 'Modern' })).toBeVisible();
  await expectAccessible(page, 'PDF templates');
  await screenshot(page, 'pdf-templates');
  await invoiceTemplates.locator('.mantine-Card-root').filter({ hasText: 'Modern' }).getByRole('button', { name: 'Copy' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Modern' });
  await copy.getByRole('textbox', { name: 'Name' }).fill('Facture');
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(page).toHaveURL(/\/admin\/pdf-templates\/[\w-]+\/edit$/);
  await page.getByRole('textbox', { name: 'Invoice', exact: true }).fill('Facture');
  await page.getByRole('textbox', { name: 'Bill To', exact: true }).fill('Facturer à');
  await page.getByRole('textbox', { name: 'Footer' }).fill('SARL Plan Journey · SIRET 000 000 000 00000');
  await expect(page.getByTitle('Preview of Facture on a sample document')).toBeVisible();
  await expectAccessible(page, 'PDF template editor');
  await screenshot(page, 'pdf-template-editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Facture saved.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('Facture is now the default.').first()).toBeVisible();

  const next = await tenantApi<{ data: { id: string } }>(page, '/api/v1/invoices', business, { customer_id: customer.data.id, invoice_date: new Date().toISOString().slice(0, 10), items: [{ name: 'Atelier', quantity: '2', price: 5000 }] });
  const pdf = await page.evaluate(
    async ({ url, selected }) => {
      const response = await fetch(url, { credentials: 'include', headers: { business: selected } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { status: response.status, base64: btoa(binary) };
    },
    { url: `/api/v1/invoices/${next.data.id}/pdf`, selected: business },
  );
  expect(pdf.status).toBe(200);
  const text = pdfText(Buffer.from(pdf.base64, 'base64'), 'plans-facture');
  expect(text).toContain('Facture');
  expect(text).toContain('FACTURER À');
  expect(text).toContain('SIRET 000 000 000 00000');
  expect(text).not.toContain('Bill To');
  await context.close();
});
