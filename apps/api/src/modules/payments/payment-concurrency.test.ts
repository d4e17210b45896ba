import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type PaymentListResponse, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { idempotencyKeys, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createIdempotencyExpiryJob } from '../../platform/idempotency';
import { invoiceOf, openInvoice, paymentBody } from './test-payments';

const HOUR_MS = 3_600_000;
let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  h = await createHarness({ clock: fixedClock(new Date('2026-11-20T10:00:00Z')) });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Race Works');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  customer = await createCustomer(vendor, 'Many Payers');
});
afterAll(async () => {
  await h.close();
});

/** Payments received on an invoice (its customer's mirrors aside), read as the database owner (no row-level security in the way). */
async function paymentsOf(invoiceId: string): Promise<number> {
  const [row] = await h.app.db
    .select({ value: count() })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.direction, 'received')));
  return row?.value ?? 0;
}

describe('concurrent payments against one invoice', () => {
  it('accepts exactly twenty payments of 5.00 against 100.00 and refuses the other thirty', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => vendor.post('/api/v1/payments', paymentBody(customer.id, 500, { invoice_id: invoice.id }))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(30);
    for (const refused of responses.filter((response) => response.status === 422)) {
      expect(errorsOf(refused).invoice_id?.[0] ?? errorsOf(refused).amount?.[0]).toMatch(/A paid invoice cannot receive a payment\.|The amount cannot be more/);
    }
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 10000, due_amount: 0, paid_status: 'paid' });
    expect(await paymentsOf(invoice.id)).toBe(20);
    const numbers = responses.filter((response) => response.status === 201).map((response) => (response.body.data as { payment_number: string }).payment_number);
    expect(new Set(numbers).size).toBe(20);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key and body with the first response and records one payment', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const body = paymentBody(customer.id, 2500, { invoice_id: invoice.id });
    const key = { 'idempotency-key': 'pay-2500-once' };
    const first = await vendor.post('/api/v1/payments', body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The same body with its keys in another order is the same request.
    const again = await vendor.post('/api/v1/payments', Object.fromEntries(Object.entries(body).reverse()), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(invoice.id)).toBe(1);
    expect((await invoiceOf(vendor, invoice.id)).amount_paid).toBe(2500);

    const changed = await vendor.post('/api/v1/payments', { ...body, amount: 2600 }, key);
    expect(errorsOf(changed).idempotency_key?.[0]).toBe(messages.idempotencyKeyReused);
    expect(await paymentsOf(invoice.id)).toBe(1);
  });

  it('replays concurrent requests with one key as one payment', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const body = paymentBody(customer.id, 1000, { invoice_id: invoice.id });
    const responses = await Promise.all(Array.from({ length: 10 }, () => vendor.post('/api/v1/payments', body, { 'idempotency-key': 'burst' })));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    expect(await paymentsOf(invoice.id)).toBe(1);
    expect((await invoiceOf(vendor, invoice.id)).amount_paid).toBe(1000);
  });

  it('keeps no key for a write that failed, and keeps keys per business', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const key = { 'idempotency-key': 'retry-me' };
    expect(errorsOf(await vendor.post('/api/v1/payments', paymentBody(customer.id, 20000, { invoice_id: invoice.id }), key)).amount?.[0]).toBe(messages.paymentExceedsDue);
    const [kept] = await h.app.db.select({ value: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'retry-me'));
    expect(kept?.value).toBe(0);
    expect((await vendor.post('/api/v1/payments', paymentBody(customer.id, 5000, { invoice_id: invoice.id }), key)).status).toBe(201);

    const theirs = await createCustomer(sibling, 'Sibling Payer');
    const elsewhere = await sibling.post('/api/v1/payments', paymentBody(theirs.id, 700), key);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data).toMatchObject({ amount: 700, counterparty: { id: theirs.id } });
    const [rows] = await h.app.db
      .select({ value: count() })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'retry-me')));
    expect(rows?.value).toBe(2);
    expect((await vendor.post('/api/v1/payments', paymentBody(customer.id, 5000), { 'idempotency-key': ' ' })).status).toBe(422);
    const list = (await vendor.get(`/api/v1/payments?invoice_id=${invoice.id}`)).body as unknown as PaymentListResponse;
    expect(list.data.map((payment) => payment.amount)).toEqual([5000]);
  });

  it('forgets a key a day after it was claimed: the same key is then a new request', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const body = paymentBody(customer.id, 1000, { invoice_id: invoice.id });
    const key = { 'idempotency-key': 'a-day-long' };
    expect((await vendor.post('/api/v1/payments', body, key)).status).toBe(201);
    const claimedAgo = (hours: number) =>
      h.app.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(h.app.clock.now().getTime() - hours * HOUR_MS) })
        .where(eq(idempotencyKeys.key, 'a-day-long'));
    const expiry = createIdempotencyExpiryJob(h.app);

    await claimedAgo(23);
    expect(await expiry.run()).toBe(0);
    expect((await vendor.post('/api/v1/payments', body, key)).headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(invoice.id)).toBe(1);

    await claimedAgo(25);
    expect(await expiry.run()).toBe(1);
    const later = await vendor.post('/api/v1/payments', body, key);
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await paymentsOf(invoice.id)).toBe(2);
  });
});
