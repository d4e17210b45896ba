import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceResource, type InvoiceStats, currencyByCode } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { fixedClock } from '../../platform/clock';
import { createPayment, paymentBody } from '../payments/test-payments';

const JPY = currencyByCode('JPY')?.id ?? 0;
const TODAY = '2026-05-15';
const clock = fixedClock(new Date(`${TODAY}T12:00:00Z`));
let h: Harness;
let vendor: TestClient;

/** The groups invoice_totals should hold, computed from the invoices themselves (as rebuild_invoice_totals does). */
const RECOUNT = `
SELECT i.tenant_id, side.business_id, side.direction, i.status, i.paid_status,
  CASE WHEN i.status NOT IN ('draft', 'void') AND i.paid_status <> 'paid' THEN i.due_date END AS due_date,
  i.currency_id, i.exchange_rate IS NOT NULL AS rated, count(*)::text AS count, sum(i.total)::text AS total, sum(i.total * i.exchange_rate)::text AS total_at_rate,
  sum(i.amount_paid)::text AS amount_paid, sum(i.amount_paid * i.exchange_rate)::text AS amount_paid_at_rate,
  sum(i.due_amount)::text AS due_amount, sum(i.due_amount * i.exchange_rate)::text AS due_amount_at_rate
FROM invoices i
CROSS JOIN LATERAL (VALUES (i.business_id, 'outgoing'), (i.customer_business_id, 'incoming')) AS side(business_id, direction)
WHERE side.direction = 'outgoing' OR i.status <> 'draft'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`;

/** What the trigger kept, each group's rows summed (folded or not). */
const KEPT = `
SELECT tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated, sum(count)::text AS count, sum(total)::text AS total, sum(total_at_rate)::text AS total_at_rate,
  sum(amount_paid)::text AS amount_paid, sum(amount_paid_at_rate)::text AS amount_paid_at_rate, sum(due_amount)::text AS due_amount, sum(due_amount_at_rate)::text AS due_amount_at_rate
FROM invoice_totals
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
HAVING sum(count) <> 0
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`;

const rowsOf = async (text: string) => (await h.app.database.executor.executeSql(text, [])).rows;
/** Numeric text compared as numbers: '0' and '0.0000000000' are the same sum. */
const normalised = (rows: unknown[]) => rows.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).map(([key, value]) => [key, typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value])));

const listFilters = [
  '',
  'tab_status=draft',
  'tab_status=open',
  'tab_status=paid',
  'status=draft',
  'status=sent',
  'status=void',
  'status=overdue',
  'status=completed',
  'paid_status=partially_paid',
  'paid_status=paid',
  'tab_status=open&status=overdue',
  'tab_status=open&paid_status=unpaid',
  // Filters the totals cannot answer: the invoices are counted (each shape is its own prebuilt statement).
  'search=buyer',
  'search=yen',
  'search=nobody',
  'tab_status=open&search=local',
  'status=overdue&search=buyer',
  'invoice_number=0',
  'from_date=2026-04-01&to_date=2026-04-01',
];

/** The list's total for each filter; each must equal what counting the invoices gives. */
async function listTotals(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const filter of listFilters) {
    const response = await vendor.get(`/api/v1/invoices?type=outgoing&limit=100&${filter}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { data, meta } = response.body as { data: unknown[]; meta: { total: number } };
    expect(data.length, filter).toBe(meta.total);
    totals[filter] = meta.total;
  }
  return totals;
}

const customerNamed = (text: string) => `customer_id IN (SELECT id FROM counterparties WHERE name ILIKE '%${text}%')`;

async function countedTotals(businessId: string): Promise<Record<string, number>> {
  const open = `status NOT IN ('draft', 'void', 'completed') AND paid_status <> 'paid'`;
  const where: Record<string, string> = {
    '': 'true',
    'tab_status=draft': `status = 'draft'`,
    'tab_status=open': open,
    'tab_status=paid': `paid_status = 'paid'`,
    'status=draft': `status = 'draft'`,
    'status=sent': `status = 'sent'`,
    'status=void': `status = 'void'`,
    'status=overdue': `${open} AND due_date < '${TODAY}'`,
    'status=completed': `status = 'completed'`,
    'paid_status=partially_paid': `paid_status = 'partially_paid'`,
    'paid_status=paid': `paid_status = 'paid'`,
    'tab_status=open&status=overdue': `${open} AND due_date < '${TODAY}'`,
    'tab_status=open&paid_status=unpaid': `${open} AND paid_status = 'unpaid'`,
    'search=buyer': customerNamed('buyer'),
    'search=yen': customerNamed('yen'),
    'search=nobody': customerNamed('nobody'),
    'tab_status=open&search=local': `${open} AND ${customerNamed('local')}`,
    'status=overdue&search=buyer': `${open} AND due_date < '${TODAY}' AND ${customerNamed('buyer')}`,
    'invoice_number=0': `invoice_number ILIKE '%0%'`,
    'from_date=2026-04-01&to_date=2026-04-01': `invoice_date = '2026-04-01'`,
  };
  const counted: Record<string, number> = {};
  for (const filter of listFilters) {
    const [row] = (await h.app.database.executor.executeSql(`SELECT count(*)::int AS n FROM invoices WHERE business_id = $1 AND ${where[filter]}`, [businessId])).rows as { n: number }[];
    counted[filter] = row?.n ?? -1;
  }
  return counted;
}

const statsOf = async () => {
  const response = await vendor.get('/api/v1/invoices/stats?type=outgoing');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as InvoiceStats;
};

async function finalized(customerId: string, price: number, dueDate: string | null, overrides: Record<string, unknown> = {}): Promise<InvoiceResource> {
  const created = await createInvoice(vendor, customerId, { invoice_date: '2026-04-01', due_date: dueDate, items: [{ name: 'Work', quantity: '1', price }], ...overrides });
  const response = await vendor.post(`/api/v1/invoices/${created.id}/finalize`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as InvoiceResource;
}

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = h.client();
  expect((await vendor.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  const created = await vendor.post('/api/v1/businesses/create', { name: 'Totals Co' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vendor.business = (created.body.data as { id: string }).id;
  const local = await createCustomer(vendor, 'Local Buyer');
  const yen = await createCustomer(vendor, 'Yen Buyer', null, { currency_id: JPY });

  await createInvoice(vendor, local.id, { invoice_date: '2026-04-01', due_date: '2026-04-15' });
  await finalized(local.id, 1000, '2026-05-01');
  await finalized(local.id, 2000, '2026-06-30');
  // No due date sent: the business's automatic due date (before today) makes it overdue too.
  expect(((await finalized(local.id, 3000, null)).due_date ?? TODAY) < TODAY).toBe(true);
  const sent = await finalized(local.id, 4000, '2026-05-10');
  expect((await vendor.post(`/api/v1/invoices/${sent.id}/mark-sent`)).status).toBe(200);
  const voided = await finalized(local.id, 5000, '2026-05-01');
  expect((await vendor.post(`/api/v1/invoices/${voided.id}/void`)).status).toBe(200);
  const partly = await finalized(local.id, 6000, '2026-05-02');
  await createPayment(vendor, paymentBody(local.id, 2500, { invoice_id: partly.id, payment_date: '2026-05-05' }));
  const paid = await finalized(local.id, 7000, '2026-05-03');
  await createPayment(vendor, paymentBody(local.id, 7000, { invoice_id: paid.id, payment_date: '2026-05-05' }));
  const moved = await finalized(local.id, 8000, '2026-05-04');
  expect((await vendor.post(`/api/v1/invoices/${moved.id}/update-due-date`, { due_date: '2026-07-01' })).status).toBe(200);
  const gone = await createInvoice(vendor, local.id, { invoice_date: '2026-04-01' });
  expect((await vendor.delete(`/api/v1/invoices/${gone.id}`)).status).toBe(200);
  expect((await vendor.put(`/api/v1/exchange-rates/${JPY}`, { rate: '0.0067' })).status).toBe(200);
  await finalized(yen.id, 90_000, '2026-05-01');
});
afterAll(async () => {
  await h.close();
});

describe('invoice_totals, kept by the invoices_track_totals trigger', () => {
  it('holds what counting the invoices gives, before and after compaction, for every business and direction', async () => {
    const recount = normalised(await rowsOf(RECOUNT));
    expect(recount.length).toBeGreaterThan(5);
    expect(normalised(await rowsOf(KEPT))).toEqual(recount);
    const statsBefore = await statsOf();
    await rowsOf('SELECT compact_invoice_totals()');
    expect((await rowsOf('SELECT count(*)::int AS n FROM invoice_totals WHERE pending')) as { n: number }[]).toEqual([{ n: 0 }]);
    expect(normalised(await rowsOf(KEPT))).toEqual(recount);
    expect(await statsOf()).toEqual(statsBefore);
    await rowsOf('SELECT rebuild_invoice_totals()');
    expect(normalised(await rowsOf(KEPT))).toEqual(recount);
    expect(await statsOf()).toEqual(statsBefore);
  });

  it('answers the status-filtered list counts as counting the invoices does', async () => {
    const counted = await countedTotals(vendor.business ?? '');
    expect(counted['status=overdue']).toBeGreaterThan(0);
    expect(counted['search=buyer']).toBeGreaterThan(counted['search=yen'] ?? 0);
    expect(await listTotals()).toEqual(counted);
  });

  it('gives the stats of the invoices: draft, paid, due and overdue', async () => {
    const stats = await statsOf();
    // Dollars: draft 35000 (the two-line body); paid 2500 + 7000; due 1000 + 2000 + 3000 + 4000 + 3500 + 8000;
    // overdue (due before 15 May) 1000 + 3000 + 4000 + 3500. The yen invoice, due 1 May and unpaid, adds the same to due and overdue.
    expect(stats.inDraft).toBe(35000);
    expect(stats.totalPaid).toBe(9500);
    const yenDue = stats.totalDue - 21500;
    expect(yenDue).toBeGreaterThan(0);
    expect(stats.totalOverDue).toBe(11500 + yenDue);
  });
});
