import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessBillingResource, type PlanFeature, type PlanResource, messages, planFeatures, planRequiredMessage } from '@app/contracts';
import { postalAddress } from '../../../test/documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { answerMatches, probeFor } from '../../../test/route-probe';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
/** The tenant's platform admin, who owns business A. */
let admin: TestClient;
/** The same admin in business B of the same tenant. */
let adminInB: TestClient;
let foreign: TestClient;
let viewer: TestClient;

const REPORT = '/api/v1/business/reports/profit_and_loss';
const planOf = (body: Record<string, unknown>) => body.data as PlanResource;
const billingOf = (body: Record<string, unknown>) => body.data as BusinessBillingResource;

function plan(name: string, price: number, features: readonly PlanFeature[], extra: Partial<{ is_default: boolean; max_team_users: number | null; interval: 'month' | 'year' }> = {}) {
  return { name, description: null, price, currency_id: 1, interval: 'month', features, max_team_users: null, is_default: false, ...extra };
}

async function created(client: TestClient, body: ReturnType<typeof plan>): Promise<PlanResource> {
  const answer = await client.post('/api/v1/platform/plans', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return planOf(answer.body);
}

beforeAll(async () => {
  h = await createHarness();
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Plans A');
  adminInB = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Plans B');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Plans', OTHER_HOST);
  viewer = await inviteAndAccept(h, admin, 'plans-viewer@example.com', 'viewer');
});
afterAll(async () => {
  await h.close();
});

describe('plans', () => {
  it('a tenant without plans gates nothing', async () => {
    expect((await admin.get(REPORT)).status).toBe(200);
    expect(billingOf((await admin.get('/api/v1/business/billing')).body)).toMatchObject({ plan: null, plans: [], team_users: 2, can_change_plan: true });
  });

  it('the admin defines plans: the first is the default, names are unique, one default stays', async () => {
    expect(errorsOf(await admin.post('/api/v1/platform/plans', { ...plan('', -1, []), features: ['reports', 'reports', 'teleport'], currency_id: 99999 }))).toMatchObject({
      name: [messages.required],
      price: [messages.invalidPrice],
      currency_id: [messages.invalidCurrency],
      'features.2': expect.any(Array),
    });
    const free = await created(admin, plan('Free', 0, [], { max_team_users: 2 }));
    expect(free).toMatchObject({ is_default: true, businesses_count: 2 });
    const starter = await created(admin, plan('Starter', 1900, ['reports', 'recurring-invoices']));
    await created(admin, plan('Business', 190_000, [...planFeatures], { interval: 'year' }));
    expect(starter.is_default).toBe(false);
    expect(errorsOf(await admin.post('/api/v1/platform/plans', plan('starter', 5, [])))).toEqual({ name: [messages.planNameTaken] });
    expect(errorsOf(await admin.put(`/api/v1/platform/plans/${free.id}`, { ...plan('Free', 0, []), is_default: false }))).toEqual({ is_default: [messages.defaultPlanRequired] });
    expect(errorsOf(await admin.delete(`/api/v1/platform/plans/${free.id}`))).toEqual({ is_default: [messages.defaultPlanRequired] });

    // Cheapest first: the yearly 1,900.00 is 158.33 a month, dearer than Starter's 19.00.
    const listed = (await admin.get('/api/v1/platform/plans')).body.data as PlanResource[];
    expect(listed.map((p) => [p.name, p.is_default, p.businesses_count])).toEqual([
      ['Free', true, 2],
      ['Starter', false, 0],
      ['Business', false, 0],
    ]);
  });

  it('a gated route refuses a business whose plan lacks the feature, naming the cheapest plan that has it', async () => {
    const refused = await admin.get(REPORT);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.starterPlan, required_plan: 'Starter' });
    expect(planRequiredMessage('Starter')).toBe(messages.starterPlan);
    // Financing is only on Business.
    const financing = await admin.get('/api/v1/loans');
    expect(financing.body).toEqual({ message: planRequiredMessage('Business'), required_plan: 'Business' });
    // Ungated routes answer as before.
    expect((await admin.get('/api/v1/invoices')).status).toBe(200);
    // The menus name the plan beside what the business's plan lacks.
    const boot = (await admin.get('/api/v1/bootstrap')).body as { main_menu: { link: string; required_plan?: string | null }[]; setting_menu: { link: string; required_plan?: string | null }[] };
    const marks = Object.fromEntries([...boot.main_menu, ...boot.setting_menu].map((item) => [item.link, item.required_plan]));
    expect(marks).toMatchObject({ '/reports': 'Starter', '/loan-balance': 'Business', '/settings/webhooks': 'Business', '/invoices': null, '/dashboard': null });
  });

  it('the owner moves the business to a plan with the feature and gets in; other businesses stay where they were', async () => {
    const plans = billingOf((await admin.get('/api/v1/business/billing')).body).plans;
    const starter = plans.find((p) => p.name === 'Starter');
    expect(errorsOf(await admin.put('/api/v1/business/plan', { plan_id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ plan_id: [messages.invalidPlan] });
    const moved = await admin.put('/api/v1/business/plan', { plan_id: starter?.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(billingOf(moved.body).plan?.name).toBe('Starter');
    expect((await admin.get(REPORT)).status).toBe(200);
    const menu = ((await admin.get('/api/v1/bootstrap')).body as { main_menu: { link: string; required_plan?: string | null }[] }).main_menu;
    expect(menu.find((item) => item.link === '/reports')?.required_plan).toBeNull();
    // Business B is still on the default plan.
    expect(billingOf((await adminInB.get('/api/v1/business/billing')).body).plan?.name).toBe('Free');
    expect((await adminInB.get(REPORT)).status).toBe(403);
    const audit = await admin.get('/api/v1/audit-logs?model=business');
    expect(JSON.stringify(audit.body)).toContain(starter?.id);
  });

  it('billing contact: saved, checked, and of the selected business only', async () => {
    expect(errorsOf(await admin.put('/api/v1/business/billing', { billing_contact_name: 'Ann', billing_contact_email: 'not-mail' }))).toEqual({ billing_contact_email: [messages.incorrectEmail] });
    const saved = await admin.put('/api/v1/business/billing', { billing_contact_name: 'Ann Payer', billing_contact_email: 'Ann@Example.com' });
    expect(billingOf(saved.body)).toMatchObject({ billing_contact_name: 'Ann Payer', billing_contact_email: 'ann@example.com' });
    expect(billingOf((await adminInB.get('/api/v1/business/billing')).body)).toMatchObject({ billing_contact_name: null, billing_contact_email: null });
    // The address the platform bills is the business's billing address (settings → address information).
    expect(billingOf(saved.body).billing_address).toBeNull();
    expect((await admin.put('/api/v1/business/addresses', { billing_address: postalAddress })).status).toBe(200);
    expect(billingOf((await admin.get('/api/v1/business/billing')).body).billing_address).toMatchObject({ address_street_1: '1 Main St', city: 'Zürich', country_id: 216 });
    expect(billingOf((await adminInB.get('/api/v1/business/billing')).body).billing_address).toBeNull();
  });

  it('a plan with businesses on it cannot be deleted; a platform admin assigns plans', async () => {
    const plans = (await admin.get('/api/v1/platform/plans')).body.data as PlanResource[];
    const starter = plans.find((p) => p.name === 'Starter');
    expect(errorsOf(await admin.delete(`/api/v1/platform/plans/${starter?.id}`))).toEqual({ plan: [messages.planInUse] });
    const businessB = adminInB.business ?? '';
    const assigned = await admin.put(`/api/v1/platform/businesses/${businessB}/plan`, { plan_id: starter?.id });
    expect(billingOf(assigned.body).plan?.name).toBe('Starter');
    expect((await adminInB.get(REPORT)).status).toBe(200);
    expect((await admin.get(`/api/v1/platform/businesses/${businessB}`)).body.data).toMatchObject({ plan_id: starter?.id });
    expect(billingOf((await admin.put(`/api/v1/platform/businesses/${businessB}/plan`, { plan_id: null })).body).plan?.name).toBe('Free');
  });

  it("the plan's team limit counts members and invitations, and names the plan with room", async () => {
    // B has its owner only; Free allows two.
    expect((await adminInB.post('/api/v1/users', { email: 'plans-b1@example.com', role: 'viewer' })).status).toBe(201);
    const refused = await adminInB.post('/api/v1/users', { email: 'plans-b2@example.com', role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: planRequiredMessage('Starter'), required_plan: 'Starter' });
    // A plan too small for the team is refused when moving to it.
    const tiny = await created(admin, plan('Solo', 2500, ['reports'], { max_team_users: 1 }));
    expect(errorsOf(await adminInB.put('/api/v1/business/plan', { plan_id: tiny.id }))).toEqual({ plan_id: [formatLimit(1)] });
    // Nor may a plan's limit drop below a team already on it: B (two people) is on Free as the default.
    const free = ((await admin.get('/api/v1/platform/plans')).body.data as PlanResource[]).find((p) => p.name === 'Free');
    expect(errorsOf(await admin.put(`/api/v1/platform/plans/${free?.id}`, plan('Free', 0, [], { is_default: true, max_team_users: 1 })))).toEqual({
      max_team_users: [messages.planTeamTooLarge.replace('{count}', '2')],
    });
    // Solo has no business on it: its limit is free to change.
    expect((await admin.put(`/api/v1/platform/plans/${tiny.id}`, plan('Solo', 2500, ['reports'], { max_team_users: 1 }))).status).toBe(200);
  });

  it('cross-tenant: another tenant sees none of these plans and cannot pick one', async () => {
    const ours = (await admin.get('/api/v1/platform/plans')).body.data as PlanResource[];
    const starter = ours.find((p) => p.name === 'Starter');
    expect((await foreign.get('/api/v1/platform/plans')).body.data).toEqual([]);
    expect((await foreign.get(`/api/v1/platform/plans/${starter?.id}`)).status).toBe(404);
    expect((await foreign.put(`/api/v1/platform/plans/${starter?.id}`, plan('Stolen', 0, []))).status).toBe(404);
    expect((await foreign.delete(`/api/v1/platform/plans/${starter?.id}`)).status).toBe(404);
    expect(errorsOf(await foreign.put('/api/v1/business/plan', { plan_id: starter?.id }))).toEqual({ plan_id: [messages.invalidPlan] });
    expect((await foreign.put(`/api/v1/platform/businesses/${admin.business ?? ''}/plan`, { plan_id: null })).status).toBe(404);
    // The foreign tenant sells no plans: nothing is gated there.
    expect((await foreign.get(REPORT)).status).toBe(200);
  });

  it('cross-business and missing abilities: only the business owner changes its plan, only admins edit plans', async () => {
    const starter = ((await admin.get('/api/v1/platform/plans')).body.data as PlanResource[]).find((p) => p.name === 'Starter');
    // A member of A naming B in the header is no member of B.
    const intoB = viewer.copy();
    intoB.business = adminInB.business;
    expect((await intoB.get('/api/v1/business/billing')).status).toBe(403);
    expect((await viewer.get('/api/v1/business/billing')).status).toBe(403);
    // An admin of the business reads billing but does not change the plan: its owner does.
    const manager = await inviteAndAccept(h, admin, 'plans-admin@example.com', 'admin');
    expect(billingOf((await manager.get('/api/v1/business/billing')).body)).toMatchObject({ can_change_plan: false, plan: { name: 'Starter' } });
    expect((await manager.put('/api/v1/business/plan', { plan_id: starter?.id })).status).toBe(403);
    expect((await viewer.put('/api/v1/business/plan', { plan_id: starter?.id })).status).toBe(403);
    expect((await viewer.get('/api/v1/platform/plans')).status).toBe(403);
    expect((await viewer.post('/api/v1/platform/plans', plan('Mine', 0, []))).status).toBe(403);
  });
});

function formatLimit(max: number): string {
  return messages.teamUsersLimit.replace('{max}', String(max));
}

describe('every gated route', () => {
  it('refuses a business on a plan without its feature and lets one on a plan with it through', async () => {
    const gated = h.server.declaredRoutes.filter((route) => 'feature' in route.access && route.access.feature !== undefined);
    expect(new Set(gated.map((route) => ('feature' in route.access ? route.access.feature : null)))).toEqual(new Set(planFeatures));
    const plans = (await admin.get('/api/v1/platform/plans')).body.data as PlanResource[];
    const free = plans.find((p) => p.name === 'Free');
    const full = plans.find((p) => p.name === 'Business');
    expect((await admin.put(`/api/v1/platform/businesses/${adminInB.business ?? ''}/plan`, { plan_id: free?.id })).status).toBe(200);
    expect((await admin.put(`/api/v1/platform/businesses/${admin.business ?? ''}/plan`, { plan_id: full?.id })).status).toBe(200);
    const onStarter = new Set(plans.find((p) => p.name === 'Starter')?.features);
    const findings: string[] = [];
    for (const route of gated) {
      const probe = probeFor(route);
      const feature = 'feature' in route.access ? route.access.feature : undefined;
      const expected = feature && onStarter.has(feature) ? 'Starter' : 'Business';
      const refused = await adminInB.copy().request(probe.method, probe.url, probe.body, probe.headers);
      if (refused.status !== 403 || refused.body.required_plan !== expected) findings.push(`${route.method} ${route.url} on Free: ${refused.status} ${JSON.stringify(refused.body)}`);
      const allowed = await admin.copy().request(probe.method, probe.url, probe.body, probe.headers);
      if (!answerMatches('allowed', allowed.status)) findings.push(`${route.method} ${route.url} on Business: ${allowed.status} ${JSON.stringify(allowed.body)}`);
    }
    expect(findings).toEqual([]);
  });
});
