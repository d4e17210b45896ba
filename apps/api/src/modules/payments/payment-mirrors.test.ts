import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLogResource, type CounterpartyResource, type PaymentClaimListResponse, type PaymentListResponse, type PaymentResource, dashboardChartsSchema, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, onboardedCustomer } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { createPayment, invoiceOf, openInvoice, paymentBody } from './test-payments';

const BUYER = 'Initech Purchasing';
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let vendor: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Mirror Works');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, BUYER, 'ap@initech.example'));
});
afterAll(async () => {
  await h.close();
});

const madeOn = async (client: TestClient, invoiceId: string) => ((await client.get(`/api/v1/payments?tab=made&invoice_id=${invoiceId}`)).body as unknown as PaymentListResponse).data;
const paymentsMade = async (client: TestClient) => dashboardChartsSchema.parse((await client.get('/api/v1/business/charts/data')).body).totals.payments_made;
const auditOf = async (client: TestClient, id: string) =>
  ((await client.get('/api/v1/audit-logs?model=payment&limit=100')).body.data as AuditLogResource[]).filter((entry) => entry.model_id === id).map((entry) => entry.action);

describe('a payment the vendor records on an invoice', () => {
  it('appears in the customer business\'s payments made with the same amount and date, counted once', async () => {
    const invoice = await openInvoice(vendor, customer.id, 15000);
    const madeBefore = await paymentsMade(buyer);
    const receipt = await createPayment(vendor, paymentBody(customer.id, 6000, { invoice_id: invoice.id, payment_date: '2026-11-18' }));

    const [mirror] = await madeOn(buyer, invoice.id);
    expect(mirror).toMatchObject({ direction: 'made', amount: 6000, payment_date: '2026-11-18', currency_id: receipt.currency_id, status: 'completed', claim: { status: 'confirmed' }, invoice: { id: invoice.id, amount_paid: 6000 } });
    expect(mirror?.counterparty).toMatchObject({ name: 'Mirror Works' });
    expect(mirror?.payment_number).toMatch(/\S/);
    expect(await paymentsMade(buyer)).toBe(madeBefore + 6000);
    // The invoice counts the money once, and the mirror is no claim awaiting the vendor.
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 6000, due_amount: 9000 });
    expect(((await vendor.get('/api/v1/payments/claims?status=all')).body as unknown as PaymentClaimListResponse).data.map((claim) => claim.id)).not.toContain(mirror?.id);
    expect((await vendor.get(`/api/v1/payments/${receipt.id}`)).body.data).toMatchObject({ confirms_claim: null });
    // Both audit logs.
    expect(await auditOf(vendor, receipt.id)).toEqual(['created']);
    expect(await auditOf(buyer, mirror?.id ?? '')).toEqual(['created']);
  });

  it('follows the vendor\'s edits and deletion; the customer keeps only its own bookkeeping on it', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const receipt = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id }));
    const [mirror] = await madeOn(buyer, invoice.id);
    if (!mirror?.vendor_id) throw new Error('No mirror');
    const mine = { direction: 'made', vendor_id: mirror.vendor_id, invoice_id: invoice.id, payment_date: mirror.payment_date, amount: mirror.amount };

    const edited = await vendor.put(`/api/v1/payments/${receipt.id}`, paymentBody(customer.id, 7000, { invoice_id: invoice.id, payment_date: '2026-11-19' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await madeOn(buyer, invoice.id)).toMatchObject([{ id: mirror.id, amount: 7000, payment_date: '2026-11-19', payment_number: mirror.payment_number }]);
    expect(await auditOf(buyer, mirror.id)).toContain('updated');

    // The customer cannot change the money or delete it; its notes are its own.
    const moved = await buyer.put(`/api/v1/payments/${mirror.id}`, { ...mine, amount: 100, payment_date: '2026-11-19' });
    expect(moved.status).toBe(422);
    expect(errorsOf(moved).amount?.[0]).toBe(messages.claimConfirmedLocked);
    expect((await buyer.delete(`/api/v1/payments/${mirror.id}`)).status).toBe(422);
    const noted = await buyer.put(`/api/v1/payments/${mirror.id}`, { ...mine, amount: 7000, payment_date: '2026-11-19', notes: 'Paid from the main account' });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);

    // Moved off the invoice: the customer's side has nothing left on it.
    const detached = await vendor.put(`/api/v1/payments/${receipt.id}`, paymentBody(customer.id, 7000, { payment_date: '2026-11-19' }));
    expect(detached.status, JSON.stringify(detached.body)).toBe(200);
    expect(await madeOn(buyer, invoice.id)).toEqual([]);

    const again = await createPayment(vendor, paymentBody(customer.id, 2000, { invoice_id: invoice.id }));
    const [second] = await madeOn(buyer, invoice.id);
    const before = await paymentsMade(buyer);
    expect((await vendor.delete(`/api/v1/payments/${again.id}`)).status).toBe(200);
    expect(await madeOn(buyer, invoice.id)).toEqual([]);
    expect(await paymentsMade(buyer)).toBe(before - 2000);
    expect(await auditOf(buyer, second?.id ?? '')).toEqual(['deleted', 'created']);
  });

  it('is not recorded twice when the vendor confirms the customer\'s own claim', async () => {
    const invoice = await openInvoice(vendor, customer.id, 5000);
    const [supplier] = ((await buyer.get('/api/v1/vendors')).body.data as CounterpartyResource[]).filter((entry) => entry.name === 'Mirror Works');
    const claim = await createPayment(buyer, { direction: 'made', vendor_id: supplier?.id, invoice_id: invoice.id, payment_date: '2026-11-21', amount: 5000 });
    expect((await vendor.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(200);
    expect((await madeOn(buyer, invoice.id)).map((payment: PaymentResource) => payment.id)).toEqual([claim.id]);
  });

  it('gives a customer business that never recorded the vendor a vendor record for it', async () => {
    const walkIn = await createCustomer(vendor, 'Walk-in Buyer', 'walkin@example.test');
    const invoice = await openInvoice(vendor, walkIn.id, 3000);
    await createPayment(vendor, paymentBody(walkIn.id, 3000, { invoice_id: invoice.id }));
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 3000, paid_status: 'paid' });
  });

  it('lets the platform delete a vendor business whose payments its customers mirror', async () => {
    const doomed = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Doomed Supplies');
    const buyerRecord = await createCustomer(doomed, 'Doomed Buyer', 'doomed-buyer@example.test');
    const invoice = await openInvoice(doomed, buyerRecord.id, 2000);
    await createPayment(doomed, paymentBody(buyerRecord.id, 2000, { invoice_id: invoice.id }));
    const deleted = await doomed.post('/api/v1/business/delete', { id: doomed.business, name: 'Doomed Supplies' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });

  it('stays out of other businesses and tenants', async () => {
    const sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Mirror Sibling');
    const invoice = await openInvoice(vendor, customer.id, 2500);
    await createPayment(vendor, paymentBody(customer.id, 2500, { invoice_id: invoice.id }));
    const [mirror] = await madeOn(buyer, invoice.id);
    expect((await sibling.get(`/api/v1/payments/${mirror?.id ?? ''}`)).status).toBe(404);
    expect(await madeOn(sibling, invoice.id)).toEqual([]);
  });
});
