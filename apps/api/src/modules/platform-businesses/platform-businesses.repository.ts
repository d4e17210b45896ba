import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, businessUsers, roles, users } from '../../db/schema';

export type BusinessFilter = { status: 'active' | 'disabled' | 'all'; search?: string | undefined };
export type BusinessOrder = { field: 'name' | 'created_at'; direction: 'asc' | 'desc' };

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterWhere(tenantId: string, filter: BusinessFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    eq(businesses.tenantId, tenantId),
    filter.status === 'active' ? isNull(businesses.disabledAt) : filter.status === 'disabled' ? isNotNull(businesses.disabledAt) : undefined,
    search ? or(ilike(businesses.name, likePattern(search)), ilike(businesses.email, likePattern(search)), ilike(businesses.slug, likePattern(search))) : undefined,
  );
}

const ownerJoin = (tenantId: string) =>
  and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businesses.id), eq(businessUsers.isOwner, true));

export async function listBusinesses(tx: Tx, tenantId: string, filter: BusinessFilter, order: BusinessOrder, offset: number, limit: number) {
  const column = order.field === 'name' ? businesses.name : businesses.createdAt;
  return tx
    .select({ business: businesses, owner: { id: users.id, name: users.name, email: users.email, status: users.status } })
    .from(businesses)
    .leftJoin(businessUsers, ownerJoin(tenantId))
    .leftJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(filterWhere(tenantId, filter))
    .orderBy(order.direction === 'asc' ? asc(column) : desc(column), desc(businesses.id))
    .offset(offset)
    .limit(limit);
}

export async function countBusinesses(tx: Tx, tenantId: string, filter: BusinessFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(businesses).where(filterWhere(tenantId, filter));
  return rows[0]?.count ?? 0;
}

export async function findBusinessWithOwner(tx: Tx, tenantId: string, id: string) {
  const rows = await tx
    .select({ business: businesses, owner: { id: users.id, name: users.name, email: users.email, status: users.status } })
    .from(businesses)
    .leftJoin(businessUsers, ownerJoin(tenantId))
    .leftJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, id)))
    .limit(1);
  return rows[0];
}

const TEAM_LIMIT = 100;

/** The business's members with their role; the view shows the first hundred, the counts cover all. */
export async function listTeam(tx: Tx, tenantId: string, businessId: string) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email, role: roles.name, status: businessUsers.status, isOwner: businessUsers.isOwner })
    .from(businessUsers)
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId)))
    .orderBy(desc(businessUsers.isOwner), asc(users.name))
    .limit(TEAM_LIMIT);
}

export async function teamCounts(tx: Tx, tenantId: string, businessId: string) {
  const rows = await tx
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${businessUsers.status} = 'active')::int`,
      invited: sql<number>`count(*) filter (where ${businessUsers.status} = 'invited')::int`,
    })
    .from(businessUsers)
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId)));
  return rows[0] ?? { total: 0, active: 0, invited: 0 };
}

export async function deleteBusiness(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(businesses).where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, id)));
}
