import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { TestSmtpServer } from '../../../test/smtp';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { businessMailSettings } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

const SMTP_PASSWORD = 'business-Smtp-Pass-42';
const CONFIG = '/api/v1/business/mail/config';

let h: Harness;
let owner: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let businessSmtp: TestSmtpServer;

const config = () => ({ host: '127.0.0.1', port: businessSmtp.port, username: 'atelier', password: SMTP_PASSWORD, encryption: 'none', from_name: 'Atelier Billing', from_address: 'billing@atelier.test' });

async function sendInvoice(client: TestClient, to: string): Promise<void> {
  const customer = await createCustomer(client, `Customer of ${to}`, to);
  const invoice = await createInvoice(client, customer.id);
  const sent = await client.post(`/api/v1/invoices/${invoice.id}/send-email`, { to, subject: 'Invoice {number}', body: 'Please pay.' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await h.jobs.drain();
}

beforeAll(async () => {
  h = await createHarness();
  businessSmtp = new TestSmtpServer();
  await businessSmtp.start();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Atelier Mail');
  sibling = owner.copy();
  const created = await sibling.post('/api/v1/businesses/create', { name: 'Sibling Mail' });
  expect(created.status).toBe(201);
  sibling.business = (created.body.data as { id: string }).id;
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Mail', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
  await businessSmtp.stop();
});

describe('a business’s own email configuration', () => {
  it('starts unconfigured, saves with the password sealed, and never shows the tenant’s server', async () => {
    expect((await owner.get(CONFIG)).body.data).toMatchObject({ configured: false, host: '', has_password: false });
    const saved = await owner.put(CONFIG, config());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, host: '127.0.0.1', has_password: true, from_address: 'billing@atelier.test' });
    expect(JSON.stringify(saved.body)).not.toContain(SMTP_PASSWORD);
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(businessMailSettings));
    expect(rows).toHaveLength(1);
    expect(h.app.secretBox.open(rows[0]?.password ?? '')).toBe(SMTP_PASSWORD);
    expect(errorsOf(await owner.put(CONFIG, { ...config(), from_address: 'not an address' }))).toHaveProperty('from_address');
    // The stored password follows no change of server.
    expect(errorsOf(await owner.put(CONFIG, { ...config(), port: businessSmtp.port + 1, password: '' }))).toEqual({ password: [messages.mailPasswordRequired] });
  });

  it('sends the business’s documents through its own server, from its address; another business keeps the tenant’s', async () => {
    // The test server does not authenticate: without a username no login is attempted.
    expect((await owner.put(CONFIG, { ...config(), username: '', password: '' })).status).toBe(200);
    await sendInvoice(owner, 'payer@atelier-customer.test');
    const mine = await businessSmtp.waitFor('payer@atelier-customer.test');
    expect(mine.raw).toMatch(/^From: "?Atelier Billing"? <billing@atelier\.test>/m);
    expect(h.smtp.mails.some((mail) => mail.to.includes('payer@atelier-customer.test'))).toBe(false);

    await sendInvoice(sibling, 'payer@sibling-customer.test');
    await h.smtp.waitFor('payer@sibling-customer.test');
    expect(businessSmtp.mails.some((mail) => mail.to.includes('payer@sibling-customer.test'))).toBe(false);
    // Account mail is the tenant's, whatever business the user selected.
    expect((await sibling.get(CONFIG)).body.data).toMatchObject({ configured: false });
  });

  it('tests the saved server, and goes back to the tenant’s when removed', async () => {
    const tested = await owner.post('/api/v1/business/mail/test', { to: 'check@atelier.test' });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    await businessSmtp.waitFor('check@atelier.test');

    expect((await owner.delete(CONFIG)).body.data).toMatchObject({ configured: false });
    await sendInvoice(owner, 'later@atelier-customer.test');
    await h.smtp.waitFor('later@atelier-customer.test');
    expect(businessSmtp.mails.some((mail) => mail.to.includes('later@atelier-customer.test'))).toBe(false);
    expect(errorsOf(await owner.post('/api/v1/business/mail/test', { to: 'check@atelier.test' }))).toEqual({ host: [messages.mailNotConfigured] });
  });

  it('cross-tenant and cross-business: each business sees and changes only its own', async () => {
    await owner.put(CONFIG, config());
    expect((await foreign.get(CONFIG)).body.data).toMatchObject({ configured: false });
    expect((await foreign.delete(CONFIG)).status).toBe(200);
    expect((await owner.get(CONFIG)).body.data).toMatchObject({ configured: true });
    // A business header naming another tenant's business is refused.
    const stranger = owner.copy();
    stranger.business = foreign.business;
    expect((await stranger.get(CONFIG)).status).toBe(403);
  });

  it('needs manage-business-settings', async () => {
    const member = await inviteAndAccept(h, owner, 'mail-member@example.com', 'accountant');
    expect((await member.get(CONFIG)).status).toBe(403);
    expect((await member.put(CONFIG, config())).status).toBe(403);
    expect((await member.delete(CONFIG)).status).toBe(403);
    expect((await owner.get(CONFIG)).body.data).toMatchObject({ configured: true, from_address: 'billing@atelier.test' });
  });
});
