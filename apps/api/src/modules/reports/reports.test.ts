import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type ReportResponse, currencyByCode } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice, createTaxType, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { financingOffers, invoices, loans, paymentRefunds, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { csvRows } from '../../platform/spreadsheet/csv-rows';
import { xlsxRows } from '../../platform/spreadsheet/xlsx-rows';
import { pdfText, rawGet } from '../document-delivery/delivery-test-helpers';
import { accrualJournal, hledgerIncomeStatement } from './test-hledger';

/**
 * The golden dataset (docs/reports.md). The business (USD) lives in Pacific/Kiritimati (UTC+14):
 * the clock's 2026-05-31T12:00Z is already 2026-06-01 02:00 there, so "this month" is June 2026
 * (in UTC it would still be May). Tax: VAT 10 % on the document.
 *
 * Sales (the business's invoices):
 * - A0 Alpha 2026-05-20: Service 100.00 + VAT 10.00 = 110.00 (May: outside June's accrual). Paid in
 *   full on 05-25; refunded 22.00 at 2026-05-31T12:30Z (= 06-01 00:30 local: in June's cash) and
 *   11.00 at 2026-06-30T11:00Z (= 07-01 01:00 local: not in June).
 * - A1 Alpha 2026-06-01: Widget 2 × 100.00 + Service 50.00 = 250.00 + VAT 25.00 = 275.00; paid in full 06-10.
 * - B1 Beta (EUR) 2026-06-05: Widget €100.00 + VAT €10.00 = €110.00 at its stored rate 1.2 (the
 *   business's current EUR rate, 1.1, must not be used); €30.00 paid 06-15 (a partial payment).
 * - A2 Alpha 2026-06-20: 99.00, voided: never a sale. A4 Alpha 2026-06-12: a draft: not yet a sale.
 * - A3 Alpha 2026-06-25: Widget 40.00 + VAT 4.00 = 44.00, financed (factoring: fee 2.00, funded
 *   2026-06-26T10:00Z = 06-27 local, repaid 2026-07-05); paid in full 06-28.
 * Purchases: S1 from the supplier 2026-06-08: Materials 60.00 + VAT 6.00 = 66.00; 33.00 paid 06-09.
 *
 * Accrual (June, invoice dates; net of tax; EUR × 1.2):
 *   sales = 250.00 + 120.00 (B1 €100 × 1.2) + 40.00 = 410.00; purchases 60.00; gross 350.00;
 *   financing fee 2.00 (funded in June); net 348.00.
 *   by customer: Alpha net 290.00 tax 29.00 total 319.00; Beta 120.00, 12.00, 132.00; total 410.00, 41.00, 451.00.
 *   by item: Service 50.00; Widget 200.00 + 120.00 + 40.00 = 360.00; total 410.00.
 *   taxes: VAT (10%) collected 25.00 + 12.00 + 4.00 = 41.00, paid 6.00, net 35.00.
 * Cash (June, payment and refund dates; each amount spread over the invoice's parts pro rata):
 *   A1 275.00 of 275.00: Widget 200.00, Service 50.00, VAT 25.00.
 *   B1 €30.00 of €110.00: Widget 3000 × 10000 / 11000 = 2727.27 → 2727 (remainder 3000), VAT
 *     3000 × 1000 / 11000 = 272.72 → 272 (remainder 8000); the one cent left goes to the larger
 *     remainder: VAT 273 (Invoice Ninja's formula would give VAT (3000/8000) × 1000 = 375).
 *     At 1.2: Widget 32.724, VAT 3.276 (each figure rounded once, at the end).
 *   A3 44.00 of 44.00: Widget 40.00, VAT 4.00.
 *   A0 refund −22.00 of 110.00: Service −20.00, VAT −2.00.
 *   sales = 200 + 50 + 40 − 20 = 270.00 + 32.724 = 302.724 → 302.72; purchases: 33.00 of 66.00 →
 *   Materials 30.00 (VAT 3.00); gross 272.72; fee 0 (repaid in July); net 272.72.
 *   by customer: Alpha net 270.00, tax 25 + 4 − 2 = 27.00, total 297.00; Beta net 32.72, tax 3.28,
 *   total 36.00; total 302.72, 30.28, 333.00.
 *   by item: Service 50 − 20 = 30.00; Widget 200 + 40 + 32.724 = 272.72; total 302.72.
 *   taxes: VAT (10%) collected 27.00 + 3.276 = 30.28, paid 3.00, net 27.28.
 */
const EUR = currencyByCode('EUR')?.id ?? 0;
const clock = fixedClock(new Date('2026-05-31T12:00:00Z'));
let h: Harness;
let supplier: TestClient;
let subject: TestClient;
let sibling: TestClient;
let foreign: TestClient;

async function finalized(client: TestClient, customerId: string, body: Record<string, unknown>, finish: 'draft' | 'finalize' | 'void' = 'finalize'): Promise<string> {
  const invoice = await createInvoice(client, customerId, body);
  if (finish === 'draft') return invoice.id;
  expect((await client.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  if (finish === 'void') expect((await client.post(`/api/v1/invoices/${invoice.id}/void`)).status).toBe(200);
  return invoice.id;
}

/** Payments written with the owner connection: the reports only read them. */
async function payment(direction: 'received' | 'made', counterpartyId: string, invoiceId: string, date: string, amount: number, currencyId = 1): Promise<string> {
  const id = newId();
  await h.app.db.insert(payments).values({
    tenantId: h.landlordId,
    id,
    businessId: subject.business ?? '',
    direction,
    counterpartyId,
    counterpartyBusinessId: subject.business ?? '',
    invoiceId,
    paymentNumber: `PAY-${id}`,
    paymentDate: date,
    amount,
    currencyId,
  });
  return id;
}

async function refund(paymentId: string, amount: number, bookedAt: string): Promise<void> {
  await h.app.db.insert(paymentRefunds).values({ tenantId: h.landlordId, id: newId(), businessId: subject.business ?? '', paymentId, providerRefundId: `re_${newId()}`, amount, currency: 'usd', status: 'succeeded', bookedAt: new Date(bookedAt) });
}

async function factoringLoan(invoiceId: string, fee: number, fundedAt: string, repaidAt: string): Promise<void> {
  const offerId = newId();
  const base = { tenantId: h.landlordId, businessId: subject.business ?? '', invoiceId, product: 'factoring' as const, lender: 'platform' as const, currency: 'usd', principal: 3500, fee };
  await h.app.db.insert(financingOffers).values({ ...base, id: offerId, invoiceAmount: 4400, feeBpsPer30Days: 100, feePeriods: 1, termDays: 30, expiresAt: new Date(fundedAt), status: 'accepted' });
  await h.app.db.insert(loans).values({ ...base, id: newId(), offerId, status: 'repaid', dueDate: '2026-07-26', fundedAt: new Date(fundedAt), repaidAt: new Date(repaidAt) });
}

beforeAll(async () => {
  h = await createHarness({ clock });
  supplier = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Supplier Co');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Co');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Co', OTHER_HOST);
  ({ client: subject } = await onboardedCustomer(h, supplier, 'Golden Ltd', 'owner@golden.example'));
  expect((await subject.post('/api/v1/settings', { settings: { time_zone: 'Pacific/Kiritimati', fiscal_year: '1-12' } })).status).toBe(200);
  expect((await subject.put(`/api/v1/exchange-rates/${EUR}`, { rate: '1.1' })).status).toBe(200);

  const vat = [{ tax_type_id: await createTaxType(subject, 'VAT', '10') }];
  const widget = await subject.post('/api/v1/items', { name: 'Widget', price: 10000 });
  expect(widget.status, JSON.stringify(widget.body)).toBe(201);
  const widgetId = (widget.body.data as { id: string }).id;
  const widgetLine = (price: number, quantity = '1') => ({ item_id: widgetId, name: 'Widget', quantity, price });
  const service = (price: number) => ({ name: 'Service', quantity: '1', price });
  const alpha = await createCustomer(subject, 'Alpha');
  const beta = await createCustomer(subject, 'Beta', null, { currency_id: EUR });

  const a0 = await finalized(subject, alpha.id, { invoice_date: '2026-05-20', taxes: vat, items: [service(10000)] });
  const a1 = await finalized(subject, alpha.id, { invoice_date: '2026-06-01', taxes: vat, items: [widgetLine(10000, '2'), service(5000)] });
  const b1 = await finalized(subject, beta.id, { invoice_date: '2026-06-05', taxes: vat, items: [widgetLine(10000)] });
  await h.app.db.update(invoices).set({ exchangeRate: '1.2' }).where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, b1)));
  await finalized(subject, alpha.id, { invoice_date: '2026-06-20', taxes: vat, items: [service(9000)] }, 'void');
  await finalized(subject, alpha.id, { invoice_date: '2026-06-12', taxes: vat, items: [service(7000)] }, 'draft');
  const a3 = await finalized(subject, alpha.id, { invoice_date: '2026-06-25', taxes: vat, items: [widgetLine(4000)] });
  await factoringLoan(a3, 200, '2026-06-26T10:00:00Z', '2026-07-05T00:00:00Z');

  const p0 = await payment('received', alpha.id, a0, '2026-05-25', 11000);
  await refund(p0, 2200, '2026-05-31T12:30:00Z');
  await refund(p0, 1100, '2026-06-30T11:00:00Z');
  await payment('received', alpha.id, a1, '2026-06-10', 27500);
  await payment('received', beta.id, b1, '2026-06-15', 3000, EUR);
  await payment('received', alpha.id, a3, '2026-06-28', 4400);

  const subjectAsCustomer = (await supplier.get('/api/v1/customers?search=Golden')).body.data as { id: string }[];
  const supplierVat = [{ tax_type_id: await createTaxType(supplier, 'VAT', '10') }];
  const s1 = await finalized(supplier, subjectAsCustomer[0]?.id ?? '', { invoice_date: '2026-06-08', taxes: supplierVat, items: [{ name: 'Materials', quantity: '1', price: 6000 }] });
  const vendor = await subject.post('/api/v1/vendors', { name: 'Supplier Co' });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  await payment('made', (vendor.body.data as { id: string }).id, s1, '2026-06-09', 3300);
});
afterAll(async () => {
  await h.close();
});

const get = async (client: TestClient, report: string, query: string) => client.get(`/api/v1/business/reports/${report}?${query}`);

async function rowsOf(report: string, query: string): Promise<[string, ...number[]][]> {
  const response = await get(subject, report, query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const body = response.body as unknown as ReportResponse;
  return body.rows.map((row) => [row.key ?? row.label, ...row.values]);
}

describe('reports on the golden dataset', () => {
  it('reads "this month" in the business time zone', async () => {
    const response = await get(subject, 'profit_and_loss', 'range=this_month');
    expect(response.body).toMatchObject({ report: 'profit_and_loss', basis: 'accrual', range: 'this_month', from: '2026-06-01', to: '2026-06-30', currency_id: 1, unconverted_currency_ids: [], columns: ['amount'] });
  });

  it('profit and loss, accrual and cash', async () => {
    expect(await rowsOf('profit_and_loss', 'range=this_month&basis=accrual')).toEqual([
      ['sales', 41000],
      ['purchases', 6000],
      ['gross_profit', 35000],
      ['financing_fees', 200],
      ['net_profit', 34800],
    ]);
    expect(await rowsOf('profit_and_loss', 'range=this_month&basis=cash')).toEqual([
      ['sales', 30272],
      ['purchases', 3000],
      ['gross_profit', 27272],
      ['financing_fees', 0],
      ['net_profit', 27272],
    ]);
  });

  it('profit and loss on the accrual basis equals hledger\'s income statement of the same records', async () => {
    const journal = await accrualJournal(h.app.db, { tenantId: h.landlordId, businessId: subject.business ?? '' }, { currency: 'USD', timeZone: 'Pacific/Kiritimati' });
    const hledger = await hledgerIncomeStatement(journal, { from: '2026-06-01', to: '2026-06-30' }, 2);
    const product = Object.fromEntries(await rowsOf('profit_and_loss', 'range=this_month&basis=accrual'));
    expect(hledger).toEqual({ revenues: 41_000, expenses: 6_200, net: 34_800 });
    expect(hledger).toEqual({ revenues: product.sales, expenses: (product.purchases ?? 0) + (product.financing_fees ?? 0), net: product.net_profit });
    // And over May, where only A0 was invoiced.
    const may = Object.fromEntries(await rowsOf('profit_and_loss', 'range=custom&from=2026-05-01&to=2026-05-31&basis=accrual'));
    const mayByHledger = await hledgerIncomeStatement(journal, { from: '2026-05-01', to: '2026-05-31' }, 2);
    expect(mayByHledger).toEqual({ revenues: 10_000, expenses: 0, net: 10_000 });
    expect(mayByHledger).toEqual({ revenues: may.sales, expenses: (may.purchases ?? 0) + (may.financing_fees ?? 0), net: may.net_profit });
  });

  it('sales by customer, accrual and cash', async () => {
    expect(await rowsOf('sales_by_customer', 'range=this_month')).toEqual([
      ['Alpha', 29000, 2900, 31900],
      ['Beta', 12000, 1200, 13200],
      ['total', 41000, 4100, 45100],
    ]);
    expect(await rowsOf('sales_by_customer', 'range=this_month&basis=cash')).toEqual([
      ['Alpha', 27000, 2700, 29700],
      ['Beta', 3272, 328, 3600],
      ['total', 30272, 3028, 33300],
    ]);
  });

  it('sales by item, accrual and cash', async () => {
    expect(await rowsOf('sales_by_item', 'range=this_month')).toEqual([
      ['Service', 5000],
      ['Widget', 36000],
      ['total', 41000],
    ]);
    expect(await rowsOf('sales_by_item', 'range=this_month&basis=cash')).toEqual([
      ['Service', 3000],
      ['Widget', 27272],
      ['total', 30272],
    ]);
  });

  it('taxes, accrual and cash', async () => {
    expect(await rowsOf('taxes', 'range=this_month')).toEqual([
      ['VAT (10%)', 4100, 600, 3500],
      ['total', 4100, 600, 3500],
    ]);
    expect(await rowsOf('taxes', 'range=this_month&basis=cash')).toEqual([
      ['VAT (10%)', 3028, 300, 2728],
      ['total', 3028, 300, 2728],
    ]);
  });

  it('a custom range: May holds A0 and its payment, and the refund that is June in Kiritimati but May in UTC is not there', async () => {
    expect(await rowsOf('profit_and_loss', 'range=custom&from=2026-05-01&to=2026-05-31&basis=cash')).toEqual([
      ['sales', 10000],
      ['purchases', 0],
      ['gross_profit', 10000],
      ['financing_fees', 0],
      ['net_profit', 10000],
    ]);
    // July: the second refund (06-30 11:00Z = 07-01 local) and the loan's fee, repaid 07-05.
    expect(await rowsOf('profit_and_loss', 'range=custom&from=2026-07-01&to=2026-07-31&basis=cash')).toEqual([
      ['sales', -1000],
      ['purchases', 0],
      ['gross_profit', -1000],
      ['financing_fees', 200],
      ['net_profit', -1200],
    ]);
  });

  it('presets: previous month, this quarter and this year', async () => {
    expect((await get(subject, 'taxes', 'range=previous_month')).body).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
    expect((await get(subject, 'taxes', 'range=this_week')).body).toMatchObject({ from: '2026-06-01', to: '2026-06-07' });
    expect((await get(subject, 'taxes', 'range=this_quarter')).body).toMatchObject({ from: '2026-04-01', to: '2026-06-30' });
    expect((await get(subject, 'taxes', 'range=previous_year')).body).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('refuses a custom range without dates or ending before it starts', async () => {
    expect((await get(subject, 'taxes', 'range=custom')).status).toBe(422);
    expect((await get(subject, 'taxes', 'range=custom&from=2026-06-02&to=2026-06-01')).status).toBe(422);
    expect((await get(subject, 'nothing', 'range=this_month')).status).toBe(422);
  });
});

describe('report access', () => {
  it('needs view-report', async () => {
    expect((await subject.post('/api/v1/roles', { name: 'No Reports', abilities: ['view-invoice'] })).status).toBe(201);
    const clerk = await inviteAndAccept(h, subject, 'clerk@golden.example', 'No Reports');
    expect((await get(clerk, 'profit_and_loss', 'range=this_month')).status).toBe(403);
    expect((await clerk.get('/api/v1/business/reports/taxes/download?range=this_month&format=csv')).status).toBe(403);
  });

  it('shows each business only its own figures', async () => {
    const header = { business: subject.business ?? '' };
    for (const outsider of [sibling, foreign]) {
      expect((await outsider.get('/api/v1/business/reports/profit_and_loss?range=this_month', header)).status).toBe(403);
      const own = (await get(outsider, 'sales_by_customer', 'range=custom&from=2026-01-01&to=2026-12-31')).body as unknown as ReportResponse;
      expect(own.rows).toEqual([{ key: 'total', label: '', kind: 'total', values: [0, 0, 0] }]);
    }
    // The supplier sees its sale to the subject, not the subject's purchase.
    expect(await rowsOf('taxes', 'range=this_month')).toHaveLength(2);
    const supplierPnl = (await get(supplier, 'profit_and_loss', 'range=custom&from=2026-06-01&to=2026-06-30')).body as unknown as ReportResponse;
    expect(supplierPnl.rows.map((row) => row.values[0])).toEqual([6000, 0, 6000, 0, 6000]);
  });
});

describe('report downloads', () => {
  const download = (report: string, format: string) => rawGet(h, subject, `/api/v1/business/reports/${report}/download?range=this_month&basis=cash&format=${format}`);

  async function cellsOf(rows: AsyncGenerator<{ cells: readonly string[] }>): Promise<string[][]> {
    const all: string[][] = [];
    for await (const row of rows) all.push([...row.cells]);
    return all;
  }

  it('CSV: the rows on screen, in major units', async () => {
    const response = await download('sales_by_customer', 'csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sales_by_customer-2026-06-01-2026-06-30.csv"');
    expect(await cellsOf(csvRows(response.body))).toEqual([
      ['Name', 'Net', 'Tax', 'Total'],
      ['Alpha', '270', '27', '297'],
      ['Beta', '32.72', '3.28', '36'],
      ['Total', '302.72', '30.28', '333'],
    ]);
  });

  it('XLSX: amounts are numbers', async () => {
    const response = await download('taxes', 'xlsx');
    expect(response.status).toBe(200);
    expect(await cellsOf(xlsxRows(response.body))).toEqual([
      ['Name', 'Tax collected', 'Tax paid', 'Net'],
      ['VAT (10%)', '30.28', '3', '27.28'],
      ['Total', '30.28', '3', '27.28'],
    ]);
  });

  it('PDF: the profit and loss with its figures', async () => {
    const response = await download('profit_and_loss', 'pdf');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.body);
    expect(text).toContain('Profit and loss 2026-06-01 – 2026-06-30 (cash, USD)');
    expect(text).toMatch(/Net profit\s+272\.72/);
  });

  it('refuses an unknown format', async () => {
    expect((await download('taxes', 'ods')).status).toBe(422);
  });
});
