import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';

let h: Harness;
let admin: TestClient;
let other: TestClient;

beforeAll(async () => {
  h = await createHarness();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.post('/api/v1/me/tokens', { name: 'Logged token', expires_in_days: 7 });
  await admin.get('/api/v1/missing-route-for-404');
  await h.app.apiLog.flush();
});
afterAll(async () => {
  await h.close();
});

type ApiLog = { id: string; method: string; url: string; response_code: number; user: { email: string } | null };

describe('access logs', () => {
  it('lists sign-ins with the user, filtered by user and date range, paged', async () => {
    const all = await admin.get('/api/v1/platform/access-logs');
    expect(all.status).toBe(200);
    const rows = all.body.data as { user: { id: string; email: string }; logged_in_at: string }[];
    expect(rows[0]?.user.email).toBe(ADMIN_EMAIL);
    const userId = rows[0]?.user.id ?? '';
    const today = new Date().toISOString().slice(0, 10);
    const byUser = await admin.get(`/api/v1/platform/access-logs?user_id=${userId}&from=${today}&to=${today}&limit=1`);
    expect(byUser.body.meta).toMatchObject({ per_page: 1, current_page: 1 });
    expect((byUser.body.data as unknown[]).length).toBe(1);
    const past = await admin.get(`/api/v1/platform/access-logs?to=2000-01-01`);
    expect(past.body.data).toEqual([]);
    expect(errorsOf(await admin.get('/api/v1/platform/access-logs?from=yesterday')).from?.[0]).toBe(messages.invalidDate);
  });

  it("another tenant sees only its own sign-ins", async () => {
    const rows = (await other.get('/api/v1/platform/access-logs')).body.data as { user: { email: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.user.email === OTHER_ADMIN_EMAIL)).toBe(true);
  });
});

describe('API logs', () => {
  it('lists with filters and shows a redacted detail', async () => {
    const posts = await admin.get('/api/v1/platform/logs?method=POST&limit=50');
    const rows = posts.body.data as ApiLog[];
    expect(rows.every((r) => r.method === 'POST')).toBe(true);
    const tokenLog = rows.find((r) => r.url === '/api/v1/me/tokens');
    expect(tokenLog?.user?.email).toBe(ADMIN_EMAIL);
    const detail = await admin.get(`/api/v1/platform/logs/${tokenLog?.id}`);
    expect(detail.status).toBe(200);
    expect((detail.body.data as { response_body: Record<string, unknown> }).response_body).toEqual({ omitted: 'secret-bearing response' });
    const login = rows.find((r) => r.url === '/api/v1/login');
    const loginDetail = await admin.get(`/api/v1/platform/logs/${login?.id}`);
    expect((loginDetail.body.data as { request_body: Record<string, unknown> }).request_body.password).toBe('[REDACTED]');
    expect(JSON.stringify(loginDetail.body)).not.toContain(ADMIN_PASSWORD);

    const notFound = await admin.get('/api/v1/platform/logs?response_code=404');
    expect((notFound.body.data as ApiLog[]).map((r) => r.url)).toContain('/api/v1/missing-route-for-404');
    expect((notFound.body.data as ApiLog[]).every((r) => r.response_code === 404)).toBe(true);
  });

  it("another tenant's admin gets 404 for this tenant's log id and sees none of its rows", async () => {
    const rows = (await admin.get('/api/v1/platform/logs')).body.data as ApiLog[];
    const id = rows[0]?.id ?? '';
    expect((await other.get(`/api/v1/platform/logs/${id}`)).status).toBe(404);
    await h.app.apiLog.flush();
    const theirs = (await other.get('/api/v1/platform/logs?limit=100')).body.data as ApiLog[];
    expect(theirs.some((r) => r.id === id)).toBe(false);
  });

  it('a business user and a user without the ability get 403', async () => {
    const owner = await signUpAndSignIn(h, { name: 'Biz Owner', email: 'bizowner@example.com', business_name: 'Owner Co' });
    expect((await owner.get('/api/v1/platform/logs')).status).toBe(403);
    expect((await owner.get('/api/v1/platform/access-logs')).status).toBe(403);
    await h.app.db.execute(`update roles set abilities = '["view-business"]'::jsonb where name = 'support'`);
    const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
    const support = roles.find((r) => r.name === 'support');
    const invited = await admin.post('/api/v1/platform/users', { email: 'narrow@example.com', role_id: support?.id });
    expect(invited.status).toBe(201);
    const token = /accept-user-invitation\/([\w-]+)/.exec((await h.smtp.waitFor('narrow@example.com')).text)?.[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Narrow User', password: 'Narr0w!Pass', password_confirmation: 'Narr0w!Pass' });
    const narrow = h.client();
    await narrow.login('narrow@example.com', 'Narr0w!Pass');
    expect((await narrow.get('/api/v1/platform/logs')).status).toBe(403);
    expect((await narrow.get('/api/v1/platform/access-logs')).status).toBe(403);
  });
});
