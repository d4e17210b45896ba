import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice, invoiceBody } from '../../../test/documents';
import { estimateBody } from '../estimates/test-estimates';
import { ownerWithBusiness } from '../../../test/team';
import { TestSmtpServer } from '../../../test/smtp';

let h: Harness;
let vendor: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let foreignCustomer: CounterpartyResource;
let tenantSmtp: TestSmtpServer;

beforeAll(async () => {
  h = await createHarness({ noMailServer: true });
  tenantSmtp = new TestSmtpServer();
  await tenantSmtp.start();
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Held Mail Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Tenant Works', OTHER_HOST);
  customer = await createCustomer(vendor, 'Initech', 'ap@initech.example');
  foreignCustomer = await createCustomer(foreign, 'Umbrella', 'ap@umbrella.example');
});
afterAll(async () => {
  await h.close();
  await tenantSmtp.stop();
});

const send = (client: TestClient, plural: 'invoices' | 'estimates', id: string, to: string) => client.post(`/api/v1/${plural}/${id}/send-email`, { to, subject: 'Your document', body: 'See {link}' });

describe('sending without a mail server', () => {
  it('says the mail is held because no mail server is configured, and the document still counts as sent', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const response = await send(vendor, 'invoices', invoice.id, 'ap@initech.example');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.mail).toEqual({ status: 'held', held_reason: 'no_mail_server' });
    expect(response.body.data).toMatchObject({ id: invoice.id, status: 'sent' });
    const outbox = await vendor.get('/api/v1/platform/outbox?status=held');
    expect(outbox.status).toBe(200);
    expect(JSON.stringify(outbox.body)).toContain('ap@initech.example');
  });

  it('says so too when a create or an update sends the document, and says nothing of mail when it sends nothing', async () => {
    const created = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { send_invoice: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.mail).toEqual({ status: 'held', held_reason: 'no_mail_server' });
    expect(created.body.data).toMatchObject({ status: 'sent' });
    const draft = await vendor.post('/api/v1/estimates', estimateBody(customer.id));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).not.toHaveProperty('mail');
    const id = (draft.body.data as { id: string }).id;
    const updated = await vendor.put(`/api/v1/estimates/${id}`, estimateBody(customer.id, { send_estimate: true }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.mail).toEqual({ status: 'held', held_reason: 'no_mail_server' });
    expect(updated.body.data).toMatchObject({ id, status: 'sent' });
  });

  it('says queued once the tenant configures its own server; another tenant is still told its mail is held', async () => {
    const configured = await vendor.put('/api/v1/platform/mail/config', {
      host: '127.0.0.1',
      port: tenantSmtp.port,
      username: null,
      password: '',
      encryption: 'none',
      from_name: 'Held Mail Works',
      from_address: 'billing@held.example',
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const invoice = await createInvoice(vendor, customer.id);
    const response = await send(vendor, 'invoices', invoice.id, 'ap@initech.example');
    expect(response.body.mail).toEqual({ status: 'queued', held_reason: null });
    await tenantSmtp.waitFor('ap@initech.example', (mail) => mail.subject === 'Your document');

    const foreignInvoice = await createInvoice(foreign, foreignCustomer.id);
    const foreignSend = await send(foreign, 'invoices', foreignInvoice.id, 'ap@umbrella.example');
    expect(foreignSend.body.mail).toEqual({ status: 'held', held_reason: 'no_mail_server' });
  });
});
