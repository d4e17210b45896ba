import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { AppError } from '../../platform/errors';
import { createPlatformUserService } from './platform-users.service';

let h: Harness;
let admin: TestClient;
let other: TestClient;
let roleIds: Record<string, string>;

beforeAll(async () => {
  h = await createHarness();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
  const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  roleIds = Object.fromEntries(roles.map((role) => [role.name, role.id]));
});
afterAll(async () => {
  await h.close();
});

async function teamMember(email: string, role: string): Promise<{ id: string; client: TestClient }> {
  const invited = await admin.post('/api/v1/platform/users', { email, role_id: roleIds[role] });
  expect(invited.status).toBe(201);
  const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('invited'));
  const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
  const guest = h.client();
  await guest.csrf();
  expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Team Person', password: 'Team!Passw0rd', password_confirmation: 'Team!Passw0rd' })).status).toBe(200);
  const client = h.client();
  expect((await client.login(email, 'Team!Passw0rd')).status).toBe(200);
  return { id: (invited.body.data as { id: string }).id, client };
}

const emails = async () => ((await admin.get('/api/v1/platform/users?status=all&limit=100')).body.data as { email: string }[]).map((u) => u.email);

describe('DELETE /platform/users/{id}', () => {
  it('takes the user off the team: gone from the list, signed out, unable to sign in, the address free again', async () => {
    const { id, client } = await teamMember('leaving@example.com', 'support');
    expect((await admin.request('DELETE', `/api/v1/platform/users/${id}`)).body).toEqual({ success: true });
    expect(await emails()).not.toContain('leaving@example.com');
    expect((await admin.get(`/api/v1/platform/users/${id}`)).status).toBe(404);
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect((await h.client().login('leaving@example.com', 'Team!Passw0rd')).status).toBe(422);
    expect((await admin.post('/api/v1/platform/users', { email: 'leaving@example.com', role_id: roleIds.support })).status).toBe(201);
  });

  it('refuses deleting oneself', async () => {
    const me = (await admin.get('/api/v1/me')).body.data as { id: string };
    expect(errorsOf(await admin.request('DELETE', `/api/v1/platform/users/${me.id}`)).user?.[0]).toBe(messages.cannotDeleteSelf);
    expect(await emails()).toContain(ADMIN_EMAIL);
  });

  it('refuses deleting the last super admin, and allows it while another remains', async () => {
    const me = (await admin.get('/api/v1/me')).body.data as { id: string };
    const service = createPlatformUserService(h.app);
    const system = { tenantId: h.landlordId, userId: null, businessId: null, ip: null };
    const refused = await service.remove(system, ['*'], me.id).catch((error: unknown) => error);
    expect(refused instanceof AppError ? refused.fieldErrors : null).toEqual({ user: [messages.lastSuperAdmin] });

    const second = await teamMember('second-super@example.com', 'super admin');
    expect((await second.client.request('DELETE', `/api/v1/platform/users/${me.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/me')).status).toBe(401);
    admin = second.client;
    expect(await emails()).not.toContain(ADMIN_EMAIL);
  });

  it('needs delete-platform-user, and the abilities of the user deleted', async () => {
    const target = await teamMember('target@example.com', 'support');
    const support = await teamMember('support-deleter@example.com', 'support');
    expect((await support.client.request('DELETE', `/api/v1/platform/users/${target.id}`)).status).toBe(403);
    expect(await emails()).toContain('target@example.com');
  });

  it("another tenant's admin gets 404 and the user stays", async () => {
    const target = await teamMember('kept@example.com', 'support');
    expect((await other.request('DELETE', `/api/v1/platform/users/${target.id}`)).status).toBe(404);
    expect((await target.client.get('/api/v1/me')).status).toBe(200);
    expect(await emails()).toContain('kept@example.com');
  });
});
