import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { users } from '../../db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { clientWithToken, registerClient, requestToken } from '../../../test/api-clients';
import { invitePlatformUser } from '../../../test/access-callers';
import { ownerWithBusiness } from '../../../test/team';
import { signUpAndSignIn } from '../../../test/sign-up';

let h: Harness;
let admin: TestClient;
let businessA: string;

type Listed = { id: string; name: string; client_id: string; business: { id: string; name: string } | null; abilities: string[]; last_used_at: string | null; revoked_at: string | null };
type Logged = { id: string; url: string; api_client: string | null };

beforeAll(async () => {
  h = await createHarness();
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Admin Business');
  businessA = admin.business ?? '';
  admin.business = null;
});
afterAll(async () => {
  await h.close();
});

describe('admin → API clients', () => {
  it('lists the clients with their business and abilities, and never their secret', async () => {
    const made = await registerClient(admin, 'Bookkeeping sync', businessA, ['view-customer', 'view-invoice']);
    const caller = await clientWithToken(h, made, businessA);
    expect((await caller.get('/api/v1/customers')).status).toBe(200);
    const list = await admin.get('/api/v1/platform/api-clients?limit=100');
    expect(list.status).toBe(200);
    const row = (list.body.data as Listed[]).find((c) => c.id === made.id);
    expect(row).toMatchObject({ name: 'Bookkeeping sync', client_id: made.clientId, business: { id: businessA, name: 'Admin Business' }, abilities: ['view-customer', 'view-invoice'], revoked_at: null });
    expect(row?.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
  });

  it('offers the abilities the admin holds, per business and on the platform', async () => {
    const options = await admin.get('/api/v1/platform/api-clients/options');
    expect(options.status).toBe(200);
    const data = options.body.data as { platform_abilities: string[]; businesses: { id: string; abilities: string[] }[] };
    expect(data.platform_abilities).toContain('manage-api-client');
    expect(data.businesses.find((b) => b.id === businessA)?.abilities).toContain('view-invoice');
  });

  it('renames and revokes; revoking twice keeps the first time', async () => {
    const made = await registerClient(admin, 'Old name', null, ['view-api-log']);
    const renamed = await admin.put(`/api/v1/platform/api-clients/${made.id}`, { name: 'New name' });
    expect((renamed.body.data as Listed).name).toBe('New name');
    const first = await admin.post(`/api/v1/platform/api-clients/${made.id}/revoke`);
    const revokedAt = (first.body.data as Listed).revoked_at;
    expect(revokedAt).not.toBeNull();
    const again = await admin.post(`/api/v1/platform/api-clients/${made.id}/revoke`);
    expect((again.body.data as Listed).revoked_at).toBe(revokedAt);
    const audit = await admin.get('/api/v1/platform/audit-logs?model=api_client&limit=100');
    const entries = (audit.body.data as { model_id: string; action: string }[]).filter((e) => e.model_id === made.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['created', 'updated', 'updated']);
    expect(JSON.stringify(audit.body)).not.toContain(made.secret);
  });

  it('gives no client more than the admin holds where it acts', async () => {
    const everything = await admin.post('/api/v1/platform/api-clients', { name: 'All', business_id: businessA, abilities: ['*'] });
    expect(errorsOf(everything).abilities?.[0]).toBe(messages.invalidAbility);
    const wrongScope = await admin.post('/api/v1/platform/api-clients', { name: 'Platform ability in a business', business_id: businessA, abilities: ['manage-tenant'] });
    expect(errorsOf(wrongScope).abilities?.[0]).toBe(messages.invalidAbility);
    const stranger = await signUpAndSignIn(h, { email: 'stranger-owner@example.com', business_name: 'Stranger Business' });
    const strangerBusiness = ((await stranger.get('/api/v1/bootstrap')).body.companies as { id: string }[])[0]?.id ?? '';
    const notMember = await admin.post('/api/v1/platform/api-clients', { name: 'Not mine', business_id: strangerBusiness, abilities: ['view-customer'] });
    expect(errorsOf(notMember).business_id?.[0]).toBe(messages.apiClientBusiness);
    // A client holding manage-api-client registers no clients: it would hand out its creator's membership.
    const manager = await registerClient(admin, 'Manager', null, ['manage-api-client']);
    const managing = await clientWithToken(h, manager, null);
    expect((await managing.get('/api/v1/platform/api-clients')).status).toBe(200);
    expect((await managing.post('/api/v1/platform/api-clients', { name: 'Child', business_id: businessA, abilities: ['view-customer'] })).status).toBe(403);
  });

  it('a disabled creator makes the client useless at once', async () => {
    const creator = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Tenant B Business', OTHER_HOST);
    const business = creator.business ?? '';
    creator.business = null;
    const made = await registerClient(creator, 'Tenant B client', business, ['view-customer']);
    const caller = await clientWithToken(h, made, business, OTHER_HOST);
    expect((await caller.get('/api/v1/customers')).status).toBe(200);
    await h.app.db.update(users).set({ status: 'disabled' }).where(eq(users.email, OTHER_ADMIN_EMAIL));
    expect((await caller.get('/api/v1/customers')).status).toBe(401);
    expect((await requestToken(h, { grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.secret }, OTHER_HOST)).status).toBe(401);
    await h.app.db.update(users).set({ status: 'active' }).where(eq(users.email, OTHER_ADMIN_EMAIL));
  });

  it("another tenant's admin sees none of these clients and cannot revoke them (cross-tenant)", async () => {
    const made = await registerClient(admin, 'Landlord only', null, ['view-api-log']);
    const otherAdmin = h.client(OTHER_HOST);
    expect((await otherAdmin.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const theirs = await otherAdmin.get('/api/v1/platform/api-clients?limit=100');
    expect((theirs.body.data as Listed[]).some((c) => c.id === made.id)).toBe(false);
    expect((await otherAdmin.post(`/api/v1/platform/api-clients/${made.id}/revoke`)).status).toBe(404);
    expect((await otherAdmin.put(`/api/v1/platform/api-clients/${made.id}`, { name: 'Hijacked' })).status).toBe(404);
  });

  it('a platform user without manage-api-client and a business owner get 403', async () => {
    const support = await invitePlatformUser(h, admin, 'support-clients@example.com', 'support');
    const supportClient = h.client();
    expect((await supportClient.login(support.email, support.password)).status).toBe(200);
    const owner = await signUpAndSignIn(h, { email: 'owner-clients@example.com', business_name: 'Owner Business' });
    for (const caller of [supportClient, owner]) {
      expect((await caller.get('/api/v1/platform/api-clients')).status).toBe(403);
      expect((await caller.get('/api/v1/platform/api-clients/options')).status).toBe(403);
      expect((await caller.post('/api/v1/platform/api-clients', { name: 'Nope', business_id: null, abilities: ['view-api-log'] })).status).toBe(403);
    }
  });
});

describe('the API log', () => {
  it("names the client on each call made with its token and never holds its secret or token", async () => {
    const made = await registerClient(admin, 'Logged client', businessA, ['view-customer']);
    const issued = await requestToken(h, { grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.secret });
    const token = String(issued.body.access_token);
    const caller = h.client();
    caller.bearer = token;
    caller.business = businessA;
    expect((await caller.get('/api/v1/customers?logged=1')).status).toBe(200);
    await h.app.apiLog.flush();
    const rows = (await admin.get('/api/v1/platform/logs?limit=100')).body.data as Logged[];
    const call = rows.find((r) => r.url.startsWith('/api/v1/customers') && r.api_client === 'Logged client');
    expect(call).toBeDefined();
    const grantRow = rows.find((r) => r.url === '/oauth/token');
    expect(grantRow).toBeDefined();
    const details = await Promise.all(rows.filter((r) => r.url === '/oauth/token' || r.url === '/api/v1/platform/api-clients').map((r) => admin.get(`/api/v1/platform/logs/${r.id}`)));
    const text = JSON.stringify(details.map((d) => d.body));
    expect(text).not.toContain(made.secret);
    expect(text).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(made.secret);
  });
});
