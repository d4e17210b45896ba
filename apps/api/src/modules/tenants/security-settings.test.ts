import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { linkIn } from '../../../test/smtp';
import { signUpAndSignIn } from '../../../test/sign-up';
import { auditLogs } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

let h: Harness;
let admin: TestClient;
let other: TestClient;

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

/** A platform user of the landlord with the seeded support role (view-platform-setting, no edit). */
async function supportUser(): Promise<TestClient> {
  const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  const email = 'support-desk@example.com';
  expect((await admin.post('/api/v1/platform/users', { email, role_id: roles.find((r) => r.name === 'support')?.id })).status).toBe(201);
  const token = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('invited')), /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
  const guest = h.client();
  await guest.csrf();
  await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Support Desk', password: 'Supp0rt!Pass', password_confirmation: 'Supp0rt!Pass' });
  const support = h.client();
  expect((await support.login(email, 'Supp0rt!Pass')).status).toBe(200);
  return support;
}

describe('security settings', () => {
  it('start at a one-year token lifetime, are saved by the super admin and audited', async () => {
    expect((await admin.get('/api/v1/platform/security-settings')).body).toEqual({ data: { personal_token_max_days: 365 } });
    const saved = await admin.put('/api/v1/platform/security-settings', { personal_token_max_days: 90 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ data: { personal_token_max_days: 90 } });
    expect((await admin.get('/api/v1/platform/security-settings')).body).toEqual({ data: { personal_token_max_days: 90 } });
    const audit = await inTenant(h.app.db, h.landlordId, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.tenantId, h.landlordId), eq(auditLogs.model, 'security_settings'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toMatchObject({ personal_token_max_days: expect.anything() });
  });

  it('refuses a lifetime that is not a whole number of days from 1 to 3650', async () => {
    for (const value of [0, 3651, 1.5, 'soon']) {
      const response = await admin.put('/api/v1/platform/security-settings', { personal_token_max_days: value });
      expect(response.status).toBe(422);
      expect(errorsOf(response).personal_token_max_days?.[0]).toBe(messages.tokenLifetimeRange);
    }
  });

  it("are each tenant's own", async () => {
    expect((await other.put('/api/v1/platform/security-settings', { personal_token_max_days: 7 })).status).toBe(200);
    expect((await admin.get('/api/v1/platform/security-settings')).body).toEqual({ data: { personal_token_max_days: 90 } });
    expect((await other.get('/api/v1/platform/security-settings')).body).toEqual({ data: { personal_token_max_days: 7 } });
  });

  it('support may read them but not change them; a business user and a guest may do neither', async () => {
    const support = await supportUser();
    expect((await support.get('/api/v1/platform/security-settings')).status).toBe(200);
    expect((await support.put('/api/v1/platform/security-settings', { personal_token_max_days: 3650 })).status).toBe(403);
    const businessOwner = await signUpAndSignIn(h, { email: 'settings-probe@example.com', business_name: 'Settings Probe Co' });
    expect((await businessOwner.get('/api/v1/platform/security-settings')).status).toBe(403);
    expect((await businessOwner.put('/api/v1/platform/security-settings', { personal_token_max_days: 3650 })).status).toBe(403);
    expect((await h.client().get('/api/v1/platform/security-settings')).status).toBe(401);
    expect((await admin.get('/api/v1/platform/security-settings')).body).toEqual({ data: { personal_token_max_days: 90 } });
  });
});
