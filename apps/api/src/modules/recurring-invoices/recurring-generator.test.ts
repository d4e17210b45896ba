import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { type CounterpartyResource, type InvoiceResource, type RecurringInvoiceResource, messages } from '@app/contracts';
import { nextOccurrences } from '@app/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { auditOf } from '../../../test/catalog';
import { createCustomer, createTaxType, postalAddress } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { invoices, outbox, publicLinks, recurringInvoiceTaxes, recurringRuns } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Outbox } from '../../platform/outbox';
import { createRecurringInvoiceJob } from './recurring-job';
import { scheduleOfRow } from './recurring-schedule';
import { createRecurring, getRecurring } from './test-recurring';
import { SQLSTATE, expectDatabaseError } from '../../../test/database-errors';
import { eventsOf } from '../../../test/webhook-events';

const DAY_MS = 86_400_000;
let h: Harness;
const clock = fixedClock(new Date('2026-01-01T12:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});

/** Moves the clock; sessions idle out over such jumps, so the owner signs in again. */
async function travelTo(instant: Date, owner: TestClient): Promise<void> {
  clock.set(instant);
  expect((await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
}

/** Every invoice made for a recurring invoice and every run recorded, read as the owner. */
async function madeFor(recurringId: string) {
  const rows = await h.app.db.select({ id: invoices.id, date: invoices.invoiceDate, status: invoices.status }).from(invoices).where(and(isNotNull(invoices.recurringInvoiceId), eq(invoices.recurringInvoiceId, recurringId)));
  const runs = await h.app.db.select({ period: recurringRuns.periodKey, invoiceId: recurringRuns.invoiceId }).from(recurringRuns).where(eq(recurringRuns.recurringInvoiceId, recurringId));
  return { invoices: rows, runs };
}

/** The periods a schedule should have made by `until`, from the domain's rules. */
function expectedPeriods(resource: RecurringInvoiceResource, until: Date): string[] {
  const schedule = scheduleOfRow({ frequency: resource.repeat_interval, schedule: resource.frequency, timeZone: resource.timezone, startsOn: resource.start_date, endsOn: resource.end_date, limitCount: resource.count });
  return nextOccurrences(schedule, 1000)
    .filter((run) => run.getTime() <= until.getTime())
    .map((run) => run.toISOString());
}

describe('exactly once', () => {
  let owner: TestClient;
  let customer: CounterpartyResource;

  beforeAll(async () => {
    owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Year Works');
    customer = await createCustomer(owner, 'Annual Customer', 'annual@example.com');
  });

  it('a simulated year with two workers, one restarted midway, makes every invoice once and misses none', { timeout: 600_000 }, async () => {
    const off = { send_automatically: false };
    const schedules = [
      await createRecurring(owner, customer.id, { ...off, repeat_interval: 'daily', timezone: 'Europe/Berlin' }),
      await createRecurring(owner, customer.id, { ...off, repeat_interval: 'weekly', timezone: 'America/New_York' }),
      await createRecurring(owner, customer.id, { ...off, repeat_interval: 'monthly', start_date: '2026-01-31', timezone: 'Australia/Sydney' }),
      await createRecurring(owner, customer.id, { ...off, repeat_interval: 'yearly', start_date: '2026-03-15', timezone: 'Pacific/Chatham' }),
      // Sundays at 02:30 in New York: 8 March 2026 has no 02:30.
      await createRecurring(owner, customer.id, { ...off, repeat_interval: 'custom', minute: '30', hour: '2', week_day: '0', timezone: 'America/New_York' }),
    ];
    let first = createRecurringInvoiceJob(h.app);
    const second = createRecurringInvoiceJob(h.app);
    const start = clock.now().getTime();
    for (let day = 0; day <= 365; day += 1) {
      clock.set(new Date(start + day * DAY_MS));
      // The first worker "crashes" halfway through the year and comes back as a fresh process.
      if (day === 182) first = createRecurringInvoiceJob(h.app);
      const now = clock.now();
      await Promise.all([first.generateDue(now, { batchSize: 3 }), second.generateDue(now, { batchSize: 3 })]);
    }
    const end = clock.now();
    await travelTo(end, owner);
    for (const schedule of schedules) {
      const expected = expectedPeriods(schedule, end);
      const made = await madeFor(schedule.id);
      expect(made.runs.map((run) => run.period).sort()).toEqual(expected);
      expect(made.invoices).toHaveLength(expected.length);
      expect(new Set(made.runs.map((run) => run.invoiceId))).toEqual(new Set(made.invoices.map((invoice) => invoice.id)));
      expect(made.invoices.every((invoice) => invoice.status === 'open')).toBe(true);
      expect((await getRecurring(owner, schedule.id)).generated_count).toBe(expected.length);
    }
    const [daily, , monthly, yearly, custom] = await Promise.all(schedules.map(async (schedule) => (await madeFor(schedule.id)).invoices.map((invoice) => invoice.date).sort()));
    expect(daily).toHaveLength(366);
    expect(new Set(daily).size).toBe(366);
    expect(monthly?.slice(0, 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(yearly).toEqual(['2026-03-15']);
    expect(custom).toContain('2026-03-08');
    expect((await madeFor(schedules[4]?.id ?? '')).runs.map((run) => run.period)).toContain('2026-03-08T07:00:00.000Z');
    // The database itself refuses a second run for a period, whoever tries.
    const [taken] = (await madeFor(schedules[0]?.id ?? '')).runs;
    await expectDatabaseError(
      h.app.db.insert(recurringRuns).values({ tenantId: h.landlordId, recurringInvoiceId: schedules[0]?.id ?? '', periodKey: taken?.period ?? '', invoiceId: taken?.invoiceId ?? '' }),
      { code: SQLSTATE.uniqueViolation, constraint: 'recurring_runs_tenant_id_recurring_invoice_id_period_key_pk' },
    );
    // Deleting them keeps the later tests' catch-up runs short.
    expect((await owner.post('/api/v1/recurring-invoices/delete', { ids: schedules.map((schedule) => schedule.id) })).body).toEqual({ success: true, count: 5 });
  });
});

describe('catching up and ending', () => {
  let owner: TestClient;
  let customer: CounterpartyResource;

  beforeAll(async () => {
    clock.set(new Date('2027-06-01T09:00:00Z'));
    owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Catch Up Ltd');
    customer = await createCustomer(owner, 'Patient Customer', 'patient@example.com');
  });

  it('makes every period missed while the app was down, each dated its own period, a capped number per run', async () => {
    const generator = createRecurringInvoiceJob(h.app);
    const recurring = await createRecurring(owner, customer.id, { repeat_interval: 'daily', send_automatically: false, due_in_days: 7 });
    expect((await generator.generateDue(clock.now())).generated).toBeGreaterThanOrEqual(1);
    await travelTo(new Date('2027-06-11T09:00:00Z'), owner);
    expect((await generator.generateDue(clock.now(), { maxPerSchedule: 4 })).generated).toBeGreaterThanOrEqual(4);
    expect((await getRecurring(owner, recurring.id)).generated_count).toBe(5);
    await generator.generateDue(clock.now());
    const viewed = await getRecurring(owner, recurring.id);
    expect(viewed).toMatchObject({ generated_count: 11, invoice_count: 11, status: 'active', next_invoice_date: '2027-06-12' });
    expect(viewed.invoices.map((invoice) => [invoice.invoice_date, invoice.due_date])).toContainEqual(['2027-06-03', '2027-06-10']);
    expect(new Set(viewed.invoices.map((invoice) => invoice.invoice_date)).size).toBe(11);
    expect((await owner.delete(`/api/v1/recurring-invoices/${recurring.id}`)).status).toBe(200);
  });

  it('completes after the end date and after the count', async () => {
    const generator = createRecurringInvoiceJob(h.app);
    const ending = await createRecurring(owner, customer.id, { send_automatically: false, end_date: '2027-06-25' });
    const counted = await createRecurring(owner, customer.id, { repeat_interval: 'daily', send_automatically: false, count: 3 });
    await travelTo(new Date('2027-07-31T00:00:00Z'), owner);
    await generator.generateDue(clock.now());
    const ended = await getRecurring(owner, ending.id);
    expect(ended).toMatchObject({ status: 'completed', generated_count: 3, next_run_at: null, next_invoice_date: null, next_dates: [] });
    expect(ended.invoices.map((invoice) => invoice.invoice_date).sort()).toEqual(['2027-06-11', '2027-06-18', '2027-06-25']);
    expect(await getRecurring(owner, counted.id)).toMatchObject({ status: 'completed', generated_count: 3, invoice_count: 3 });
    expect((await auditOf(owner, 'recurring_invoice')).some((entry) => entry.model_id === counted.id && entry.changes.status?.after === 'completed')).toBe(true);
    // Completed schedules are never picked again.
    await travelTo(new Date('2027-09-01T00:00:00Z'), owner);
    await generator.generateDue(clock.now());
    expect((await getRecurring(owner, counted.id)).invoice_count).toBe(3);
  });
});

describe('sending and holding', () => {
  let owner: TestClient;

  beforeAll(async () => {
    clock.set(new Date('2027-10-04T08:00:00Z'));
    owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Mailing Repeats');
  });

  it('mails the invoice to the customer when sending automatically', async () => {
    const customer = await createCustomer(owner, 'Mail Me', 'mail-me@example.com');
    const recurring = await createRecurring(owner, customer.id);
    // Schedules of the tests above catch up in the same run; only this one sends.
    expect(await createRecurringInvoiceJob(h.app).generateDue(clock.now())).toMatchObject({ sent: 1, sendFailures: 0 });
    const mail = await h.smtp.waitFor('mail-me@example.com');
    expect(mail.subject).toBe('You have received a new invoice from Mailing Repeats');
    expect(mail.text).toContain('http://localhost/public/invoices/view/');
    const invoiceId = (await getRecurring(owner, recurring.id)).invoices[0]?.id ?? '';
    expect(((await owner.get(`/api/v1/invoices/${invoiceId}`)).body.data as InvoiceResource).status).toBe('sent');
    // The run tells of the invoice it made (and the invoice of itself: created, then sent by the automatic send), once each.
    const told = (await eventsOf(h, h.landlordId)).filter((event) => JSON.stringify(event.data).includes(invoiceId));
    expect(told.map((event) => [event.type, event.businessId])).toEqual([
      ['invoice.created', owner.business],
      ['recurring_invoice.generated', owner.business],
      ['invoice.sent', owner.business],
    ]);
    expect(told[1]?.data).toMatchObject({ recurring_invoice_id: recurring.id, invoice: { id: invoiceId, status: 'open' } });
  });

  it('keeps the invoice made and open, saying why, when its automatic send fails', async () => {
    const customer = await createCustomer(owner, 'Mail Gone', 'gone@example.com');
    const recurring = await createRecurring(owner, customer.id);
    // The address is removed after the schedule was saved with it.
    expect((await owner.put(`/api/v1/customers/${customer.id}`, { name: 'Mail Gone', billing_address: postalAddress })).status).toBe(200);
    const errors: unknown[] = [];
    expect(await createRecurringInvoiceJob(h.app, (error) => errors.push(error)).generateDue(clock.now())).toMatchObject({ generated: 1, sent: 0, sendFailures: 1 });
    expect(errors).toHaveLength(1);
    const viewed = await getRecurring(owner, recurring.id);
    expect(viewed).toMatchObject({ generated_count: 1, status: 'active', next_invoice_date: '2027-10-11' });
    const invoiceId = viewed.invoices[0]?.id ?? '';
    expect(((await owner.get(`/api/v1/invoices/${invoiceId}`)).body.data as InvoiceResource).status).toBe('open');
    const failure = (await auditOf(owner, 'invoice')).find((entry) => entry.model_id === invoiceId && entry.changes.event?.after === 'send_failed');
    expect(failure?.changes.reason?.after).toBe(messages.customerEmailMissing);
    // The rolled-back send left no link and no mail behind.
    expect(await h.app.db.select({ id: publicLinks.id }).from(publicLinks).where(eq(publicLinks.documentId, invoiceId))).toEqual([]);
    expect(await h.app.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, 'gone@example.com'))).toEqual([]);
  });

  it('delivers the mail of a send whose dispatch was lost, exactly once, through the outbox sweep', async () => {
    const customer = await createCustomer(owner, 'Crash Course', 'crash@example.com');
    const recurring = await createRecurring(owner, customer.id);
    // The worker stops right after its commit: the job that would deliver the mail is never queued.
    const lostDispatch = Object.assign(Object.create(h.app.outbox) as Outbox, { dispatch: () => Promise.reject(new Error('the worker stopped')) });
    expect(await createRecurringInvoiceJob({ ...h.app, outbox: lostDispatch }).generateDue(clock.now())).toMatchObject({ generated: 1, sent: 1 });
    const invoiceId = (await getRecurring(owner, recurring.id)).invoices[0]?.id ?? '';
    expect(((await owner.get(`/api/v1/invoices/${invoiceId}`)).body.data as InvoiceResource).status).toBe('sent');
    const pending = () => h.app.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.to, 'crash@example.com'));
    expect(await pending()).toEqual([{ status: 'pending' }]);
    expect(h.smtp.mails.some((mail) => mail.to.includes('crash@example.com'))).toBe(false);
    await h.app.outbox.sweep(0);
    await h.jobs.drain();
    await h.smtp.waitFor('crash@example.com');
    expect(await pending()).toEqual([{ status: 'sent' }]);
    await h.app.outbox.sweep(0);
    await h.jobs.drain();
    expect(h.smtp.mails.filter((mail) => mail.to.includes('crash@example.com'))).toHaveLength(1);
  });

  it('runs as the background job the process schedules every minute', async () => {
    const customer = await createCustomer(owner, 'Queued Customer', 'queued@example.com');
    const recurring = await createRecurring(owner, customer.id, { send_automatically: false });
    const job = createRecurringInvoiceJob(h.app);
    await job.register();
    await job.trigger(60 * 1000);
    await h.jobs.drain();
    expect(await getRecurring(owner, recurring.id)).toMatchObject({ invoice_count: 1, next_invoice_date: '2027-10-11' });
  });

  it('puts a schedule on hold when its invoice can no longer be made, with the reason in the audit log', async () => {
    const customer = await createCustomer(owner, 'Leaving Soon', 'leaving@example.com');
    const recurring = await createRecurring(owner, customer.id, { send_automatically: false });
    expect((await owner.post('/api/v1/customers/archive', { ids: [customer.id] })).status).toBe(200);
    expect(await createRecurringInvoiceJob(h.app).generateDue(clock.now())).toMatchObject({ generated: 0, held: 1 });
    expect(await getRecurring(owner, recurring.id)).toMatchObject({ status: 'on_hold', invoice_count: 0 });
    const entry = (await auditOf(owner, 'recurring_invoice')).find((row) => row.model_id === recurring.id && row.action === 'updated');
    expect(entry?.changes.reason?.after).toBe(messages.invalidCustomer);
  });

  it('holds a template stored with a tax type twice instead of charging it twice', async () => {
    const customer = await createCustomer(owner, 'Taxed Twice', 'twice@example.com');
    const vat = await createTaxType(owner, 'VAT twice', '19');
    const recurring = await createRecurring(owner, customer.id, { send_automatically: false, tax_per_item_enabled: true, items: [{ name: 'Hosting', price: 12000, taxes: [{ tax_type_id: vat }] }] });
    // Written the way a template saved before duplicates were refused could hold it.
    const [stored] = await h.app.db.select().from(recurringInvoiceTaxes).where(and(eq(recurringInvoiceTaxes.recurringInvoiceId, recurring.id), isNotNull(recurringInvoiceTaxes.recurringInvoiceItemId)));
    if (!stored) throw new Error('the template has a line tax');
    await h.app.db.insert(recurringInvoiceTaxes).values({ ...stored, id: randomUUID() });
    expect(await createRecurringInvoiceJob(h.app).generateDue(clock.now())).toMatchObject({ generated: 0, held: 1 });
    expect(await getRecurring(owner, recurring.id)).toMatchObject({ status: 'on_hold', invoice_count: 0 });
    const entry = (await auditOf(owner, 'recurring_invoice')).find((row) => row.model_id === recurring.id && row.action === 'updated');
    expect(entry?.changes.reason?.after).toBe(messages.duplicateTax);
  });
});
