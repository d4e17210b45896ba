import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type InvoiceListResponse, type InvoiceResource, messages } from '@app/contracts';
import { type DocumentActors, createDocumentActors, othersThan } from '../../../test/document-actors';
import { type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice, createTaxType, invoiceBody, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept } from '../../../test/team';
import { fixedClock } from '../../platform/clock';

let h: Harness;
let actors: DocumentActors;
let vendor: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let buyer: TestClient;
let vat: string;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  actors = await createDocumentActors(h, { a1: 'Łódź Widgets', a2: 'Sibling Works', b1: 'Foreign Ltd', buyer: { name: 'Globex Corporation', email: 'ap@globex.example' } });
  ({ owner: vendor, customer } = actors.a1);
  ({ a2: { owner: sibling }, b1: { owner: foreign }, buyer } = actors);
  vat = await createTaxType(vendor, 'VAT', '19');
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as InvoiceResource;
const listOf = (body: Record<string, unknown>) => body as unknown as InvoiceListResponse;

describe('creating invoices', () => {
  it('computes every amount on the server and ignores what the client sent', async () => {
    const invoice = await createInvoice(vendor, customer.id, {
      discount_type: 'percentage',
      discount: '10',
      taxes: [{ tax_type_id: vat }],
      sub_total: 1,
      total: 999999,
      tax: 0,
      discount_val: 5,
      items: [
        { name: 'Consulting', quantity: '2', price: 15000, total: 1 },
        { name: 'Support', quantity: '1', price: 5000 },
      ],
    });
    // 2 × 150.00 + 50.00 = 350.00; 10% off = 35.00; VAT 19% of 315.00 = 59.85; total 374.85.
    expect(invoice).toMatchObject({ sub_total: 35000, discount_val: 3500, tax: 5985, total: 37485, due_amount: 37485, status: 'draft', paid_status: 'unpaid', direction: 'outgoing' });
    expect(invoice.taxes).toEqual([expect.objectContaining({ name: 'VAT', percent: '19', amount: 5985 })]);
    expect(invoice.items.map((item) => [item.total, item.document_discount_share])).toEqual([
      [30000, 3000],
      [5000, 500],
    ]);
    expect(invoice.invoice_number).toBe('INV-000001');
    expect(invoice.due_date).toBe('2026-12-20');
    expect(invoice.customer).toMatchObject({ name: 'Globex Corporation', business_id: customer.customer_business.id });
  });

  it('taxes per item with per-item and document discounts', async () => {
    const reduced = await createTaxType(vendor, 'Reduced', '7');
    const invoice = await createInvoice(vendor, customer.id, {
      tax_per_item_enabled: true,
      discount_per_item_enabled: true,
      discount_type: 'fixed',
      discount: '1000',
      items: [
        { name: 'A', quantity: '3', price: 3333, discount_type: 'percentage', discount: '10', taxes: [{ tax_type_id: vat }] },
        { name: 'B', quantity: '1', price: 2000, discount_type: 'fixed', discount: '500', taxes: [{ tax_type_id: reduced }] },
      ],
    });
    // A: 99.99 − 10.00 (9.999 rounded) = 89.99; B: 20.00 − 5.00 = 15.00; sub_total 104.99.
    // Document discount 10.00 spread 89.99 : 15.00 → 8.57 and 1.43; VAT 19% of 81.42 = 15.47; 7% of 13.57 = 0.95.
    expect(invoice).toMatchObject({ sub_total: 10499, discount_val: 1000, tax: 1642, total: 11141 });
    expect(invoice.items.map((item) => [item.discount_val, item.total, item.document_discount_share, item.tax])).toEqual([
      [1000, 8999, 857, 1547],
      [500, 1500, 143, 95],
    ]);
    expect(invoice.taxes.map((tax) => [tax.name, tax.amount])).toEqual([
      ['VAT', 1547],
      ['Reduced', 95],
    ]);
  });

  it('refuses bad input with the spec messages', async () => {
    const tooMuch = errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { discount: '99999999' })));
    expect(tooMuch.discount?.[0]).toBe(messages.invalidDiscount);
    const tiny = errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [{ name: 'Gum', quantity: '1', price: 49 }] })));
    expect(tiny.total?.[0]).toBe('Total should be greater than $ 0.50');
    expect((await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [{ name: 'Gum', quantity: '1', price: 50 }] }))).status).toBe(201);
    const zero = errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [{ name: 'X', quantity: '0', price: 100 }] })));
    expect(zero['items.0.quantity']?.[0]).toBe(messages.quantityGreaterThanZero);
    const none = errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [] })));
    expect(none.items?.[0]).toBe(messages.required);
    const siblingTax = await createTaxType(sibling, 'Sibling VAT', '5');
    expect(errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { taxes: [{ tax_type_id: siblingTax }] })))['taxes.0.tax_type_id']?.[0]).toBe(messages.invalidTaxType);
    expect(errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(actors.a2.customer.id))).customer_id?.[0]).toBe(messages.invalidCustomer);
    expect(errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { due_date: '2026-11-01' }))).due_date?.[0]).toBe(messages.dueBeforeInvoiceDate);
    expect(errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { invoice_date: '2026-02-30' }))).invoice_date?.[0]).toBe(messages.invalidDate);
  });

  it('numbers uniquely, also under 50 concurrent creates, and refuses a duplicate typed number', async () => {
    const typed = await createInvoice(vendor, customer.id, { invoice_number: 'CUSTOM-1' });
    expect(typed.invoice_number).toBe('CUSTOM-1');
    expect(errorsOf(await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { invoice_number: 'CUSTOM-1' }))).invoice_number?.[0]).toBe(messages.invoiceNumberTaken);
    const created = await Promise.all(Array.from({ length: 50 }, () => vendor.post('/api/v1/invoices', invoiceBody(customer.id))));
    expect(created.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 201));
    const numbers = created.map((response) => dataOf(response.body).invoice_number);
    expect(new Set(numbers).size).toBe(50);
    const next = (await vendor.get('/api/v1/next-number?model=invoice')).body;
    expect(numbers).not.toContain(next.next_number);
    // The prefilled next number is taken by the create that uses it; the sequence moves on.
    await createInvoice(vendor, customer.id, { invoice_number: next.next_number });
    expect((await vendor.get('/api/v1/next-number?model=invoice')).body.next_sequence_number).toBe(Number(next.next_sequence_number) + 1);
  });

  it('follows the numbering settings: yearly reset, date part, per-customer sequence', async () => {
    const settings = await sibling.post('/api/v1/business/settings', {
      settings: { invoice_number_format: '{{SERIES:S}}{{DATE_FORMAT:Y}}{{DELIMITER:/}}{{SEQUENCE:4}}{{DELIMITER:-}}{{CUSTOMER_SEQUENCE:3}}', invoice_number_yearly_reset: true },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const first = await createCustomer(sibling, 'First Customer');
    const second = await createCustomer(sibling, 'Second Customer');
    expect((await sibling.get(`/api/v1/next-number?model=invoice&customer_id=${first.id}`)).body).toMatchObject({ next_number: 'S2026/0001-001', next_sequence_number: 1, nextCustomerSequenceNumber: 1 });
    expect((await createInvoice(sibling, first.id)).invoice_number).toBe('S2026/0001-001');
    expect((await createInvoice(sibling, first.id)).invoice_number).toBe('S2026/0002-002');
    expect((await createInvoice(sibling, second.id)).invoice_number).toBe('S2026/0003-001');
    expect((await createInvoice(sibling, first.id, { invoice_date: '2027-01-05' })).invoice_number).toBe('S2027/0001-001');
  });
});

describe('number format settings', () => {
  it('refuses formats that cannot number documents', async () => {
    const tooLong = await vendor.post('/api/v1/business/settings', { settings: { invoice_number_format: '{{SERIES:INVOICE}}{{SEQUENCE:4}}' } });
    expect(errorsOf(tooLong)['settings.invoice_number_format']?.[0]).toBe('Series can have at most 6 characters.');
    const noSequence = await vendor.post('/api/v1/business/settings', { settings: { estimate_number_format: '{{SERIES:EST}}' } });
    expect(errorsOf(noSequence)['settings.estimate_number_format']?.[0]).toBe('Add a sequence, customer sequence or random sequence.');
    expect((await vendor.post('/api/v1/business/settings', { settings: { payment_number_format: 'garbage' } })).status).toBe(422);
  });
});

describe('invoice lifecycle', () => {
  it('finalizes, marks sent, changes the due date, and is approved by the receiving business', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    expect(invoice.allowed_actions).toEqual(expect.arrayContaining(['edit', 'finalize', 'void', 'delete']));
    // A draft is the vendor's own work: the customer cannot see it yet.
    expect((await buyer.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(404);
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/approve`)).status).toBe(404);

    const finalized = dataOf((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).body);
    expect(finalized.status).toBe('open');
    expect(errorsOf(await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status?.[0]).toMatch(/cannot/);
    const sent = dataOf((await vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`)).body);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent.sent_at).not.toBeNull();
    const moved = await vendor.post(`/api/v1/invoices/${invoice.id}/update-due-date`, { due_date: '2027-01-31' });
    expect(dataOf(moved.body).due_date).toBe('2027-01-31');
    expect(errorsOf(await vendor.post(`/api/v1/invoices/${invoice.id}/update-due-date`, { due_date: '2026-01-01' })).due_date?.[0]).toBe(messages.dueBeforeInvoiceDate);

    const incoming = await buyer.get(`/api/v1/invoices/${invoice.id}`);
    expect(dataOf(incoming.body)).toMatchObject({ direction: 'incoming', business: { name: 'Łódź Widgets' }, allowed_actions: ['approve', 'reject'] });
    // Only the receiving business approves; the vendor uses the admin approval.
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/approve`)).status).toBe(404);
    expect((await sibling.post(`/api/v1/invoices/${invoice.id}/approve`)).status).toBe(404);
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/reject`, { reason: 'Wrong quantity' })).body).toEqual({ status: 'rejected' });
    expect((await buyer.post(`/api/v1/invoices/${invoice.id}/approve`)).body).toEqual({ status: 'approved' });
    expect((await buyer.get('/api/v1/approved-invoice-amount')).body).toEqual({ invoice_approval_amount: 35000, amounts: [] });

    const adminApproved = await createInvoice(vendor, customer.id);
    await vendor.post(`/api/v1/invoices/${adminApproved.id}/finalize`);
    expect(dataOf((await vendor.post(`/api/v1/invoices/admin/${adminApproved.id}/approve`)).body).status).toBe('approved');
  });

  it('voids, refuses actions a status does not allow, and deletes', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    expect(errorsOf(await vendor.post(`/api/v1/invoices/admin/${invoice.id}/approve`)).status?.[0]).toMatch(/draft invoice cannot/);
    const voided = dataOf((await vendor.post(`/api/v1/invoices/${invoice.id}/void`)).body);
    expect(voided).toMatchObject({ status: 'void', allowed_actions: expect.not.arrayContaining(['edit', 'finalize']) });
    expect((await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id))).status).toBe(422);
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(422);
    expect((await vendor.delete(`/api/v1/invoices/${invoice.id}`)).body).toEqual({ success: true });
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(404);

    const many = [await createInvoice(vendor, customer.id), await createInvoice(vendor, customer.id)];
    const siblingInvoice = await createInvoice(sibling, actors.a2.customer.id);
    // A foreign id in a bulk request refuses the whole request.
    expect((await vendor.post('/api/v1/invoices/delete', { ids: [...many.map((i) => i.id), siblingInvoice.id] })).status).toBe(404);
    expect((await vendor.get(`/api/v1/invoices/${many[0]?.id}`)).status).toBe(200);
    expect((await vendor.post('/api/v1/invoices/delete', { ids: many.map((i) => i.id) })).body).toEqual({ success: true, count: 2 });
  });

  it('shows a void invoice as owing nothing, with no paid status, wherever it is listed', async () => {
    const invoice = await createInvoice(vendor, customer.id, { items: [{ name: 'Cancelled work', quantity: '1', price: 7000 }] });
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
    expect(dataOf((await vendor.get(`/api/v1/invoices/${invoice.id}`)).body)).toMatchObject({ paid_status: 'unpaid', due_amount: 7000 });
    expect((await vendor.post(`/api/v1/invoices/${invoice.id}/void`)).status).toBe(200);
    const owesNothing = { id: invoice.id, status: 'void', paid_status: null, due_amount: 0, total: 7000 };
    expect(dataOf((await vendor.get(`/api/v1/invoices/${invoice.id}`)).body)).toMatchObject(owesNothing);
    const listed = async (client: TestClient, query: string) => listOf((await client.get(`/api/v1/invoices${query}`)).body).data.find((row) => row.id === invoice.id);
    expect(await listed(vendor, '')).toMatchObject(owesNothing);
    expect(await listed(vendor, `?customer_id=${customer.id}`)).toMatchObject(owesNothing);
    // The receiving business is told the same, and another business or tenant sees nothing.
    expect(await listed(buyer, '?type=incoming')).toMatchObject(owesNothing);
    expect(await listed(sibling, '')).toBeUndefined();
    expect((await foreign.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(404);
    const charts = (await vendor.get('/api/v1/business/charts/data')).body as { recent_invoices: { id: string }[] };
    expect(charts.recent_invoices.find((row) => row.id === invoice.id)).toMatchObject({ status: 'void', paid_status: null, due_amount: 0 });
  });

  it('edits with recomputed totals and honours the retrospective edit lock', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    const edited = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id, { invoice_number: invoice.invoice_number, total: 1, items: [{ name: 'Only', quantity: '4', price: 2500 }] }));
    expect(dataOf(edited.body)).toMatchObject({ sub_total: 10000, total: 10000, due_amount: 10000, invoice_number: invoice.invoice_number });
    expect(dataOf(edited.body).items).toHaveLength(1);

    await vendor.post(`/api/v1/invoices/${invoice.id}/mark-sent`);
    await vendor.post('/api/v1/business/settings', { settings: { retrospective_edits: 'disable_on_invoice_sent' } });
    const locked = await vendor.get(`/api/v1/invoices/${invoice.id}`);
    expect(dataOf(locked.body).allowed_actions).not.toContain('edit');
    expect(errorsOf(await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id))).status?.[0]).toBe(messages.retrospectiveEditLocked);
    await vendor.post('/api/v1/business/settings', { settings: { retrospective_edits: 'allow' } });
    expect((await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id))).status).toBe(200);
  });

  it('clones into a new draft dated today', async () => {
    const source = await createInvoice(vendor, customer.id, { notes: 'Thanks', taxes: [{ tax_type_id: vat }] });
    await vendor.post(`/api/v1/invoices/${source.id}/finalize`);
    const clone = await vendor.post(`/api/v1/invoices/${source.id}/clone`);
    expect(clone.status).toBe(201);
    expect(dataOf(clone.body)).toMatchObject({ status: 'draft', invoice_date: '2026-11-20', notes: 'Thanks', total: source.total });
    expect(dataOf(clone.body).invoice_number).not.toBe(source.invoice_number);
  });
});

describe('listing invoices', () => {
  it('lists outgoing and incoming with tabs, filters, counts and stats', async () => {
    const { customer: other, client: otherBuyer } = await onboardedCustomer(h, vendor, 'Initech', 'ap@initech.example');
    const draft = await createInvoice(vendor, other.id, { invoice_date: '2026-10-01' });
    const open = await createInvoice(vendor, other.id, { invoice_date: '2026-10-02', due_date: '2026-10-10' });
    await vendor.post(`/api/v1/invoices/${open.id}/finalize`);

    const byCustomer = listOf((await vendor.get(`/api/v1/invoices?customer_id=${other.id}`)).body);
    expect(byCustomer.data.map((i) => i.id)).toEqual([open.id, draft.id]);
    const drafts = listOf((await vendor.get(`/api/v1/invoices?customer_id=${other.id}&tab_status=draft`)).body);
    expect(drafts.data.map((i) => i.id)).toEqual([draft.id]);
    const searched = listOf((await vendor.get('/api/v1/invoices?search=initech&tab_status=open')).body);
    expect(searched.data.map((i) => i.id)).toEqual([open.id]);
    expect(searched.data[0]).toMatchObject({ display_status: 'overdue', status: 'open' });
    const overdue = listOf((await vendor.get(`/api/v1/invoices?status=overdue&customer_id=${other.id}`)).body);
    expect(overdue.data.map((i) => i.id)).toEqual([open.id]);
    const ranged = listOf((await vendor.get(`/api/v1/invoices?from_date=2026-10-02&to_date=2026-10-02`)).body);
    expect(ranged.data.map((i) => i.id)).toEqual([open.id]);
    const numbered = listOf((await vendor.get(`/api/v1/invoices?invoice_number=${encodeURIComponent(open.invoice_number)}`)).body);
    expect(numbered.data.map((i) => i.id)).toEqual([open.id]);
    const paged = listOf((await vendor.get('/api/v1/invoices?limit=2&page=2')).body);
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 2 });
    expect(paged.meta.invoice_total_count).toBe(paged.meta.total);

    const incoming = listOf((await otherBuyer.get('/api/v1/invoices?type=incoming')).body);
    expect(incoming.data.map((i) => i.id)).toEqual([open.id]);
    expect(incoming.meta).toMatchObject({ total: 1, invoice_total_count: 1 });
    expect((await otherBuyer.get('/api/v1/bootstrap')).body).toMatchObject({ incoming_invoice_count: 1, outgoing_invoice_count: 0 });
    expect((await otherBuyer.get('/api/v1/invoices?type=sideways')).status).toBe(422);
    expect(errorsOf(await otherBuyer.get('/api/v1/invoices?type=sideways')).type?.[0]).toBe(messages.invalidType);

    const stats = await otherBuyer.get('/api/v1/invoices/stats?type=incoming');
    expect(stats.body).toEqual({ inDraft: 0, totalPaid: 0, totalDue: open.total, totalOverDue: open.total, currency_id: 1, unconverted_currency_ids: [] });
    const vendorStats = (await vendor.get('/api/v1/invoices/stats')).body;
    expect(vendorStats.inDraft).toBeGreaterThanOrEqual(draft.total);
  });
});

describe('access', () => {
  it('needs the invoice abilities', async () => {
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    const invoice = await createInvoice(vendor, customer.id);
    expect((await viewer.get('/api/v1/invoices')).status).toBe(200);
    expect((await viewer.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(200);
    expect((await viewer.post('/api/v1/invoices', invoiceBody(customer.id))).status).toBe(403);
    expect((await viewer.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id))).status).toBe(403);
    expect((await viewer.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(403);
    expect((await viewer.delete(`/api/v1/invoices/${invoice.id}`)).status).toBe(403);
    expect((await viewer.get('/api/v1/next-number?model=invoice')).status).toBe(403);
  });

  it('refuses another business and another tenant, changing nothing', async () => {
    const invoice = await createInvoice(vendor, customer.id);
    for (const { owner: outsider } of othersThan(actors, actors.a1)) {
      expect((await outsider.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(customer.id))).status).toBe(404);
      expect((await outsider.post(`/api/v1/invoices/${invoice.id}/void`)).status).toBe(404);
      expect((await outsider.delete(`/api/v1/invoices/${invoice.id}`)).status).toBe(404);
      expect(listOf((await outsider.get('/api/v1/invoices')).body).data.map((i) => i.id)).not.toContain(invoice.id);
    }
    // A business header of another tenant's business is refused outright.
    expect((await foreign.get('/api/v1/invoices', { business: vendor.business ?? '' })).status).toBe(403);
    expect(dataOf((await vendor.get(`/api/v1/invoices/${invoice.id}`)).body)).toMatchObject({ status: 'draft', total: invoice.total });
  });
});

describe('what invoices lock elsewhere', () => {
  it('keeps used items and tax types, shows the amount due and locks the customer currency', async () => {
    const { customer: buyerRecord } = await onboardedCustomer(h, vendor, 'Hooli', 'ap@hooli.example');
    const item = await vendor.post('/api/v1/items', { name: 'Widget', price: 1200 });
    const itemId = (item.body.data as { id: string }).id;
    const gst = await createTaxType(vendor, 'GST', '5');
    const invoice = await createInvoice(vendor, buyerRecord.id, { taxes: [{ tax_type_id: gst }], items: [{ item_id: itemId, name: 'Widget', quantity: '10', price: 1200 }] });
    expect(errorsOf(await vendor.delete(`/api/v1/items/${itemId}`)).ids?.[0]).toBe(messages.itemInUse);
    expect(Object.values(errorsOf(await vendor.delete(`/api/v1/tax-types/${gst}`))).flat()).toContain(messages.taxTypeInUse);
    expect((await vendor.put(`/api/v1/customers/${buyerRecord.id}`, { name: 'Hooli', currency_id: 2 })).status).toBe(422);

    const due = async () => ((await vendor.get(`/api/v1/customers/${buyerRecord.id}`)).body.data as CounterpartyResource).amount_due;
    expect(await due()).toBe(0);
    await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`);
    expect(await due()).toBe(invoice.total);
  });
});

describe('customers with invoices', () => {
  it('cannot be deleted, only archived', async () => {
    const kept = await createCustomer(vendor, 'Kept Customer');
    await createInvoice(vendor, kept.id);
    const refused = await vendor.post('/api/v1/customers/delete', { ids: [kept.id] });
    expect(errorsOf(refused).ids?.[0]).toBe(messages.counterpartyInUse);
    expect((await vendor.get(`/api/v1/customers/${kept.id}`)).status).toBe(200);
    expect((await vendor.post('/api/v1/customers/archive', { ids: [kept.id] })).status).toBe(200);
  });
});
