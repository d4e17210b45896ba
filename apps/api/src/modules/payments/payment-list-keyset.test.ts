import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentListQuery } from '@app/contracts';
import { type DocumentActors, createDocumentActors } from '../../../test/document-actors';
import { type Harness, createHarness } from '../../../test/harness';
import type { KeysetCursor } from '../../platform/business-scope';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { createInvoiceCollections } from '../financing/invoice-collections';
import { createPaymentService } from './payments.service';
import { createPayment, paymentBody } from './test-payments';

let h: Harness;
let actors: DocumentActors;
let service: ReturnType<typeof createPaymentService>;
const scopeOf = (label: 'a1' | 'a2' | 'b1') => ({ tenantId: actors[label].tenantId, businessId: actors[label].businessId });

beforeAll(async () => {
  h = await createHarness();
  actors = await createDocumentActors(h);
  service = createPaymentService(h.app, createDocumentAttachments(h.app), createInvoiceCollections(h.app).collectInTx);
  // Dates and amounts that tie, so each order leans on the id to break ties.
  const shapes = [
    { payment_date: '2026-11-02', amount: 5000, payment_number: 'PK-3' },
    { payment_date: '2026-11-01', amount: 5000, payment_number: 'PK-1' },
    { payment_date: '2026-11-02', amount: 7000, payment_number: 'PK-2' },
    { payment_date: '2026-11-02', amount: 5000, payment_number: 'PK-5' },
    { payment_date: '2026-11-03', amount: 1000, payment_number: 'PK-4' },
    { payment_date: '2026-11-01', amount: 7000, payment_number: 'PK-7' },
  ];
  for (const { amount, ...fields } of shapes) await createPayment(actors.a1.owner, paymentBody(actors.a1.customer.id, amount, fields));
  await createPayment(actors.a2.owner, paymentBody(actors.a2.customer.id, 100, { payment_number: 'OTHER-BUSINESS' }));
  await createPayment(actors.b1.owner, paymentBody(actors.b1.customer.id, 100, { payment_number: 'OTHER-TENANT' }));
}, 120_000);
afterAll(async () => {
  await h.close();
});

async function readWhole(scope: { tenantId: string; businessId: string }, query: PaymentListQuery) {
  const numbers: string[] = [];
  const totals: (number | null)[] = [];
  let after: KeysetCursor | null = null;
  for (let pageNumber = 1; pageNumber < 50; pageNumber += 1) {
    const page = await service.listAfter(scope, query, after, pageNumber);
    numbers.push(...page.data.map((row) => row.payment_number));
    totals.push(page.total);
    if (!page.next) break;
    after = page.next;
  }
  return { numbers, totals };
}

describe('reading the payments list whole, page after page (exports)', () => {
  for (const field of ['payment_date', 'payment_number', 'amount', 'created_at'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`gives the rows the list shows, in its order, by ${field} ${direction}`, async () => {
        const query = { orderByField: field, orderBy: direction };
        const shown = await service.list(scopeOf('a1'), { ...query, limit: 100 });
        const read = await readWhole(scopeOf('a1'), { ...query, limit: 4 });
        expect(read.numbers).toEqual(shown.data.map((row) => row.payment_number));
        expect(read.numbers).toHaveLength(6);
        expect(read.totals).toEqual([6, null]);
      });
    }
  }

  it('keeps to the filters, the business and the tenant', async () => {
    const filtered = await readWhole(scopeOf('a1'), { from_date: '2026-11-02', to_date: '2026-11-02', limit: 2 });
    expect([...filtered.numbers].sort()).toEqual(['PK-2', 'PK-3', 'PK-5']);
    expect(filtered.totals[0]).toBe(3);
    expect((await readWhole(scopeOf('a2'), { limit: 2 })).numbers).toEqual(['OTHER-BUSINESS']);
    expect((await readWhole(scopeOf('b1'), { limit: 2 })).numbers).toEqual(['OTHER-TENANT']);
    expect((await readWhole({ tenantId: actors.b1.tenantId, businessId: actors.a1.businessId }, { limit: 2 })).numbers).toEqual([]);
  });
});
