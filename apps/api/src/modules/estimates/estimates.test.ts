import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type EstimateListResponse, type EstimateResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf } from '../../../test/catalog';
import { type DocumentActors, createDocumentActors, othersThan } from '../../../test/document-actors';
import { createCustomer, createTaxType, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { act, createEstimate, estimateBody } from './test-estimates';

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
  actors = await createDocumentActors(h, { a1: 'Quote Works', a2: 'Sibling Quotes', b1: 'Foreign Quotes', buyer: { name: 'Initech', email: 'buying@initech.example' } });
  ({ owner: vendor, customer } = actors.a1);
  ({ a2: { owner: sibling }, b1: { owner: foreign }, buyer } = actors);
  vat = await createTaxType(vendor, 'VAT', '19');
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as EstimateResource;
const listOf = (body: Record<string, unknown>) => body as unknown as EstimateListResponse;
const numbersIn = (body: Record<string, unknown>) => listOf(body).data.map((row) => row.estimate_number);

describe('creating estimates', () => {
  it('computes every amount on the server, ignores client totals and sets the expiry date', async () => {
    const estimate = await createEstimate(vendor, customer.id, {
      discount_type: 'percentage',
      discount: '10',
      taxes: [{ tax_type_id: vat }],
      reference_number: 'PO-77',
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
    expect(estimate).toMatchObject({ sub_total: 35000, discount_val: 3500, tax: 5985, total: 37485, status: 'draft', direction: 'outgoing', reference_number: 'PO-77' });
    expect(estimate.taxes).toEqual([expect.objectContaining({ name: 'VAT', percent: '19', amount: 5985 })]);
    expect(estimate.items.map((item) => [item.name, item.quantity, item.total, item.document_discount_share])).toEqual([
      ['Consulting', '2', 30000, 3000],
      ['Support', '1', 5000, 500],
    ]);
    expect(estimate.estimate_number).toBe('EST-000001');
    expect(estimate.expiry_date).toBe('2026-12-20');
    expect(estimate.template_name).toBe('estimate1');
    expect(estimate.allowed_actions).toEqual(expect.arrayContaining(['edit', 'delete', 'finalize', 'mark_sent', 'void', 'clone']));
    expect(estimate.allowed_actions).not.toContain('convert');
    expect(estimate.customer).toMatchObject({ name: 'Initech', business_id: customer.customer_business.id });
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toEqual(estimate);
    expect((await auditOf(vendor, 'estimate'))[0]).toMatchObject({ action: 'created', model_id: estimate.id });
  });

  it('keeps a typed expiry date, none when the setting is off, and refuses one before the estimate date', async () => {
    expect((await createEstimate(vendor, customer.id, { expiry_date: '2026-11-30' })).expiry_date).toBe('2026-11-30');
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { expiry_date: '2026-11-19' }))).expiry_date?.[0]).toBe(messages.expiryBeforeEstimateDate);
    expect((await sibling.post('/api/v1/business/settings', { settings: { estimate_set_expiry_date_automatically: false } })).status).toBe(200);
    expect((await createEstimate(sibling, actors.a2.customer.id)).expiry_date).toBeNull();
  });

  it('refuses bad input with the spec messages', async () => {
    const tiny = errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { items: [{ name: 'Gum', quantity: '1', price: 49 }] })));
    expect(tiny.total?.[0]).toBe('Total should be greater than $ 0.50');
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { items: [] }))).items?.[0]).toBe(messages.required);
    const siblingTax = await createTaxType(sibling, 'Sibling VAT', '5');
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { taxes: [{ tax_type_id: siblingTax }] })))['taxes.0.tax_type_id']?.[0]).toBe(messages.invalidTaxType);
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(actors.a2.customer.id))).customer_id?.[0]).toBe(messages.invalidCustomer);
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { template_name: 'invoice1' }))).template_name?.[0]).toBe(messages.invalidTemplate);
  });

  it('numbers uniquely and refuses a duplicate typed number', async () => {
    const typed = await createEstimate(vendor, customer.id, { estimate_number: 'Q-1' });
    expect(typed.estimate_number).toBe('Q-1');
    expect(errorsOf(await vendor.post('/api/v1/estimates', estimateBody(customer.id, { estimate_number: 'Q-1' }))).estimate_number?.[0]).toBe(messages.estimateNumberTaken);
    const other = await createEstimate(vendor, customer.id);
    expect(errorsOf(await vendor.put(`/api/v1/estimates/${other.id}`, estimateBody(customer.id, { estimate_number: 'Q-1' }))).estimate_number?.[0]).toBe(messages.estimateNumberTaken);
    const created = await Promise.all(Array.from({ length: 20 }, () => vendor.post('/api/v1/estimates', estimateBody(customer.id))));
    expect(created.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(created.map((response) => dataOf(response.body).estimate_number)).size).toBe(20);
    const next = (await vendor.get('/api/v1/next-number?model=estimate')).body;
    await createEstimate(vendor, customer.id, { estimate_number: next.next_number });
    expect((await vendor.get('/api/v1/next-number?model=estimate')).body.next_sequence_number).toBe(Number(next.next_sequence_number) + 1);
    // Another business numbers on its own.
    expect((await createEstimate(foreign, actors.b1.customer.id, { estimate_number: 'Q-1' })).estimate_number).toBe('Q-1');
  });

  it('updates: reprices, keeps the number, and sends a shared estimate back to open', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'mark-sent');
    expect(estimate.status).toBe('sent');
    const updated = await vendor.put(`/api/v1/estimates/${estimate.id}`, estimateBody(customer.id, { expiry_date: '2027-01-31', items: [{ name: 'Audit', quantity: '3', price: 1000 }] }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(dataOf(updated.body)).toMatchObject({ status: 'open', total: 3000, estimate_number: estimate.estimate_number, expiry_date: '2027-01-31' });
    expect(dataOf(updated.body).items.map((item) => item.name)).toEqual(['Audit']);
    const voided = await act(vendor, estimate.id, 'void');
    const refused = await vendor.put(`/api/v1/estimates/${voided.id}`, estimateBody(customer.id));
    expect(errorsOf(refused).status?.[0]).toBe('A void estimate cannot be edited.');
  });

  it('clones into a new draft dated today', async () => {
    const source = await act(vendor, (await createEstimate(vendor, customer.id, { estimate_date: '2026-10-01', discount: '500', taxes: [{ tax_type_id: vat }] })).id, 'finalize');
    const cloned = await vendor.post(`/api/v1/estimates/${source.id}/clone`);
    expect(cloned.status).toBe(201);
    const copy = dataOf(cloned.body);
    expect(copy).toMatchObject({ status: 'draft', estimate_date: '2026-11-20', expiry_date: '2026-12-20', total: source.total, discount: '500' });
    expect(copy.estimate_number).not.toBe(source.estimate_number);
    expect(copy.items.map((item) => [item.name, item.total])).toEqual(source.items.map((item) => [item.name, item.total]));
    expect(copy.taxes.map((tax) => tax.tax_type_id)).toEqual([vat]);
  });

  it('lists the estimate templates', async () => {
    const templates = (await vendor.get('/api/v1/estimates/templates')).body.estimateTemplates as { name: string; is_default: boolean }[];
    expect(templates.map((template) => template.name)).toContain('estimate1');
    expect(templates.filter((template) => template.is_default)).toHaveLength(1);
  });
});

describe('listing estimates', () => {
  let lister: TestClient;
  let client: TestClient;
  let acme: CounterpartyResource;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    lister = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lister Ltd');
    ({ customer: acme, client } = await onboardedCustomer(h, lister, 'Acme Anvils', 'quotes@acme.example'));
    const hooli = await createCustomer(lister, 'Hooli');
    ids.draft = (await createEstimate(lister, acme.id, { estimate_number: 'L-DRAFT', estimate_date: '2026-09-01' })).id;
    ids.open = (await act(lister, (await createEstimate(lister, acme.id, { estimate_number: 'L-OPEN', estimate_date: '2026-10-01' })).id, 'finalize')).id;
    ids.sent = (await act(lister, (await createEstimate(lister, hooli.id, { estimate_number: 'L-SENT', estimate_date: '2026-11-01' })).id, 'mark-sent')).id;
    ids.approved = (await act(lister, (await createEstimate(lister, acme.id, { estimate_number: 'L-APPROVED', estimate_date: '2026-11-10' })).id, 'mark-sent')).id;
    expect((await client.post(`/api/v1/estimates/${ids.approved}/approve`)).body).toEqual({ status: 'approved' });
    ids.rejected = (await act(lister, (await createEstimate(lister, acme.id, { estimate_number: 'L-REJECTED', estimate_date: '2026-11-12' })).id, 'finalize')).id;
    expect((await client.post(`/api/v1/estimates/${ids.rejected}/reject`, { reason: 'Too dear' })).body).toEqual({ status: 'rejected' });
    ids.void = (await act(lister, (await createEstimate(lister, acme.id, { estimate_number: 'L-VOID', estimate_date: '2026-11-15' })).id, 'void')).id;
    const converted = await lister.post(`/api/v1/estimates/${ids.open}/convert-to-invoice`);
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
  });

  it('filters outgoing estimates by tab, status, customer, search, number and dates', async () => {
    const all = await lister.get('/api/v1/estimates');
    expect(numbersIn(all.body)).toEqual(['L-VOID', 'L-REJECTED', 'L-APPROVED', 'L-SENT', 'L-OPEN', 'L-DRAFT']);
    expect(listOf(all.body).meta).toMatchObject({ total: 6, estimate_total_count: 6 });
    expect(numbersIn((await lister.get('/api/v1/estimates?tab_status=draft')).body)).toEqual(['L-DRAFT']);
    expect(numbersIn((await lister.get('/api/v1/estimates?tab_status=open')).body)).toEqual(['L-REJECTED', 'L-APPROVED', 'L-SENT']);
    expect(numbersIn((await lister.get('/api/v1/estimates?tab_status=converted')).body)).toEqual(['L-OPEN']);
    expect(numbersIn((await lister.get('/api/v1/estimates?status=sent')).body)).toEqual(['L-SENT']);
    expect(numbersIn((await lister.get('/api/v1/estimates?search=hoo')).body)).toEqual(['L-SENT']);
    expect(numbersIn((await lister.get(`/api/v1/estimates?customer_id=${acme.id}&tab_status=open`)).body)).toEqual(['L-REJECTED', 'L-APPROVED']);
    expect(numbersIn((await lister.get('/api/v1/estimates?estimate_number=approved')).body)).toEqual(['L-APPROVED']);
    expect(numbersIn((await lister.get('/api/v1/estimates?from_date=2026-10-01&to_date=2026-11-01&orderBy=asc')).body)).toEqual(['L-OPEN', 'L-SENT']);
    const paged = listOf((await lister.get('/api/v1/estimates?limit=4&page=2&orderByField=estimate_number&orderBy=asc')).body);
    expect(paged.data.map((row) => row.estimate_number)).toEqual(['L-SENT', 'L-VOID']);
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, total: 6 });
  });

  it('shows the customer business its estimates except drafts, with the incoming tabs', async () => {
    const incoming = await client.get('/api/v1/estimates?type=incoming');
    expect(numbersIn(incoming.body)).toEqual(['L-VOID', 'L-REJECTED', 'L-APPROVED', 'L-OPEN']);
    expect(listOf(incoming.body).meta).toMatchObject({ total: 4, estimate_total_count: 4 });
    expect(listOf(incoming.body).data[0]).toMatchObject({ direction: 'incoming', business: { id: lister.business, name: 'Lister Ltd' } });
    expect(numbersIn((await client.get('/api/v1/estimates?type=incoming&tab_status=approved')).body)).toEqual(['L-APPROVED']);
    expect(numbersIn((await client.get('/api/v1/estimates?type=incoming&tab_status=rejected')).body)).toEqual(['L-REJECTED']);
    expect((await client.get(`/api/v1/estimates/${ids.draft ?? ''}`)).status).toBe(404);
    const received = dataOf((await client.get(`/api/v1/estimates/${ids.rejected ?? ''}`)).body);
    expect(received).toMatchObject({ direction: 'incoming', status: 'rejected', allowed_actions: ['approve'] });
    expect((await lister.get('/api/v1/estimates?type=sideways')).status).toBe(422);
  });
});

describe('deleting estimates', () => {
  it('deletes one or many and writes an audit row each', async () => {
    const [first, second, third] = await Promise.all([createEstimate(vendor, customer.id), createEstimate(vendor, customer.id), createEstimate(vendor, customer.id)]);
    expect((await vendor.delete(`/api/v1/estimates/${first?.id ?? ''}`)).body).toEqual({ success: true });
    expect((await vendor.get(`/api/v1/estimates/${first?.id ?? ''}`)).status).toBe(404);
    expect((await vendor.post('/api/v1/estimates/delete', { ids: [second?.id, third?.id] })).body).toEqual({ success: true, count: 2 });
    const deletions = (await auditOf(vendor, 'estimate')).filter((entry) => entry.action === 'deleted').map((entry) => entry.model_id);
    expect(deletions).toEqual(expect.arrayContaining([first?.id, second?.id, third?.id]));
    expect((await vendor.post('/api/v1/estimates/delete', { ids: [] })).status).toBe(422);
  });
});

describe('access', () => {
  it('needs the estimate abilities', async () => {
    const viewer = await inviteAndAccept(h, vendor, 'viewer@quotes.example', 'viewer');
    const accountant = await inviteAndAccept(h, vendor, 'acct@quotes.example', 'accountant');
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'finalize');
    expect((await viewer.get('/api/v1/estimates')).status).toBe(200);
    expect((await viewer.get(`/api/v1/estimates/${estimate.id}`)).status).toBe(200);
    expect((await viewer.post('/api/v1/estimates', estimateBody(customer.id))).status).toBe(403);
    expect((await viewer.put(`/api/v1/estimates/${estimate.id}`, estimateBody(customer.id))).status).toBe(403);
    for (const action of ['finalize', 'void', 'mark-sent', 'clone', 'convert-to-invoice']) expect((await viewer.post(`/api/v1/estimates/${estimate.id}/${action}`)).status).toBe(403);
    expect((await viewer.delete(`/api/v1/estimates/${estimate.id}`)).status).toBe(403);
    expect((await viewer.post('/api/v1/estimates/delete', { ids: [estimate.id] })).status).toBe(403);
    expect((await accountant.post('/api/v1/estimates', estimateBody(customer.id))).status).toBe(201);
    expect((await accountant.delete(`/api/v1/estimates/${estimate.id}`)).status).toBe(403);
    expect(dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body).status).toBe('open');
  });

  it("another business's or tenant's estimate is not found and stays as it was", async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'mark-sent');
    const before = (await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data;
    for (const { owner: client } of othersThan(actors, actors.a1)) {
      const url = `/api/v1/estimates/${estimate.id}`;
      expect((await client.get(url)).status).toBe(404);
      expect((await client.put(url, estimateBody(customer.id))).status).toBe(404);
      expect((await client.delete(url)).status).toBe(404);
      expect((await client.post('/api/v1/estimates/delete', { ids: [estimate.id] })).status).toBe(404);
      for (const action of ['finalize', 'void', 'mark-sent', 'approve', 'reject']) expect((await client.post(`${url}/${action}`)).status).toBe(404);
      expect((await client.post(`${url}/clone`)).status).toBe(404);
      expect((await client.post(`${url}/convert-to-invoice`)).status).toBe(404);
      expect(numbersIn((await client.get('/api/v1/estimates?type=incoming')).body)).not.toContain(estimate.estimate_number);
    }
    // A bulk delete with one foreign id deletes nothing.
    const mine = await createEstimate(sibling, actors.a2.customer.id);
    expect((await sibling.post('/api/v1/estimates/delete', { ids: [mine.id, estimate.id] })).status).toBe(404);
    expect((await sibling.get(`/api/v1/estimates/${mine.id}`)).status).toBe(200);
    // Another business's customer is not a valid customer here.
    expect(errorsOf(await sibling.put(`/api/v1/estimates/${mine.id}`, estimateBody(customer.id))).customer_id?.[0]).toBe(messages.invalidCustomer);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body.data).toEqual(before);
    expect((await buyer.get(`/api/v1/estimates/${estimate.id}`)).status).toBe(200);
  });
});
