import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type PaymentListResponse, type PaymentResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice, invoiceBody, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { tenants } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { PDF, SVG, download, postForm } from '../attachments/test-files';
import { createMode, createPayment, invoiceOf, openInvoice, paymentBody } from './test-payments';

let h: Harness;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let buyer: TestClient;
let customer: CounterpartyResource;
let other: CounterpartyResource;
let cash: string;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Globex Corporation', 'ap@globex.example'));
  other = await createCustomer(vendor, 'Initech');
  cash = await createMode(vendor, 'Cash');
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as PaymentResource;
const listOf = (body: Record<string, unknown>) => body as unknown as PaymentListResponse;

describe('recording payments received', () => {
  it('moves the invoice from unpaid to partially paid to paid in the same write', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const first = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id, payment_method_id: cash, notes: 'First half' }));
    expect(first).toMatchObject({
      direction: 'received',
      payment_number: 'PAY-000001',
      amount: 4000,
      currency_id: 1,
      customer_id: customer.id,
      vendor_id: null,
      counterparty: { id: customer.id, name: 'Globex Corporation', email: 'ap@globex.example' },
      mode: { id: cash, name: 'Cash' },
      invoice: { id: invoice.id, amount_paid: 4000, due_amount: 6000, paid_status: 'partially_paid' },
      template_name: 'default',
      transfers: [],
      charges: [],
      refunds: [],
      status: 'completed',
    });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 4000, due_amount: 6000, paid_status: 'partially_paid', status: 'open' });
    // The invoice's own rules: its customer is locked and it cannot be deleted while payments exist.
    const moved = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(other.id, { items: [{ name: 'Work', quantity: '1', price: 10000 }] }));
    expect(errorsOf(moved).customer_id?.[0]).toBe(messages.customerLockedByPayment);
    expect(errorsOf(await vendor.delete(`/api/v1/invoices/${invoice.id}`)).ids?.[0]).toBe(messages.invoiceHasPayments);
    // Nor may an edit bring its total below what was paid.
    const belowPaid = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id, { items: [{ name: 'Work', quantity: '1', price: 3999 }] }));
    expect(errorsOf(belowPaid).total?.[0]).toBe(messages.totalBelowPaid);
    const lowered = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id, { items: [{ name: 'Work', quantity: '1', price: 5000 }] }));
    expect(lowered.body.data).toMatchObject({ total: 5000, amount_paid: 4000, due_amount: 1000, paid_status: 'partially_paid' });
    const restored = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id, { items: [{ name: 'Work', quantity: '1', price: 10000 }] }));
    expect(restored.body.data).toMatchObject({ total: 10000, due_amount: 6000 });
    const second = await createPayment(vendor, paymentBody(customer.id, '6000', { invoice_id: invoice.id }));
    expect(second.invoice).toMatchObject({ amount_paid: 10000, due_amount: 0, paid_status: 'paid' });
    // The rule for 'completed' (design notes, "Invoice statuses"): fully paid, the invoice is completed.
    expect(second.invoice).toMatchObject({ status: 'completed' });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'paid', status: 'completed' });
    expect(errorsOf(await vendor.post('/api/v1/payments', paymentBody(customer.id, 100, { invoice_id: invoice.id }))).invoice_id?.[0]).toBe('A paid invoice cannot receive a payment.');
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ customer_id: customer.id });
    // The payment that completed it can still be edited; leaving something due, the invoice is open again.
    const edited = await vendor.put(`/api/v1/payments/${second.id}`, paymentBody(customer.id, '5000', { invoice_id: invoice.id }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ paid_status: 'partially_paid', status: 'open', due_amount: 1000 });
  });

  it('records a payment without an invoice in the customer currency', async () => {
    const euro = await createCustomer(vendor, 'Euro Buyer', null, { currency_id: 3 });
    const payment = await createPayment(vendor, paymentBody(euro.id, 2500));
    expect(payment).toMatchObject({ invoice_id: null, invoice: null, currency_id: 3, mode: null });
    // A payment is a transaction: the customer's currency is locked from now on.
    expect(errorsOf(await vendor.put(`/api/v1/customers/${euro.id}`, { name: 'Euro Buyer', currency_id: 1 })).currency_id?.[0]).toBe(messages.currencyLocked);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const draft = await createInvoice(vendor, customer.id);
    const errors = async (body: Record<string, unknown>) => errorsOf(await vendor.post('/api/v1/payments', body));
    expect((await errors(paymentBody(customer.id, 49, { invoice_id: invoice.id }))).amount?.[0]).toBe('Amount must be more than $ 0.5');
    expect((await errors(paymentBody(customer.id, 10001, { invoice_id: invoice.id }))).amount?.[0]).toBe(messages.paymentExceedsDue);
    expect((await errors(paymentBody(customer.id, 'ten'))).amount?.[0]).toBe(messages.invalidAmount);
    expect((await errors(paymentBody(customer.id, '1'.repeat(21)))).amount?.[0]).toBe(messages.amountTooManyDigits);
    expect((await errors(paymentBody(customer.id, 5000, { customer_id: null }))).customer_id?.[0]).toBe(messages.required);
    expect((await errors(paymentBody(customer.id, 5000, { payment_date: '2026-02-30' }))).payment_date?.[0]).toBe(messages.invalidDate);
    expect((await errors(paymentBody(other.id, 5000, { invoice_id: invoice.id }))).invoice_id?.[0]).toBe(messages.invalidInvoice);
    expect((await errors(paymentBody(customer.id, 5000, { invoice_id: draft.id }))).invoice_id?.[0]).toBe('A draft invoice cannot receive a payment.');
    expect((await errors(paymentBody(customer.id, 5000, { direction: 'sideways' }))).direction?.[0]).toBe(messages.invalidType);
    const siblingCustomer = await createCustomer(sibling, 'Sibling Customer');
    const siblingMode = await createMode(sibling, 'Sibling cash');
    expect((await errors(paymentBody(siblingCustomer.id, 5000))).customer_id?.[0]).toBe(messages.invalidCustomer);
    expect((await errors(paymentBody(customer.id, 5000, { payment_method_id: siblingMode }))).payment_method_id?.[0]).toBe(messages.invalidPaymentMode);
    const typed = await createPayment(vendor, paymentBody(customer.id, 5000, { payment_number: 'RCPT-1' }));
    expect((await errors(paymentBody(customer.id, 5000, { payment_number: typed.payment_number }))).payment_number?.[0]).toBe(messages.paymentNumberTaken);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, paid_status: 'unpaid' });
  });

  it('asks for the whole amount due when the tenant has partial payments off', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    await h.app.db.update(tenants).set({ partialPayments: false }).where(eq(tenants.id, h.landlordId));
    try {
      expect(errorsOf(await vendor.post('/api/v1/payments', paymentBody(customer.id, 5000, { invoice_id: invoice.id }))).amount?.[0]).toBe(messages.partialPaymentsDisabled);
      expect((await createPayment(vendor, paymentBody(customer.id, 10000, { invoice_id: invoice.id }))).invoice?.paid_status).toBe('paid');
    } finally {
      await h.app.db.update(tenants).set({ partialPayments: true }).where(eq(tenants.id, h.landlordId));
    }
  });
});

describe('editing and deleting payments', () => {
  it('puts the invoice amounts back on edit, on a move to another invoice, and on delete', async () => {
    const first = await openInvoice(vendor, customer.id, 10000);
    const second = await openInvoice(vendor, customer.id, 20000);
    const payment = await createPayment(vendor, paymentBody(customer.id, 10000, { invoice_id: first.id }));
    expect((await invoiceOf(vendor, first.id)).paid_status).toBe('paid');

    const edited = await vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 3000, { invoice_id: first.id, notes: 'Corrected' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(dataOf(edited.body)).toMatchObject({ amount: 3000, notes: 'Corrected', payment_number: payment.payment_number, invoice: { amount_paid: 3000, paid_status: 'partially_paid' } });
    expect(errorsOf(await vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 10001, { invoice_id: first.id }))).amount?.[0]).toBe(messages.paymentExceedsDue);

    const moved = dataOf((await vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 20000, { invoice_id: second.id }))).body);
    expect(moved.invoice).toMatchObject({ id: second.id, amount_paid: 20000, paid_status: 'paid' });
    expect(await invoiceOf(vendor, first.id)).toMatchObject({ amount_paid: 0, due_amount: 10000, paid_status: 'unpaid' });
    expect(errorsOf(await vendor.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 100, { direction: 'made', vendor_id: customer.id }))).direction?.[0]).toBe(messages.paymentDirectionLocked);

    expect((await vendor.delete(`/api/v1/payments/${payment.id}`)).status).toBe(200);
    expect(await invoiceOf(vendor, second.id)).toMatchObject({ amount_paid: 0, due_amount: 20000, paid_status: 'unpaid' });
    expect((await vendor.get(`/api/v1/payments/${payment.id}`)).status).toBe(404);
  });

  it('deletes in bulk, all or nothing', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const a = await createPayment(vendor, paymentBody(customer.id, 2000, { invoice_id: invoice.id }));
    const b = await createPayment(vendor, paymentBody(customer.id, 3000, { invoice_id: invoice.id }));
    const siblingCustomer = await createCustomer(sibling, 'Sibling Payer');
    const foreignPayment = await createPayment(sibling, paymentBody(siblingCustomer.id, 1000));
    expect((await vendor.post('/api/v1/payments/delete', { ids: [a.id, foreignPayment.id] })).status).toBe(404);
    expect((await invoiceOf(vendor, invoice.id)).amount_paid).toBe(5000);
    const removed = await vendor.post('/api/v1/payments/delete', { ids: [a.id, b.id] });
    expect(removed.body).toEqual({ success: true, count: 2 });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, paid_status: 'unpaid' });
    expect((await sibling.get(`/api/v1/payments/${foreignPayment.id}`)).status).toBe(200);
  });

  it('keeps a payment mode that payments use', async () => {
    const check = await createMode(vendor, 'Check');
    await createPayment(vendor, paymentBody(customer.id, 1000, { payment_method_id: check }));
    expect(errorsOf(await vendor.delete(`/api/v1/payments/methods/${check}`)).id?.[0]).toBe(messages.paymentModeInUse);
  });
});

describe('payments made to vendors', () => {
  it('claims a payment on the vendor invoice addressed to the business, never a draft; the invoice waits for the vendor', async () => {
    const vendors = (await buyer.get('/api/v1/vendors')).body.data as CounterpartyResource[];
    const supplier = vendors.find((entry) => entry.name === 'Łódź Widgets');
    if (!supplier) throw new Error('The onboarded customer has no vendor record of its supplier');
    const invoice = await openInvoice(vendor, customer.id, 8000);
    const draft = await createInvoice(vendor, customer.id);
    const made = { direction: 'made', vendor_id: supplier.id, payment_date: '2026-11-21', amount: 8000 };
    expect(errorsOf(await buyer.post('/api/v1/payments', { ...made, invoice_id: draft.id })).invoice_id?.[0]).toBe(messages.invalidInvoice);
    expect(errorsOf(await buyer.post('/api/v1/payments', { ...made, vendor_id: null, invoice_id: invoice.id })).vendor_id?.[0]).toBe(messages.required);
    const payment = await createPayment(buyer, { ...made, invoice_id: invoice.id });
    expect(payment).toMatchObject({ direction: 'made', vendor_id: supplier.id, customer_id: null, status: 'pending', claim: { status: 'claimed' }, invoice: { paid_status: 'unpaid' } });
    expect(payment.payment_number).toMatch(/^PAY-\d{6}$/);
    // The payment stays the buyer's record, a claim: the vendor's invoice is unpaid until the vendor confirms it (payment-claims.test.ts).
    expect((await invoiceOf(vendor, invoice.id)).paid_status).toBe('unpaid');
    expect((await vendor.get(`/api/v1/payments/${payment.id}`)).status).toBe(404);
    // Beside the payments the vendor recorded on its earlier invoices, mirrored on the buyer's side (payment-mirrors.test.ts).
    const madeTab = listOf((await buyer.get(`/api/v1/payments?tab=made&invoice_id=${invoice.id}`)).body);
    expect(madeTab.data.map((entry) => entry.id)).toEqual([payment.id]);
    expect(madeTab.meta).toMatchObject({ total: 1, received_count: 0 });
  });
});

describe('listing payments', () => {
  it('filters, searches and pages on the server', async () => {
    const lister = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lister Ltd');
    const alpha = await createCustomer(lister, 'Alpha Buyers');
    const beta = await createCustomer(lister, 'Beta Buyers');
    const early = await createPayment(lister, paymentBody(alpha.id, 1000, { payment_date: '2026-10-01' }));
    const late = await createPayment(lister, paymentBody(beta.id, 2000, { payment_date: '2026-11-15' }));
    const middle = await createPayment(lister, paymentBody(alpha.id, 3000, { payment_date: '2026-11-01', payment_number: 'SPECIAL-7' }));
    const all = listOf((await lister.get('/api/v1/payments')).body);
    expect(all.data.map((entry) => entry.id)).toEqual([late.id, middle.id, early.id]);
    expect(all.meta).toMatchObject({ total: 3, payment_total_count: 3, received_count: 3, made_count: 0, current_page: 1 });
    const ids = async (query: string) => listOf((await lister.get(`/api/v1/payments?${query}`)).body).data.map((entry) => entry.id);
    expect(await ids(`customer_id=${alpha.id}`)).toEqual([middle.id, early.id]);
    expect(await ids('search=beta')).toEqual([late.id]);
    expect(await ids('search=special')).toEqual([middle.id]);
    expect(await ids('from_date=2026-10-15&to_date=2026-11-10')).toEqual([middle.id]);
    expect(await ids('orderByField=amount&orderBy=asc')).toEqual([early.id, late.id, middle.id]);
    const paged = listOf((await lister.get('/api/v1/payments?limit=2&page=2')).body);
    expect(paged.data.map((entry) => entry.id)).toEqual([early.id]);
    expect(paged.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect((await lister.get('/api/v1/payments?tab=sideways')).status).toBe(422);
    expect(listOf((await lister.get('/api/v1/payments?tab=made')).body).data).toEqual([]);
  });
});

describe('access', () => {
  it('needs view-payment to read and send-payment to write', async () => {
    const payment = await createPayment(vendor, paymentBody(customer.id, 1000));
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    expect((await viewer.get(`/api/v1/payments/${payment.id}`)).status).toBe(200);
    expect((await viewer.post('/api/v1/payments', paymentBody(customer.id, 1000))).status).toBe(403);
    expect((await viewer.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 2000))).status).toBe(403);
    expect((await viewer.delete(`/api/v1/payments/${payment.id}`)).status).toBe(403);
    const clerkRole = await vendor.post('/api/v1/roles', { name: 'Invoice clerk', abilities: ['view-invoice'] });
    expect(clerkRole.status).toBe(201);
    const clerk = await inviteAndAccept(h, vendor, 'clerk@lodz.example', 'Invoice clerk');
    expect((await clerk.get('/api/v1/payments')).status).toBe(403);
    expect((await clerk.get(`/api/v1/payments/${payment.id}`)).status).toBe(403);
    expect((await vendor.get(`/api/v1/payments/${payment.id}`)).body.data).toMatchObject({ amount: 1000 });
  });

  it('lets the accountant record and edit payments but delete none (deleting needs delete-invoice too)', async () => {
    const accountant = await inviteAndAccept(h, vendor, 'accountant@lodz.example', 'accountant');
    const recorded = await accountant.post('/api/v1/payments', paymentBody(customer.id, 1500));
    expect(recorded.status).toBe(201);
    const id = dataOf(recorded.body).id;
    expect((await accountant.put(`/api/v1/payments/${id}`, paymentBody(customer.id, 1600))).status).toBe(200);
    expect((await accountant.delete(`/api/v1/payments/${id}`)).status).toBe(403);
    expect((await accountant.post('/api/v1/payments/delete', { ids: [id] })).status).toBe(403);
    expect((await vendor.get(`/api/v1/payments/${id}`)).body.data).toMatchObject({ amount: 1600 });
    expect((await vendor.delete(`/api/v1/payments/${id}`)).status).toBe(200);
  });

  it('refuses ids of another business or tenant and changes nothing', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const payment = await createPayment(vendor, paymentBody(customer.id, 4000, { invoice_id: invoice.id }));
    for (const outsider of [sibling, foreign]) {
      expect((await outsider.get(`/api/v1/payments/${payment.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/v1/payments/${payment.id}`, paymentBody(customer.id, 100))).status).toBe(404);
      expect((await outsider.delete(`/api/v1/payments/${payment.id}`)).status).toBe(404);
      expect((await outsider.get(`/api/v1/payments/${payment.id}/transfers`)).status).toBe(404);
      expect((await outsider.get(`/api/v1/payments/${payment.id}/pdf`)).status).toBe(404);
    }
    const siblingCustomer = await createCustomer(sibling, 'Sibling Client');
    expect(errorsOf(await sibling.post('/api/v1/payments', paymentBody(siblingCustomer.id, 1000, { invoice_id: invoice.id }))).invoice_id?.[0]).toBe(messages.invalidInvoice);
    expect(errorsOf(await foreign.post('/api/v1/payments', paymentBody(customer.id, 1000))).customer_id?.[0]).toBe(messages.invalidCustomer);
    const elsewhere = h.client(OTHER_HOST);
    expect((await elsewhere.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    elsewhere.business = vendor.business;
    expect((await elsewhere.get(`/api/v1/payments/${payment.id}`)).status).toBe(403);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 4000 });
    expect((await vendor.get(`/api/v1/payments/${payment.id}`)).body.data).toMatchObject({ amount: 4000 });
  });
});

describe('payment attachments', () => {
  it('keeps files on the recording business\'s payment only, and removes them with the payment', async () => {
    const payment = await createPayment(vendor, paymentBody(customer.id, 1500));
    const uploaded = await postForm(h, vendor, `/api/v1/payments/${payment.id}/attachments`, [{ field: 'attachments[]', fileName: 'remittance.pdf', content: PDF }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [attachment] = uploaded.body.data as { id: string; url: string }[];
    expect(attachment?.url).toBe(`/api/v1/payments/${payment.id}/attachments/${attachment?.id}`);
    expect((await postForm(h, vendor, `/api/v1/payments/${payment.id}/attachments`, [{ field: 'attachments[]', fileName: 'x.pdf', content: SVG }])).status).toBe(422);
    const fetched = await download(h, vendor, attachment?.url ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.content.equals(PDF)).toBe(true);
    // The customer keeps its own records: it cannot read the vendor's payment files.
    expect((await download(h, buyer, attachment?.url ?? '')).status).toBe(404);
    expect((await download(h, sibling, attachment?.url ?? '')).status).toBe(404);
    expect((await vendor.delete(`/api/v1/payments/${payment.id}`)).status).toBe(200);
    expect((await download(h, vendor, attachment?.url ?? '')).status).toBe(404);
  });
});

