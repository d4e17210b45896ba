import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type InvoiceResource, type PublicLinkResponse, webhookInvoiceSchema } from '@app/contracts';
import { webhookEvents } from '../src/db/schema';
import { fixedClock } from '../src/platform/clock';
import { createEstimate } from '../src/modules/estimates/test-estimates';
import { createPayment, openInvoice, paymentBody } from '../src/modules/payments/test-payments';
import { tokenOfUrl } from '../src/modules/document-delivery/delivery-test-helpers';
import { type DocumentActors, createDocumentActors } from './document-actors';
import { createCustomer, createInvoice, postalAddress } from './documents';
import { type Harness, type TestClient, createHarness } from './harness';
import { inviteAndAccept } from './team';
import { eventsOf as allEventsOf, eventsAbout as allEventsAbout, subjectIdOf, typesAbout as allTypesAbout } from './webhook-events';

/**
 * The outgoing events the product writes for its changes (issue 19 item 1), read from the
 * webhook_events table: each in the change's transaction, once, with a payload its catalogue
 * schema accepts, under the tenant and business the change belongs to.
 */

let h: Harness;
let actors: DocumentActors;
let vendor: TestClient;
let buyer: TestClient;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  actors = await createDocumentActors(h, { a1: 'Emitting Works', a2: 'Sibling Emitter', b1: 'Foreign Emitter', buyer: { name: 'Event Buyer', email: 'ap@event-buyer.example' } });
  ({ buyer } = actors);
  vendor = actors.a1.owner;
});
afterAll(async () => {
  await h.close();
});

const eventsOf = (tenantId: string) => allEventsOf(h, tenantId);
const eventsAbout = (tenantId: string, id: string) => allEventsAbout(h, tenantId, id);
const typesAbout = (tenantId: string, id: string) => allTypesAbout(h, tenantId, id);

async function ok(response: Promise<{ status: number; body: Record<string, unknown> }>, status = 200): Promise<Record<string, unknown>> {
  const answered = await response;
  expect(answered.status, JSON.stringify(answered.body)).toBe(status);
  return answered.body;
}

describe('invoice events', () => {
  it('tells of each step of an invoice once, for its own business', async () => {
    const { tenantId, businessId, customer } = actors.a1;
    const invoice = await createInvoice(vendor, customer.id, { items: [{ name: 'Work', quantity: '1', price: 10000 }] });
    await ok(vendor.put(`/api/v1/invoices/${invoice.id}`, { customer_id: customer.id, invoice_date: '2026-11-20', items: [{ name: 'Work', quantity: '1', price: 12000 }] }));
    await ok(vendor.post(`/api/v1/invoices/${invoice.id}/finalize`));
    await ok(vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`));
    const token = tokenOfUrl(((await ok(vendor.post(`/api/v1/invoices/${invoice.id}/links`))) as unknown as PublicLinkResponse).url);
    const guest = h.client();
    await guest.csrf();
    await ok(guest.get(`/api/v1/public/invoices/${token}`));
    await ok(guest.get(`/api/v1/public/invoices/${token}`));
    await ok(buyer.post(`/api/v1/invoices/${invoice.id}/approve`));
    const payment = await createPayment(vendor, paymentBody(customer.id, 5000, { invoice_id: invoice.id }));
    await createPayment(vendor, paymentBody(customer.id, 7000, { invoice_id: invoice.id }));
    // The same amount again recomputes the invoice and changes nothing it was paid.
    await ok(vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 5000, { invoice_id: invoice.id })));

    const events = await eventsAbout(tenantId, invoice.id);
    expect(events.map((event) => event.type).sort()).toEqual([
      'invoice.approved',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.partially_paid',
      'invoice.sent',
      'invoice.updated',
      'invoice.viewed',
    ]);
    expect(new Set(events.map((event) => event.businessId))).toEqual(new Set([businessId]));
    const paid = events.find((event) => event.type === 'invoice.paid')?.data.invoice;
    expect(paid).toMatchObject({ id: invoice.id, business_id: businessId, paid_status: 'paid', total: 12000, amount_paid: 12000, due_amount: 0, currency: 'USD', customer_id: customer.id });
    expect(events.find((event) => event.type === 'invoice.partially_paid')?.data.invoice).toMatchObject({ paid_status: 'partially_paid', amount_paid: 5000, due_amount: 7000 });
  });

  it('tells of a voided and of a rejected invoice', async () => {
    const { tenantId, customer } = actors.a1;
    const voided = await openInvoice(vendor, customer.id, 3000);
    await ok(vendor.post(`/api/v1/invoices/${voided.id}/void`));
    const rejected = await openInvoice(vendor, customer.id, 4000);
    await ok(vendor.post(`/api/v1/invoices/${rejected.id}/mark-sent`));
    await ok(buyer.post(`/api/v1/invoices/${rejected.id}/reject`, { reason: 'Not ours' }));
    expect(await typesAbout(tenantId, voided.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.voided']);
    expect(await typesAbout(tenantId, rejected.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.rejected', 'invoice.sent']);
  });

  it('writes nothing for a change refused by validation or rolled back after its events were written', async () => {
    const { tenantId, customer } = actors.a1;
    const before = (await eventsOf(tenantId)).length;
    expect((await vendor.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: 'not a date', items: [] })).status).toBe(422);
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const first = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id }));
    const second = await createPayment(vendor, paymentBody(customer.id, 1000, { invoice_id: invoice.id }));
    const written = (await eventsOf(tenantId)).length;
    // Invoice created and finalized, then for each payment: its payment.created, invoice.partially_paid, and the customer business's payment made.
    expect(written - before).toBe(8);
    // Paying the rest would make the invoice paid (its event is written), but the number is taken: the whole change rolls back.
    const refused = await vendor.put(`/api/v1/payments/${second.id}`, paymentBody(customer.id, 6000, { invoice_id: invoice.id, payment_number: first.payment_number }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect((await eventsOf(tenantId)).length).toBe(written);
    expect(await typesAbout(tenantId, invoice.id)).not.toContain('invoice.paid');
  });

  it('writes nothing when the caller lacks the ability', async () => {
    const { tenantId, customer } = actors.a1;
    const viewer = await inviteAndAccept(h, vendor, 'viewer@emitting.example', 'viewer');
    const before = (await eventsOf(tenantId)).length;
    expect((await viewer.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-11-20', items: [{ name: 'Work', quantity: '1', price: 100 }] })).status).toBe(403);
    expect((await viewer.post('/api/v1/customers', { name: 'Nope', billing_address: postalAddress })).status).toBe(403);
    expect((await eventsOf(tenantId)).length).toBe(before);
  });

  it('keeps each event under its own tenant and business', async () => {
    const mine = await createInvoice(actors.a2.owner, actors.a2.customer.id);
    const foreign = await createInvoice(actors.b1.owner, actors.b1.customer.id);
    const tenantA = await eventsOf(actors.a1.tenantId);
    const tenantB = await eventsOf(actors.b1.tenantId);
    expect(tenantA.filter((event) => subjectIdOf(event) === mine.id).map((event) => event.businessId)).toEqual([actors.a2.businessId]);
    expect(tenantA.some((event) => subjectIdOf(event) === foreign.id)).toBe(false);
    expect(tenantA.some((event) => event.businessId === actors.b1.businessId || event.businessId === actors.b2.businessId)).toBe(false);
    expect(tenantB.filter((event) => subjectIdOf(event) === foreign.id).map((event) => [event.type, event.businessId])).toEqual([['invoice.created', actors.b1.businessId]]);
    expect(tenantB.some((event) => subjectIdOf(event) === mine.id)).toBe(false);
    // The business an event is filed under is the business its payload names, for every event of the tenant.
    const invoiceEvents = tenantA.filter((event) => event.type.startsWith('invoice.'));
    expect(invoiceEvents.length).toBeGreaterThan(0);
    for (const event of invoiceEvents) expect(webhookInvoiceSchema.parse(event.data.invoice).business_id).toBe(event.businessId);
  });
});

describe('estimate events', () => {
  it('tells of created, sent, approved and converted; and of rejected', async () => {
    const { tenantId, businessId, customer } = actors.a1;
    const estimate = await createEstimate(vendor, customer.id);
    await ok(vendor.post(`/api/v1/estimates/${estimate.id}/mark-sent`));
    await ok(buyer.post(`/api/v1/estimates/${estimate.id}/approve`));
    const invoice = (await ok(vendor.post(`/api/v1/estimates/${estimate.id}/convert-to-invoice`), 201)).data as InvoiceResource;
    const events = await eventsAbout(tenantId, estimate.id);
    expect(events.map((event) => event.type).sort()).toEqual(['estimate.approved', 'estimate.converted', 'estimate.created', 'estimate.sent']);
    expect(events.find((event) => event.type === 'estimate.converted')?.data.estimate).toMatchObject({ id: estimate.id, business_id: businessId, invoice_id: invoice.id });
    expect(await typesAbout(tenantId, invoice.id)).toEqual(['invoice.created']);

    const rejected = await createEstimate(vendor, customer.id);
    await ok(vendor.post(`/api/v1/estimates/${rejected.id}/mark-sent`));
    await ok(buyer.post(`/api/v1/estimates/${rejected.id}/reject`, { reason: 'Too dear' }));
    expect(await typesAbout(tenantId, rejected.id)).toEqual(['estimate.created', 'estimate.rejected', 'estimate.sent']);
  });
});

describe('payment events', () => {
  it('tells of created, updated and deleted payments, and deleting money tells no invoice event', async () => {
    const { tenantId, businessId, customer } = actors.a1;
    const invoice = await openInvoice(vendor, customer.id, 9000);
    const payment = await createPayment(vendor, paymentBody(customer.id, 9000, { invoice_id: invoice.id }));
    await ok(vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 9000, { invoice_id: invoice.id, notes: 'Wire' })));
    await ok(vendor.delete(`/api/v1/payments/${payment.id}`));
    const events = await eventsAbout(tenantId, payment.id);
    expect(events.map((event) => event.type).sort()).toEqual(['payment.created', 'payment.deleted', 'payment.updated']);
    expect(events[0]?.data.payment).toMatchObject({ id: payment.id, business_id: businessId, customer_id: customer.id, invoice_id: invoice.id, amount: 9000, refunded_amount: 0, currency: 'USD' });
    expect(events.map((event) => event.businessId)).toEqual([businessId, businessId, businessId]);
    expect(await typesAbout(tenantId, invoice.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
  });
});

describe("the customer business's payment events", () => {
  /** The buyer business's events about payments made on `invoiceId`, in the order written. */
  async function buyerPaymentEvents(invoiceId: string) {
    const { tenantId } = actors.a1;
    return (await eventsOf(tenantId)).filter((event) => event.businessId === buyer.business && event.type.startsWith('payment.') && JSON.stringify(event.data).includes(invoiceId));
  }

  it("follows a vendor's payment received with the customer's payment made: created, updated, deleted", async () => {
    const { customer, businessId } = actors.a1;
    const invoice = await openInvoice(vendor, customer.id, 8000);
    const payment = await createPayment(vendor, paymentBody(customer.id, 5000, { invoice_id: invoice.id }));
    await ok(vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 6000, { invoice_id: invoice.id })));
    await ok(vendor.delete(`/api/v1/payments/${payment.id}`));
    const events = await buyerPaymentEvents(invoice.id);
    expect(events.map((event) => event.type)).toEqual(['payment.created', 'payment.updated', 'payment.deleted']);
    const made = events.map((event) => event.data.payment as Record<string, unknown>);
    expect(made[0]).toMatchObject({ business_id: buyer.business, direction: 'made', customer_id: null, invoice_id: invoice.id, amount: 5000, failure_message: null });
    expect(made[1]).toMatchObject({ id: made[0]?.id, amount: 6000 });
    expect(made[2]).toMatchObject({ id: made[0]?.id });
    // The vendor's own payment is told to the vendor's business only.
    expect((await eventsAbout(actors.a1.tenantId, payment.id)).map((event) => event.businessId)).toEqual([businessId, businessId, businessId]);
    const vendors = (await buyer.get(`/api/v1/vendors?search=${encodeURIComponent('Emitting Works')}`)).body.data as { id: string; name: string }[];
    expect(made[0]?.vendor_id).toBe(vendors.find((entry) => entry.name === 'Emitting Works')?.id);
  });

  it("tells the customer of its vendor's decision on a payment it reported: failed with the reason, succeeded, and awaiting again", async () => {
    const { customer, tenantId } = actors.a1;
    const vendors = (await buyer.get(`/api/v1/vendors?search=${encodeURIComponent('Emitting Works')}`)).body.data as { id: string; name: string }[];
    const supplierId = vendors.find((entry) => entry.name === 'Emitting Works')?.id;
    const claimBody = (invoiceId: string, amount: number) => ({ direction: 'made', vendor_id: supplierId, invoice_id: invoiceId, payment_date: '2026-11-20', amount });

    const refused = await openInvoice(vendor, customer.id, 3000);
    const rejectedClaim = await createPayment(buyer, claimBody(refused.id, 3000));
    await ok(vendor.post(`/api/v1/payments/${rejectedClaim.id}/reject`, { reason: 'Nothing arrived' }));
    const rejectedEvents = await eventsAbout(tenantId, rejectedClaim.id);
    expect(rejectedEvents.map((event) => event.type)).toEqual(['payment.created', 'payment.failed']);
    expect(rejectedEvents[1]).toMatchObject({ businessId: buyer.business, data: { payment: { direction: 'made', vendor_id: supplierId, failure_message: 'Nothing arrived' } } });

    const accepted = await openInvoice(vendor, customer.id, 4000);
    const claim = await createPayment(buyer, claimBody(accepted.id, 4000));
    const receiptId = (((await ok(vendor.post(`/api/v1/payments/${claim.id}/confirm`))).data as { receipt_payment_id: string | null }).receipt_payment_id ?? '');
    await ok(vendor.delete(`/api/v1/payments/${receiptId}`));
    expect(await typesAbout(tenantId, claim.id)).toEqual(['payment.created', 'payment.succeeded', 'payment.updated'].sort());
    const claimEvents = await eventsAbout(tenantId, claim.id);
    expect(claimEvents.every((event) => event.businessId === buyer.business)).toBe(true);
    expect(claimEvents.map((event) => (event.data.payment as { failure_message: unknown }).failure_message)).toEqual([null, null, null]);
    expect((await eventsAbout(tenantId, receiptId)).map((event) => [event.type, event.businessId])).toEqual([
      ['payment.created', actors.a1.businessId],
      ['payment.deleted', actors.a1.businessId],
    ]);
    // A confirmed claim is the customer's side already: no second payment made appears for it.
    expect((await buyerPaymentEvents(accepted.id)).filter((event) => (event.data.payment as { id: string }).id !== claim.id)).toEqual([]);
  });
});

describe('customer and vendor events', () => {
  it('tells customer.* and vendor.* by the record kind, for the business that keeps it', async () => {
    const { tenantId, businessId } = actors.a1;
    const customer = await createCustomer(vendor, 'Evented Customer', 'evented@customer.example');
    await ok(vendor.put(`/api/v1/customers/${customer.id}`, { name: 'Evented Customer LLC', billing_address: postalAddress }));
    await ok(vendor.post('/api/v1/customers/archive', { ids: [customer.id] }));
    // Archiving it again changes nothing, so tells nothing.
    await vendor.post('/api/v1/customers/archive', { ids: [customer.id] });
    await ok(vendor.post('/api/v1/customers/unarchive', { ids: [customer.id] }));
    const events = await eventsAbout(tenantId, customer.id);
    expect(events.map((event) => event.type)).toEqual(['customer.created', 'customer.updated', 'customer.archived', 'customer.updated']);
    expect(events[2]?.data.customer).toMatchObject({ id: customer.id, business_id: businessId, name: 'Evented Customer LLC', archived: true });

    const supplier = (await ok(vendor.post('/api/v1/vendors', { name: 'Evented Vendor', billing_address: postalAddress }), 201)).data as { id: string };
    await ok(vendor.put(`/api/v1/vendors/${supplier.id}`, { name: 'Evented Vendor Inc', billing_address: postalAddress }));
    await ok(vendor.post('/api/v1/vendors/archive', { ids: [supplier.id] }));
    expect(await typesAbout(tenantId, supplier.id)).toEqual(['vendor.archived', 'vendor.created', 'vendor.updated']);

    const other = await createCustomer(actors.a2.owner, 'Sibling Customer');
    expect((await eventsAbout(tenantId, other.id)).map((event) => event.businessId)).toEqual([actors.a2.businessId]);
    expect((await eventsOf(actors.b1.tenantId)).some((event) => subjectIdOf(event) === customer.id)).toBe(false);
  });
});

describe('the events table itself', () => {
  it('holds only the tenant its rows name', async () => {
    const rows = await h.app.db.select({ businessId: webhookEvents.businessId }).from(webhookEvents).where(and(eq(webhookEvents.tenantId, actors.b1.tenantId), eq(webhookEvents.businessId, actors.a1.businessId)));
    expect(rows).toEqual([]);
  });
});
