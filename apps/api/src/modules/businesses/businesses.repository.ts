import { insertRows } from '../../db/bulk-insert';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { businesses, businessUsers, roles } from '../../db/schema';

export type BusinessRow = typeof businesses.$inferSelect;
export type BusinessInsert = typeof businesses.$inferInsert;
export type RoleRow = typeof roles.$inferSelect;

export async function insertBusiness(tx: Tx, row: typeof businesses.$inferInsert): Promise<BusinessRow> {
  const inserted = await tx.insert(businesses).values(row).returning();
  const business = inserted[0];
  if (!business) throw new Error('Business insert returned no row');
  return business;
}

/** Many businesses in one multi-row INSERT; the rows come back in no promised order. */
/** Many businesses (bulk-inserted, each with the id the caller made), read back as stored. */
export async function insertBusinesses(tx: Tx, tenantId: string, rows: (typeof businesses.$inferInsert & { id: string })[]): Promise<BusinessRow[]> {
  if (rows.length === 0) return [];
  await insertRows(tx, businesses, rows);
  return tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), inArray(businesses.id, rows.map((row) => row.id))));
}

/** Which of these slugs the tenant's businesses have (through the unique index, 1,000 a statement). */
export async function existingSlugs(tx: Tx, tenantId: string, slugs: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < slugs.length; start += 1000) {
    const rows = await tx
      .select({ slug: businesses.slug })
      .from(businesses)
      .where(and(eq(businesses.tenantId, tenantId), inArray(businesses.slug, slugs.slice(start, start + 1000))));
    for (const row of rows) found.add(row.slug);
  }
  return found;
}

export async function findBusiness(tx: Tx, tenantId: string, id: string): Promise<BusinessRow | undefined> {
  const rows = await tx.select().from(businesses).where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, id))).limit(1);
  return rows[0];
}

export async function slugTaken(tx: Tx, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.slug, slug), exceptId ? sql`${businesses.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function updateBusiness(tx: Tx, tenantId: string, id: string, patch: Partial<typeof businesses.$inferInsert>): Promise<BusinessRow> {
  const updated = await tx
    .update(businesses)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, id)))
    .returning();
  const business = updated[0];
  if (!business) throw new Error('Business update matched no row');
  return business;
}

export async function insertRoles(tx: Tx, rows: (typeof roles.$inferInsert)[]): Promise<RoleRow[]> {
  return tx.insert(roles).values(rows).returning();
}

/** Many roles (bulk-inserted; the caller made their ids). */
export async function insertManyRoles(tx: Tx, rows: (typeof roles.$inferInsert)[]): Promise<void> {
  await insertRows(tx, roles, rows);
}

export async function insertMembership(tx: Tx, row: typeof businessUsers.$inferInsert): Promise<void> {
  await tx.insert(businessUsers).values(row);
}

export async function insertMemberships(tx: Tx, rows: (typeof businessUsers.$inferInsert)[]): Promise<void> {
  await insertRows(tx, businessUsers, rows);
}

const userCompanies = prebuiltSelect(
  new QueryBuilder()
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug, logo: businesses.logo, role: roles.name })
    .from(businessUsers)
    .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
    .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
    .where(and(eq(businessUsers.tenantId, sql.placeholder('tenantId')), eq(businessUsers.userId, sql.placeholder('userId')), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
    .orderBy(asc(businesses.name), asc(businesses.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit')),
);

/** The user's businesses, a page of them (/me and /bootstrap list them on every call): prebuilt, see db/prebuilt.ts. */
export async function listUserCompanies(tx: Tx, tenantId: string, userId: string, offset: number, limit: number) {
  return userCompanies.run(tx, { tenantId, userId, offset, limit });
}

export async function countUserCompanies(tx: Tx, tenantId: string, userId: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(businessUsers)
    .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.userId, userId), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)));
  return rows[0]?.count ?? 0;
}
