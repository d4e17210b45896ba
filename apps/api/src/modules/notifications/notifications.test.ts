import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceResource, type NotificationSettingsResponse, messages, notificationEvents } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let other: TestClient;
let foreign: TestClient;

const SETTINGS = '/api/v1/business/notification-settings';
const settingsOf = (body: Record<string, unknown>) => (body as NotificationSettingsResponse).data;
const recipientsOf = (body: Record<string, unknown>, event: string) => settingsOf(body).find((setting) => setting.event === event)?.recipients;

/** A finalized invoice of `client` paid in full by hand: its `invoice.paid` event. */
async function paidInvoice(client: TestClient, customerName: string): Promise<InvoiceResource> {
  const customer = await createCustomer(client, customerName);
  const invoice = await createInvoice(client, customer.id);
  expect((await client.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  const paid = await client.post('/api/v1/payments', { direction: 'received', customer_id: customer.id, invoice_id: invoice.id, payment_date: '2026-11-21', amount: 35000 });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  await h.jobs.drain();
  return (await client.get(`/api/v1/invoices/${invoice.id}`)).body.data as InvoiceResource;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Notify Traders');
  other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Quiet Traders');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Notify', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

describe('notification settings', () => {
  it('start with every event off, in the catalogue order', async () => {
    const answer = await owner.get(SETTINGS);
    expect(answer.status).toBe(200);
    expect(settingsOf(answer.body)).toEqual(notificationEvents.map((event) => ({ event, recipients: [] })));
  });

  it('refuse bad addresses, repeats, unknown events and too many addresses', async () => {
    expect(errorsOf(await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: ['not-mail'] }] }))).toEqual({ 'settings.0.recipients.0': [messages.incorrectEmail] });
    expect(errorsOf(await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: ['a@example.com', 'A@example.com'] }] }))).toEqual({ 'settings.0.recipients': [messages.duplicateRecipient] });
    expect(Object.keys(errorsOf(await owner.put(SETTINGS, { settings: [{ event: 'invoice.created', recipients: [] }] })))).toEqual(['settings.0.event']);
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`);
    expect(Object.keys(errorsOf(await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: many }] })))).toEqual(['settings.0.recipients']);
    expect(errorsOf(await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: [] }, { event: 'invoice.paid', recipients: [] }] }))).toEqual({ settings: [messages.duplicateNotificationEvent] });
  });

  it('keep what was chosen; events left out of a change keep their addresses', async () => {
    const saved = await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: ['Books@Example.com', 'boss@example.com'] }, { event: 'invoice.viewed', recipients: ['sales@example.com'] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(recipientsOf(saved.body, 'invoice.paid')).toEqual(['books@example.com', 'boss@example.com']);
    const partial = await owner.put(SETTINGS, { settings: [{ event: 'invoice.viewed', recipients: [] }] });
    expect(recipientsOf(partial.body, 'invoice.viewed')).toEqual([]);
    expect(recipientsOf((await owner.get(SETTINGS)).body, 'invoice.paid')).toEqual(['books@example.com', 'boss@example.com']);
  });

  it("mail each chosen address when the business's event happens, and nobody for a business that chose none", async () => {
    const before = h.smtp.mails.length;
    const invoice = await paidInvoice(owner, 'Paying Customer Ltd');
    expect(invoice.paid_status).toBe('paid');
    for (const to of ['books@example.com', 'boss@example.com']) {
      const mail = await h.smtp.waitFor(to, (m) => m.subject.includes(`Invoice ${invoice.invoice_number} is paid`));
      expect(mail.subject).toBe(`Notify Traders: Invoice ${invoice.invoice_number} is paid`);
      expect(mail.text).toContain(`Paying Customer Ltd has paid invoice ${invoice.invoice_number} in full: $350.00.`);
      expect(mail.to).toEqual([to]);
    }
    // The other business of the same owner chose nobody: its paid invoice mails no one.
    await paidInvoice(other, 'Another Customer');
    const since = h.smtp.mails.slice(before).filter((m) => m.subject.includes('is paid'));
    expect(since.map((m) => m.to[0]).sort()).toEqual(['books@example.com', 'boss@example.com']);
  });

  it('an event turned off mails nobody', async () => {
    await owner.put(SETTINGS, { settings: [{ event: 'invoice.paid', recipients: [] }] });
    const before = h.smtp.mails.length;
    await paidInvoice(owner, 'Late Customer');
    expect(h.smtp.mails.slice(before).filter((m) => m.subject.includes('is paid'))).toEqual([]);
  });

  it('cross-business and cross-tenant: each business keeps its own choice', async () => {
    await owner.put(SETTINGS, { settings: [{ event: 'estimate.approved', recipients: ['owner-a@example.com'] }] });
    expect(recipientsOf((await other.get(SETTINGS)).body, 'estimate.approved')).toEqual([]);
    expect(recipientsOf((await foreign.get(SETTINGS)).body, 'estimate.approved')).toEqual([]);
    await foreign.put(SETTINGS, { settings: [{ event: 'estimate.approved', recipients: ['foreign@example.com'] }] });
    expect(recipientsOf((await owner.get(SETTINGS)).body, 'estimate.approved')).toEqual(['owner-a@example.com']);
    // The owner naming a business of the other tenant in the header is no member of it.
    const intoForeign = owner.copy();
    intoForeign.business = foreign.business;
    expect((await intoForeign.get(SETTINGS)).status).toBe(403);
  });

  it('need the manage-notifications ability', async () => {
    const viewer = await inviteAndAccept(h, owner, 'notify-viewer@example.com', 'viewer');
    expect((await viewer.get(SETTINGS)).status).toBe(403);
    expect((await viewer.put(SETTINGS, { settings: [] })).status).toBe(403);
  });
});
