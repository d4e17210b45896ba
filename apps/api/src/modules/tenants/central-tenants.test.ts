import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { type FakeStripe, startFakeStripe } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { linkIn } from '../../../test/smtp';
import { auditLogs, tenants } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

const SECRET = 'sk_live_abcdefghijklmnop1234';
const WEBHOOK = 'whsec_zyxwvutsrqponm9876';
const BANK = 'bank-secret-value-5555';

let h: Harness;
let landlord: TestClient;
/** Saving a provider secret tries it with the provider: the fake Stripe accepts SECRET. */
let stripe: FakeStripe;

const tenantBody = {
  name: 'Second Tenant',
  domains: ['t2.test', 'billing.t2.test'],
  page_title: 'Second Billing',
  heading: 'Welcome to Second',
  description: 'Invoices for the second tenant.',
  theme_color: '#0f766e',
  support_email: 'support@t2.test',
  payment_provider_key: 'pk_live_public',
  payment_provider_secret: SECRET,
  payment_provider_webhook_secret: WEBHOOK,
  financing_provider_secret: '',
  financing_product_ids: ['0190a3c4-0000-7000-8000-000000000001'],
  bank_link_secret: BANK,
  allow_business_signup: false,
  admin_email: 'first-admin@t2.test',
};

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET });
  h = await createHarness({ env: { PAYMENT_PROVIDER_API_BASE: stripe.url } });
  landlord = h.client();
  await landlord.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
  await stripe.close();
});

describe('tenants', () => {
  let id = '';

  it('creates a tenant whose first admin is invited on the new domain, secrets sealed and masked', async () => {
    // The port the landlord's admin happens to use is not the new tenant's: links take PUBLIC_PORT.
    const created = await landlord.request('POST', '/api/central/tenants', tenantBody, { host: 'localhost:3100' });
    expect(created.status).toBe(201);
    const data = created.body.data as Record<string, unknown>;
    id = String(data.id);
    expect(data).toMatchObject({
      name: 'Second Tenant',
      domains: ['t2.test', 'billing.t2.test'],
      is_landlord: false,
      theme_color: '#0f766e',
      payment_provider_secret: 'sk_live_****1234',
      payment_provider_webhook_secret: 'whsec_****9876',
      financing_provider_secret: null,
      allow_business_signup: false,
    });
    const text = JSON.stringify(created.body);
    for (const secret of [SECRET, WEBHOOK, BANK]) expect(text).not.toContain(secret);

    const [row] = await h.app.db.select().from(tenants).where(eq(tenants.id, id));
    expect(h.app.secretBox.open(row?.paymentProviderSecret ?? '')).toBe(SECRET);
    const audit = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.modelId, id)));
    expect(audit.map((a) => a.action)).toEqual(['created']);
    const auditText = JSON.stringify(audit);
    for (const secret of [SECRET, WEBHOOK, BANK, row?.paymentProviderSecret ?? 'x']) expect(auditText).not.toContain(secret);

    const mail = await h.smtp.waitFor('first-admin@t2.test');
    const link = linkIn(mail, /http:\/\/[^\s/]+\/accept-user-invitation\/[\w-]+/);
    expect(link.startsWith('http://t2.test/accept-user-invitation/')).toBe(true);
    const token = link.split('/').pop() ?? '';

    const guest = h.client('t2.test');
    const branding = await guest.get('/api/v1/tenant-config');
    expect(branding.body).toMatchObject({ tenant: { page_title: 'Second Billing', heading: 'Welcome to Second', theme_color: '#0f766e', is_landlord: false }, switches: { allow_business_signup: false } });
    await guest.csrf();
    expect((await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'First Admin', password: 'First!Passw0rd', password_confirmation: 'First!Passw0rd' })).status).toBe(200);
    const admin2 = h.client('billing.t2.test');
    expect((await admin2.login('first-admin@t2.test', 'First!Passw0rd')).status).toBe(200);
    const boot = await admin2.get('/api/v1/bootstrap');
    expect(boot.body.current_user_platform_abilities).toEqual(['*']);
    const elsewhere = await h.client('localhost').login('first-admin@t2.test', 'First!Passw0rd');
    expect(errorsOf(elsewhere).email?.[0]).toBe(messages.invalidCredentials);

    // The new tenant's super admin is not the landlord's: tenant management stays closed to them.
    expect((await admin2.get('/api/central/tenants')).status).toBe(403);
  });

  it('lists and reads tenants with search and paging, secrets masked', async () => {
    const list = await landlord.get('/api/central/tenants?search=t2.test');
    expect((list.body.data as { name: string }[]).map((t) => t.name)).toEqual(['Second Tenant']);
    const paged = await landlord.get('/api/central/tenants?limit=1&page=2');
    expect(paged.body.meta).toMatchObject({ per_page: 1, current_page: 2, total: 3 });
    const read = await landlord.get(`/api/central/tenants/${id}`);
    expect(read.body.data).toMatchObject({ bank_link_secret: '****5555', payment_provider_secret: 'sk_live_****1234' });
    expect(JSON.stringify(read.body)).not.toContain(BANK);
    expect((await landlord.get('/api/central/tenants/0190a3c4-0000-7000-8000-00000000ffff')).status).toBe(404);
  });

  it('updates: a masked or empty secret keeps the stored value; a new one replaces it', async () => {
    const current = (await landlord.get(`/api/central/tenants/${id}`)).body.data as Record<string, unknown>;
    const updated = await landlord.put(`/api/central/tenants/${id}`, {
      ...tenantBody,
      name: 'Second Tenant Ltd',
      domains: ['t2.test'],
      payment_provider_secret: current.payment_provider_secret,
      payment_provider_webhook_secret: '',
      bank_link_secret: 'new-bank-secret-value-7777',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Second Tenant Ltd', domains: ['t2.test'], payment_provider_secret: 'sk_live_****1234', payment_provider_webhook_secret: 'whsec_****9876', bank_link_secret: '****7777' });
    const [row] = await h.app.db.select().from(tenants).where(eq(tenants.id, id));
    expect(h.app.secretBox.open(row?.paymentProviderSecret ?? '')).toBe(SECRET);
    expect(h.app.secretBox.open(row?.bankLinkSecret ?? '')).toBe('new-bank-secret-value-7777');
    const audit = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.modelId, id)));
    expect(JSON.stringify(audit)).not.toContain('new-bank-secret-value-7777');
    expect((await h.client('billing.t2.test').get('/api/v1/tenant-config')).status).toBe(404);
  });

  it('refuses a taken domain and bad input', async () => {
    const taken = await landlord.post('/api/central/tenants', { ...tenantBody, domains: [OTHER_HOST], admin_email: 'x@example.com' });
    expect(errorsOf(taken).domains?.[0]).toBe(messages.domainTaken);
    const updateTaken = await landlord.put(`/api/central/tenants/${id}`, { ...tenantBody, domains: ['localhost'] });
    expect(errorsOf(updateTaken).domains?.[0]).toBe(messages.domainTaken);
    const bad = await landlord.post('/api/central/tenants', { name: '', domains: ['not a domain'], theme_color: 'red', admin_email: 'nope' });
    expect(errorsOf(bad).name?.[0]).toBe(messages.required);
    expect(errorsOf(bad)['domains.0']?.[0]).toBe(messages.invalidDomain);
    expect(errorsOf(bad).theme_color?.[0]).toBe(messages.invalidColor);
    expect(errorsOf(bad).admin_email?.[0]).toBe(messages.incorrectEmail);
  });

  it('sets the platform fee (percent and fixed, none by default) and refuses one out of range', async () => {
    const current = (await landlord.get(`/api/central/tenants/${id}`)).body.data as Record<string, unknown>;
    expect(current).toMatchObject({ platform_fee_percent: '0', platform_fee_fixed: 0 });
    const updated = await landlord.put(`/api/central/tenants/${id}`, { ...tenantBody, platform_fee_percent: '2.90', platform_fee_fixed: 30 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ platform_fee_percent: '2.9', platform_fee_fixed: 30 });
    const [row] = await h.app.db.select().from(tenants).where(eq(tenants.id, id));
    expect({ percent: row?.platformFeePercent, fixed: row?.platformFeeFixed }).toEqual({ percent: '2.9000', fixed: 30 });

    for (const [percent, fixed] of [['100.01', -1], ['abc', 1.5], [-2, 'x']] as const) {
      const bad = await landlord.put(`/api/central/tenants/${id}`, { ...tenantBody, platform_fee_percent: percent, platform_fee_fixed: fixed });
      expect(bad.status).toBe(422);
      expect(errorsOf(bad).platform_fee_percent?.[0]).toBe(messages.invalidPlatformFeePercent);
      expect(errorsOf(bad).platform_fee_fixed?.[0]).toBe(messages.invalidPlatformFeeFixed);
    }
    const full = await landlord.put(`/api/central/tenants/${id}`, { ...tenantBody, platform_fee_percent: 100, platform_fee_fixed: 0 });
    expect(full.body.data).toMatchObject({ platform_fee_percent: '100', platform_fee_fixed: 0 });

    // Another tenant's admin and a platform user without manage-tenant cannot touch it.
    const other = h.client(OTHER_HOST);
    await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await other.put(`/api/central/tenants/${id}`, { ...tenantBody, platform_fee_percent: '50' })).status).toBe(403);
    const roles = (await landlord.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
    const email = 'fee-support@example.com';
    expect((await landlord.post('/api/v1/platform/users', { email, role_id: roles.find((r) => r.name === 'support')?.id })).status).toBe(201);
    const token = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('invited')), /accept-user-invitation\/[\w-]+/).split('/')[1] ?? '';
    const guest = h.client();
    await guest.csrf();
    await guest.post(`/api/v1/accept-user-invitation/${token}`, { name: 'Fee Support', password: 'Supp0rt!Pass', password_confirmation: 'Supp0rt!Pass' });
    const support = h.client();
    expect((await support.login(email, 'Supp0rt!Pass')).status).toBe(200);
    expect((await support.put(`/api/central/tenants/${id}`, { ...tenantBody, platform_fee_percent: '50' })).status).toBe(403);
    const [after] = await h.app.db.select().from(tenants).where(eq(tenants.id, id));
    expect(after?.platformFeePercent).toBe('100.0000');
  });

  it("lists a tenant's businesses from inside that tenant", async () => {
    const admin2 = h.client('t2.test');
    await admin2.login('first-admin@t2.test', 'First!Passw0rd');
    expect((await admin2.post('/api/v1/businesses/create', { name: 'Tenant Two Shop' })).status).toBe(201);
    const list = await landlord.get(`/api/central/tenants/${id}/businesses`);
    expect((list.body.data as { name: string }[]).map((b) => b.name)).toEqual(['Tenant Two Shop']);
    const own = await landlord.get(`/api/central/tenants/${h.landlordId}/businesses`);
    expect((own.body.data as { name: string }[]).map((b) => b.name)).not.toContain('Tenant Two Shop');
  });

  it("a non-landlord tenant's super admin and a business user get 403", async () => {
    const other = h.client(OTHER_HOST);
    await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const refused = await other.get('/api/central/tenants');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.landlordOnly });
    expect((await other.put(`/api/central/tenants/${id}`, tenantBody)).status).toBe(403);
    expect((await other.get(`/api/central/tenants/${id}/businesses`)).status).toBe(403);
    const owner = await signUpAndSignIn(h, { name: 'Biz Owner', email: 'bizowner@example.com', business_name: 'Owner Co' });
    expect((await owner.get('/api/central/tenants')).status).toBe(403);
    expect((await h.client().get('/api/central/tenants')).status).toBe(401);
  });

  it('keeps the domains in the order entered: the first one is where its links point', async () => {
    const reordered = await landlord.put(`/api/central/tenants/${id}`, { ...tenantBody, domains: ['billing.t2.test', 't2.test'] });
    expect((reordered.body.data as { domains: string[] }).domains).toEqual(['billing.t2.test', 't2.test']);
    expect(((await landlord.get(`/api/central/tenants/${id}`)).body.data as { domains: string[] }).domains).toEqual(['billing.t2.test', 't2.test']);
    expect(await h.app.tenants.originOfTenant(id)).toBe('http://billing.t2.test');
    // Asked on its second domain, the tenant still mails links on its first.
    const guest = h.client('t2.test:8080');
    await guest.csrf();
    expect((await guest.post('/api/v1/forgot-password', { email: 'first-admin@t2.test' })).status).toBe(200);
    const mail = await h.smtp.waitFor('first-admin@t2.test', (m) => m.subject.includes('Reset'));
    expect(linkIn(mail, /http:\/\/\S+\/reset-password\/[\w-]+/).startsWith('http://billing.t2.test/reset-password/')).toBe(true);
  });
});
