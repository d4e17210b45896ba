import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { linkIn } from '../../../test/smtp';

let h: Harness;
let admin: TestClient;
let other: TestClient;
let supportRoleId: string;
let superRoleId: string;

beforeAll(async () => {
  h = await createHarness();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
  const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  supportRoleId = roles.find((r) => r.name === 'support')?.id ?? '';
  superRoleId = roles.find((r) => r.name === 'super admin')?.id ?? '';
});
afterAll(async () => {
  await h.close();
});

async function inviteAndAccept(email: string, password = 'Team!Passw0rd'): Promise<{ id: string; client: TestClient }> {
  const invited = await admin.post('/api/v1/platform/users', { email, role_id: supportRoleId });
  expect(invited.status).toBe(201);
  const id = (invited.body.data as { id: string }).id;
  const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('invited'));
  const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
  const guest = h.client();
  await guest.csrf();
  expect((await guest.get(`/api/v1/invitations/${token}`)).body).toMatchObject({ email, business_name: null, has_password: false });
  expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Team Person', password, password_confirmation: password })).status).toBe(200);
  const client = h.client();
  expect((await client.login(email, password)).status).toBe(200);
  return { id, client };
}

describe('platform users', () => {
  it('invites a platform user who accepts, signs in and lands with platform abilities', async () => {
    const { id, client } = await inviteAndAccept('helper@example.com');
    const boot = await client.get('/api/v1/bootstrap');
    expect(boot.body.current_user).toMatchObject({ is_platform_user: true, email: 'helper@example.com' });
    expect(boot.body.current_user_platform_abilities).toContain('view-business');
    const read = await admin.get(`/api/v1/platform/users/${id}`);
    expect(read.body.data).toMatchObject({ email: 'helper@example.com', status: 'active', role: { name: 'support' } });
  });

  it('refuses bad input, a platform user twice and a business user', async () => {
    const bad = await admin.post('/api/v1/platform/users', { email: 'nope', role_id: 'x' });
    expect(errorsOf(bad).email?.[0]).toBe(messages.incorrectEmail);
    expect(errorsOf(bad).role_id?.[0]).toBe(messages.required);
    expect(errorsOf(await admin.post('/api/v1/platform/users', { email: 'helper@example.com', role_id: supportRoleId })).email?.[0]).toBe(messages.userAlreadyExists);
    await signUpAndSignIn(h, { name: 'Biz Owner', email: 'bizowner@example.com', business_name: 'Owner Co' });
    expect(errorsOf(await admin.post('/api/v1/platform/users', { email: 'bizowner@example.com', role_id: supportRoleId })).email?.[0]).toBe(messages.alreadyOnExternalTeam);
    const otherRoles = (await other.get('/api/v1/platform/roles?limit=100')).body.data as { id: string }[];
    const foreignRole = otherRoles[0]?.id ?? '';
    expect(errorsOf(await admin.post('/api/v1/platform/users', { email: 'new@example.com', role_id: foreignRole })).role_id?.[0]).toBe(messages.roleNotFound);
  });

  it('lists by tab, updates, and disabling ends sessions and tokens at once', async () => {
    const { id, client } = await inviteAndAccept('disable-me@example.com');
    const token = await client.post('/api/v1/me/tokens', { name: 'cli', expires_in_days: 7 });
    const bearer = h.client();
    bearer.bearer = String(token.body.plain_text_token ?? '');
    expect((await bearer.get('/api/v1/me')).status).toBe(200);

    const updated = await admin.put(`/api/v1/platform/users/${id}`, { name: 'Renamed Person', role_id: superRoleId });
    expect(updated.body.data).toMatchObject({ name: 'Renamed Person', role: { name: 'super admin' } });
    expect(errorsOf(await admin.put(`/api/v1/platform/users/${id}`, { name: 'X', role_id: superRoleId })).name?.[0]).toBe(messages.nameMin);

    expect((await admin.post(`/api/v1/platform/users/${id}/disable`)).body.data).toMatchObject({ status: 'disabled' });
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect((await bearer.get('/api/v1/me')).status).toBe(401);
    expect((await h.client().login('disable-me@example.com', 'Team!Passw0rd')).status).toBe(422);

    const disabled = await admin.get('/api/v1/platform/users?status=disabled');
    expect((disabled.body.data as { email: string }[]).map((u) => u.email)).toEqual(['disable-me@example.com']);
    const active = await admin.get('/api/v1/platform/users?status=active&search=example.com&limit=2');
    expect((active.body.data as { email: string }[]).map((u) => u.email)).not.toContain('disable-me@example.com');
    expect((active.body.meta as { user_total_count: number }).user_total_count).toBeGreaterThanOrEqual(3);

    expect((await admin.post(`/api/v1/platform/users/${id}/enable`)).body.data).toMatchObject({ status: 'active' });
    expect((await h.client().login('disable-me@example.com', 'Team!Passw0rd')).status).toBe(200);
  });

  it('nobody can disable themselves or change their own role', async () => {
    const me = (await admin.get('/api/v1/me')).body.data as { id: string };
    expect(errorsOf(await admin.post(`/api/v1/platform/users/${me.id}/disable`)).user?.[0]).toBe(messages.cannotChangeSelf);
    expect(errorsOf(await admin.put(`/api/v1/platform/users/${me.id}`, { name: 'Super Admin', role_id: supportRoleId })).role_id?.[0]).toBe(messages.cannotChangeSelf);
  });

  it('a support user may view but not invite; a business user gets 403', async () => {
    const { client } = await inviteAndAccept('viewer-only@example.com');
    expect((await client.get('/api/v1/platform/users')).status).toBe(200);
    expect((await client.post('/api/v1/platform/users', { email: 'x@example.com', role_id: supportRoleId })).status).toBe(403);
    const business = h.client();
    await business.login('bizowner@example.com', 'Str0ng!Passw0rd');
    expect((await business.get('/api/v1/platform/users')).status).toBe(403);
  });

  it("another tenant's admin gets 404 for this tenant's user, and nothing changes", async () => {
    const list = await admin.get('/api/v1/platform/users?search=helper');
    const id = (list.body.data as { id: string }[])[0]?.id ?? '';
    const otherRoles = (await other.get('/api/v1/platform/roles?limit=100')).body.data as { id: string }[];
    expect((await other.get(`/api/v1/platform/users/${id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/platform/users/${id}`, { name: 'Hijacked', role_id: otherRoles[0]?.id })).status).toBe(404);
    expect((await other.post(`/api/v1/platform/users/${id}/disable`)).status).toBe(404);
    expect((await admin.get(`/api/v1/platform/users/${id}`)).body.data).toMatchObject({ status: 'active', name: 'Team Person' });
  });
});
