import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TeamUserResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { MEMBER_PASSWORD, acceptInvitation, invitationCount, invitationToken, inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let businessId: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Acme Trading');
  businessId = owner.business ?? '';
});
afterAll(async () => {
  await h.close();
});

const userOf = (body: Record<string, unknown>) => body.data as TeamUserResource;
const listOf = (body: Record<string, unknown>) => body.data as TeamUserResource[];

async function idOf(email: string): Promise<string> {
  const found = listOf((await owner.get(`/api/v1/users?search=${encodeURIComponent(email)}`)).body).find((u) => u.email === email);
  if (!found) throw new Error(`${email} is not a member`);
  return found.id;
}

describe('inviting a team user', () => {
  it('mails an invitation; the invitee sets a password and works with the role abilities', async () => {
    const roles = await owner.get('/api/v1/roles');
    expect((roles.body.data as { name: string }[]).map((r) => r.name).sort()).toEqual(['accountant', 'admin', 'owner', 'viewer']);
    const invited = await owner.post('/api/v1/users', { email: 'Viewer@Example.com', role: 'viewer' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ message: messages.invitationSent, data: { email: 'viewer@example.com', status: 'invited', role: { name: 'viewer' }, is_owner: false } });
    const token = await invitationToken(h, 'viewer@example.com');
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get(`/api/v1/invitations/${token}`)).body).toMatchObject({ email: 'viewer@example.com', business_name: 'Acme Trading', has_password: false });
    const viewer = await acceptInvitation(h, token, 'viewer@example.com', businessId);
    expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Again', password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD })).status).toBe(404);
    expect((await viewer.get('/api/v1/business')).status).toBe(200);
    expect((await viewer.put('/api/v1/business', { name: 'Viewer Was Here' })).body).toEqual({ message: messages.forbidden });
    expect((await viewer.post('/api/v1/users', { email: 'x@example.com', role: 'viewer' })).status).toBe(403);
    const boot = await viewer.get('/api/v1/bootstrap');
    expect(boot.body.current_user_abilities).toContain('view-invoice');
    expect(boot.body.current_user_abilities).not.toContain('create-user');
    expect(userOf((await owner.get(`/api/v1/users/${await idOf('viewer@example.com')}`)).body).status).toBe('active');
  });

  it('takes a role id as well as a name, never the owner role', async () => {
    const roles = (await owner.get('/api/v1/roles')).body.data as { id: string; name: string }[];
    const accountant = roles.find((r) => r.name === 'accountant');
    const ownerRole = roles.find((r) => r.name === 'owner');
    const byId = await owner.post('/api/v1/users', { email: 'byid@example.com', role: accountant?.id });
    expect(userOf(byId.body).role.name).toBe('accountant');
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'boss@example.com', role: ownerRole?.id })).role?.[0]).toBe(messages.roleNotFound);
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'boss@example.com', role: 'owner' })).role?.[0]).toBe(messages.roleNotFound);
  });

  it('refuses an unknown role, a member twice, a platform user and a disabled account', async () => {
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'y@example.com', role: 'emperor' })).role?.[0]).toBe(messages.roleNotFound);
    await owner.post('/api/v1/users', { email: 'twice@example.com', role: 'viewer' });
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'twice@example.com', role: 'viewer' })).email?.[0]).toBe(messages.alreadyOnExternalTeam);
    expect(errorsOf(await owner.post('/api/v1/users', { email: ADMIN_EMAIL, role: 'viewer' })).email?.[0]).toBe(messages.alreadyOnInternalTeam);
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'bad', role: 'viewer' })).email?.[0]).toBe(messages.incorrectEmail);
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'norole@example.com' })).role?.[0]).toBe(messages.required);
    await h.app.db.execute(`insert into users (tenant_id, id, name, email, status) values ('${h.landlordId}', '01900000-0000-7000-8000-0000000000d1', 'Locked Out', 'locked@example.com', 'disabled')`);
    expect(errorsOf(await owner.post('/api/v1/users', { email: 'locked@example.com', role: 'viewer' })).email?.[0]).toBe(messages.userAlreadyExists);
  });

  it('an unknown or foreign invitation token is refused', async () => {
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get('/api/v1/invitations/not-a-real-token')).status).toBe(404);
    await owner.post('/api/v1/users', { email: 'crosstenant@example.com', role: 'viewer' });
    const token = await invitationToken(h, 'crosstenant@example.com');
    const foreignGuest = h.client(OTHER_HOST);
    await foreignGuest.csrf();
    expect((await foreignGuest.get(`/api/v1/invitations/${token}`)).status).toBe(404);
  });
});

describe('listing the team', () => {
  it('filters by tab and search, pages, and counts everyone', async () => {
    const all = await owner.get('/api/v1/users?limit=2&page=1');
    expect(all.status).toBe(200);
    const meta = all.body.meta as { total: number; last_page: number; user_total_count: number; per_page: number };
    expect(listOf(all.body)).toHaveLength(2);
    expect(meta.per_page).toBe(2);
    expect(meta.user_total_count).toBe(meta.total);
    expect(meta.last_page).toBe(Math.ceil(meta.total / 2));
    const invited = listOf((await owner.get('/api/v1/users?status=invited&limit=50')).body);
    expect(invited.length).toBeGreaterThan(0);
    expect(invited.every((u) => u.status === 'invited')).toBe(true);
    const active = listOf((await owner.get('/api/v1/users?status=active&limit=50')).body);
    expect(active.map((u) => u.email).sort()).toEqual([ADMIN_EMAIL, 'viewer@example.com']);
    expect(active.find((u) => u.email === ADMIN_EMAIL)).toMatchObject({ is_owner: true, role: { name: 'owner' } });
    const searched = await owner.get('/api/v1/users?search=VIEWER');
    expect(listOf(searched.body).map((u) => u.email)).toEqual(['viewer@example.com']);
    expect((searched.body.meta as { user_total_count: number }).user_total_count).toBe(meta.total);
    const byName = await owner.get('/api/v1/users?orderByField=email&orderBy=asc&limit=50');
    const emails = listOf(byName.body).map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect((await owner.get('/api/v1/users?status=gone')).status).toBe(422);
  });

  it('needs view-user', async () => {
    const stranger = await inviteAndAccept(h, owner, 'noview@example.com', 'accountant');
    expect((await stranger.get('/api/v1/users')).status).toBe(403);
    expect((await stranger.get(`/api/v1/users/${await idOf(ADMIN_EMAIL)}`)).status).toBe(403);
  });
});

describe('changing a member', () => {
  it('updates the name and the role; the role applies on the next request', async () => {
    const member = await inviteAndAccept(h, owner, 'editme@example.com', 'viewer');
    const id = await idOf('editme@example.com');
    expect((await member.put('/api/v1/business', { name: 'Edited' })).status).toBe(403);
    const updated = await owner.put(`/api/v1/users/${id}`, { name: 'Edited Member', role: 'owner' });
    expect(errorsOf(updated).role?.[0]).toBe(messages.roleNotFound);
    const ok = await owner.put(`/api/v1/users/${id}`, { name: 'Edited Member', role: 'admin' });
    expect(userOf(ok.body)).toMatchObject({ name: 'Edited Member', role: { name: 'admin' } });
    expect((await member.post('/api/v1/users', { email: 'by-admin@example.com', role: 'viewer' })).status).toBe(201);
    expect(errorsOf(await owner.put(`/api/v1/users/${id}`, { name: 'X' })).name?.[0]).toBe(messages.nameMin);
    expect((await member.put(`/api/v1/users/${await idOf(ADMIN_EMAIL)}`, { role: 'viewer' })).body).toEqual({ message: messages.ownerProtected });
    expect((await member.put(`/api/v1/users/${id}`, { role: 'viewer' })).body).toEqual({ message: messages.cannotChangeSelf });
    const viewer = h.client();
    await viewer.login('viewer@example.com', MEMBER_PASSWORD);
    viewer.business = businessId;
    expect((await viewer.put(`/api/v1/users/${id}`, { role: 'viewer' })).status).toBe(403);
  });

  it('disabling ends the session and the bearer token at once; enabling lets the person back', async () => {
    const member = await inviteAndAccept(h, owner, 'disable-me@example.com', 'accountant');
    const id = await idOf('disable-me@example.com');
    const issued = await h.client().post('/api/v1/auth/login', { email: 'disable-me@example.com', password: MEMBER_PASSWORD, device_name: 'cli' });
    const api = h.client();
    api.bearer = issued.body.token as string;
    api.business = businessId;
    expect((await api.get('/api/v1/me')).status).toBe(200);
    expect((await member.get('/api/v1/business')).status).toBe(200);

    const disabled = await owner.post(`/api/v1/users/${id}/disable`);
    expect(userOf(disabled.body).status).toBe('disabled');
    expect((await member.get('/api/v1/me')).status).toBe(401);
    expect((await api.get('/api/v1/me')).status).toBe(401);
    const again = h.client();
    await again.login('disable-me@example.com', MEMBER_PASSWORD);
    again.business = businessId;
    expect((await again.get('/api/v1/business')).body).toEqual({ message: messages.businessHeaderMissing });
    expect(listOf((await owner.get('/api/v1/users?status=disabled')).body).map((u) => u.id)).toContain(id);

    const enabled = await owner.post(`/api/v1/users/${id}/enable`);
    expect(userOf(enabled.body).status).toBe('active');
    expect((await again.get('/api/v1/business')).status).toBe(200);
  });

  it('nobody disables or removes themselves or the owner', async () => {
    const admin = await inviteAndAccept(h, owner, 'admin2@example.com', 'admin');
    const ownerId = await idOf(ADMIN_EMAIL);
    const adminId = await idOf('admin2@example.com');
    expect((await owner.post(`/api/v1/users/${ownerId}/disable`)).body).toEqual({ message: messages.cannotChangeSelf });
    expect((await owner.delete(`/api/v1/users/${ownerId}`)).body).toEqual({ message: messages.cannotChangeSelf });
    expect((await admin.post(`/api/v1/users/${ownerId}/disable`)).body).toEqual({ message: messages.ownerProtected });
    expect((await admin.delete(`/api/v1/users/${ownerId}`)).body).toEqual({ message: messages.ownerProtected });
    expect((await admin.post(`/api/v1/users/${adminId}/disable`)).body).toEqual({ message: messages.cannotChangeSelf });
    expect(userOf((await owner.get(`/api/v1/users/${ownerId}`)).body).status).toBe('active');
  });

  it('removes a member from the business', async () => {
    const member = await inviteAndAccept(h, owner, 'leaver@example.com', 'viewer');
    const id = await idOf('leaver@example.com');
    const viewer = h.client();
    await viewer.login('viewer@example.com', MEMBER_PASSWORD);
    viewer.business = businessId;
    expect((await viewer.delete(`/api/v1/users/${id}`)).status).toBe(403);
    expect((await owner.delete(`/api/v1/users/${id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/v1/users/${id}`)).status).toBe(404);
    expect((await member.get('/api/v1/business')).body).toEqual({ message: messages.businessHeaderMissing });
    expect((await owner.delete(`/api/v1/users/${id}`)).status).toBe(404);
    expect((await owner.post('/api/v1/users', { email: 'leaver@example.com', role: 'viewer' })).status).toBe(201);
  });

  it('resends an invitation: the new link works, the old one does not', async () => {
    await owner.post('/api/v1/users', { email: 'slow@example.com', role: 'viewer' });
    const first = await invitationToken(h, 'slow@example.com');
    const id = await idOf('slow@example.com');
    const sent = invitationCount(h, 'slow@example.com');
    const resent = await owner.post(`/api/v1/users/${id}/resend-invite`);
    expect(resent.body).toMatchObject({ message: messages.invitationSent, data: { id, status: 'invited' } });
    const second = await invitationToken(h, 'slow@example.com', sent);
    expect(second).not.toBe(first);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.get(`/api/v1/invitations/${first}`)).status).toBe(404);
    await acceptInvitation(h, second, 'slow@example.com', businessId);
    expect(errorsOf(await owner.post(`/api/v1/users/${id}/resend-invite`)).email?.[0]).toBe(messages.notInvited);
  });
});

describe('transferring ownership', () => {
  it('only the owner, only to an active member; the old owner becomes an admin', async () => {
    const boss = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Handover Ltd');
    const heir = await inviteAndAccept(h, boss, 'heir@example.com', 'admin');
    await boss.post('/api/v1/users', { email: 'pending-heir@example.com', role: 'admin' });
    const list = listOf((await boss.get('/api/v1/users?limit=50')).body);
    const heirId = list.find((u) => u.email === 'heir@example.com')?.id ?? '';
    const pendingId = list.find((u) => u.email === 'pending-heir@example.com')?.id ?? '';
    const bossId = list.find((u) => u.email === ADMIN_EMAIL)?.id ?? '';

    expect((await heir.post(`/api/v1/users/${heirId}/transfer-ownership`)).status).toBe(403);
    expect((await heir.post(`/api/v1/users/${bossId}/transfer-ownership`)).status).toBe(403);
    expect(errorsOf(await boss.post(`/api/v1/users/${pendingId}/transfer-ownership`)).user?.[0]).toBe(messages.transferTargetInactive);
    expect((await boss.post(`/api/v1/users/${bossId}/transfer-ownership`)).body).toEqual({ message: messages.cannotChangeSelf });

    const moved = await boss.post(`/api/v1/users/${heirId}/transfer-ownership`);
    expect(userOf(moved.body)).toMatchObject({ id: heirId, is_owner: true, role: { name: 'owner' } });
    expect(userOf((await heir.get(`/api/v1/users/${bossId}`)).body)).toMatchObject({ is_owner: false, role: { name: 'admin' } });
    expect((await boss.put('/api/v1/business', { name: 'Taken Back' })).status).toBe(403);
    expect((await boss.post(`/api/v1/users/${bossId}/transfer-ownership`)).status).toBe(403);
    expect((await heir.put('/api/v1/business', { name: 'Handover Group' })).status).toBe(200);
    const audit = await heir.get('/api/v1/audit-logs?model=user&action=updated&limit=50');
    const owners = (audit.body.data as { model_id: string; changes: Record<string, { before: unknown; after: unknown }> }[]).filter((e) => e.changes.is_owner);
    expect(owners.map((e) => [e.model_id, e.changes.is_owner?.after]).sort()).toEqual([[bossId, false], [heirId, true]].sort());
  });
});

describe("the tenant's user management switch", () => {
  it('when off, the team can be read but not changed', async () => {
    await h.app.db.execute(`update tenants set user_management = false where id = '${h.landlordId}'`);
    h.app.tenants.forget();
    try {
      expect((await owner.get('/api/v1/users')).status).toBe(200);
      const refused = await owner.post('/api/v1/users', { email: 'switched-off@example.com', role: 'viewer' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: messages.featureNotEnabled });
    } finally {
      await h.app.db.execute(`update tenants set user_management = true where id = '${h.landlordId}'`);
      h.app.tenants.forget();
    }
    expect((await owner.post('/api/v1/users', { email: 'switched-on@example.com', role: 'viewer' })).status).toBe(201);
  });
});

describe('isolation', () => {
  it('a member of another business or tenant is not found, and nothing changes', async () => {
    const viewerId = await idOf('viewer@example.com');
    const otherBusiness = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Elsewhere Co');
    expect((await otherBusiness.get(`/api/v1/users/${viewerId}`)).status).toBe(404);
    expect((await otherBusiness.post(`/api/v1/users/${viewerId}/disable`)).status).toBe(404);
    expect((await otherBusiness.put(`/api/v1/users/${viewerId}`, { role: 'admin' })).status).toBe(404);
    expect((await otherBusiness.delete(`/api/v1/users/${viewerId}`)).status).toBe(404);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Co', OTHER_HOST);
    expect((await foreign.get(`/api/v1/users/${viewerId}`)).status).toBe(404);
    expect((await foreign.post(`/api/v1/users/${viewerId}/disable`)).status).toBe(404);
    expect((await foreign.delete(`/api/v1/users/${viewerId}`)).status).toBe(404);
    expect(listOf((await foreign.get('/api/v1/users')).body).map((u) => u.email)).toEqual([OTHER_ADMIN_EMAIL]);
    foreign.business = businessId;
    expect((await foreign.get('/api/v1/users')).status).toBe(403);
    expect(userOf((await owner.get(`/api/v1/users/${viewerId}`)).body)).toMatchObject({ status: 'active', role: { name: 'viewer' } });
  });
});

describe('platform scope', () => {
  it('a business user is refused on platform routes; the super admin reads the outbox', async () => {
    const viewer = h.client();
    await viewer.login('viewer@example.com', MEMBER_PASSWORD);
    expect((await viewer.get('/api/v1/platform/outbox')).status).toBe(403);
    const outbox = await owner.get('/api/v1/platform/outbox?limit=50');
    expect(outbox.status).toBe(200);
    const mails = outbox.body.data as { to: string; status: string }[];
    expect(mails.some((m) => m.to === 'viewer@example.com' && m.status === 'sent')).toBe(true);
  });
});
