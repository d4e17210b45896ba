import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoleResource, type TeamUserResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

/** Nobody grants, creates, edits or deletes a role holding an ability they do not hold themselves. */

let h: Harness;
let owner: TestClient;
let admin: TestClient;

const CANNOT_GRANT = { message: messages.cannotGrantAbilities };
const MANAGER_ABILITIES = ['view-user', 'create-user', 'edit-user', 'view-role', 'manage-role'];

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Grants Ltd');
  admin = await inviteAndAccept(h, owner, 'admin@grants.example.com', 'admin');
  expect((await owner.post('/api/v1/roles', { name: 'manager', abilities: MANAGER_ABILITIES })).status).toBe(201);
});
afterAll(async () => {
  await h.close();
});

const rolesOf = (body: Record<string, unknown>) => body.data as RoleResource[];

async function roleNamed(client: TestClient, name: string, prefix = ''): Promise<RoleResource> {
  const found = rolesOf((await client.get(`/api/v1${prefix}/roles?limit=100`)).body).find((r) => r.name === name);
  if (!found) throw new Error(`no role ${name}`);
  return found;
}

async function member(client: TestClient, email: string): Promise<TeamUserResource | undefined> {
  return ((await client.get(`/api/v1/users?search=${encodeURIComponent(email)}`)).body.data as TeamUserResource[]).find((u) => u.email === email);
}

describe('business scope', () => {
  it('an admin cannot invite into a role holding abilities the admin lacks; nothing is created or mailed', async () => {
    const refused = await admin.post('/api/v1/users', { email: 'would-be-manager@example.com', role: 'manager' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(CANNOT_GRANT);
    const byId = await admin.post('/api/v1/users', { email: 'would-be-manager@example.com', role: (await roleNamed(owner, 'manager')).id });
    expect(byId.body).toEqual(CANNOT_GRANT);
    expect(await member(owner, 'would-be-manager@example.com')).toBeUndefined();
    expect(h.smtp.mails.some((m) => m.to.includes('would-be-manager@example.com'))).toBe(false);

    expect((await admin.post('/api/v1/users', { email: 'new-accountant@example.com', role: 'accountant' })).status).toBe(201);
    expect((await admin.post('/api/v1/users', { email: 'new-admin@example.com', role: 'admin' })).status).toBe(201);
    expect((await owner.post('/api/v1/users', { email: 'real-manager@example.com', role: 'manager' })).status).toBe(201);
  });

  it('an admin cannot move a member into such a role, nor move a member out of one', async () => {
    const accountant = await member(owner, 'new-accountant@example.com');
    const promoted = await admin.put(`/api/v1/users/${accountant?.id}`, { role: 'manager' });
    expect(promoted.status).toBe(403);
    expect(promoted.body).toEqual(CANNOT_GRANT);
    expect((await member(owner, 'new-accountant@example.com'))?.role.name).toBe('accountant');
    // Renaming alone is not a grant.
    expect((await admin.put(`/api/v1/users/${accountant?.id}`, { name: 'Renamed Accountant' })).status).toBe(200);

    const manager = await member(owner, 'real-manager@example.com');
    expect((await admin.put(`/api/v1/users/${manager?.id}`, { role: 'viewer' })).body).toEqual(CANNOT_GRANT);
    expect((await member(owner, 'real-manager@example.com'))?.role.name).toBe('manager');
    expect((await owner.put(`/api/v1/users/${accountant?.id}`, { role: 'manager' })).status).toBe(200);
  });

  it("the admin's abilities in another business (where it is the owner) do not count here", async () => {
    const ownBusiness = await admin.post('/api/v1/businesses/create', { name: 'Admin Side Co' });
    expect(ownBusiness.status).toBe(201);
    expect((await admin.post('/api/v1/users', { email: 'cross-business@example.com', role: 'manager' })).body).toEqual(CANNOT_GRANT);
    const elsewhere = h.client();
    for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value);
    elsewhere.business = (ownBusiness.body.data as { id: string }).id;
    const managerOfGrants = await roleNamed(owner, 'manager');
    // A role of another business is not found from this one, whatever the caller holds there.
    expect(errorsOf(await elsewhere.post('/api/v1/users', { email: 'cross-business@example.com', role: managerOfGrants.id })).role).toEqual([messages.roleNotFound]);
    expect(await member(owner, 'cross-business@example.com')).toBeUndefined();
  });

  it('a role manager creates, edits and deletes only roles within its own abilities', async () => {
    expect((await owner.post('/api/v1/roles', { name: 'role keeper', abilities: ['view-role', 'manage-role', 'view-invoice', 'create-invoice'] })).status).toBe(201);
    const keeper = await inviteAndAccept(h, owner, 'keeper@grants.example.com', 'role keeper');

    const narrow = await keeper.post('/api/v1/roles', { name: 'invoice reader', abilities: ['view-invoice'] });
    expect(narrow.status).toBe(201);
    const wide = await keeper.post('/api/v1/roles', { name: 'invoice killer', abilities: ['view-invoice', 'delete-invoice'] });
    expect(wide.status).toBe(403);
    expect(wide.body).toEqual(CANNOT_GRANT);
    expect(rolesOf((await owner.get('/api/v1/roles?search=killer')).body)).toEqual([]);

    const reader = (narrow.body.data as RoleResource).id;
    expect((await keeper.put(`/api/v1/roles/${reader}`, { name: 'invoice reader', abilities: ['view-invoice', 'delete-invoice'] })).body).toEqual(CANNOT_GRANT);
    expect((await keeper.put(`/api/v1/roles/${reader}`, { name: 'invoice writer', abilities: ['view-invoice', 'create-invoice'] })).status).toBe(200);

    const adminRole = await roleNamed(owner, 'admin');
    expect((await keeper.put(`/api/v1/roles/${adminRole.id}`, { name: 'admin', abilities: ['view-invoice'] })).body).toEqual(CANNOT_GRANT);
    expect((await keeper.delete(`/api/v1/roles/${adminRole.id}`)).body).toEqual(CANNOT_GRANT);
    expect(await roleNamed(owner, 'admin')).toEqual(adminRole);
    expect((await keeper.delete(`/api/v1/roles/${reader}`)).body).toEqual({ success: true });

    // Without manage-role nothing changes, whatever the abilities asked for.
    expect((await admin.post('/api/v1/roles', { name: 'tiny', abilities: ['view-invoice'] })).status).toBe(403);
    expect((await owner.post('/api/v1/roles', { name: 'everything', abilities: ['*'] })).status).toBe(422);
  });

  it('transferring ownership needs the owner, who holds every ability of the owner role', async () => {
    const boss = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Transfer Grants Co');
    const heir = await inviteAndAccept(h, boss, 'heir@grants.example.com', 'admin');
    const heirId = (await member(boss, 'heir@grants.example.com'))?.id ?? '';
    expect((await heir.post(`/api/v1/users/${heirId}/transfer-ownership`)).status).toBe(403);
    expect((await boss.post(`/api/v1/users/${heirId}/transfer-ownership`)).status).toBe(200);
  });

  it("another tenant's owner cannot grant this business's roles", async () => {
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Grants', OTHER_HOST);
    const manager = await roleNamed(owner, 'manager');
    expect(errorsOf(await foreign.post('/api/v1/users', { email: 'foreign-invite@example.com', role: manager.id })).role).toEqual([messages.roleNotFound]);
    expect((await foreign.put(`/api/v1/roles/${manager.id}`, { name: 'manager', abilities: ['view-user'] })).status).toBe(404);
    expect(await roleNamed(owner, 'manager')).toEqual(manager);
  });
});

describe('platform scope', () => {
  let superAdmin: TestClient;
  let peopleAdmin: TestClient;

  async function invitePlatformUser(by: TestClient, email: string, roleId: string): Promise<TestClient> {
    const invited = await by.post('/api/v1/platform/users', { email, role_id: roleId });
    expect(invited.status).toBe(201);
    const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('invited'));
    const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Team Person', password: 'Team!Passw0rd', password_confirmation: 'Team!Passw0rd' })).status).toBe(200);
    const client = h.client();
    expect((await client.login(email, 'Team!Passw0rd')).status).toBe(200);
    return client;
  }

  async function platformUserId(email: string): Promise<string> {
    return ((await superAdmin.get(`/api/v1/platform/users?search=${encodeURIComponent(email)}`)).body.data as { id: string }[])[0]?.id ?? '';
  }

  beforeAll(async () => {
    superAdmin = h.client();
    await superAdmin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await superAdmin.post('/api/v1/platform/roles', { name: 'people admin', abilities: ['view-platform-user', 'create-platform-user', 'edit-platform-user', 'view-role', 'manage-role'] });
    expect(created.status).toBe(201);
    peopleAdmin = await invitePlatformUser(superAdmin, 'people@grants.example.com', (created.body.data as RoleResource).id);
  });

  it('a people admin invites only into roles within its abilities, never into super admin', async () => {
    const support = await roleNamed(superAdmin, 'support', '/platform');
    const superRole = await roleNamed(superAdmin, 'super admin', '/platform');
    const peopleRole = await roleNamed(superAdmin, 'people admin', '/platform');
    expect((await peopleAdmin.post('/api/v1/platform/users', { email: 'support-hire@example.com', role_id: support.id })).body).toEqual(CANNOT_GRANT);
    expect((await peopleAdmin.post('/api/v1/platform/users', { email: 'super-hire@example.com', role_id: superRole.id })).body).toEqual(CANNOT_GRANT);
    expect(await platformUserId('support-hire@example.com')).toBe('');
    expect(await platformUserId('super-hire@example.com')).toBe('');
    expect((await peopleAdmin.post('/api/v1/platform/users', { email: 'peer@grants.example.com', role_id: peopleRole.id })).status).toBe(201);
    expect((await superAdmin.post('/api/v1/platform/users', { email: 'support-hire@example.com', role_id: support.id })).status).toBe(201);
  });

  it('a people admin cannot promote a peer to super admin, nor change the role of a support user', async () => {
    const superRole = await roleNamed(superAdmin, 'super admin', '/platform');
    const peopleRole = await roleNamed(superAdmin, 'people admin', '/platform');
    const peer = await platformUserId('peer@grants.example.com');
    const promoted = await peopleAdmin.put(`/api/v1/platform/users/${peer}`, { name: 'Peer', role_id: superRole.id });
    expect(promoted.status).toBe(403);
    expect(promoted.body).toEqual(CANNOT_GRANT);
    const supportUser = await platformUserId('support-hire@example.com');
    expect((await peopleAdmin.put(`/api/v1/platform/users/${supportUser}`, { name: 'Support Hire', role_id: peopleRole.id })).body).toEqual(CANNOT_GRANT);
    expect((await superAdmin.get(`/api/v1/platform/users/${supportUser}`)).body.data).toMatchObject({ role: { name: 'support' } });
    // Keeping the role and changing the name is allowed.
    expect((await peopleAdmin.put(`/api/v1/platform/users/${peer}`, { name: 'Peer Renamed', role_id: peopleRole.id })).status).toBe(200);
  });

  it('a people admin creates and edits platform roles only within its abilities', async () => {
    expect((await peopleAdmin.post('/api/v1/platform/roles', { name: 'role reader', abilities: ['view-role'] })).status).toBe(201);
    expect((await peopleAdmin.post('/api/v1/platform/roles', { name: 'tenant boss', abilities: ['view-role', 'manage-tenant'] })).body).toEqual(CANNOT_GRANT);
    const support = await roleNamed(superAdmin, 'support', '/platform');
    expect((await peopleAdmin.put(`/api/v1/platform/roles/${support.id}`, { name: 'support', abilities: ['view-role'] })).body).toEqual(CANNOT_GRANT);
    expect(await roleNamed(superAdmin, 'support', '/platform')).toEqual(support);
    const peopleRole = await roleNamed(superAdmin, 'people admin', '/platform');
    expect((await peopleAdmin.put(`/api/v1/platform/roles/${peopleRole.id}`, { name: 'people admin', abilities: [...peopleRole.abilities, 'edit-platform-setting'] })).body).toEqual(CANNOT_GRANT);
  });

  it('a support user (no manage-role, no create-platform-user) is refused; another tenant does not see these roles', async () => {
    const support = await roleNamed(superAdmin, 'support', '/platform');
    const helper = await invitePlatformUser(superAdmin, 'helper@grants.example.com', support.id);
    expect((await helper.post('/api/v1/platform/roles', { name: 'mine', abilities: ['view-role'] })).body).toEqual({ message: messages.forbidden });
    expect((await helper.post('/api/v1/platform/users', { email: 'x@example.com', role_id: support.id })).body).toEqual({ message: messages.forbidden });

    const foreign = h.client(OTHER_HOST);
    await foreign.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const peopleRole = await roleNamed(superAdmin, 'people admin', '/platform');
    expect(errorsOf(await foreign.post('/api/v1/platform/users', { email: 'foreign-hire@example.com', role_id: peopleRole.id })).role_id).toEqual([messages.roleNotFound]);
    expect((await foreign.put(`/api/v1/platform/roles/${peopleRole.id}`, { name: 'x', abilities: ['view-role'] })).status).toBe(404);
  });
});
