import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { roles, tenantDomains, tenants } from '../../db/schema';

/** The domain rows in the order given: the first is the primary domain, the one links use. */
function orderedDomains(domains: string[], tenantId: string) {
  return domains.map((domain, position) => ({ domain, tenantId, position }));
}

/** Landlord writes: tenants and their domains are outside row-level security. */
export async function insertTenant(db: AppDb, row: typeof tenants.$inferInsert, domains: string[]): Promise<void> {
  await db.transaction(async (tx) => insertTenantInTx(tx, row, domains));
}

export async function countTenants(db: AppDb): Promise<number> {
  const rows = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  return rows[0]?.count ?? 0;
}

export async function findLandlord(db: AppDb) {
  const rows = await db.select().from(tenants).where(eq(tenants.isLandlord, true)).limit(1);
  return rows[0];
}

export async function insertPlatformRoles(tx: Tx, rows: (typeof roles.$inferInsert)[]) {
  return tx.insert(roles).values(rows).returning();
}

export type TenantRow = typeof tenants.$inferSelect;

/** Inside an owner transaction: from here on, statements run as app_user confined to `tenantId`. */
export async function actAsTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
}

const domainsOf = sql<string[]>`array(select ${tenantDomains.domain} from ${tenantDomains} where ${tenantDomains.tenantId} = ${tenants.id} order by ${tenantDomains.position})`;

function searchWhere(pattern: string | null): SQL | undefined {
  if (!pattern) return undefined;
  return or(
    ilike(tenants.name, pattern),
    sql`exists (select 1 from ${tenantDomains} where ${tenantDomains.tenantId} = ${tenants.id} and ${tenantDomains.domain} ilike ${pattern})`,
  );
}

export async function listTenants(db: AppDb, pattern: string | null, offset: number, limit: number) {
  return db.select({ tenant: tenants, domains: domainsOf }).from(tenants).where(searchWhere(pattern)).orderBy(asc(tenants.createdAt), asc(tenants.id)).offset(offset).limit(limit);
}

export async function countTenantsMatching(db: AppDb, pattern: string | null): Promise<number> {
  const rows = await db.select({ count: sql<number>`count(*)::int` }).from(tenants).where(searchWhere(pattern));
  return rows[0]?.count ?? 0;
}

export async function findTenant(db: AppDb | Tx, id: string) {
  const rows = await db.select({ tenant: tenants, domains: domainsOf }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows[0];
}

/** The domains among `domains` that belong to another tenant than `exceptTenantId`. */
export async function takenDomains(db: AppDb | Tx, domains: string[], exceptTenantId: string | null): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(and(inArray(tenantDomains.domain, domains), exceptTenantId ? ne(tenantDomains.tenantId, exceptTenantId) : undefined));
  return rows.map((r) => r.domain);
}

/** Updates the tenant and replaces its domains, in the caller's owner transaction. */
export async function updateTenant(tx: Tx, id: string, patch: Partial<typeof tenants.$inferInsert>, domains: string[]): Promise<void> {
  await tx.update(tenants).set({ ...patch, updatedAt: new Date() }).where(eq(tenants.id, id));
  await tx.delete(tenantDomains).where(eq(tenantDomains.tenantId, id));
  await tx.insert(tenantDomains).values(orderedDomains(domains, id));
}

export async function insertTenantInTx(tx: Tx, row: typeof tenants.$inferInsert, domains: string[]): Promise<void> {
  await tx.insert(tenants).values(row);
  if (domains.length > 0) await tx.insert(tenantDomains).values(orderedDomains(domains, row.id));
}

/** The tenant's payment-provider columns (secrets still sealed), read as the owner: tenants are outside row-level security. */
export async function findPaymentProviderColumns(db: AppDb, tenantId: string) {
  const rows = await db
    .select({ key: tenants.paymentProviderKey, secret: tenants.paymentProviderSecret, webhookSecret: tenants.paymentProviderWebhookSecret, accountId: tenants.paymentProviderAccountId })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

export async function findFinancingProviderColumns(db: AppDb, tenantId: string) {
  const rows = await db
    .select({ url: tenants.financingProviderUrl, secret: tenants.financingProviderSecret, productIds: tenants.financingProductIds })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

export async function findBankLinkColumns(db: AppDb, tenantId: string) {
  const rows = await db
    .select({ clientId: tenants.bankLinkClientId, secret: tenants.bankLinkSecret, environment: tenants.bankLinkEnvironment })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

export async function findOnlinePaymentColumns(db: AppDb, tenantId: string) {
  const rows = await db
    .select({ partialPayments: tenants.partialPayments, estimatePayments: tenants.estimatePayments, platformFeePercent: tenants.platformFeePercent, platformFeeFixed: tenants.platformFeeFixed })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

/** Sets provider columns of a tenant that has no payment provider yet; a configured one is left alone. */
export async function setProvidersWhereUnset(db: AppDb, tenantId: string, patch: Partial<typeof tenants.$inferInsert>): Promise<boolean> {
  const updated = await db
    .update(tenants)
    .set(patch)
    .where(and(eq(tenants.id, tenantId), sql`${tenants.paymentProviderKey} is null`))
    .returning({ id: tenants.id });
  return updated.length > 0;
}

export async function findFinancingColumns(db: AppDb, tenantId: string) {
  const rows = await db.select({ providerUrl: tenants.financingProviderUrl, settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return rows[0];
}
