import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { insertRows } from '../../db/bulk-insert';
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

const unclaimedAndUnreferenced = sql`
  not exists (select 1 from business_users m where m.tenant_id = businesses.tenant_id and m.business_id = businesses.id and m.status <> 'invited')
  and not exists (select 1 from counterparties c where c.tenant_id = businesses.tenant_id
    and (c.business_id = businesses.id or c.counterparty_business_id = businesses.id or c.creator_business_id = businesses.id))
  and not exists (select 1 from invoices i where i.tenant_id = businesses.tenant_id and (i.business_id = businesses.id or i.customer_business_id = businesses.id))
  and not exists (select 1 from estimates e where e.tenant_id = businesses.tenant_id and (e.business_id = businesses.id or e.customer_business_id = businesses.id))
  and not exists (select 1 from recurring_invoices r where r.tenant_id = businesses.tenant_id and (r.business_id = businesses.id or r.customer_business_id = businesses.id))
  and not exists (select 1 from payments p where p.tenant_id = businesses.tenant_id and (p.business_id = businesses.id or p.counterparty_business_id = businesses.id))`;

/**
 * Those of `ids` nobody took up and nothing refers to: no member but invited ones, no customer or
 * vendor record of any business made by, kept by or pointing at them, no document or payment of
 * theirs or addressed to them. With their invited members (who may own nothing else).
 */
export async function unclaimedUnreferenced(tx: Tx, tenantId: string, ids: readonly string[]): Promise<{ business: BusinessRow; invitedUserIds: string[] }[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), inArray(businesses.id, [...ids]), unclaimedAndUnreferenced))
    .for('update');
  if (found.length === 0) return [];
  const members = await tx
    .select({ businessId: businessUsers.businessId, userId: businessUsers.userId })
    .from(businessUsers)
    .where(and(eq(businessUsers.tenantId, tenantId), inArray(businessUsers.businessId, found.map((row) => row.id))));
  return found.map((business) => ({ business, invitedUserIds: members.filter((member) => member.businessId === business.id).map((member) => member.userId) }));
}

/** Deletes businesses; their roles, memberships and invitations go with them (foreign keys cascade). */
export async function deleteBusinesses(tx: Tx, tenantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(businesses).where(and(eq(businesses.tenantId, tenantId), inArray(businesses.id, [...ids])));
}

/** Many businesses (bulk-inserted, each with the id the caller made), read back as stored, in no promised order. */
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
