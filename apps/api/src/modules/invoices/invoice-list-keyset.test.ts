import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceListItem, InvoiceListQuery } from '@app/contracts';
import { type DocumentActors, createDocumentActors } from '../../../test/document-actors';
import { createInvoice } from '../../../test/documents';
import { type Harness, createHarness } from '../../../test/harness';
import type { KeysetCursor } from '../../platform/business-scope';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { type InvoiceService, createInvoiceService } from './invoices.service';

let h: Harness;
let actors: DocumentActors;
let service: InvoiceService;
const scopeOf = (label: 'a1' | 'a2' | 'b1') => ({ tenantId: actors[label].tenantId, businessId: actors[label].businessId });

beforeAll(async () => {
  h = await createHarness();
  actors = await createDocumentActors(h);
  service = createInvoiceService(h.app, createDocumentAttachments(h.app));
  // Dates, totals and numbers that tie, so each order leans on the id to break ties.
  const shapes = [
    { invoice_date: '2026-11-02', price: 5000, invoice_number: 'K-3' },
    { invoice_date: '2026-11-01', price: 5000, invoice_number: 'K-1' },
    { invoice_date: '2026-11-02', price: 7000, invoice_number: 'K-2' },
    { invoice_date: '2026-11-02', price: 5000, invoice_number: 'K-5' },
    { invoice_date: '2026-11-03', price: 1000, invoice_number: 'K-4' },
    { invoice_date: '2026-11-01', price: 7000, invoice_number: 'K-7' },
    { invoice_date: '2026-11-02', price: 1000, invoice_number: 'K-6' },
  ];
  for (const { price, ...fields } of shapes) await createInvoice(actors.a1.owner, actors.a1.customer.id, { ...fields, items: [{ name: 'Work', quantity: '1', price }] });
  await createInvoice(actors.a2.owner, actors.a2.customer.id, { invoice_number: 'OTHER-BUSINESS' });
  await createInvoice(actors.b1.owner, actors.b1.customer.id, { invoice_number: 'OTHER-TENANT' });
}, 120_000);
afterAll(async () => {
  await h.close();
});

/** Every page of the keyset reader, `limit` rows at a time. */
async function readWhole(scope: { tenantId: string; businessId: string }, query: InvoiceListQuery) {
  const rows: InvoiceListItem[] = [];
  const totals: (number | null)[] = [];
  let after: KeysetCursor | null = null;
  for (let pageNumber = 1; pageNumber < 50; pageNumber += 1) {
    const page = await service.listAfter(scope, query, after, pageNumber);
    rows.push(...page.data);
    totals.push(page.total);
    if (!page.next) break;
    after = page.next;
  }
  return { numbers: rows.map((row) => row.invoice_number), totals };
}

describe('reading the invoice list whole, page after page (exports)', () => {
  const orders = ['invoice_date', 'invoice_number', 'total', 'created_at', 'due_date'] as const;
  for (const field of orders) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`gives the rows the list shows, in its order, by ${field} ${direction}`, async () => {
        const query = { orderByField: field, orderBy: direction };
        const shown = await service.list(scopeOf('a1'), { ...query, limit: 100 });
        const read = await readWhole(scopeOf('a1'), { ...query, limit: 2 });
        expect(read.numbers).toEqual(shown.data.map((row) => row.invoice_number));
        expect(read.numbers).toHaveLength(7);
        // Counted once, on the first page.
        expect(read.totals).toEqual([7, null, null, null]);
      });
    }
  }

  it('keeps to the filters, the business and the tenant', async () => {
    const filtered = await readWhole(scopeOf('a1'), { from_date: '2026-11-02', to_date: '2026-11-02', limit: 2 });
    expect([...filtered.numbers].sort()).toEqual(['K-2', 'K-3', 'K-5', 'K-6']);
    expect(filtered.totals[0]).toBe(4);
    expect((await readWhole(scopeOf('a2'), { limit: 2 })).numbers).toEqual(['OTHER-BUSINESS']);
    expect((await readWhole(scopeOf('b1'), { limit: 2 })).numbers).toEqual(['OTHER-TENANT']);
    // a1's business named under another tenant's id is not found there.
    await expect(readWhole({ tenantId: actors.b1.tenantId, businessId: actors.a1.businessId }, { limit: 2 })).rejects.toMatchObject({ status: 404 });
  });

  it('neither skips nor repeats a row when one already read is deleted between pages (an offset would skip one)', async () => {
    const first = await service.listAfter(scopeOf('a1'), { limit: 3 }, null, 1);
    const gone = first.data[0];
    if (!gone) throw new Error('Expected a first invoice');
    expect((await actors.a1.owner.post('/api/v1/invoices/delete', { ids: [gone.id] })).status).toBe(200);
    const all = [...first.data, ...(await readWholeFrom(first.next))].map((row) => row.invoice_number);
    expect([...all].sort()).toEqual(['K-1', 'K-2', 'K-3', 'K-4', 'K-5', 'K-6', 'K-7']);
  });
});

async function readWholeFrom(after: KeysetCursor | null): Promise<InvoiceListItem[]> {
  const rows: InvoiceListItem[] = [];
  for (let pageNumber = 2; after && pageNumber < 50; pageNumber += 1) {
    const page = await service.listAfter(scopeOf('a1'), { limit: 3 }, after, pageNumber);
    rows.push(...page.data);
    after = page.next;
  }
  return rows;
}
