import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type CounterpartyResource, type InvoiceResource, type PaymentReminderListResponse, type PaymentReminderResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { invoices } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { type PaymentReminderJob, createPaymentReminderJob } from './payment-reminder-job';

const CUSTOMER_EMAIL = 'ap@reminded.example';
const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let job: PaymentReminderJob;
const jobErrors: unknown[] = [];

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Reminding Vendor');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Vendor');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Vendor', OTHER_HOST);
  customer = await createCustomer(vendor, 'Reminded Customer', CUSTOMER_EMAIL);
  job = createPaymentReminderJob(h.app, (_scope, error) => jobErrors.push(error));
});
afterAll(async () => {
  await h.close();
});

async function createRule(client: TestClient, type: string, days: number): Promise<PaymentReminderResource> {
  const response = await client.post('/api/v1/payment-reminders', { type, days });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as PaymentReminderResource;
}

/** An invoice to `customerId` due on `dueDate`, finalized (open) unless `draft`. */
async function dueInvoice(customerId: string, dueDate: string, draft = false): Promise<InvoiceResource> {
  const invoice = await createInvoice(vendor, customerId, { invoice_date: '2026-02-01', due_date: dueDate });
  if (draft) return invoice;
  const finalized = await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`);
  expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
  return finalized.body.data as InvoiceResource;
}

/** Moving the clock by days ends the sessions: everyone signs in again at the new time. */
async function moveClockTo(instant: string): Promise<void> {
  clock.set(new Date(instant));
  for (const [client, email] of [
    [vendor, ADMIN_EMAIL],
    [sibling, ADMIN_EMAIL],
    [foreign, OTHER_ADMIN_EMAIL],
  ] as const) {
    const business = client.business;
    expect((await client.login(email, ADMIN_PASSWORD)).status).toBe(200);
    client.business = business;
  }
}

async function runJob(): Promise<number> {
  const sent = await job.run();
  await h.jobs.drain();
  expect(jobErrors).toEqual([]);
  return sent;
}

const remindersOf = async (client: TestClient, invoiceId: string) => client.get(`/api/v1/invoices/${invoiceId}/reminders`);
const mailsAbout = (invoice: InvoiceResource) => h.smtp.mails.filter((mail) => mail.to.includes(CUSTOMER_EMAIL) && mail.subject.includes(invoice.invoice_number));

describe('payment reminder rules', () => {
  it('creates, reads, lists, updates and deletes rules', async () => {
    const rule = await createRule(sibling, 'before_due', 7);
    expect(rule).toMatchObject({ type: 'before_due', days: 7 });
    expect((await sibling.get(`/api/v1/payment-reminders/${rule.id}`)).body.data).toMatchObject({ id: rule.id, days: 7 });
    const updated = await sibling.put(`/api/v1/payment-reminders/${rule.id}`, { type: 'after_due', days: 14 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ type: 'after_due', days: 14 });
    const onDue = await createRule(sibling, 'on_due', 12);
    expect(onDue.days).toBe(0);
    const list = (await sibling.get('/api/v1/payment-reminders')).body as unknown as PaymentReminderListResponse;
    expect(list.data.map((row) => [row.type, row.days])).toEqual([
      ['on_due', 0],
      ['after_due', 14],
    ]);
    expect(list.meta).toMatchObject({ total: 2, payment_reminder_total_count: 2 });
    const filtered = (await sibling.get('/api/v1/payment-reminders?type=on_due')).body as unknown as PaymentReminderListResponse;
    expect(filtered.meta).toMatchObject({ total: 1, payment_reminder_total_count: 2 });
    expect((await sibling.delete(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(200);
    expect((await sibling.get(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(404);
    expect((await sibling.delete(`/api/v1/payment-reminders/${onDue.id}`)).status).toBe(200);
  });

  it('refuses days outside 0 to 90, unknown types and a rule the business already has', async () => {
    for (const days of [91, -1, 2.5, '7']) {
      const response = await sibling.post('/api/v1/payment-reminders', { type: 'after_due', days });
      expect(response.status, String(days)).toBe(422);
      expect(errorsOf(response).days).toEqual([messages.reminderDaysRange]);
    }
    expect(errorsOf(await sibling.post('/api/v1/payment-reminders', { type: 'weekly', days: 3 })).type).toEqual([messages.invalidReminderType]);
    const rule = await createRule(sibling, 'after_due', 90);
    const duplicate = await sibling.post('/api/v1/payment-reminders', { type: 'after_due', days: 90 });
    expect(duplicate.status).toBe(422);
    expect(errorsOf(duplicate).days).toEqual([messages.reminderTaken]);
    const other = await createRule(sibling, 'after_due', 30);
    expect(errorsOf(await sibling.put(`/api/v1/payment-reminders/${other.id}`, { type: 'after_due', days: 90 })).days).toEqual([messages.reminderTaken]);
    expect(errorsOf(await sibling.put(`/api/v1/payment-reminders/${other.id}`, { type: 'after_due', days: 91 })).days).toEqual([messages.reminderDaysRange]);
    expect((await sibling.get(`/api/v1/payment-reminders/${other.id}`)).body.data).toMatchObject({ days: 30 });
    // The same rule in another business is its own.
    await createRule(vendor, 'after_due', 90).then((made) => vendor.delete(`/api/v1/payment-reminders/${made.id}`));
    for (const id of [rule.id, other.id]) expect((await sibling.delete(`/api/v1/payment-reminders/${id}`)).status).toBe(200);
  });

  it('needs the payment reminder abilities', async () => {
    const rule = await createRule(vendor, 'before_due', 3);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@reminders.example', 'viewer');
    expect((await viewer.get('/api/v1/payment-reminders')).status).toBe(200);
    expect((await viewer.post('/api/v1/payment-reminders', { type: 'after_due', days: 1 })).status).toBe(403);
    expect((await viewer.put(`/api/v1/payment-reminders/${rule.id}`, { type: 'after_due', days: 1 })).status).toBe(403);
    expect((await viewer.delete(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(403);
    const role = await vendor.post('/api/v1/roles', { name: 'Invoice Reader', abilities: ['view-invoice'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const reader = await inviteAndAccept(h, vendor, 'reader@reminders.example', 'Invoice Reader');
    expect((await reader.get('/api/v1/payment-reminders')).status).toBe(403);
    expect((await reader.get(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(403);
    expect((await vendor.get(`/api/v1/payment-reminders/${rule.id}`)).body.data).toMatchObject({ type: 'before_due', days: 3 });
    expect((await vendor.delete(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(200);
  });

  it('answers 404 to another business or tenant and changes nothing', async () => {
    const rule = await createRule(vendor, 'after_due', 45);
    for (const outsider of [sibling, foreign]) {
      expect((await outsider.get(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/v1/payment-reminders/${rule.id}`, { type: 'after_due', days: 1 })).status).toBe(404);
      expect((await outsider.delete(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(404);
      expect(((await outsider.get('/api/v1/payment-reminders')).body.data as unknown[]).length).toBe(0);
    }
    // A foreign business header is refused outright.
    const header = { business: vendor.business ?? '' };
    expect((await foreign.get('/api/v1/payment-reminders', header)).status).toBe(403);
    expect((await vendor.get(`/api/v1/payment-reminders/${rule.id}`)).body.data).toMatchObject({ type: 'after_due', days: 45 });
    expect((await vendor.delete(`/api/v1/payment-reminders/${rule.id}`)).status).toBe(200);
  });
});

describe('the payment reminders job', () => {
  let paid: InvoiceResource;
  let voided: InvoiceResource;
  let steady: InvoiceResource;
  let neverOpen: InvoiceResource;
  let voidFromStart: InvoiceResource;
  let noAddress: InvoiceResource;
  let early: InvoiceResource;
  let late: InvoiceResource;

  it('mails each open unpaid invoice once per rule when the rule day has come', async () => {
    const silent = await createCustomer(vendor, 'Customer Without Mail');
    paid = await dueInvoice(customer.id, '2026-03-07');
    voided = await dueInvoice(customer.id, '2026-03-07');
    steady = await dueInvoice(customer.id, '2026-03-06');
    early = await dueInvoice(customer.id, '2026-03-09');
    neverOpen = await dueInvoice(customer.id, '2026-03-07', true);
    voidFromStart = await dueInvoice(customer.id, '2026-03-07');
    expect((await vendor.post(`/api/v1/invoices/${voidFromStart.id}/void`)).status).toBe(200);
    noAddress = await dueInvoice(silent.id, '2026-03-07');
    await createRule(vendor, 'after_due', 3);
    await createRule(vendor, 'after_due', 6);

    // 10 March: 'after 3 days' is due for invoices due 4..7 March (7 March on its day, earlier ones caught up).
    expect(await runJob()).toBe(3);
    for (const invoice of [paid, voided, steady]) {
      await h.smtp.waitFor(CUSTOMER_EMAIL, (mail) => mail.subject.includes(invoice.invoice_number));
      const sent = await remindersOf(vendor, invoice.id);
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual([{ reminder_id: expect.any(String), type: 'after_due', days: 3, sent_to: CUSTOMER_EMAIL, sent_at: '2026-03-10T09:00:00.000Z' }]);
    }
    const mail = mailsAbout(paid)[0];
    expect(mail?.subject).toBe(`Payment reminder: invoice ${paid.invoice_number} is overdue`);
    expect(mail?.text).toContain('Dear Reminded Customer');
    expect(mail?.text).toContain('was due on 07 Mar 2026');
    expect(mail?.text).toContain('The amount still due is $350.00');
    for (const invoice of [early, neverOpen, voidFromStart, noAddress]) expect((await remindersOf(vendor, invoice.id)).body.data).toEqual([]);
  });

  it('does not mail the same invoice and rule again on the next run', async () => {
    expect(await runJob()).toBe(0);
    // Two workers at once: the delivery key lets exactly one of them mail the new invoice.
    late = await dueInvoice(customer.id, '2026-03-05');
    const runs = await Promise.all([job.run(), job.run()]);
    await h.jobs.drain();
    expect(runs[0] + runs[1]).toBe(1);
    await h.smtp.waitFor(CUSTOMER_EMAIL, (mail) => mail.subject.includes(late.invoice_number));
    expect(mailsAbout(late)).toHaveLength(1);
    clock.advance(60 * 60 * 1000);
    expect(await runJob()).toBe(0);
    expect(mailsAbout(paid)).toHaveLength(1);
    expect(mailsAbout(steady)).toHaveLength(1);
  });

  it('stops once the invoice is paid or void', async () => {
    // The payments module sets paid_status when a payment settles the invoice; this suite sets it
    // with the owner connection so it does not depend on payments.
    await h.app.db
      .update(invoices)
      .set({ paidStatus: 'paid', amountPaid: paid.total, dueAmount: 0 })
      .where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, paid.id)));
    expect((await vendor.post(`/api/v1/invoices/${voided.id}/void`)).status).toBe(200);

    // 12 March: 'after 6 days' is due for invoices due 3..6 March; 'after 3 days' now reaches early (due 9 March).
    await moveClockTo('2026-03-12T09:00:00Z');
    expect(await runJob()).toBe(3);
    expect((await remindersOf(vendor, steady.id)).body.data).toMatchObject([{ days: 3 }, { days: 6 }]);
    expect((await remindersOf(vendor, late.id)).body.data).toMatchObject([{ days: 3 }, { days: 6 }]);
    expect((await remindersOf(vendor, early.id)).body.data).toMatchObject([{ days: 3 }]);

    // 13 March: 'after 6 days' reaches invoices due 7 March; the paid and the voided ones get nothing more.
    await moveClockTo('2026-03-13T09:00:00Z');
    expect(await runJob()).toBe(0);
    expect((await remindersOf(vendor, paid.id)).body.data).toMatchObject([{ days: 3 }]);
    expect((await remindersOf(vendor, voided.id)).body.data).toMatchObject([{ days: 3 }]);
    expect(mailsAbout(paid)).toHaveLength(1);
    expect(mailsAbout(voided)).toHaveLength(1);
  });

  it('shows the deliveries to the issuer only', async () => {
    const viewer = await inviteAndAccept(h, vendor, 'second-viewer@reminders.example', 'viewer');
    expect((await remindersOf(viewer, steady.id)).status).toBe(200);
    for (const outsider of [sibling, foreign]) expect((await remindersOf(outsider, steady.id)).status).toBe(404);
    const role = await vendor.post('/api/v1/roles', { name: 'Rule Reader', abilities: ['view-payment-reminder'] });
    expect(role.status).toBe(201);
    const ruleReader = await inviteAndAccept(h, vendor, 'rule-reader@reminders.example', 'Rule Reader');
    expect((await remindersOf(ruleReader, steady.id)).status).toBe(403);
  });
});
