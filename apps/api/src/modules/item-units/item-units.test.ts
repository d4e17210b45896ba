import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ItemUnitResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf, idOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Units Inc');
});
afterAll(async () => {
  await h.close();
});

const unitsOf = (body: Record<string, unknown>) => body.data as ItemUnitResource[];

describe('item units', () => {
  it('creates, lists, renames and deletes units with unique names per business', async () => {
    expect(errorsOf(await owner.post('/api/v1/item-units', { name: '' })).name?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/item-units', {})).name?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/item-units', { name: 'x'.repeat(256) })).name?.[0]).toBe(messages.maxLength255);
    const box = await owner.post('/api/v1/item-units', { name: 'box' });
    expect(box.status).toBe(201);
    await owner.post('/api/v1/item-units', { name: 'hour' });
    expect(errorsOf(await owner.post('/api/v1/item-units', { name: 'BOX' })).name?.[0]).toBe(messages.nameTaken);

    const list = await owner.get('/api/v1/item-units?search=ou');
    expect(unitsOf(list.body).map((u) => u.name)).toEqual(['hour']);
    expect(list.body.meta).toMatchObject({ total: 1, item_unit_total_count: 2 });

    const id = idOf(box.body);
    expect(errorsOf(await owner.put(`/api/v1/item-units/${id}`, { name: 'Hour' })).name?.[0]).toBe(messages.nameTaken);
    expect((await owner.put(`/api/v1/item-units/${id}`, { name: 'crate' })).body.data).toMatchObject({ id, name: 'crate' });
    expect((await owner.get(`/api/v1/item-units/${id}`)).body.data).toMatchObject({ name: 'crate' });
    expect((await owner.delete(`/api/v1/item-units/${id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/v1/item-units/${id}`)).status).toBe(404);
    expect((await auditOf(owner, 'item_unit')).map((e) => e.action)).toEqual(['deleted', 'updated', 'created', 'created']);
  });

  it('refuses to delete a unit attached to an item', async () => {
    const unit = idOf((await owner.post('/api/v1/item-units', { name: 'kg' })).body);
    expect((await owner.post('/api/v1/items', { name: 'Flour', price: 250, unit_id: unit })).status).toBe(201);
    const refused = await owner.delete(`/api/v1/item-units/${unit}`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).id?.[0]).toBe(messages.itemUnitInUse);
    expect((await owner.get(`/api/v1/item-units/${unit}`)).status).toBe(200);
  });

  it('needs the item abilities', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer@units.example.com', 'viewer');
    expect((await viewer.get('/api/v1/item-units')).status).toBe(200);
    expect((await viewer.post('/api/v1/item-units', { name: 'pallet' })).status).toBe(403);
    const unit = unitsOf((await owner.get('/api/v1/item-units')).body)[0];
    expect((await viewer.put(`/api/v1/item-units/${unit?.id ?? ''}`, { name: 'pallet' })).status).toBe(403);
    expect((await viewer.delete(`/api/v1/item-units/${unit?.id ?? ''}`)).status).toBe(403);
  });

  it("another business's or tenant's unit is not found and stays as it was", async () => {
    const unit = idOf((await owner.post('/api/v1/item-units', { name: 'litre' })).body);
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Units');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Units', OTHER_HOST);
    for (const client of [other, foreign]) {
      expect((await client.get(`/api/v1/item-units/${unit}`)).status).toBe(404);
      expect((await client.put(`/api/v1/item-units/${unit}`, { name: 'hacked' })).status).toBe(404);
      expect((await client.delete(`/api/v1/item-units/${unit}`)).status).toBe(404);
      expect(unitsOf((await client.get('/api/v1/item-units')).body)).toEqual([]);
    }
    expect((await owner.get(`/api/v1/item-units/${unit}`)).body.data).toMatchObject({ name: 'litre' });
  });
});
