import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TaxTypeResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf, idOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { usStateSalesTax } from './us-state-sales-tax';

let h: Harness;
let owner: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Taxes Inc');
  viewer = await inviteAndAccept(h, owner, 'viewer@taxes.example.com', 'viewer');
});
afterAll(async () => {
  await h.close();
});

const taxesOf = (body: Record<string, unknown>) => body.data as TaxTypeResource[];

describe('tax types', () => {
  it('validates the rate, description and name', async () => {
    const rate = async (percent: unknown) => errorsOf(await owner.post('/api/v1/tax-types', { name: 'VAT', percent })).percent?.[0];
    for (const bad of ['abc', '-1', '100.5', '101', '7.12345', '1e2', 150, -3]) expect(await rate(bad)).toBe(messages.invalidTaxRate);
    expect(await rate('')).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/tax-types', { name: '', percent: 5 })).name?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/tax-types', { name: 'VAT', percent: 5, description: 'd'.repeat(256) })).description?.[0]).toBe(messages.maxLength255);

    const gst = await owner.post('/api/v1/tax-types', { name: 'GST', percent: '9.975', description: 'Quebec', compound_tax: true });
    expect(gst.status).toBe(201);
    expect(gst.body.data).toMatchObject({ name: 'GST', percent: '9.975', description: 'Quebec', compound_tax: true });
    expect((await owner.post('/api/v1/tax-types', { name: 'Zero', percent: 0 })).body.data).toMatchObject({ percent: '0', compound_tax: false });
    expect((await owner.post('/api/v1/tax-types', { name: 'Full', percent: '100.0000' })).body.data).toMatchObject({ percent: '100' });
    expect(errorsOf(await owner.post('/api/v1/tax-types', { name: 'gst', percent: 5 })).name?.[0]).toBe(messages.nameTaken);
    expect((await owner.get(`/api/v1/tax-types/${idOf(gst.body)}`)).body.data).toMatchObject({ percent: '9.975' });
  });

  it('lists, edits and deletes; DELETE answers a deleted flag; an attached tax type stays', async () => {
    const list = await owner.get('/api/v1/tax-types?search=que');
    expect(taxesOf(list.body).map((t) => t.name)).toEqual(['GST']);
    expect(list.body.meta).toMatchObject({ total: 1, tax_type_total_count: 3 });
    const [gst] = taxesOf(list.body);
    const id = gst?.id ?? '';
    expect(errorsOf(await owner.put(`/api/v1/tax-types/${id}`, { name: 'Zero', percent: 5 })).name?.[0]).toBe(messages.nameTaken);
    expect((await owner.put(`/api/v1/tax-types/${id}`, { name: 'GST', percent: 5.5 })).body.data).toMatchObject({ percent: '5.5', description: null, compound_tax: false });

    expect((await owner.post('/api/v1/items', { name: 'Taxed', price: 100, taxes: [{ tax_type_id: id }] })).status).toBe(201);
    const refused = await owner.delete(`/api/v1/tax-types/${id}`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).id?.[0]).toBe(messages.taxTypeInUse);

    const zero = taxesOf((await owner.get('/api/v1/tax-types?search=zero')).body)[0]?.id ?? '';
    expect((await owner.delete(`/api/v1/tax-types/${zero}`)).body).toEqual({ deleted: true });
    expect((await owner.get(`/api/v1/tax-types/${zero}`)).status).toBe(404);
    expect((await auditOf(owner, 'tax_type')).slice(0, 2).map((e) => e.action)).toEqual(['deleted', 'updated']);
  });

  it('needs the tax type abilities', async () => {
    const id = taxesOf((await owner.get('/api/v1/tax-types')).body)[0]?.id ?? '';
    expect((await viewer.get('/api/v1/tax-types')).status).toBe(200);
    expect((await viewer.post('/api/v1/tax-types', { name: 'Sneaky', percent: 1 })).status).toBe(403);
    expect((await viewer.put(`/api/v1/tax-types/${id}`, { name: 'Sneaky', percent: 1 })).status).toBe(403);
    expect((await viewer.delete(`/api/v1/tax-types/${id}`)).status).toBe(403);
  });

  it("another business's or tenant's tax type is not found and stays as it was", async () => {
    const tax = taxesOf((await owner.get('/api/v1/tax-types')).body)[0];
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Taxes');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Taxes', OTHER_HOST);
    for (const client of [other, foreign]) {
      expect((await client.get(`/api/v1/tax-types/${tax?.id ?? ''}`)).status).toBe(404);
      expect((await client.put(`/api/v1/tax-types/${tax?.id ?? ''}`, { name: 'hacked', percent: 1 })).status).toBe(404);
      expect((await client.delete(`/api/v1/tax-types/${tax?.id ?? ''}`)).status).toBe(404);
      expect(taxesOf((await client.get('/api/v1/tax-types')).body)).toEqual([]);
    }
    expect((await owner.get(`/api/v1/tax-types/${tax?.id ?? ''}`)).body.data).toEqual(tax);
  });
});

describe('US sales tax lookup', () => {
  const lookup = (client: TestClient, body: unknown) => client.post('/api/m/sales-tax-us/current-tax', body);

  it('ships the 50 states and DC with their base rates', () => {
    expect(usStateSalesTax).toHaveLength(51);
    expect(new Set(usStateSalesTax.map((s) => s.code)).size).toBe(51);
    expect(usStateSalesTax.filter((s) => s.rate === '0').map((s) => s.code).sort()).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
  });

  it('answers the state base rate by code or name', async () => {
    const ca = await lookup(owner, { state: 'CA', country: 'US', zip: '94103' });
    expect(ca.status).toBe(200);
    expect(ca.body.data).toMatchObject({ state: 'CA', state_name: 'California', rate: '7.25', kind: 'state_base_rate', as_of: '2025-01-01' });
    expect((ca.body.data as { source: string }).source).toContain('Tax Foundation');
    expect((await lookup(owner, { state: 'oregon' })).body.data).toMatchObject({ state: 'OR', rate: '0' });
    expect((await lookup(owner, { state: 'District of Columbia' })).body.data).toMatchObject({ state: 'DC', rate: '6' });
    expect((await lookup(viewer, { state: 'TX', country: 'United States' })).body.data).toMatchObject({ rate: '6.25' });
  });

  it('refuses unknown states, other countries and bad zips', async () => {
    expect(errorsOf(await lookup(owner, { state: 'Ontario' })).state?.[0]).toBe(messages.invalidState);
    expect(errorsOf(await lookup(owner, { state: '' })).state?.[0]).toBe(messages.required);
    expect(errorsOf(await lookup(owner, { state: 'CA', country: 'CA' })).country?.[0]).toBe(messages.invalidCountry);
    expect(errorsOf(await lookup(owner, { state: 'CA', zip: 'ABC' })).zip?.[0]).toBe(messages.invalidZip);
  });

  it('needs view-tax-type in the selected business', async () => {
    const guest = h.client();
    await guest.csrf();
    expect((await lookup(guest, { state: 'CA' })).status).toBe(401);
    const noBusiness = h.client();
    await noBusiness.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await lookup(noBusiness, { state: 'CA' })).status).toBe(403);
  });
});
