import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceListResponse, invoiceListResponseSchema } from '@app/contracts';
import { type DocumentActors, createDocumentActors } from '../../../test/document-actors';
import { type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { fixedClock } from '../../platform/clock';

/** More matches than a free-text count reads (1,000): the list must answer "1,000+". */
const COPIES = 1_050;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let actors: DocumentActors;
let vendor: TestClient;

/**
 * `copies` copies of one invoice in its business, each with its own id and number ('INV-000001' →
 * 'INV-000001-7'): a thousand rows in one statement instead of a thousand creates.
 */
async function copyInvoice(invoiceId: string, copies: number): Promise<void> {
  const executor = h.app.database.executor;
  const { rows } = await executor.executeSql("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'invoices' ORDER BY ordinal_position", []);
  const columns = (rows as { column_name: string }[]).map((row) => row.column_name);
  const renamed: Record<string, string> = { id: "md5(t.id::text || ':copy:' || copy)::uuid", invoice_number: "t.invoice_number || '-' || copy" };
  const values = columns.map((column) => renamed[column] ?? `t.${column}`);
  await executor.executeSql(`INSERT INTO invoices (${columns.join(', ')}) SELECT ${values.join(', ')} FROM invoices t CROSS JOIN generate_series(1, $2::int) AS copy WHERE t.id = $1::uuid`, [invoiceId, copies]);
}

async function listPage(client: TestClient, query: string): Promise<InvoiceListResponse> {
  const response = await client.get(`/api/v1/invoices?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return invoiceListResponseSchema.parse(response.body);
}

beforeAll(async () => {
  h = await createHarness({ clock });
  actors = await createDocumentActors(h, { a1: 'Many Invoices Co' });
  vendor = actors.a1.owner;
  const frequent = await createCustomer(vendor, 'Frequent Buyer Ltd');
  const seldom = await createCustomer(vendor, 'Seldom Buyer GmbH');
  const many = await createInvoice(vendor, frequent.id, { invoice_date: '2026-11-01', items: [{ name: 'Work', quantity: '1', price: 1000 }] });
  await copyInvoice(many.id, COPIES);
  for (let n = 0; n < 3; n += 1) await createInvoice(vendor, seldom.id, { invoice_date: '2026-11-02', items: [{ name: 'Work', quantity: '1', price: 2000 }] });
}, 120_000);
afterAll(async () => {
  await h.close();
});

describe('the count of a free-text search', () => {
  it('stops at 1,000 and says the total is a lower bound when more invoices match', async () => {
    const page = await listPage(vendor, 'search=frequent');
    expect(page.meta).toMatchObject({ total: 1000, total_is_lower_bound: true, current_page: 1, per_page: 15, last_page: 67 });
    expect(page.data).toHaveLength(15);
  });

  it('keeps a next page while more matches exist, past the first thousand', async () => {
    const deep = await listPage(vendor, 'search=frequent&page=67');
    expect(deep.data).toHaveLength(15);
    // Page 67 ends at the 1,005th match: counted to 1,006, so page 68 is offered.
    expect(deep.meta).toMatchObject({ total: 1005, total_is_lower_bound: true, last_page: 68 });
    const last = await listPage(vendor, 'search=frequent&page=71');
    // 1,051 matches: page 71 holds the last one and the count is exact again.
    expect(last.data).toHaveLength(1);
    expect(last.meta).toMatchObject({ total: COPIES + 1, total_is_lower_bound: false, last_page: 71 });
  });

  it('caps an invoice-number pattern the same way', async () => {
    const page = await listPage(vendor, 'invoice_number=INV-000001-');
    expect(page.meta).toMatchObject({ total: 1000, total_is_lower_bound: true });
  });

  it('answers the exact count when fewer invoices match', async () => {
    const page = await listPage(vendor, 'search=seldom');
    expect(page.meta).toMatchObject({ total: 3, total_is_lower_bound: false, last_page: 1 });
    expect(page.data).toHaveLength(3);
  });

  it('keeps the unfiltered, status-filtered and customer-filtered counts exact', async () => {
    const all = await listPage(vendor, '');
    expect(all.meta).toMatchObject({ total_is_lower_bound: false });
    const drafts = await listPage(vendor, 'tab_status=draft');
    expect(drafts.meta).toMatchObject({ total_is_lower_bound: false });
    const byCustomer = await listPage(vendor, `customer_id=${(await listPage(vendor, 'search=frequent')).data[0]?.customer_id ?? ''}`);
    expect(byCustomer.meta).toMatchObject({ total: COPIES + 1, total_is_lower_bound: false });
  });

  it('counts nothing of another business or another tenant', async () => {
    for (const other of [actors.a2.owner, actors.b1.owner]) {
      const page = await listPage(other, 'search=frequent');
      expect(page.meta).toMatchObject({ total: 0, total_is_lower_bound: false });
      expect(page.data).toEqual([]);
    }
  });
});
