import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type CounterpartyResource, type DashboardCharts, type DashboardStats, type InvoiceResource, currencyByCode } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice, invoiceBody, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { dashboardTotals, invoices, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { createEstimate } from '../estimates/test-estimates';
import { createPayment, paymentBody } from '../payments/test-payments';
import { createDashboardCompactionJob } from './dashboard-compaction';

const EUR = currencyByCode('EUR')?.id ?? 0;
const JPY = currencyByCode('JPY')?.id ?? 0;
const clock = fixedClock(new Date('2026-05-15T12:00:00Z'));
let h: Harness;
let supplier: TestClient;
let subject: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let subjectAsCustomer: CounterpartyResource;

const oneLine = (price: number) => [{ name: 'Work', quantity: '1', price }];

async function invoiceOf(client: TestClient, customerId: string, date: string, price: number, finish: 'draft' | 'finalize' | 'void' = 'finalize'): Promise<InvoiceResource> {
  const invoice = await createInvoice(client, customerId, { invoice_date: date, due_date: date, items: oneLine(price) });
  if (finish === 'draft') return invoice;
  expect((await client.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  if (finish === 'void') expect((await client.post(`/api/v1/invoices/${invoice.id}/void`)).status).toBe(200);
  return invoice;
}

/** Stored as the invoices service will once it calls exchange-rates `rateFor` on create. */
async function storeRate(invoiceId: string, rate: string): Promise<void> {
  await h.app.db
    .update(invoices)
    .set({ exchangeRate: rate })
    .where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, invoiceId)));
}

/**
 * Payments written with the owner connection: the payments module is built alongside this one,
 * and the dashboard only reads the table.
 */
async function payment(direction: 'received' | 'made', counterpartyId: string, date: string, amount: number, extra: Partial<typeof payments.$inferInsert> = {}): Promise<void> {
  await h.app.db.insert(payments).values({
    tenantId: h.landlordId,
    id: newId(),
    businessId: subject.business ?? '',
    direction,
    counterpartyId,
    counterpartyBusinessId: subject.business ?? '',
    paymentNumber: `PAY-${newId()}`,
    paymentDate: date,
    amount,
    ...extra,
  });
}

beforeAll(async () => {
  h = await createHarness({ clock });
  supplier = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Supplier Co');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Co');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Co', OTHER_HOST);
  ({ customer: subjectAsCustomer, client: subject } = await onboardedCustomer(h, supplier, 'Subject Ltd', 'owner@subject.example'));
  // Financial year April to March: the year 2026 runs from 2026-04-01 to 2027-03-31.
  expect((await subject.post('/api/v1/settings', { settings: { fiscal_year: '4-3' } })).status).toBe(200);
  expect((await subject.put(`/api/v1/exchange-rates/${EUR}`, { rate: '1.2' })).status).toBe(200);

  const dollars = await createCustomer(subject, 'Dollar Buyer');
  const euros = await createCustomer(subject, 'Euro Buyer', null, { currency_id: EUR });
  const yen = await createCustomer(subject, 'Yen Buyer', null, { currency_id: JPY });
  const archived = await createCustomer(subject, 'Gone Buyer');
  expect((await subject.post('/api/v1/customers/archive', { ids: [archived.id] })).status).toBe(200);

  await invoiceOf(subject, dollars.id, '2026-03-31', 100000);
  await invoiceOf(subject, dollars.id, '2026-04-01', 20000);
  await invoiceOf(subject, dollars.id, '2027-03-31', 30000);
  await invoiceOf(subject, dollars.id, '2027-04-01', 40000);
  await invoiceOf(subject, dollars.id, '2026-06-10', 5000, 'draft');
  await invoiceOf(subject, dollars.id, '2026-06-11', 6000, 'void');
  // €100.00 at its stored 1.1 → $110.00; €50.00 without a stored rate at the business's 1.2 → $60.00.
  await storeRate((await invoiceOf(subject, euros.id, '2026-05-01', 10000)).id, '1.1');
  await invoiceOf(subject, euros.id, '2026-05-02', 5000);
  // ¥1,500 and no rate anywhere: left out and reported.
  await invoiceOf(subject, yen.id, '2026-05-03', 1500);

  await invoiceOf(supplier, subjectAsCustomer.id, '2026-07-01', 8000);
  await invoiceOf(supplier, subjectAsCustomer.id, '2026-07-02', 1000, 'draft');
  await invoiceOf(supplier, subjectAsCustomer.id, '2026-03-15', 500);

  await createEstimate(subject, dollars.id, { estimate_date: '2026-04-01' });
  await createEstimate(subject, dollars.id, { estimate_date: '2027-03-31' });
  await createEstimate(subject, dollars.id, { estimate_date: '2026-03-31' });

  const vendor = await subject.post('/api/v1/vendors', { name: 'Paid Vendor' });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  const vendorId = (vendor.body.data as { id: string }).id;
  await payment('received', dollars.id, '2026-04-10', 10000);
  await payment('received', euros.id, '2026-05-05', 1000, { currencyId: EUR, exchangeRate: '1.5' });
  await payment('received', dollars.id, '2026-04-11', 700, { status: 'failed' });
  await payment('received', dollars.id, '2026-03-31', 99900);
  await payment('made', vendorId, '2026-07-05', 3000);
});
afterAll(async () => {
  await h.close();
});

const stats = async (client: TestClient, query = '') => client.get(`/api/v1/business/stats${query}`);
const charts = async (client: TestClient, query = '') => client.get(`/api/v1/business/charts/data${query}`);

describe('dashboard stats', () => {
  it('sums the current financial year in the business currency', async () => {
    const response = await stats(subject);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body as DashboardStats).toEqual({
      financial_year: { year: 2026, from: '2026-04-01', to: '2027-03-31' },
      currency_id: 1,
      unconverted_currency_ids: [JPY],
      // 200.00 + 300.00 + 110.00 + 60.00; the draft, the void one and the yen invoice are not sales.
      total_sales: 67000,
      total_amount_due: 67000,
      invoice_count: 7,
      estimate_count: 2,
      customer_count: 3,
      total_purchases: 8000,
    });
  });

  it('answers one figure for a type and another financial year for a year', async () => {
    expect((await stats(subject, '?type=total_purchases')).body).toEqual({
      financial_year: { year: 2026, from: '2026-04-01', to: '2027-03-31' },
      currency_id: 1,
      unconverted_currency_ids: [],
      total_purchases: 8000,
    });
    expect((await stats(subject, '?year=2025')).body).toMatchObject({
      financial_year: { year: 2025, from: '2025-04-01', to: '2026-03-31' },
      unconverted_currency_ids: [],
      total_sales: 100000,
      invoice_count: 1,
      estimate_count: 1,
      total_purchases: 500,
    });
    expect((await stats(subject, '?type=profit')).status).toBe(422);
    expect((await stats(subject, '?year=abc')).status).toBe(422);
  });
});

describe('dashboard charts', () => {
  it('splits the year into its twelve months', async () => {
    const response = await charts(subject);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as unknown as DashboardCharts;
    expect(body.financial_year).toEqual({ year: 2026, from: '2026-04-01', to: '2027-03-31' });
    expect(body.unconverted_currency_ids).toEqual([JPY]);
    expect(body.months.map((month) => month.month)).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03']);
    const active = body.months.filter((month) => month.sales + month.receipts + month.purchases + month.payments_made > 0);
    expect(active).toEqual([
      { month: '2026-04', sales: 20000, receipts: 10000, purchases: 0, payments_made: 0 },
      // €10.00 received at its stored 1.5 → $15.00.
      { month: '2026-05', sales: 17000, receipts: 1500, purchases: 0, payments_made: 0 },
      { month: '2026-07', sales: 0, receipts: 0, purchases: 8000, payments_made: 3000 },
      { month: '2027-03', sales: 30000, receipts: 0, purchases: 0, payments_made: 0 },
    ]);
    expect(body.totals).toEqual({ sales: 67000, receipts: 11500, purchases: 8000, payments_made: 3000, net_income: 8500 });
  });

  it('lists the five latest invoices and estimates', async () => {
    const body = (await charts(subject)).body as unknown as DashboardCharts;
    expect(body.recent_invoices.map((invoice) => invoice.invoice_date)).toEqual(['2027-04-01', '2027-03-31', '2026-06-11', '2026-06-10', '2026-05-03']);
    expect(body.recent_invoices[0]).toMatchObject({ customer_name: 'Dollar Buyer', total: 40000, due_amount: 40000, status: 'open', display_status: 'open', paid_status: 'unpaid', currency_id: 1 });
    expect(body.recent_invoices[2]).toMatchObject({ status: 'void' });
    expect(body.recent_estimates.map((estimate) => estimate.estimate_date)).toEqual(['2027-03-31', '2026-04-01', '2026-03-31']);
    expect(body.recent_estimates[0]).toMatchObject({ customer_name: 'Dollar Buyer', total: 35000, status: 'draft' });
  });

  it('shows an earlier year on request', async () => {
    const body = (await charts(subject, '?year=2025')).body as unknown as DashboardCharts;
    expect(body.months.at(-1)).toEqual({ month: '2026-03', sales: 100000, receipts: 99900, purchases: 500, payments_made: 0 });
    expect(body.totals).toEqual({ sales: 100000, receipts: 99900, purchases: 500, payments_made: 0, net_income: 99900 });
  });
});

describe('dashboard access', () => {
  it('needs the dashboard ability', async () => {
    const viewer = await inviteAndAccept(h, subject, 'viewer@subject.example', 'viewer');
    expect((await stats(viewer)).status).toBe(200);
    expect((await subject.post('/api/v1/roles', { name: 'No Dashboard', abilities: ['view-invoice'] })).status).toBe(201);
    const clerk = await inviteAndAccept(h, subject, 'clerk@subject.example', 'No Dashboard');
    expect((await stats(clerk)).status).toBe(403);
    expect((await charts(clerk)).status).toBe(403);
  });

  it('shows each business only its own figures', async () => {
    const header = { business: subject.business ?? '' };
    for (const outsider of [sibling, foreign]) {
      expect((await outsider.get('/api/v1/business/stats', header)).status).toBe(403);
      expect((await outsider.get('/api/v1/business/charts/data', header)).status).toBe(403);
      expect((await stats(outsider)).body).toMatchObject({ total_sales: 0, invoice_count: 0, customer_count: 0, total_purchases: 0, total_amount_due: 0, estimate_count: 0 });
      expect(((await charts(outsider)).body as unknown as DashboardCharts).recent_invoices).toEqual([]);
    }
    // The supplier (financial year = calendar year) sees its sales to the subject, not the subject's purchases.
    expect((await stats(supplier, '?year=2026&type=total_sales')).body).toMatchObject({ financial_year: { from: '2026-01-01', to: '2026-12-31' }, total_sales: 8500 });
    expect((await stats(supplier, '?year=2026&type=total_purchases')).body).toMatchObject({ total_purchases: 0 });
  });
});

describe('dashboard totals', () => {
  it('follow every change to invoices, payments and estimates, and survive compaction and a rebuild', async () => {
    const keeper = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Ledger Keeper');
    const buyer = await createCustomer(keeper, 'Steady Buyer');
    const figures = async () => ({
      stats: (await stats(keeper, '?year=2026')).body as DashboardStats,
      charts: ((await charts(keeper, '?year=2026')).body as unknown as DashboardCharts).months.filter((month) => month.sales + month.receipts > 0),
    });
    const invoice = await invoiceOf(keeper, buyer.id, '2026-05-10', 50000);
    const draft = await invoiceOf(keeper, buyer.id, '2026-05-11', 7000, 'draft');
    const estimate = await createEstimate(keeper, buyer.id, { estimate_date: '2026-05-12' });
    const paid = await createPayment(keeper, paymentBody(buyer.id, 12000, { invoice_id: invoice.id, payment_date: '2026-05-12' }));
    expect((await figures()).stats).toMatchObject({ total_sales: 50000, total_amount_due: 38000, invoice_count: 2, estimate_count: 1 });

    // A new total and month for the invoice, a new amount for the payment, the draft finalized, the estimate deleted.
    const edited = await keeper.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(buyer.id, { invoice_date: '2026-06-10', items: oneLine(60000) }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await keeper.put(`/api/v1/payments/${paid.id}`, paymentBody(buyer.id, 15000, { invoice_id: invoice.id, payment_date: '2026-05-12' }))).status).toBe(200);
    expect((await keeper.post(`/api/v1/invoices/${draft.id}/finalize`)).status).toBe(200);
    expect((await keeper.delete(`/api/v1/estimates/${estimate.id}`)).status).toBe(200);
    const changed = await figures();
    expect(changed.stats).toMatchObject({ total_sales: 67000, total_amount_due: 52000, invoice_count: 2, estimate_count: 0 });
    expect(changed.charts).toEqual([
      { month: '2026-05', sales: 7000, receipts: 15000, purchases: 0, payments_made: 0 },
      { month: '2026-06', sales: 60000, receipts: 0, purchases: 0, payments_made: 0 },
    ]);

    // Deleting the payment and voiding an invoice take their shares back out.
    expect((await keeper.post('/api/v1/payments/delete', { ids: [paid.id] })).status).toBe(200);
    expect((await keeper.post(`/api/v1/invoices/${draft.id}/void`)).status).toBe(200);
    const settled = await figures();
    expect(settled.stats).toMatchObject({ total_sales: 60000, total_amount_due: 60000, invoice_count: 2, estimate_count: 0 });
    expect(settled.charts).toEqual([{ month: '2026-06', sales: 60000, receipts: 0, purchases: 0, payments_made: 0 }]);

    // Compaction folds the appended rows into one per group; the figures stay as they were.
    const rowsOf = async () =>
      h.app.db.select({ pending: dashboardTotals.pending, figure: dashboardTotals.figure, month: dashboardTotals.month }).from(dashboardTotals).where(eq(dashboardTotals.businessId, keeper.business ?? ''));
    expect((await rowsOf()).filter((row) => row.pending).length).toBeGreaterThan(10);
    expect(await createDashboardCompactionJob(h.app).run()).toBeGreaterThan(0);
    const compacted = await rowsOf();
    expect(compacted.some((row) => row.pending)).toBe(false);
    expect(new Set(compacted.map((row) => `${row.figure} ${row.month}`)).size).toBe(compacted.length);
    expect(await figures()).toEqual(settled);

    // Recomputed from the documents themselves, the totals agree with what the triggers kept.
    await h.app.database.executor.executeSql('select rebuild_dashboard_totals()', []);
    expect(await figures()).toEqual(settled);
    expect((await stats(subject)).body).toMatchObject({ total_sales: 67000, total_amount_due: 67000, invoice_count: 7, estimate_count: 2, total_purchases: 8000 });
  });

  it('stay exact when compaction runs while payments are being written', async () => {
    const busy = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Busy Ledger');
    const buyer = await createCustomer(busy, 'Busy Buyer');
    const invoice = await invoiceOf(busy, buyer.id, '2026-05-01', 100000);
    const compaction = createDashboardCompactionJob(h.app);
    let writing = true;
    const compacting = (async () => {
      let runs = 0;
      for (; writing; runs += 1) {
        await compaction.run();
        // The embedded database can answer within microtasks: without a turn of the event loop the requests would never run.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return runs;
    })();
    const responses = await Promise.all(Array.from({ length: 20 }, () => busy.post('/api/v1/payments', paymentBody(buyer.id, 500, { invoice_id: invoice.id, payment_date: '2026-05-02' }))));
    writing = false;
    expect(await compacting).toBeGreaterThan(0);
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 201));
    await compaction.run();
    expect((await stats(busy, '?year=2026')).body).toMatchObject({ total_sales: 100000, total_amount_due: 90000, invoice_count: 1 });
    expect(((await charts(busy, '?year=2026')).body as unknown as DashboardCharts).totals).toMatchObject({ sales: 100000, receipts: 10000 });
    const rows = await h.app.db.select({ pending: dashboardTotals.pending, figure: dashboardTotals.figure }).from(dashboardTotals).where(eq(dashboardTotals.businessId, busy.business ?? ''));
    expect(rows.filter((row) => row.pending)).toEqual([]);
    expect(rows.map((row) => row.figure).sort()).toEqual(['receipts', 'sales']);
  });
});
