import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyListResponse } from '@app/contracts';
import { type Harness, createHarness } from '../../test/harness';
import { ensureInitialData } from './seed';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const namesOf = (body: Record<string, unknown>) => (body as unknown as CounterpartyListResponse).data.map((c) => c.name).sort();

describe('DEMO=1', () => {
  it('gives the demo business customers (one onboarded, seeing it among its vendors) and vendors', async () => {
    const seeded = await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } });
    const password = seeded.demo?.password ?? '';
    const demo = h.client();
    expect((await demo.login('owner@demo.example.com', password)).status).toBe(200);
    demo.business = ((await demo.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    expect(namesOf((await demo.get('/api/v1/customers')).body)).toEqual(['Contoso Ltd', 'Northwind Traders', 'Walk-in Customer']);
    expect(namesOf((await demo.get('/api/v1/vendors')).body)).toEqual(['Cloud Hosting Co', 'Office Supplies Inc']);
    const northwind = h.client();
    expect((await northwind.login('owner@northwind.demo.example.com', password)).status).toBe(200);
    northwind.business = ((await northwind.get('/api/v1/business/user/companies')).body.data as { id: string }[])[0]?.id ?? null;
    expect(namesOf((await northwind.get('/api/v1/vendors')).body)).toEqual(['Demo Trading Co']);
    // Seeding twice adds nothing.
    expect((await ensureInitialData({ ...h.app, env: { ...h.app.env, DEMO: true } })).demo).toBeUndefined();
  });
});
