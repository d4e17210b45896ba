import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness } from '../../../test/harness';

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

  it('needs a signed-in user', async () => {
    expect((await h.client().get('/api/v1/bootstrap')).status).toBe(401);
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
