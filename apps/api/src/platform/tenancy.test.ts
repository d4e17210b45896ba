import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, createHarness } from '../../test/harness';
import { accessLogs, apiLogs, businesses, users } from '../db/schema';
import { inTenant } from '../db/tenant-tx';
import { newId } from './crypto';
import { parseHostHeader } from './host-header';
import { enforceDeclaredAccess } from './pipeline';
import { SQLSTATE, expectDatabaseError } from '../../test/database-errors';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('tenant resolution', () => {
  it('reads the tenant from Host and ignores the port', async () => {
    expect(parseHostHeader('LocalHost:3000')?.hostname).toBe('localhost');
    expect(parseHostHeader('[::1]:3000')?.hostname).toBe('[::1]');
    expect((await h.client('localhost:8080').get('/api/v1/tenant-config')).status).toBe(200);
    expect((await h.client('127.0.0.1:3000').get('/api/v1/tenant-config')).status).toBe(200);
  });

  it('answers 404 for an unknown host', async () => {
    const response = await h.client('unknown.example').get('/api/v1/tenant-config');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
  });

  it('gives each tenant its own branding and switches', async () => {
    const a = await h.client().get('/api/v1/tenant-config');
    const b = await h.client(OTHER_HOST).get('/api/v1/tenant-config');
    expect((a.body.tenant as { name: string }).name).toBe('Ledgerline');
    expect((b.body.tenant as { name: string }).name).toBe('Tenant B');
  });
});

describe('row-level security in the database itself', () => {
  it('a query without tenant context sees no rows', async () => {
    const rows = await h.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(users);
    });
    expect(rows).toHaveLength(0);
    const owner = await h.app.db.select().from(users);
    expect(owner.length).toBeGreaterThanOrEqual(2);
  });

  it('a tenant sees only its own users', async () => {
    const landlordUsers = await inTenant(h.app.db, h.landlordId, (tx) => tx.select({ email: users.email }).from(users));
    const otherUsers = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select({ email: users.email }).from(users));
    expect(landlordUsers.map((u) => u.email)).toContain(ADMIN_EMAIL);
    expect(landlordUsers.map((u) => u.email)).not.toContain(OTHER_ADMIN_EMAIL);
    expect(otherUsers.map((u) => u.email)).toEqual([OTHER_ADMIN_EMAIL]);
  });

  it('writing a row of another tenant fails in the database', async () => {
    await expectDatabaseError(
      inTenant(h.app.db, h.landlordId, (tx) => tx.insert(businesses).values({ tenantId: h.otherTenantId, id: newId(), name: 'Intruder', slug: `intruder-${newId()}` })),
      { code: SQLSTATE.insufficientPrivilege, message: 'new row violates row-level security policy for table "businesses"' },
    );
    const updated = await inTenant(h.app.db, h.landlordId, (tx) =>
      tx.update(users).set({ name: 'hijacked' }).where(sql`${users.email} = ${OTHER_ADMIN_EMAIL}`).returning(),
    );
    expect(updated).toHaveLength(0);
  });

  it('a foreign key cannot point into another tenant', async () => {
    const [otherUser] = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(users).limit(1));
    expect(otherUser).toBeDefined();
    await expectDatabaseError(
      inTenant(h.app.db, h.landlordId, (tx) =>
        tx.execute(sql`insert into access_logs (tenant_id, id, user_id) values (${h.landlordId}, ${newId()}, ${otherUser?.id ?? ''})`),
      ),
      { code: SQLSTATE.foreignKeyViolation, constraint: 'access_logs_user_fk' },
    );
  });

  it('the app role cannot change or delete log rows (append-only)', async () => {
    await expectDatabaseError(inTenant(h.app.db, h.landlordId, (tx) => tx.delete(accessLogs)), {
      code: SQLSTATE.insufficientPrivilege,
      message: 'permission denied for table access_logs',
    });
    await expectDatabaseError(inTenant(h.app.db, h.landlordId, (tx) => tx.update(apiLogs).set({ url: 'x' })), {
      code: SQLSTATE.insufficientPrivilege,
      message: 'permission denied for table api_logs',
    });
  });
});

describe('two tenants on different hosts', () => {
  it('never see each other’s users, businesses or logs', async () => {
    const a = h.client();
    await a.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await a.post('/api/v1/businesses/create', { name: 'Landlord Business' });
    const b = h.client(OTHER_HOST);
    expect((await b.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    await b.post('/api/v1/businesses/create', { name: 'Tenant B Business' });

    const aCompanies = (await a.get('/api/v1/business/user/companies')).body.data as { id: string; name: string }[];
    const bCompanies = (await b.get('/api/v1/business/user/companies')).body.data as { id: string; name: string }[];
    expect(aCompanies.map((c) => c.name)).toEqual(['Landlord Business']);
    expect(bCompanies.map((c) => c.name)).toEqual(['Tenant B Business']);

    b.business = aCompanies[0]?.id ?? null;
    const foreign = await b.get('/api/v1/business');
    expect(foreign.status).toBe(403);

    const crossSession = h.client(OTHER_HOST);
    crossSession.cookies.set('session', a.cookies.get('session') ?? '');
    expect((await crossSession.get('/api/v1/me')).status).toBe(401);

    await h.app.apiLog.flush();
    const aLogs = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs));
    const bLogs = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(apiLogs));
    expect(aLogs.length).toBeGreaterThan(0);
    expect(bLogs.length).toBeGreaterThan(0);
    expect(aLogs.every((l) => l.tenantId === h.landlordId)).toBe(true);
    expect(bLogs.every((l) => l.tenantId === h.otherTenantId)).toBe(true);
    const bAccess = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(accessLogs));
    expect(bAccess.length).toBe(1);
  });
});

describe('declared access', () => {
  it('refuses to start with a route that declares neither an ability nor public', async () => {
    const server = Fastify();
    enforceDeclaredAccess(server);
    expect(() => server.get('/api/v1/undeclared', async () => 'x')).toThrow(/declares no access/);
    expect(() => server.get('/api/v1/typo', { config: { access: { ability: 'view-everything', scope: 'business' } } }, async () => 'x')).toThrow(/unknown ability/);
    await server.close();
  });
});
