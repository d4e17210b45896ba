import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ItemResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf, idOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let other: TestClient;
let foreign: TestClient;
let unit: string;
let vat: string;
let reduced: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Items Inc');
  other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Items');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Items', OTHER_HOST);
  unit = idOf((await owner.post('/api/v1/item-units', { name: 'hour' })).body);
  vat = idOf((await owner.post('/api/v1/tax-types', { name: 'VAT', percent: 20 })).body);
  reduced = idOf((await owner.post('/api/v1/tax-types', { name: 'Reduced', percent: '5.5' })).body);
});
afterAll(async () => {
  await h.close();
});

const itemsOf = (body: Record<string, unknown>) => body.data as ItemResource[];
const create = (client: TestClient, body: Record<string, unknown>) => client.post('/api/v1/items', body);

describe('items', () => {
  it('validates name, description and price', async () => {
    const missing = errorsOf(await create(owner, {}));
    expect(missing.name?.[0]).toBe(messages.required);
    expect(missing.price?.[0]).toBe(messages.required);
    expect(errorsOf(await create(owner, { name: 'x'.repeat(256), price: 1 })).name?.[0]).toBe(messages.maxLength255);
    expect(errorsOf(await create(owner, { name: 'A', description: 'd'.repeat(256), price: 1 })).description?.[0]).toBe(messages.maxLength255);
    const price = async (value: unknown) => errorsOf(await create(owner, { name: 'A', price: value })).price?.[0];
    expect(await price(-1)).toBe(messages.invalidPrice);
    expect(await price(1.5)).toBe(messages.invalidPrice);
    expect(await price('12.50')).toBe(messages.invalidPrice);
    expect(await price('')).toBe(messages.required);
    expect(await price('123456789012345678901')).toBe(messages.priceTooManyDigits);
    expect(await price('90071992547409920')).toBe(messages.priceTooLarge);
    expect(await price(Number.MAX_SAFE_INTEGER + 1)).toBe(messages.priceTooLarge);
    const max = await create(owner, { name: 'Most expensive', price: String(Number.MAX_SAFE_INTEGER) });
    expect(max.status).toBe(201);
    expect((max.body.data as ItemResource).price).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('creates and edits an item with its unit and taxes', async () => {
    // A default tax listed twice would be charged twice on every line made from the item.
    expect(errorsOf(await create(owner, { name: 'Consulting', price: 12_500, taxes: [{ tax_type_id: vat }, { tax_type_id: vat }] }))['taxes.1.tax_type_id']).toEqual([messages.duplicateTax]);
    const created = await create(owner, { name: 'Consulting', description: 'Per hour', price: 12_500, unit_id: unit, taxes: [{ tax_type_id: vat }] });
    expect(created.status).toBe(201);
    const item = created.body.data as ItemResource;
    expect(item).toMatchObject({ name: 'Consulting', price: 12_500, unit_id: unit, unit: { id: unit, name: 'hour' }, tax_type_ids: [vat] });
    expect(item.taxes).toEqual([{ tax_type_id: vat, name: 'VAT', percent: '20', compound_tax: false }]);
    const fetched = await owner.get(`/api/v1/items/${item.id}?expand=taxes`);
    expect(fetched.body.data).toEqual(item);

    const updated = await owner.put(`/api/v1/items/${item.id}`, { name: 'Consulting', description: 'Per hour', price: 15_000, unit_id: null, taxes: [{ tax_type_id: reduced }] });
    expect(updated.body.data).toMatchObject({ price: 15_000, unit: null, tax_type_ids: [reduced] });
    const audit = await auditOf(owner, 'item');
    expect(audit[0]?.changes).toMatchObject({ price: { before: 12_500, after: 15_000 }, unit_id: { before: unit, after: null }, tax_type_ids: { before: [vat], after: [reduced] } });
  });

  it('refuses a unit or tax type of another business or tenant', async () => {
    const otherUnit = idOf((await other.post('/api/v1/item-units', { name: 'day' })).body);
    const otherTax = idOf((await other.post('/api/v1/tax-types', { name: 'Sales', percent: 7 })).body);
    const foreignTax = idOf((await foreign.post('/api/v1/tax-types', { name: 'Foreign', percent: 7 })).body);
    expect(errorsOf(await create(owner, { name: 'Bad', price: 1, unit_id: otherUnit })).unit_id?.[0]).toBe(messages.invalidUnit);
    expect(errorsOf(await create(owner, { name: 'Bad', price: 1, taxes: [{ tax_type_id: vat }, { tax_type_id: otherTax }] })).taxes?.[0]).toBe(messages.invalidTaxType);
    expect(errorsOf(await create(owner, { name: 'Bad', price: 1, taxes: [{ tax_type_id: foreignTax }] })).taxes?.[0]).toBe(messages.invalidTaxType);
    expect(errorsOf(await create(owner, { name: 'Bad', price: 1, unit_id: 'nope' })).unit_id?.[0]).toBe(messages.invalidUnit);
    expect(itemsOf((await owner.get('/api/v1/items?search=Bad')).body)).toEqual([]);
  });

  it('lists with search, filters, sorting and paging', async () => {
    await create(owner, { name: 'Apples', price: 300, unit_id: unit });
    await create(owner, { name: 'Bananas', price: 150 });
    const names = async (query: string) => itemsOf((await owner.get(`/api/v1/items?${query}`)).body).map((i) => i.name);
    expect(await names('orderByField=price&orderBy=asc&price_to=20000')).toEqual(['Bananas', 'Apples', 'Consulting']);
    expect(await names('price_from=200&price_to=400')).toEqual(['Apples']);
    expect(await names(`unit_id=${unit}`)).toEqual(['Apples']);
    expect(await names('name=nan')).toEqual(['Bananas']);
    expect(await names('search=per hour')).toEqual(['Consulting']);
    const page = await owner.get('/api/v1/items?limit=2&page=2&orderByField=name');
    expect(itemsOf(page.body).map((i) => i.name)).toEqual(['Consulting', 'Most expensive']);
    expect(page.body.meta).toMatchObject({ current_page: 2, last_page: 2, total: 4, item_total_count: 4 });
    expect((await owner.get('/api/v1/items?orderByField=secret')).status).toBe(422);
  });

  it('needs the item abilities', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer@items.example.com', 'viewer');
    const accountant = await inviteAndAccept(h, owner, 'acct@items.example.com', 'accountant');
    const id = itemsOf((await owner.get('/api/v1/items')).body)[0]?.id ?? '';
    expect((await viewer.get('/api/v1/items')).status).toBe(200);
    expect((await create(viewer, { name: 'No', price: 1 })).status).toBe(403);
    expect((await viewer.put(`/api/v1/items/${id}`, { name: 'No', price: 1 })).status).toBe(403);
    expect((await accountant.delete(`/api/v1/items/${id}`)).status).toBe(403);
    expect((await accountant.post('/api/v1/items/delete', { ids: [id] })).status).toBe(403);
    expect((await accountant.get('/api/v1/tax-types')).status).toBe(200);
  });

  it("another business's or tenant's item is not found and stays as it was", async () => {
    const item = itemsOf((await owner.get('/api/v1/items?search=Apples')).body)[0];
    for (const client of [other, foreign]) {
      expect((await client.get(`/api/v1/items/${item?.id ?? ''}`)).status).toBe(404);
      expect((await client.put(`/api/v1/items/${item?.id ?? ''}`, { name: 'hacked', price: 1 })).status).toBe(404);
      expect((await client.delete(`/api/v1/items/${item?.id ?? ''}`)).status).toBe(404);
      expect(itemsOf((await client.get('/api/v1/items')).body)).toEqual([]);
    }
    expect((await owner.get(`/api/v1/items/${item?.id ?? ''}`)).body.data).toEqual(item);
  });

  it('bulk delete removes only own items', async () => {
    const otherItem = idOf((await create(other, { name: 'Theirs', price: 1 })).body);
    const foreignItem = idOf((await create(foreign, { name: 'Far away', price: 1 })).body);
    const mine = itemsOf((await owner.get('/api/v1/items?search=an')).body).map((i) => i.id);
    expect(mine).toHaveLength(1);
    expect(errorsOf(await owner.post('/api/v1/items/delete', { ids: [] })).ids?.[0]).toBe(messages.selectAtLeastOne);
    const result = await owner.post('/api/v1/items/delete', { ids: [...mine, otherItem, foreignItem] });
    expect(result.body).toEqual({ success: true, deleted: 1, skipped: 2 });
    expect((await other.get(`/api/v1/items/${otherItem}`)).status).toBe(200);
    expect((await foreign.get(`/api/v1/items/${foreignItem}`)).status).toBe(200);
    expect((await owner.get(`/api/v1/items/${mine[0] ?? ''}`)).status).toBe(404);
    expect((await auditOf(owner, 'item'))[0]).toMatchObject({ action: 'deleted', model_id: mine[0] });
    expect(await auditOf(other, 'item')).toHaveLength(1);
  });
});
