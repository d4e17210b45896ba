import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type RoleResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let viewer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Roles Inc');
  viewer = await inviteAndAccept(h, owner, 'viewer@example.com', 'viewer');
  admin = await inviteAndAccept(h, owner, 'admin@roles.example.com', 'admin');
});
afterAll(async () => {
  await h.close();
});

const roleOf = (body: Record<string, unknown>) => body.data as RoleResource;
const rolesOf = (body: Record<string, unknown>) => body.data as RoleResource[];

async function roleNamed(client: TestClient, name: string, prefix = ''): Promise<RoleResource> {
  const found = rolesOf((await client.get(`/api/v1${prefix}/roles`)).body).find((r) => r.name === name);
  if (!found) throw new Error(`no role ${name}`);
  return found;
}

describe('business roles', () => {
  it('lists the seeded roles with their user counts', async () => {
    const list = await owner.get('/api/v1/roles');
    expect(list.status).toBe(200);
    const roles = rolesOf(list.body);
    expect(roles.map((r) => r.name)).toEqual(['owner', 'accountant', 'admin', 'viewer']);
    expect(roles.find((r) => r.name === 'owner')).toMatchObject({ is_system: true, users_count: 1, abilities: ['*'], scope: 'business' });
    expect(roles.find((r) => r.name === 'viewer')?.users_count).toBe(1);
    expect((list.body.meta as { role_total_count: number }).role_total_count).toBe(4);
    expect(rolesOf((await owner.get('/api/v1/roles?search=acc')).body).map((r) => r.name)).toEqual(['accountant']);
  });

  it('creates a role with validation of name and abilities', async () => {
    const none = await owner.post('/api/v1/roles', { name: 'Clerk', abilities: [] });
    expect(errorsOf(none).abilities?.[0]).toBe(messages.selectAtLeastOne);
    expect(errorsOf(await owner.post('/api/v1/roles', { name: 'Clerk' })).abilities?.[0]).toBe(messages.selectAtLeastOne);
    expect(errorsOf(await owner.post('/api/v1/roles', { name: '', abilities: ['view-user'] })).name?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/roles', { name: 'Clerk', abilities: ['manage-tenant'] })).abilities?.[0]).toBe(messages.invalidAbility);
    expect(errorsOf(await owner.post('/api/v1/roles', { name: 'Clerk', abilities: ['*'] })).abilities?.[0]).toBe(messages.invalidAbility);
    expect(errorsOf(await owner.post('/api/v1/roles', { name: 'Viewer', abilities: ['view-user'] })).name?.[0]).toBe(messages.nameTaken);
    const created = await owner.post('/api/v1/roles', { name: 'Clerk', description: 'Front desk', abilities: ['view-user', 'view-invoice', 'view-user'] });
    expect(created.status).toBe(201);
    expect(roleOf(created.body)).toMatchObject({ name: 'Clerk', description: 'Front desk', abilities: ['view-user', 'view-invoice'], users_count: 0, is_system: false });
    expect(roleOf((await owner.get(`/api/v1/roles/${roleOf(created.body).id}`)).body).name).toBe('Clerk');
  });

  it('a change applies to the role users on their next request', async () => {
    const viewerRole = await roleNamed(owner, 'viewer');
    expect((await viewer.post('/api/v1/users', { email: 'new@example.com', role: 'viewer' })).status).toBe(403);
    const updated = await owner.put(`/api/v1/roles/${viewerRole.id}`, { name: 'viewer', abilities: [...viewerRole.abilities, 'create-user'] });
    expect(roleOf(updated.body).abilities).toContain('create-user');
    expect((await viewer.post('/api/v1/users', { email: 'new@example.com', role: 'viewer' })).status).toBe(201);
    await owner.put(`/api/v1/roles/${viewerRole.id}`, { name: 'viewer', abilities: ['view-invoice'] });
    expect((await viewer.get('/api/v1/users')).status).toBe(403);
    expect((await viewer.get('/api/v1/bootstrap')).body.current_user_abilities).toEqual(['view-invoice']);
    expect(errorsOf(await owner.put(`/api/v1/roles/${viewerRole.id}`, { name: 'admin', abilities: ['view-invoice'] })).name?.[0]).toBe(messages.nameTaken);
    expect(errorsOf(await owner.put(`/api/v1/roles/${viewerRole.id}`, { name: 'viewer', abilities: [] })).abilities?.[0]).toBe(messages.selectAtLeastOne);
  });

  it('a role in use or a system role is not deleted; an unused one is', async () => {
    const viewerRole = await roleNamed(owner, 'viewer');
    const del = await owner.delete(`/api/v1/roles/${viewerRole.id}`);
    expect(del.status).toBe(422);
    expect(errorsOf(del).role?.[0]).toBe(messages.roleInUse);
    const ownerRole = await roleNamed(owner, 'owner');
    expect((await owner.put(`/api/v1/roles/${ownerRole.id}`, { name: 'owner', abilities: ['view-user'] })).body).toEqual({ message: messages.systemRoleLocked });
    expect((await owner.delete(`/api/v1/roles/${ownerRole.id}`)).body).toEqual({ message: messages.systemRoleLocked });
    const clerk = await roleNamed(owner, 'Clerk');
    expect((await owner.delete(`/api/v1/roles/${clerk.id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/v1/roles/${clerk.id}`)).status).toBe(404);
  });

  it('needs view-role to read and manage-role to change', async () => {
    const accountant = await inviteAndAccept(h, owner, 'acct@example.com', 'accountant');
    expect((await accountant.get('/api/v1/roles')).status).toBe(403);
    expect((await admin.get('/api/v1/roles')).status).toBe(200);
    expect((await admin.post('/api/v1/roles', { name: 'Sneaky', abilities: ['view-user'] })).status).toBe(403);
    const adminRole = await roleNamed(owner, 'admin');
    expect((await admin.put(`/api/v1/roles/${adminRole.id}`, { name: 'admin', abilities: ['*'] })).status).toBe(403);
    expect((await admin.delete(`/api/v1/roles/${adminRole.id}`)).status).toBe(403);
  });

  it('a role of another business or tenant is not found and stays as it was', async () => {
    const accountantRole = await roleNamed(owner, 'accountant');
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Roles Co');
    expect((await other.get(`/api/v1/roles/${accountantRole.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/roles/${accountantRole.id}`, { name: 'hacked', abilities: ['view-user'] })).status).toBe(404);
    expect((await other.delete(`/api/v1/roles/${accountantRole.id}`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Roles', OTHER_HOST);
    expect((await foreign.get(`/api/v1/roles/${accountantRole.id}`)).status).toBe(404);
    expect((await foreign.put(`/api/v1/roles/${accountantRole.id}`, { name: 'hacked', abilities: ['view-user'] })).status).toBe(404);
    expect((await foreign.delete(`/api/v1/roles/${accountantRole.id}`)).status).toBe(404);
    expect(await roleNamed(owner, 'accountant')).toEqual(accountantRole);
  });
});

describe('platform roles', () => {
  it('lists, creates, edits and deletes roles of the internal team', async () => {
    const list = await owner.get('/api/v1/platform/roles');
    expect(rolesOf(list.body).map((r) => r.name)).toEqual(['super admin', 'support']);
    expect(rolesOf(list.body)[0]).toMatchObject({ is_system: true, users_count: 1, scope: 'platform' });
    expect(errorsOf(await owner.post('/api/v1/platform/roles', { name: 'Auditor', abilities: ['dashboard'] })).abilities?.[0]).toBe(messages.invalidAbility);
    expect(errorsOf(await owner.post('/api/v1/platform/roles', { name: 'Support', abilities: ['view-audit-log'] })).name?.[0]).toBe(messages.nameTaken);
    expect(errorsOf(await owner.post('/api/v1/platform/roles', { name: 'Auditor', abilities: [] })).abilities?.[0]).toBe(messages.selectAtLeastOne);
    const created = await owner.post('/api/v1/platform/roles', { name: 'Auditor', abilities: ['view-audit-log', 'manage-tenant'] });
    expect(roleOf(created.body)).toMatchObject({ name: 'Auditor', scope: 'platform' });
    const id = roleOf(created.body).id;
    expect(roleOf((await owner.put(`/api/v1/platform/roles/${id}`, { name: 'Auditors', abilities: ['view-audit-log'] })).body).abilities).toEqual(['view-audit-log']);
    // A business role with the same name is a different scope.
    expect((await owner.post('/api/v1/roles', { name: 'Auditors', abilities: ['view-user'] })).status).toBe(201);
    expect((await owner.get(`/api/v1/roles/${id}`)).status).toBe(404);
    expect((await owner.delete(`/api/v1/platform/roles/${id}`)).body).toEqual({ success: true });
    const superAdmin = await roleNamed(owner, 'super admin', '/platform');
    expect((await owner.put(`/api/v1/platform/roles/${superAdmin.id}`, { name: 'super admin', abilities: ['view-role'] })).body).toEqual({ message: messages.systemRoleLocked });
  });

  it('a platform role in use cannot be deleted; a support user may read but not change roles', async () => {
    const support = await roleNamed(owner, 'support', '/platform');
    await h.app.db.execute(
      `insert into users (tenant_id, id, name, email, password_hash, is_platform_user, platform_role_id, status, email_verified_at)
       select tenant_id, '01900000-0000-7000-8000-0000000000e1', 'Support Person', 'support@example.com', password_hash, true, '${support.id}', 'active', now()
       from users where email = '${ADMIN_EMAIL}' and tenant_id = '${h.landlordId}'`,
    );
    expect(errorsOf(await owner.delete(`/api/v1/platform/roles/${support.id}`)).role?.[0]).toBe(messages.roleInUse);
    const helper = h.client();
    expect((await helper.login('support@example.com', ADMIN_PASSWORD)).status).toBe(200);
    expect((await helper.get('/api/v1/platform/roles')).status).toBe(200);
    expect((await helper.get('/api/v1/platform/abilities')).status).toBe(200);
    expect((await helper.post('/api/v1/platform/roles', { name: 'Mine', abilities: ['view-role'] })).status).toBe(403);
    expect((await helper.put(`/api/v1/platform/roles/${support.id}`, { name: 'support', abilities: ['manage-tenant'] })).status).toBe(403);
    expect((await viewer.get('/api/v1/platform/roles')).status).toBe(403);
  });

  it('gives the ability catalogue grouped by model for a scope', async () => {
    const business = (await owner.get('/api/v1/platform/abilities?scope=business')).body.data as { model: string; abilities: string[] }[];
    expect(business.find((g) => g.model === 'user')?.abilities).toEqual(['create-user', 'delete-user', 'edit-user', 'view-user']);
    expect(business.flatMap((g) => g.abilities)).not.toContain('manage-tenant');
    const platform = (await owner.get('/api/v1/platform/abilities')).body.data as { model: string; abilities: string[] }[];
    expect(platform.flatMap((g) => g.abilities)).toContain('manage-tenant');
    expect(platform.flatMap((g) => g.abilities)).not.toContain('dashboard');
    expect((await owner.get('/api/v1/platform/abilities?scope=galaxy')).status).toBe(422);
  });

  it("another tenant's platform role is not found", async () => {
    const support = await roleNamed(owner, 'support', '/platform');
    const foreign = h.client(OTHER_HOST);
    await foreign.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await foreign.get(`/api/v1/platform/roles/${support.id}`)).status).toBe(404);
    expect((await foreign.put(`/api/v1/platform/roles/${support.id}`, { name: 'x', abilities: ['view-role'] })).status).toBe(404);
    expect((await foreign.delete(`/api/v1/platform/roles/${support.id}`)).status).toBe(404);
    expect(rolesOf((await foreign.get('/api/v1/platform/roles')).body).map((r) => r.id)).not.toContain(support.id);
    expect(await roleNamed(owner, 'support', '/platform')).toEqual(support);
  });
});
