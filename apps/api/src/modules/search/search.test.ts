import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type SearchResponse } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Search Co');
  for (let n = 1; n <= 12; n += 1) {
    expect((await owner.post('/api/v1/users', { email: `finder${n}@example.com`, role: 'viewer', name: `Finder Number ${n}` })).status).toBe(201);
  }
});
afterAll(async () => {
  await h.close();
});

const resultOf = (body: Record<string, unknown>) => body as SearchResponse;

describe('GET /search', () => {
  it('finds members by name or email, at most 10, with empty customers and vendors', async () => {
    const byEmail = await owner.get('/api/v1/search?search=finder');
    expect(byEmail.status).toBe(200);
    expect(resultOf(byEmail.body).users).toHaveLength(10);
    expect(resultOf(byEmail.body)).toMatchObject({ customers: [], vendors: [] });
    const byName = resultOf((await owner.get('/api/v1/search?search=number%2012')).body);
    expect(byName.users).toEqual([{ id: expect.any(String), name: 'Finder Number 12', email: 'finder12@example.com', avatar: null }]);
    expect(resultOf((await owner.get('/api/v1/search?search=%25')).body).users).toEqual([]);
    expect(resultOf((await owner.get('/api/v1/search')).body)).toEqual({ users: [], customers: [], vendors: [] });
  });

  it('needs a signed-in member of the selected business; users only for those who may view them', async () => {
    expect((await h.client().get('/api/v1/search?search=finder')).status).toBe(401);
    const noBusiness = h.client();
    await noBusiness.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await noBusiness.get('/api/v1/search?search=finder')).body).toEqual({ message: messages.businessHeaderMissing });
    const accountant = await inviteAndAccept(h, owner, 'counter@example.com', 'accountant');
    expect(resultOf((await accountant.get('/api/v1/search?search=finder')).body).users).toEqual([]);
    const viewer = await inviteAndAccept(h, owner, 'looker@example.com', 'viewer');
    expect(resultOf((await viewer.get('/api/v1/search?search=counter')).body).users.map((u) => u.email)).toEqual(['counter@example.com']);
  });

  it('never finds members of another business or tenant', async () => {
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Search Co');
    expect(resultOf((await other.get('/api/v1/search?search=finder')).body).users).toEqual([]);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Search', OTHER_HOST);
    expect(resultOf((await foreign.get('/api/v1/search?search=finder')).body).users).toEqual([]);
    foreign.business = owner.business;
    expect((await foreign.get('/api/v1/search?search=finder')).status).toBe(403);
  });
});
