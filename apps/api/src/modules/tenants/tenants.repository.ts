import { eq, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { roles, tenantDomains, tenants } from '../../db/schema';

/** Landlord writes: tenants and their domains are outside row-level security. */
export async function insertTenant(db: AppDb, row: typeof tenants.$inferInsert, domains: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values(row);
    if (domains.length > 0) await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantId: row.id })));
  });
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
