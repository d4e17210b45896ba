import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;
let businessId: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Audit Works');
  businessId = owner.business ?? '';
});
afterAll(async () => {
  await h.close();
});

const entriesOf = (body: Record<string, unknown>) => body.data as AuditLogResource[];
const today = () => new Date().toISOString().slice(0, 10);

describe('company audit log', () => {
  it('records business create, update and settings with before and after', async () => {
    await owner.put('/api/v1/business', { name: 'Audit Works Ltd', website: 'audit.example.com' });
    await owner.post('/api/v1/settings', { settings: { time_zone: 'Europe/Paris' } });
    const log = await owner.get('/api/v1/audit-logs?limit=50');
    expect(log.status).toBe(200);
    const entries = entriesOf(log.body);
    const created = entries.find((e) => e.model === 'business' && e.action === 'created');
    expect(created).toMatchObject({ model_id: businessId, business_id: businessId, user: { email: ADMIN_EMAIL } });
    expect(created?.changes.name).toEqual({ before: null, after: 'Audit Works' });
    const updated = entries.find((e) => e.model === 'business' && e.action === 'updated');
    expect(updated?.changes).toEqual({ name: { before: 'Audit Works', after: 'Audit Works Ltd' }, website: { before: null, after: 'https://audit.example.com/' } });
    expect(entries.find((e) => e.model === 'business_settings')?.changes.time_zone).toEqual({ before: 'UTC', after: 'Europe/Paris' });
    expect(entries[0]?.model).toBe('business_settings');
  });

  it('records team and role changes and filters by model, action, user and dates', async () => {
    const member = await inviteAndAccept(h, owner, 'auditor@example.com', 'admin');
    await owner.post('/api/v1/roles', { name: 'Reader', abilities: ['view-invoice'] });
    await member.post('/api/v1/roles', { name: 'Not Allowed', abilities: ['view-invoice'] });
    const roles = entriesOf((await owner.get('/api/v1/audit-logs?model=role')).body);
    expect(roles).toHaveLength(1);
    expect(roles[0]?.changes.abilities).toEqual({ before: null, after: ['view-invoice'] });
    const invited = entriesOf((await owner.get('/api/v1/audit-logs?model=user&action=created')).body);
    expect(invited.map((e) => e.changes.email?.after)).toEqual(['auditor@example.com']);
    const me = (await owner.get('/api/v1/me')).body.data as { id: string };
    const mine = entriesOf((await owner.get(`/api/v1/audit-logs?user_id=${me.id}&limit=50`)).body);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((e) => e.user?.id === me.id)).toBe(true);
    expect(entriesOf((await owner.get(`/api/v1/audit-logs?from_date=${today()}&to_date=${today()}&limit=50`)).body)).toHaveLength(mine.length);
    expect(entriesOf((await owner.get('/api/v1/audit-logs?to_date=2000-01-01')).body)).toHaveLength(0);
    const paged = await owner.get('/api/v1/audit-logs?limit=2&page=2');
    expect(entriesOf(paged.body)).toHaveLength(2);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 2, total: mine.length, audit_log_total_count: mine.length });
    expect((await owner.get('/api/v1/audit-logs?from_date=yesterday')).status).toBe(422);
    expect((await owner.get('/api/v1/audit-logs?action=exploded')).status).toBe(422);
  });

  it('needs view-audit-log and shows only the selected business', async () => {
    const viewer = await inviteAndAccept(h, owner, 'nosy@example.com', 'viewer');
    expect((await viewer.get('/api/v1/audit-logs')).status).toBe(403);
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Second Audit Co');
    const entries = entriesOf((await other.get('/api/v1/audit-logs?limit=50')).body);
    expect(entries.map((e) => e.model_id)).toEqual([other.business]);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Audit', OTHER_HOST);
    expect(entriesOf((await foreign.get('/api/v1/audit-logs?limit=50')).body).map((e) => e.model_id)).toEqual([foreign.business]);
    foreign.business = businessId;
    expect((await foreign.get('/api/v1/audit-logs')).status).toBe(403);
  });
});

describe('admin audit log', () => {
  it("lists the whole tenant's entries, platform role changes included", async () => {
    await owner.post('/api/v1/platform/roles', { name: 'Night Shift', abilities: ['view-audit-log'] });
    const log = await owner.get('/api/v1/platform/audit-logs?limit=100');
    expect(log.status).toBe(200);
    const entries = entriesOf(log.body);
    const platformRole = entries.find((e) => e.model === 'role' && e.changes.name?.after === 'Night Shift');
    expect(platformRole?.business_id).toBeNull();
    expect(new Set(entries.map((e) => e.business_id)).size).toBeGreaterThan(2);
    const roles = entriesOf((await owner.get('/api/v1/platform/audit-logs?model=role&limit=100')).body);
    expect(roles.every((e) => e.model === 'role')).toBe(true);
  });

  it("is for platform users with the ability, and never shows another tenant's entries", async () => {
    const member = h.client();
    await member.login('auditor@example.com', 'Team!Passw0rd');
    expect((await member.get('/api/v1/platform/audit-logs')).status).toBe(403);
    const foreign = h.client(OTHER_HOST);
    await foreign.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const entries = entriesOf((await foreign.get('/api/v1/platform/audit-logs?limit=100')).body);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => e.business_id === businessId || e.user?.email === ADMIN_EMAIL)).toBe(false);
  });
});
