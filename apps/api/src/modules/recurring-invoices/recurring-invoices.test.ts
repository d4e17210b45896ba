import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type CounterpartyResource, type InvoiceResource, type NextNumberResponse, type RecurringInvoiceListResponse, type RecurringInvoiceResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf } from '../../../test/catalog';
import { createCustomer, createTaxType } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { invoices } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createRecurringInvoiceJob } from './recurring-job';
import { createRecurring, getRecurring, recurringBody } from './test-recurring';

let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let vat: string;
// A Friday.
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Repeat Works');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Repeats');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Repeats', OTHER_HOST);
  customer = await createCustomer(vendor, 'Globex', 'billing@globex.example');
  vat = await createTaxType(vendor, 'VAT', '19');
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as RecurringInvoiceResource;
const listOf = (body: Record<string, unknown>) => body as unknown as RecurringInvoiceListResponse;
const datesOf = (resource: RecurringInvoiceResource) => resource.next_dates.map((run) => run.invoice_date);

describe('creating recurring invoices', () => {
  it('applies the spec defaults, prices on the server and shows the next five dates', async () => {
    const created = await createRecurring(vendor, customer.id, { taxes: [{ tax_type_id: vat }], total: 1, sub_total: 1 });
    // 120.00 + 2 × 25.00 = 170.00; VAT 19% = 32.30.
    expect(created).toMatchObject({ sub_total: 17000, tax: 3230, total: 20230, repeat_interval: 'weekly', template_name: 'invoice1', send_automatically: true, auto_pay_enabled: false });
    // Weekly from today (a Friday) at midnight in the business zone: the first run is due, so the generator is at work.
    expect(created).toMatchObject({ start_date: '2026-11-20', week_day: '5', frequency: '0 0 * * 5', timezone: 'UTC', status: 'working', next_invoice_date: '2026-11-20', next_run_at: '2026-11-20T00:00:00.000Z' });
    expect(datesOf(created)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18']);
    expect(created).toMatchObject({ invoices: [], invoice_count: 0, generated_count: 0, count: null, end_date: null });
    expect(created.taxes).toEqual([expect.objectContaining({ name: 'VAT', amount: 3230 })]);
    expect(await getRecurring(vendor, created.id)).toEqual(created);
    expect((await auditOf(vendor, 'recurring_invoice'))[0]).toMatchObject({ action: 'created', model_id: created.id });
  });

  it('anchors each preset to its start date', async () => {
    const off = { send_automatically: false };
    const yearly = await createRecurring(vendor, customer.id, { ...off, repeat_interval: 'yearly', start_date: '2027-03-15' });
    expect(yearly).toMatchObject({ frequency: '0 0 15 3 *', status: 'active' });
    expect(datesOf(yearly)).toEqual(['2027-03-15', '2028-03-15', '2029-03-15', '2030-03-15', '2031-03-15']);
    const monthly = await createRecurring(vendor, customer.id, { ...off, repeat_interval: 'monthly', start_date: '2027-01-31' });
    expect(datesOf(monthly)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    const daily = await createRecurring(vendor, customer.id, { ...off, repeat_interval: 'daily', start_date: '2026-12-30', timezone: 'Pacific/Chatham' });
    expect(daily.next_dates[0]).toEqual({ run_at: '2026-12-29T10:15:00.000Z', invoice_date: '2026-12-30' });
    expect(datesOf(daily)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('takes a custom schedule literally in its time zone, across a DST change', async () => {
    // Sundays at 02:30 in New York; clocks spring forward at 02:00 on 14 March 2027.
    const custom = await createRecurring(vendor, customer.id, { repeat_interval: 'custom', minute: '30', hour: 2, week_day: '0', start_date: '2027-03-01', timezone: 'America/New_York' });
    expect(custom).toMatchObject({ frequency: '30 2 * * 0', minute: '30', hour: '2', day_of_month: '*', month: '*', week_day: '0' });
    expect(custom.next_dates).toEqual([
      { run_at: '2027-03-07T07:30:00.000Z', invoice_date: '2027-03-07' },
      { run_at: '2027-03-14T07:00:00.000Z', invoice_date: '2027-03-14' },
      { run_at: '2027-03-21T06:30:00.000Z', invoice_date: '2027-03-21' },
      { run_at: '2027-03-28T06:30:00.000Z', invoice_date: '2027-03-28' },
      { run_at: '2027-04-04T06:30:00.000Z', invoice_date: '2027-04-04' },
    ]);
  });

  it('shows only the dates before the end date or count', async () => {
    const ending = await createRecurring(vendor, customer.id, { start_date: '2026-12-01', end_date: '2026-12-15' });
    expect(datesOf(ending)).toEqual(['2026-12-01', '2026-12-08', '2026-12-15']);
    const counted = await createRecurring(vendor, customer.id, { repeat_interval: 'monthly', start_date: '2026-12-01', count: 2 });
    expect(datesOf(counted)).toEqual(['2026-12-01', '2027-01-01']);
  });

  it('refuses bad input with the spec messages', async () => {
    const silent = await createCustomer(vendor, 'No Mail Ltd');
    expect(errorsOf(await vendor.post('/api/v1/recurring-invoices', recurringBody(silent.id))).customer_id).toEqual([messages.recurringEmailRequired]);
    expect((await createRecurring(vendor, silent.id, { send_automatically: false })).send_automatically).toBe(false);
    const post = (overrides: Record<string, unknown>) => vendor.post('/api/v1/recurring-invoices', recurringBody(customer.id, overrides));
    expect(errorsOf(await post({ repeat_interval: 'custom', minute: '61', week_day: 'MON' }))).toEqual({ minute: [messages.invalidScheduleField], week_day: [messages.invalidScheduleField] });
    expect(errorsOf(await post({ repeat_interval: 'custom', day_of_month: '30', month: '2', week_day: '*' })).repeat_interval).toEqual([messages.scheduleNeverRuns]);
    expect(errorsOf(await post({ start_date: '2026-11-19' })).start_date).toEqual([messages.startDateInPast]);
    expect(errorsOf(await post({ start_date: '2026-12-10', end_date: '2026-12-09' })).end_date).toEqual([messages.endBeforeStartDate]);
    expect(errorsOf(await post({ count: 0 })).count).toEqual([messages.invalidCount]);
    expect(errorsOf(await post({ timezone: 'Mars/Olympus_Mons' })).timezone).toEqual([messages.invalidTimeZone]);
    expect(errorsOf(await post({ repeat_interval: 'hourly' })).repeat_interval).toHaveLength(1);
    expect(errorsOf(await post({ items: [] })).items).toEqual([messages.required]);
    expect(errorsOf(await post({ items: [{ name: 'Gum', price: 49 }] })).total).toEqual(['Total should be greater than $ 0.50']);
    expect(errorsOf(await post({ template_name: 'estimate1' })).template_name).toEqual([messages.invalidTemplate]);
    const siblingTax = await createTaxType(sibling, 'Sibling VAT', '5');
    expect(errorsOf(await post({ taxes: [{ tax_type_id: siblingTax }] }))['taxes.0.tax_type_id']).toEqual([messages.invalidTaxType]);
    const siblingCustomer = await createCustomer(sibling, 'Not Yours', 'not-yours@example.com');
    expect(errorsOf(await vendor.post('/api/v1/recurring-invoices', recurringBody(siblingCustomer.id))).customer_id).toEqual([messages.invalidCustomer]);
  });
});

describe('editing, cloning and deleting', () => {
  it('updates the template and schedule; a changed schedule starts from today', async () => {
    const created = await createRecurring(vendor, customer.id, { start_date: '2026-11-25' });
    const updated = await vendor.put(`/api/v1/recurring-invoices/${created.id}`, recurringBody(customer.id, { repeat_interval: 'monthly', start_date: '2026-11-30', items: [{ name: 'Retainer', price: 90000 }], reference_number: 'PO-9' }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(dataOf(updated.body)).toMatchObject({ repeat_interval: 'monthly', total: 90000, reference_number: 'PO-9', next_invoice_date: '2026-11-30' });
    expect(datesOf(dataOf(updated.body))).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28', '2027-03-30']);
    expect(dataOf(updated.body).items.map((item) => item.name)).toEqual(['Retainer']);
    expect((await auditOf(vendor, 'recurring_invoice'))[0]).toMatchObject({ action: 'updated', model_id: created.id });
  });

  it('puts a schedule on hold and resumes it', async () => {
    const created = await createRecurring(vendor, customer.id, { start_date: '2026-11-23' });
    const held = await vendor.put(`/api/v1/recurring-invoices/${created.id}`, recurringBody(customer.id, { start_date: '2026-11-23', status: 'on_hold' }));
    expect(dataOf(held.body)).toMatchObject({ status: 'on_hold', next_invoice_date: '2026-11-23' });
    const resumed = await vendor.put(`/api/v1/recurring-invoices/${created.id}`, recurringBody(customer.id, { start_date: '2026-11-23', status: 'active' }));
    expect(dataOf(resumed.body)).toMatchObject({ status: 'active', next_invoice_date: '2026-11-23' });
  });

  it('clones on hold, from today at the earliest', async () => {
    const source = await createRecurring(vendor, customer.id, { repeat_interval: 'custom', minute: '15', hour: '8', day_of_month: '1,15', week_day: '*', taxes: [{ tax_type_id: vat }] });
    const cloned = await vendor.post(`/api/v1/recurring-invoices/${source.id}/clone`);
    expect(cloned.status).toBe(201);
    const copy = dataOf(cloned.body);
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ status: 'on_hold', frequency: '15 8 1,15 * *', total: source.total, start_date: '2026-11-20', next_invoice_date: '2026-12-01', generated_count: 0 });
    expect(copy.taxes.map((tax) => tax.tax_type_id)).toEqual([vat]);
  });

  it('deletes one and many, keeping the invoices they made', async () => {
    const generator = createRecurringInvoiceJob(h.app);
    const made = await createRecurring(vendor, customer.id, { send_automatically: false });
    await generator.generateDue(clock.now());
    const invoiceId = (await getRecurring(vendor, made.id)).invoices[0]?.id ?? '';
    expect((await vendor.delete(`/api/v1/recurring-invoices/${made.id}`)).status).toBe(200);
    expect((await vendor.get(`/api/v1/recurring-invoices/${made.id}`)).status).toBe(404);
    expect((await vendor.get(`/api/v1/invoices/${invoiceId}`)).status).toBe(200);
    const many = [await createRecurring(vendor, customer.id, { start_date: '2026-12-01' }), await createRecurring(vendor, customer.id, { start_date: '2026-12-01' })];
    const bulk = await vendor.post('/api/v1/recurring-invoices/delete', { ids: many.map((row) => row.id) });
    expect(bulk.body).toEqual({ success: true, count: 2 });
    expect((await auditOf(vendor, 'recurring_invoice')).filter((entry) => entry.action === 'deleted').map((entry) => entry.model_id)).toEqual(expect.arrayContaining([made.id, ...many.map((row) => row.id)]));
  });
});

describe('the invoices it made', () => {
  it('lists them on the view, marks the unsent ones as sent, and keeps the total above what was paid', async () => {
    const generator = createRecurringInvoiceJob(h.app);
    const recurring = await createRecurring(vendor, customer.id, { send_automatically: false, due_in_days: 14 });
    expect(await generator.generateDue(clock.now())).toMatchObject({ generated: 1, sent: 0 });
    const viewed = await getRecurring(vendor, recurring.id);
    expect(viewed).toMatchObject({ generated_count: 1, invoice_count: 1, status: 'active', next_invoice_date: '2026-11-27' });
    expect(viewed.invoices).toEqual([expect.objectContaining({ invoice_date: '2026-11-20', due_date: '2026-12-04', status: 'open', paid_status: 'unpaid', total: recurring.total, period: '2026-11-20T00:00:00.000Z' })]);
    const invoiceId = viewed.invoices[0]?.id ?? '';
    const invoice = (await vendor.get(`/api/v1/invoices/${invoiceId}`)).body.data as InvoiceResource;
    expect(invoice).toMatchObject({ source: 'recurring', status: 'open', invoice_number: expect.stringMatching(/^INV-/) });

    const marked = await vendor.post(`/api/v1/recurring-invoices/${recurring.id}/mark-as-sent`);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.count).toBe(1);
    expect(dataOf(marked.body).invoices[0]?.status).toBe('sent');
    expect((await vendor.post(`/api/v1/recurring-invoices/${recurring.id}/mark-as-sent`)).body.count).toBe(0);

    // A part payment of 150.00 on the invoice it made (payments are recorded by their own module).
    await h.app.db.update(invoices).set({ amountPaid: 15000, dueAmount: invoice.total - 15000, paidStatus: 'partially_paid' }).where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, invoiceId)));
    const lowered = await vendor.put(`/api/v1/recurring-invoices/${recurring.id}`, recurringBody(customer.id, { send_automatically: false, items: [{ name: 'Cheaper', price: 10000 }] }));
    expect(errorsOf(lowered).total).toEqual([messages.recurringTotalBelowPaid]);
    const kept = await vendor.put(`/api/v1/recurring-invoices/${recurring.id}`, recurringBody(customer.id, { send_automatically: false, items: [{ name: 'Enough', price: 15000 }] }));
    expect(kept.status).toBe(200);
    // The edit does not move the schedule back: the period already made is not made again.
    expect(dataOf(kept.body)).toMatchObject({ next_invoice_date: '2026-11-27', generated_count: 1 });
  });
});

describe('listing', () => {
  it('filters by tab, status and customer search, with counts in meta', async () => {
    const lister = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lister Repeats');
    const acme = await createCustomer(lister, 'Acme Anvils', 'ap@acme.example');
    const hooli = await createCustomer(lister, 'Hooli', 'ap@hooli.example');
    const active = await createRecurring(lister, acme.id, { start_date: '2026-12-01' });
    const held = await createRecurring(lister, hooli.id, { start_date: '2026-12-01', status: 'on_hold' });
    const due = await createRecurring(lister, hooli.id);
    const ids = async (query: string) => listOf((await lister.get(`/api/v1/recurring-invoices${query}`)).body).data.map((row) => row.id);
    expect(await ids('')).toEqual([due.id, held.id, active.id]);
    expect(await ids('?tab_status=active')).toEqual([due.id, active.id]);
    expect(await ids('?tab_status=on-hold')).toEqual([held.id]);
    expect(await ids('?status=working')).toEqual([due.id]);
    expect(await ids('?status=active')).toEqual([active.id]);
    expect(await ids('?search=acme')).toEqual([active.id]);
    expect(await ids(`?customer_id=${hooli.id}&orderByField=start_date&orderBy=asc`)).toEqual([due.id, held.id]);
    const page = listOf((await lister.get('/api/v1/recurring-invoices?limit=2&page=2')).body);
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, recurring_invoice_total_count: 3, active_count: 2, on_hold_count: 1 });
    expect((await lister.get('/api/v1/recurring-invoices?tab_status=paused')).status).toBe(422);
  });
});

describe('numbers', () => {
  it('numbers the recurring invoices of each business RI-000001 on, keeps a typed one and refuses one in use', async () => {
    const numberer = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Numbered Repeats');
    const buyer = await createCustomer(numberer, 'Numbered Buyer', 'buyer@numbered.example');
    const later = { start_date: '2026-12-01' };
    const next = async () => (await numberer.get('/api/v1/next-number?model=recurring_invoice')).body as unknown as NextNumberResponse;
    expect(await next()).toMatchObject({ next_number: 'RI-000001', next_sequence_number: 1 });
    const first = await createRecurring(numberer, buyer.id, later);
    expect(first.number).toBe('RI-000001');
    // The proposed number typed back moves the sequence on; any other free number is kept as typed.
    expect((await createRecurring(numberer, buyer.id, { ...later, number: 'RI-000002' })).number).toBe('RI-000002');
    const typed = await createRecurring(numberer, buyer.id, { ...later, number: 'SUB-ACME' });
    expect(typed.number).toBe('SUB-ACME');
    expect((await next()).next_number).toBe('RI-000003');

    const taken = (response: Awaited<ReturnType<TestClient['post']>>) => errorsOf(response).number?.[0];
    expect(taken(await numberer.post('/api/v1/recurring-invoices', recurringBody(buyer.id, { ...later, number: 'SUB-ACME' })))).toBe(messages.recurringInvoiceNumberTaken);
    expect(taken(await numberer.put(`/api/v1/recurring-invoices/${first.id}`, recurringBody(buyer.id, { ...later, number: 'SUB-ACME' })))).toBe(messages.recurringInvoiceNumberTaken);
    // An edit without a number keeps the one it has; a free one renames it.
    expect(dataOf((await numberer.put(`/api/v1/recurring-invoices/${first.id}`, recurringBody(buyer.id, later))).body).number).toBe('RI-000001');
    expect(dataOf((await numberer.put(`/api/v1/recurring-invoices/${first.id}`, recurringBody(buyer.id, { ...later, number: 'RI-A' }))).body).number).toBe('RI-A');
    // A clone takes the next number.
    expect(dataOf((await numberer.post(`/api/v1/recurring-invoices/${typed.id}/clone`)).body).number).toBe('RI-000003');
    // The search finds numbers as well as customers.
    const found = listOf((await numberer.get('/api/v1/recurring-invoices?search=sub-ac')).body).data;
    expect(found.map((row) => [row.id, row.number])).toEqual([[typed.id, 'SUB-ACME']]);
    // Numbers are per business: another business starts at RI-000001 and may use SUB-ACME.
    const otherBuyer = await createCustomer(sibling, 'Sibling Numbered', 'numbered@sibling.example');
    expect((await createRecurring(sibling, otherBuyer.id, { ...later, number: 'SUB-ACME' })).number).toBe('SUB-ACME');
  });

  it('gives concurrent creates distinct numbers', async () => {
    const busy = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Busy Repeats');
    const buyer = await createCustomer(busy, 'Busy Buyer', 'buyer@busy.example');
    const responses = await Promise.all(Array.from({ length: 12 }, () => busy.post('/api/v1/recurring-invoices', recurringBody(buyer.id, { start_date: '2026-12-01' }))));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 12 }, () => 201));
    const numbers = responses.map((response) => dataOf(response.body).number).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => `RI-${String(index + 1).padStart(6, '0')}`));
  });
});

describe('access', () => {
  it('needs the recurring-invoice abilities', async () => {
    const owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Guarded Repeats');
    const client = await createCustomer(owner, 'Guarded Customer', 'guarded@example.com');
    const recurring = await createRecurring(owner, client.id, { start_date: '2026-12-01' });
    const viewer = await inviteAndAccept(h, owner, 'viewer@repeats.example.com', 'viewer');
    expect((await viewer.get(`/api/v1/recurring-invoices/${recurring.id}`)).status).toBe(200);
    expect((await viewer.post('/api/v1/recurring-invoices', recurringBody(client.id))).status).toBe(403);
    expect((await viewer.put(`/api/v1/recurring-invoices/${recurring.id}`, recurringBody(client.id))).status).toBe(403);
    expect((await viewer.post(`/api/v1/recurring-invoices/${recurring.id}/clone`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/recurring-invoices/${recurring.id}/mark-as-sent`)).status).toBe(403);
    const accountant = await inviteAndAccept(h, owner, 'accountant@repeats.example.com', 'accountant');
    expect((await accountant.delete(`/api/v1/recurring-invoices/${recurring.id}`)).status).toBe(403);
    expect((await accountant.post('/api/v1/recurring-invoices/delete', { ids: [recurring.id] })).status).toBe(403);
    expect((await getRecurring(owner, recurring.id)).id).toBe(recurring.id);
  });

  it('refuses ids of another business or tenant and changes nothing', async () => {
    const mine = await createRecurring(vendor, customer.id, { start_date: '2026-12-01' });
    const before = await getRecurring(vendor, mine.id);
    for (const intruder of [sibling, foreign]) {
      expect((await intruder.get(`/api/v1/recurring-invoices/${mine.id}`)).status).toBe(404);
      const intruderCustomer = await createCustomer(intruder, `Intruder ${intruder.host}`, `intruder-${intruder.business ?? ''}@example.com`);
      expect((await intruder.put(`/api/v1/recurring-invoices/${mine.id}`, recurringBody(intruderCustomer.id))).status).toBe(404);
      expect((await intruder.delete(`/api/v1/recurring-invoices/${mine.id}`)).status).toBe(404);
      expect((await intruder.post('/api/v1/recurring-invoices/delete', { ids: [mine.id] })).status).toBe(404);
      expect((await intruder.post(`/api/v1/recurring-invoices/${mine.id}/clone`)).status).toBe(404);
      expect((await intruder.post(`/api/v1/recurring-invoices/${mine.id}/mark-as-sent`)).status).toBe(404);
      expect(listOf((await intruder.get('/api/v1/recurring-invoices')).body).data.map((row) => row.id)).not.toContain(mine.id);
    }
    // A bulk delete naming one foreign id deletes nothing.
    const theirs = await createRecurring(sibling, (await createCustomer(sibling, 'Sibling Buyer', 'buyer@sibling.example')).id, { start_date: '2026-12-01' });
    expect((await vendor.post('/api/v1/recurring-invoices/delete', { ids: [mine.id, theirs.id] })).status).toBe(404);
    expect(await getRecurring(vendor, mine.id)).toEqual(before);
    expect((await getRecurring(sibling, theirs.id)).id).toBe(theirs.id);
  });
});
