import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyResource, InvoiceResource } from '@app/contracts';
import { createDocumentActors } from '../../../test/document-actors';
import { createInvoice, createTaxType, invoiceBody } from '../../../test/documents';
import { type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { estimateBody } from '../estimates/test-estimates';
import { createInvoiceService } from './invoices.service';

/** Every statement a create sends, transaction control left out (it is the same for any create). */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
let sent: string[] = [];

let h: Harness;
let vendor: TestClient;
let customer: CounterpartyResource;
let scope: { tenantId: string; businessId: string };
let vat: string;

beforeAll(async () => {
  h = await createHarness({ queryLogger: { logQuery: (text) => void (TRANSACTION_CONTROL.test(text) || sent.push(text)) } });
  const actors = await createDocumentActors(h);
  ({ owner: vendor, customer } = actors.a1);
  scope = { tenantId: actors.a1.tenantId, businessId: actors.a1.businessId };
  vat = await createTaxType(vendor, 'VAT', '19');
});
afterAll(async () => {
  await h.close();
});

const body = () => invoiceBody(customer.id, { taxes: [{ tax_type_id: vat }], notes: 'Thanks' });

describe('creating an invoice', () => {
  it('answers exactly what a following GET answers', async () => {
    const created = await vendor.post('/api/v1/invoices', body());
    expect(created.status).toBe(201);
    const read = await vendor.get(`/api/v1/invoices/${(created.body.data as InvoiceResource).id}`);
    expect(read.status).toBe(200);
    expect(created.body).toEqual(read.body);
    expect(JSON.stringify(created.body)).toBe(JSON.stringify(read.body));
  });

  it('answers a typed number, per-item taxes and discounts exactly as a following GET does', async () => {
    const created = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, {
      invoice_number: 'TYPED-7',
      tax_per_item_enabled: true,
      discount_per_item_enabled: true,
      discount_type: 'percentage',
      discount: '2.50',
      items: [
        { name: 'A', quantity: '1.5', price: 3333, discount_type: 'percentage', discount: '10', taxes: [{ tax_type_id: vat }] },
        { name: 'B', quantity: '02.000', price: 2000, discount_type: 'fixed', discount: '0', taxes: [] },
      ],
    }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await vendor.get(`/api/v1/invoices/${(created.body.data as InvoiceResource).id}`);
    expect(JSON.stringify(created.body)).toBe(JSON.stringify(read.body));
  });

  it('skips a number typed by hand when the sequence reaches it, and a prefilled number moves the sequence on', async () => {
    const next = (await vendor.get('/api/v1/next-number?model=invoice')).body as { next_number: string; next_sequence_number: number };
    const later = `INV-${String(next.next_sequence_number + 1).padStart(6, '0')}`;
    expect((await createInvoice(vendor, customer.id, { invoice_number: later })).invoice_number).toBe(later);
    const prefilled = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { invoice_number: next.next_number }));
    expect((prefilled.body.data as InvoiceResource).sequence_number).toBe(next.next_sequence_number);
    expect(JSON.stringify(prefilled.body)).toBe(JSON.stringify((await vendor.get(`/api/v1/invoices/${(prefilled.body.data as InvoiceResource).id}`)).body));
    const generated = await createInvoice(vendor, customer.id);
    expect([generated.invoice_number, generated.sequence_number]).toEqual([`INV-${String(next.next_sequence_number + 2).padStart(6, '0')}`, next.next_sequence_number + 2]);
  });

  it('answers a new estimate exactly as a following GET does', async () => {
    const created = await vendor.post('/api/v1/estimates', estimateBody(customer.id, { taxes: [{ tax_type_id: vat }], discount: '05.5', discount_type: 'percentage' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await vendor.get(`/api/v1/estimates/${(created.body.data as { id: string }).id}`);
    expect(JSON.stringify(created.body)).toBe(JSON.stringify(read.body));
  });

  it('sends few statements, in one transaction', async () => {
    const me = await vendor.get('/api/v1/me');
    const userId = (me.body.data as { id: string }).id;
    const service = createInvoiceService(h.app, createDocumentAttachments(h.app));
    // What earlier requests left to run writes before the count starts: their API log rows (recorded
    // once the answer has gone, so after a moment) and their queued jobs.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await h.app.apiLog.flush();
    await h.jobs.drain();
    sent = [];
    await service.create({ tenantId: scope.tenantId, userId, businessId: scope.businessId, ip: null }, scope, body());
    const statements = sent;
    sent = [];
    expect(statements.filter((text) => text.includes("set_config('app.tenant_id'"))).toHaveLength(1);
    expect(statements, statements.join('\n')).toHaveLength(9);
    // The number comes last: after the sequence upsert (its row lock holds until commit) only the
    // invoice's number, the audit row and the outgoing invoice.created (which names the number) are written.
    const sequence = statements.findIndex((text) => text.startsWith('insert into "number_sequences"'));
    expect(statements.slice(sequence + 1).map((text) => text.split(' ').slice(0, 3).join(' '))).toEqual(['update "invoices" set', 'insert into "audit_logs"', 'insert into "webhook_events"']);
  });
});
