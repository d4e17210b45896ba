import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
export async function insertBusinesses(tx: Tx, rows: (typeof businesses.$inferInsert)[]): Promise<BusinessRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(businesses).values(rows).returning();
}

/** The tenant's slugs that are one of `bases` or one of them followed by `-` and more. */
export async function slugsLike(tx: Tx, tenantId: string, bases: readonly string[]): Promise<Set<string>> {
  if (bases.length === 0) return new Set();
  // Slugs are [a-z0-9-] only (slugify), so a base holds no LIKE wildcard.
  const patterns = bases.map((base) => `${base}-%`);
  const rows = await tx
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(
      and(
        eq(businesses.tenantId, tenantId),
        or(
          inArray(businesses.slug, [...bases]),
          sql`${businesses.slug} like any(array[${sql.join(
            patterns.map((pattern) => sql`${pattern}`),
            sql`, `,
          )}]::text[])`,
        ),
      ),
    );
  return new Set(rows.map((row) => row.slug));
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

export async function insertMembership(tx: Tx, row: typeof businessUsers.$inferInsert): Promise<void> {
  await tx.insert(businessUsers).values(row);
}

export async function insertMemberships(tx: Tx, rows: (typeof businessUsers.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(businessUsers).values(rows);
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
