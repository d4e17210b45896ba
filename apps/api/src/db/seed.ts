import { inTenant } from './tenant-tx';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoBilling } from './demo-billing';
import { seedDemoDocuments } from './demo-documents';
import { type OnboardedDemoBusiness, seedDemoNetwork } from './demo-network';
import type { AppContext } from '../platform/app-context';
import type { BusinessScope } from '../platform/business-scope';
import type { Login } from '../platform/first-start';
import { newId } from '../platform/crypto';
import { generatedPassword, hashPassword } from '../platform/passwords';
import * as authRepo from '../modules/auth/auth.repository';
import * as businessRepo from '../modules/businesses/businesses.repository';
import { createBusinessInTx } from '../modules/businesses/businesses.service';
import { countTenants, createTenant, findLandlord } from '../modules/tenants/tenants.service';

/** The demo business and the user who owns it. */
export type DemoOwner = BusinessScope & { userId: string };

export type SeedResult = {
  createdLandlord: boolean;
  admin?: { email: string; password: string; generated: boolean };
  /** The demo sign-ins made by this start: the demo business's owner first, then the onboarded network businesses' owners. */
  demo?: { email: string; password: string; business: string; network: OnboardedDemoBusiness[] };
  /** With DEMO, the demo business and its owner on every start (the start that made it and the ones after). */
  demoOwner?: DemoOwner;
};

const DEMO_BUSINESS = 'Demo Trading Co';

/**
 * On an empty database: the landlord tenant on localhost and 127.0.0.1 and its super admin. With
 * DEMO, a demo business. App processes starting together take turns: the first makes the data.
 */
export function ensureInitialData(app: AppContext): Promise<SeedResult> {
  return app.database.exclusively(() => makeInitialData(app));
}

async function makeInitialData(app: AppContext): Promise<SeedResult> {
  const result: SeedResult = { createdLandlord: false };
  if ((await countTenants(app.db)) === 0) {
    const password = app.env.ADMIN_PASSWORD ?? generatedPassword();
    await createTenant(app, { name: 'Ledgerline', domains: ['localhost', '127.0.0.1'], isLandlord: true, adminEmail: app.env.ADMIN_EMAIL, adminPassword: password });
    result.createdLandlord = true;
    result.admin = { email: app.env.ADMIN_EMAIL, password, generated: app.env.ADMIN_PASSWORD === undefined };
  }
  if (app.env.DEMO) {
    const landlord = await findLandlord(app.db);
    if (!landlord) throw new Error('No landlord tenant to put the demo business in');
    const email = 'owner@demo.example.com';
    const password = generatedPassword();
    const passwordHash = await hashPassword(password);
    const demo = await inTenant(app.db, landlord.id, async (tx) => {
      const existing = await authRepo.findUserByEmail(tx, landlord.id, email);
      if (existing) {
        const companies = await businessRepo.listUserCompanies(tx, landlord.id, existing.id, 0, 50);
        return { created: false, userId: existing.id, businessId: companies.find((company) => company.name === DEMO_BUSINESS)?.id ?? null, network: [] };
      }
      const user = await authRepo.insertUser(tx, { tenantId: landlord.id, id: newId(), name: 'Demo Owner', email, passwordHash, status: 'active', emailVerifiedAt: app.clock.now() });
      const business = await createBusinessInTx(tx, landlord.id, user.id, { name: DEMO_BUSINESS, email, business_type: 'company', business_structure: 'private_corporation' });
      const network = await seedDemoNetwork(tx, landlord.id, business, passwordHash, app.clock.now());
      return { created: true, userId: user.id, businessId: business.id, network };
    });
    // Every start fills in whatever part of the catalogue is missing (a start cut short, say).
    if (demo.businessId) {
      const scope = { tenantId: landlord.id, businessId: demo.businessId };
      await seedDemoCatalog(app, { ...scope, userId: demo.userId, ip: null }, scope);
      await seedDemoDocuments(app, { ...scope, userId: demo.userId, ip: null }, scope);
      await seedDemoBilling(app, { ...scope, userId: demo.userId, ip: null }, scope);
      result.demoOwner = { ...scope, userId: demo.userId };
    }
    if (demo.created) result.demo = { email, password, business: DEMO_BUSINESS, network: demo.network };
  }
  return result;
}

/** The sign-ins this start made, in the order the start message lists them. */
export function loginsMade(result: SeedResult): Login[] {
  const logins: Login[] = [];
  if (result.admin) logins.push({ who: 'platform super admin', email: result.admin.email, password: result.admin.generated ? result.admin.password : null });
  if (result.demo) {
    const { password } = result.demo;
    logins.push({ who: `owner of the demo business "${result.demo.business}"`, email: result.demo.email, password });
    for (const onboarded of result.demo.network) logins.push({ who: `owner of the demo customer business "${onboarded.business}"`, email: onboarded.email, password });
  }
  return logins;
}
