import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentModeResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf, idOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Modes Inc');
});
afterAll(async () => {
  await h.close();
});

const modesOf = (body: Record<string, unknown>) => body.data as PaymentModeResource[];

describe('payment modes', () => {
  it('creates, lists, renames and deletes modes with unique names per business', async () => {
    expect(errorsOf(await owner.post('/api/v1/payments/methods', { name: ' ' })).name?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/payments/methods', { name: 'x'.repeat(256) })).name?.[0]).toBe(messages.maxLength255);
    const cash = await owner.post('/api/v1/payments/methods', { name: 'Cash' });
    expect(cash.status).toBe(201);
    await owner.post('/api/v1/payments/methods', { name: 'Check' });
    await owner.post('/api/v1/payments/methods', { name: 'Bank transfer' });
    expect(errorsOf(await owner.post('/api/v1/payments/methods', { name: 'cash' })).name?.[0]).toBe(messages.nameTaken);

    const all = await owner.get('/api/v1/payments/methods');
    expect(modesOf(all.body).map((m) => m.name)).toEqual(['Bank transfer', 'Cash', 'Check']);
    const page = await owner.get('/api/v1/payments/methods?search=ch&limit=1');
    expect(modesOf(page.body).map((m) => m.name)).toEqual(['Check']);
    expect(page.body.meta).toMatchObject({ total: 1, payment_mode_total_count: 3, per_page: 1 });

    const id = idOf(cash.body);
    expect(errorsOf(await owner.put(`/api/v1/payments/methods/${id}`, { name: 'CHECK' })).name?.[0]).toBe(messages.nameTaken);
    expect((await owner.put(`/api/v1/payments/methods/${id}`, { name: 'Cash (EUR)' })).body.data).toMatchObject({ name: 'Cash (EUR)' });
    expect((await owner.delete(`/api/v1/payments/methods/${id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/v1/payments/methods/${id}`)).status).toBe(404);
    expect((await auditOf(owner, 'payment_mode')).map((e) => e.action)).toEqual(['deleted', 'updated', 'created', 'created', 'created']);
  });

  it('needs the payment method abilities', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer@modes.example.com', 'viewer');
    const mode = modesOf((await owner.get('/api/v1/payments/methods')).body)[0]?.id ?? '';
    expect((await viewer.get('/api/v1/payments/methods')).status).toBe(200);
    expect((await viewer.post('/api/v1/payments/methods', { name: 'Card' })).status).toBe(403);
    expect((await viewer.put(`/api/v1/payments/methods/${mode}`, { name: 'Card' })).status).toBe(403);
    expect((await viewer.delete(`/api/v1/payments/methods/${mode}`)).status).toBe(403);
  });

  it("another business's or tenant's mode is not found and stays as it was", async () => {
    const mode = modesOf((await owner.get('/api/v1/payments/methods')).body)[0];
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Modes');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Modes', OTHER_HOST);
    for (const client of [other, foreign]) {
      expect((await client.put(`/api/v1/payments/methods/${mode?.id ?? ''}`, { name: 'hacked' })).status).toBe(404);
      expect((await client.delete(`/api/v1/payments/methods/${mode?.id ?? ''}`)).status).toBe(404);
      expect(modesOf((await client.get('/api/v1/payments/methods')).body)).toEqual([]);
    }
    expect(modesOf((await owner.get('/api/v1/payments/methods')).body)[0]).toEqual(mode);
  });
});
