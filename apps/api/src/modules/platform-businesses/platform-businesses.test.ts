import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { auditLogs, businesses } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

let h: Harness;
let admin: TestClient;
let other: TestClient;

const ACCOUNT = '000123456789';
const payload = {
  name: 'Globex Corporation',
  owner_email: 'owner@globex.example.com',
  type: 'vendor',
  currency_id: 2,
  contact_first_name: 'Hank',
  contact_last_name: 'Scorpio',
  email: 'billing@globex.example.com',
  phone: '+1 555 0100',
  website: 'globex.example.com',
  slug: 'globex',
  billing_address: { name: 'Globex HQ', address_street_1: '1 Volcano Rd', city: 'Cypress Creek', state: 'OR', country_id: 231, zip: '97001' },
  shipping_address: { name: 'Globex Dock', address_street_1: '2 Harbour Way', city: 'Cypress Creek', country_id: 231 },
  bank_info: { account_holder: 'Globex Corp', bank_name: 'First Bank', routing_number: '021000021', account_number: ACCOUNT },
};

beforeAll(async () => {
  h = await createHarness();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
});

async function create(body: Record<string, unknown>) {
  const response = await admin.post('/api/v1/platform/businesses', body);
  expect(response.status).toBe(201);
  return response.body.data as { id: string; name: string };
}

describe('admin businesses', () => {
  it('creates a business, invites its owner, and keeps the account number sealed', async () => {
    const created = await admin.post('/api/v1/platform/businesses', payload);
    expect(created.status).toBe(201);
    const data = created.body.data as Record<string, unknown>;
    expect(data).toMatchObject({
      name: 'Globex Corporation',
      slug: 'globex',
      type: 'vendor',
      is_customer: false,
      is_vendor: true,
      currency_id: 2,
      billing_address: { city: 'Cypress Creek', country_id: 231 },
      bank_info: { bank_name: 'First Bank', account_number_last4: '6789' },
      owner: { email: 'owner@globex.example.com', status: 'invited' },
    });
    expect(JSON.stringify(created.body)).not.toContain(ACCOUNT);
    const id = data.id as string;

    const [row] = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(businesses).where(eq(businesses.id, id)));
    expect(row?.bankInfo?.account_number).not.toContain(ACCOUNT);
    expect(h.app.secretBox.open(row?.bankInfo?.account_number ?? '')).toBe(ACCOUNT);
    const audit = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.modelId, id)));
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(JSON.stringify(audit)).not.toContain(ACCOUNT);
    expect(JSON.stringify(audit)).not.toContain(row?.bankInfo?.account_number ?? 'x');

    await h.app.apiLog.flush();
    const logged = await admin.get('/api/v1/platform/logs?method=POST&limit=100');
    const logId = (logged.body.data as { id: string; url: string }[]).find((l) => l.url === '/api/v1/platform/businesses')?.id;
    const logDetail = await admin.get(`/api/v1/platform/logs/${logId}`);
    expect(logDetail.status).toBe(200);
    expect(JSON.stringify(logDetail.body)).not.toContain(ACCOUNT);

    const mail = await h.smtp.waitFor('owner@globex.example.com', (m) => m.subject.includes('Globex Corporation'));
    const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Hank Scorpio', password: 'Owner!Passw0rd', password_confirmation: 'Owner!Passw0rd' })).status).toBe(200);
    const owner = h.client();
    expect((await owner.login('owner@globex.example.com', 'Owner!Passw0rd')).status).toBe(200);
    owner.business = id;
    expect((await owner.get('/api/v1/business')).body.data).toMatchObject({ name: 'Globex Corporation' });

    const view = await admin.get(`/api/v1/platform/businesses/${id}`);
    expect(view.body.data).toMatchObject({ stats: { team_size: 1, active_members: 1 }, team: [{ email: 'owner@globex.example.com', role: 'owner', status: 'active', is_owner: true }] });
  });

  it('validates input with the spec messages', async () => {
    const bad = await admin.post('/api/v1/platform/businesses', { name: 'X', owner_email: 'nope', slug: 'has space', type: 'both' });
    expect(errorsOf(bad).name?.[0]).toBe(messages.nameMin);
    expect(errorsOf(bad).owner_email?.[0]).toBe(messages.incorrectEmail);
    expect(errorsOf(bad).slug?.[0]).toBe(messages.slugFormat);
    const taken = await admin.post('/api/v1/platform/businesses', { ...payload, owner_email: 'someone@example.com' });
    expect(errorsOf(taken).slug?.[0]).toBe('The slug has already been taken.');
    const internal = await admin.post('/api/v1/platform/businesses', { name: 'Internal Co', owner_email: ADMIN_EMAIL });
    expect(errorsOf(internal).owner_email?.[0]).toBe(messages.alreadyOnInternalTeam);
    const country = await admin.post('/api/v1/platform/businesses', { name: 'Nowhere Co', owner_email: 'x@nowhere.example.com', billing_address: { country_id: 99999 } });
    expect(errorsOf(country)['billing_address.country_id']?.[0]).toBe(messages.invalidCountry);
  });

  it('an existing business user becomes owner directly', async () => {
    const first = await create({ name: 'Initech', owner_email: 'owner@globex.example.com' });
    const view = await admin.get(`/api/v1/platform/businesses/${first.id}`);
    expect(view.body.data).toMatchObject({ owner: { status: 'active' }, team: [{ status: 'active', is_owner: true }] });
  });

  it('lists by tab with search and paging, disables, enables, updates and keeps the account number', async () => {
    const target = await create({ name: 'Umbrella Corp', owner_email: 'owner@umbrella.example.com', bank_info: { bank_name: 'Old Bank', account_number: '99998888' } });
    expect((await admin.post(`/api/v1/platform/businesses/${target.id}/disable`)).body.data).toMatchObject({ disabled: true });
    const active = await admin.get('/api/v1/platform/businesses');
    expect((active.body.data as { name: string }[]).map((b) => b.name)).not.toContain('Umbrella Corp');
    const disabled = await admin.get('/api/v1/platform/businesses?status=disabled');
    expect((disabled.body.data as { name: string }[]).map((b) => b.name)).toEqual(['Umbrella Corp']);
    const all = await admin.get('/api/v1/platform/businesses?status=all&search=corp&limit=1&page=2');
    expect(all.body.meta).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2 });
    expect((all.body.meta as { business_total_count: number }).business_total_count).toBeGreaterThanOrEqual(3);
    expect((await admin.post(`/api/v1/platform/businesses/${target.id}/enable`)).body.data).toMatchObject({ disabled: false });

    const updated = await admin.put(`/api/v1/platform/businesses/${target.id}`, { name: 'Umbrella Corporation', type: 'customer', currency_id: 1, bank_info: { bank_name: 'New Bank', account_number: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Umbrella Corporation', is_customer: true, is_vendor: false, bank_info: { bank_name: 'New Bank', account_number_last4: '8888' } });
    expect(errorsOf(await admin.put(`/api/v1/platform/businesses/${target.id}`, { name: 'Umbrella Corporation', slug: 'globex' })).slug?.[0]).toBe('The slug has already been taken.');
  });

  it('a disabled business is refused in the business header', async () => {
    const target = await create({ name: 'Disabled Works', owner_email: 'owner@globex.example.com' });
    const owner = h.client();
    await owner.login('owner@globex.example.com', 'Owner!Passw0rd');
    owner.business = target.id;
    expect((await owner.get('/api/v1/business')).status).toBe(200);
    await admin.post(`/api/v1/platform/businesses/${target.id}/disable`);
    const refused = await owner.get('/api/v1/business');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.businessHeaderMissing });
  });

  it('deletes only after the exact name is typed', async () => {
    const target = await create({ name: 'Doomed Ltd', owner_email: 'doomed@example.com' });
    const wrong = await admin.request('DELETE', `/api/v1/platform/businesses/${target.id}`, { name: 'Doomed' });
    expect(errorsOf(wrong).name?.[0]).toBe(messages.deleteBusinessNameMismatch);
    expect((await admin.get(`/api/v1/platform/businesses/${target.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/v1/platform/businesses/${target.id}`, { name: 'Doomed Ltd' })).status).toBe(200);
    expect((await admin.get(`/api/v1/platform/businesses/${target.id}`)).status).toBe(404);
  });

  it('rejects a logo that is not an image and stores one that is', async () => {
    const target = await create({ name: 'Logo Co', owner_email: 'logo@example.com' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a3b00000000049454e44ae426082', 'hex');
    const upload = async (content: Buffer, type: string) => {
      const boundary = '----test';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="business_logo"; filename="logo"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const xsrf = decodeURIComponent(admin.cookies.get('XSRF-TOKEN') ?? '');
      return h.server.inject({
        method: 'POST',
        url: `/api/v1/platform/businesses/${target.id}/logo`,
        headers: { host: 'localhost', cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': xsrf, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    expect((await upload(Buffer.from('not an image'), 'text/plain')).statusCode).toBe(422);
    const ok = await upload(png, 'image/png');
    expect(ok.statusCode).toBe(200);
    expect((JSON.parse(ok.body) as { data: { logo: string } }).data.logo).toMatch(/^\/files\/.+\.png$/);
  });
});

describe('access', () => {
  it('a business user gets 403; a support user may view but not change', async () => {
    const member = h.client();
    await member.login('owner@globex.example.com', 'Owner!Passw0rd');
    expect((await member.get('/api/v1/platform/businesses')).status).toBe(403);
    expect((await member.post('/api/v1/platform/businesses', { name: 'Sneaky Co', owner_email: 'a@b.example.com' })).status).toBe(403);

    const roles = await admin.get('/api/v1/platform/roles?limit=100');
    const support = (roles.body.data as { id: string; name: string }[]).find((r) => r.name === 'support');
    expect(support).toBeDefined();
    await admin.post('/api/v1/platform/users', { email: 'support@example.com', role_id: support?.id });
    const mail = await h.smtp.waitFor('support@example.com');
    const token = linkIn(mail, /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Sam Support', password: 'Supp0rt!Pass', password_confirmation: 'Supp0rt!Pass' });
    const supportUser = h.client();
    expect((await supportUser.login('support@example.com', 'Supp0rt!Pass')).status).toBe(200);
    const list = await supportUser.get('/api/v1/platform/businesses?status=all');
    expect(list.status).toBe(200);
    const id = (list.body.data as { id: string }[])[0]?.id ?? '';
    expect((await supportUser.put(`/api/v1/platform/businesses/${id}`, { name: 'Changed By Support' })).status).toBe(403);
    expect((await supportUser.post(`/api/v1/platform/businesses/${id}/disable`)).status).toBe(403);
    expect((await supportUser.request('DELETE', `/api/v1/platform/businesses/${id}`, { name: 'x' })).status).toBe(403);
  });

  it("another tenant's admin cannot see or change this tenant's business (404, unchanged)", async () => {
    const list = await admin.get('/api/v1/platform/businesses?search=globex');
    const id = (list.body.data as { id: string }[])[0]?.id ?? '';
    expect((await other.get(`/api/v1/platform/businesses/${id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/platform/businesses/${id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await other.post(`/api/v1/platform/businesses/${id}/disable`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/v1/platform/businesses/${id}`, { name: 'Globex Corporation' })).status).toBe(404);
    expect((await other.get('/api/v1/platform/businesses?status=all')).body.data).toEqual([]);
    expect((await admin.get(`/api/v1/platform/businesses/${id}`)).body.data).toMatchObject({ name: 'Globex Corporation', disabled: false });
  });
});

describe("the spec's paths (section 7)", () => {
  const names = (response: { body: Record<string, unknown> }) => (response.body.data as { name: string }[]).map((b) => b.name);

  it('GET /businesses and GET /businesses/search answer as the admin list does', async () => {
    const listed = await admin.get('/api/v1/platform/businesses?status=all');
    expect((await admin.get('/api/v1/businesses?status=all')).body).toEqual(listed.body);
    const searched = await admin.get('/api/v1/businesses/search?status=all&search=globex');
    expect(searched.status).toBe(200);
    expect(names(searched)).toEqual(['Globex Corporation']);
  });

  it('POST /business/delete deletes the business named in the body once its name is typed', async () => {
    const target = await create({ name: 'Spec Path Ltd', owner_email: 'spec-path@example.com' });
    expect(errorsOf(await admin.post('/api/v1/business/delete', { id: target.id, name: 'Spec' })).name?.[0]).toBe(messages.deleteBusinessNameMismatch);
    expect(errorsOf(await admin.post('/api/v1/business/delete', { name: 'Spec Path Ltd' })).id).toBeDefined();
    expect((await admin.post('/api/v1/business/delete', { id: target.id, name: 'Spec Path Ltd' })).body).toEqual({ success: true });
    expect((await admin.get(`/api/v1/platform/businesses/${target.id}`)).status).toBe(404);
  });

  it('keeps the same access: 403 without the ability, 404 and nothing listed for another tenant', async () => {
    const target = await create({ name: 'Guarded Ltd', owner_email: 'guarded@example.com' });
    const member = h.client();
    await member.login('owner@globex.example.com', 'Owner!Passw0rd');
    expect((await member.get('/api/v1/businesses')).status).toBe(403);
    expect((await member.get('/api/v1/businesses/search?search=guarded')).status).toBe(403);
    expect((await member.post('/api/v1/business/delete', { id: target.id, name: 'Guarded Ltd' })).status).toBe(403);

    const supportUser = h.client();
    expect((await supportUser.login('support@example.com', 'Supp0rt!Pass')).status).toBe(200);
    expect(names(await supportUser.get('/api/v1/businesses/search?search=guarded'))).toEqual(['Guarded Ltd']);
    expect((await supportUser.post('/api/v1/business/delete', { id: target.id, name: 'Guarded Ltd' })).status).toBe(403);

    expect((await other.get('/api/v1/businesses?status=all')).body.data).toEqual([]);
    expect((await other.get('/api/v1/businesses/search?status=all&search=guarded')).body.data).toEqual([]);
    expect((await other.post('/api/v1/business/delete', { id: target.id, name: 'Guarded Ltd' })).status).toBe(404);
    expect((await admin.get(`/api/v1/platform/businesses/${target.id}`)).body.data).toMatchObject({ name: 'Guarded Ltd' });
  });
});
