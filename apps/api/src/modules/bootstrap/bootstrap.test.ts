import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { messages, seededBusinessRoles } from '@app/contracts';
import { presenting } from '../../../test/access-callers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { signUpAndSignIn } from '../../../test/sign-up';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('GET /bootstrap', () => {
  it('returns the startup keys, with menus filtered by the business role', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/businesses/create', { name: 'Boot Co' });
    c.business = (created.body.data as { id: string }).id;
    const boot = await c.get('/api/v1/bootstrap');
    expect(boot.status).toBe(200);
    for (const key of [
      'main_menu', 'setting_menu', 'config', 'global_settings', 'time_zones', 'current_user', 'current_user_settings', 'current_user_abilities',
      'current_business', 'current_business_settings', 'current_business_currency', 'connections', 'incoming_invoice_count', 'outgoing_invoice_count',
    ]) expect(boot.body).toHaveProperty(key);
    expect(boot.body.current_user_abilities).toEqual(['*']);
    expect(boot.body.current_user_platform_abilities).toEqual(['*']);
    expect(boot.body.current_business_currency).toMatchObject({ id: 1, code: 'USD', precision: 2, symbol: '$' });
    const menu = (boot.body.main_menu as { link: string }[]).map((m) => m.link);
    expect(menu).toContain('/dashboard');
    expect(menu).toContain('/invoices');
    expect((boot.body.time_zones as { value: string }[]).some((t) => t.value === 'Europe/Berlin')).toBe(true);
  });

  it('without a business header the menu is empty and the platform abilities remain', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const boot = await c.get('/api/v1/bootstrap');
    expect(boot.body.main_menu).toEqual([]);
    expect(boot.body.current_business).toBeNull();
  });

  it("fills global_settings and connections from the tenant's own setup, and only its own", async () => {
    await h.app.db
      .update(tenants)
      .set({ supportEmail: 'help@tenant-b.test', landingUrl: 'https://tenant-b.test', paymentProviderKey: 'pk_test', paymentProviderSecret: 'sealed', bankLinkClientId: 'client' })
      .where(eq(tenants.id, h.otherTenantId));
    h.app.tenants.forget();
    const other = h.client(OTHER_HOST);
    await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const theirs = (await other.get('/api/v1/bootstrap')).body;
    expect(theirs.global_settings).toEqual({ mail_configured: true, support_email: 'help@tenant-b.test', landing_url: 'https://tenant-b.test' });
    // A provider counts as connected with its key and its secret; the bank link here has no secret.
    expect(theirs.connections).toEqual({ payment_provider: 'CONNECTED', financing_provider: 'NOT_CONNECTED', bank_link: 'NOT_CONNECTED' });

    const landlord = h.client();
    await landlord.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const ours = (await landlord.get('/api/v1/bootstrap')).body;
    expect(ours.global_settings).toEqual({ mail_configured: true, support_email: null, landing_url: null });
    expect(ours.connections).toEqual({ payment_provider: 'NOT_CONNECTED', financing_provider: 'NOT_CONNECTED', bank_link: 'NOT_CONNECTED' });
  });

  it('needs a signed-in user', async () => {
    expect((await h.client().get('/api/v1/bootstrap')).status).toBe(401);
  });
});

describe('GET /bootstrap of another tenant or business', () => {
  let landlordOwner: TestClient;
  let landlordBusiness: string;
  const landlordName = 'Landlord Boot Works';

  /** What the landlord's owner sees, to compare with after each refused or empty answer. */
  const landlordView = async () => {
    const boot = await landlordOwner.get('/api/v1/bootstrap');
    expect(boot.status).toBe(200);
    return { business: boot.body.current_business, outgoing: boot.body.outgoing_invoice_count, companies: boot.body.companies };
  };

  beforeAll(async () => {
    landlordOwner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, landlordName);
    landlordBusiness = landlordOwner.business ?? '';
    await createInvoice(landlordOwner, (await createCustomer(landlordOwner, 'Boot Customer')).id);
  });

  it("another tenant's admin gets a stranger's answer here and, on its own host, nothing of this tenant's businesses", async () => {
    const before = await landlordView();
    expect(before.outgoing).toBe(1);
    const other = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Tenant B Boot Works', OTHER_HOST);

    const stranger = await presenting(h, 'localhost', landlordBusiness, { cookies: other }).get('/api/v1/bootstrap');
    expect(stranger.status).toBe(401);
    expect(stranger.body).toEqual({ message: messages.unauthenticated });

    const ownHost = await other.get('/api/v1/bootstrap', { business: landlordBusiness });
    expect(ownHost.status).toBe(200);
    expect(ownHost.body).toMatchObject({ current_business: null, main_menu: [], current_user_abilities: [], incoming_invoice_count: 0, outgoing_invoice_count: 0 });
    expect((ownHost.body.companies as { name: string }[]).map((company) => company.name)).toEqual(['Tenant B Boot Works']);
    expect((ownHost.body.current_user as { email: string }).email).toBe(OTHER_ADMIN_EMAIL);
    for (const landlordData of [landlordBusiness, landlordName, ADMIN_EMAIL]) expect(JSON.stringify(ownHost.body)).not.toContain(landlordData);
    expect(await landlordView()).toEqual(before);
  });

  it("a member sees only the menus its abilities open; another business's header shows nothing of that business", async () => {
    const before = await landlordView();
    const viewer = await inviteAndAccept(h, landlordOwner, 'boot-viewer@example.com', 'viewer');
    const seen = await viewer.get('/api/v1/bootstrap');
    expect(seen.status).toBe(200);
    expect(seen.body.current_user_abilities).toEqual(seededBusinessRoles.viewer.abilities);
    expect(seen.body.current_user_platform_abilities).toEqual([]);
    const links = (menu: unknown) => (menu as { link: string }[]).map((item) => item.link);
    expect(links(seen.body.main_menu)).toContain('/invoices');
    expect(links(seen.body.main_menu)).not.toContain('/audit-log');
    expect(links(seen.body.setting_menu)).not.toContain('/settings/business-info');
    expect(links(seen.body.setting_menu)).not.toContain('/settings/preferences');

    const outsider = await signUpAndSignIn(h, { name: 'Boot Outsider', email: 'boot-outsider@example.com', business_name: 'Outsider Boot Co' });
    const foreign = await outsider.get('/api/v1/bootstrap', { business: landlordBusiness });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ current_business: null, main_menu: [], current_user_abilities: [], incoming_invoice_count: 0, outgoing_invoice_count: 0 });
    expect((foreign.body.companies as { name: string }[]).map((company) => company.name)).toEqual(['Outsider Boot Co']);
    expect(JSON.stringify(foreign.body)).not.toContain(landlordName);
    // Business routes refuse the same header outright.
    expect((await outsider.get('/api/v1/business', { business: landlordBusiness })).status).toBe(403);
    expect(await landlordView()).toEqual(before);
  });
});

describe('GET /config', () => {
  it('lists types, languages, fiscal years and date formats', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const config = await c.get('/api/v1/config');
    expect(config.body.types).toEqual(['individual', 'company', 'non_profit', 'government_entity']);
    expect(config.body.languages).toEqual([{ code: 'en', name: 'English' }]);
    expect((config.body.fiscal_years as unknown[]).length).toBe(12);
    expect((config.body.date_formats as unknown[]).length).toBeGreaterThan(5);
  });
});

// Last: it adds a business to the other tenant, which the tests above count.
describe('standalone tenants', () => {
  it('a standalone tenant leaves account settings and business information out of the menus; other tenants keep them', async () => {
    const other = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Standalone Co', OTHER_HOST);
    const links = (body: Record<string, unknown>, key: 'main_menu' | 'setting_menu') => (body[key] as { title: string; link: string }[]).map((item) => item.link);
    const before = (await other.get('/api/v1/bootstrap')).body;
    expect(links(before, 'setting_menu')).toEqual(expect.arrayContaining(['/settings/account-settings', '/settings/business-info']));
    await h.app.db.update(tenants).set({ standalone: true }).where(eq(tenants.id, h.otherTenantId));
    h.app.tenants.forget();
    try {
      const after = (await other.get('/api/v1/bootstrap')).body;
      expect(after).toMatchObject({ config: { switches: { standalone: true } } });
      const settings = links(after, 'setting_menu');
      expect(settings).not.toContain('/settings/account-settings');
      expect(settings).not.toContain('/settings/business-info');
      expect(settings[0]).toBe('/settings/address-information');
      const settingsEntry = (after.main_menu as { title: string; link: string }[]).find((item) => item.title === 'navigation.settings');
      expect(settingsEntry?.link).toBe('/settings/address-information');
      // The landlord tenant is not standalone: its menus are as before.
      const landlord = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Not Standalone Co');
      expect(links((await landlord.get('/api/v1/bootstrap')).body, 'setting_menu')).toContain('/settings/business-info');
    } finally {
      await h.app.db.update(tenants).set({ standalone: false }).where(eq(tenants.id, h.otherTenantId));
      h.app.tenants.forget();
    }
  });
});
