import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businessUsers, roles, users } from '../../db/schema';
import { likePattern } from '../platform-businesses/platform-businesses.port';

export type PlatformUserFilter = { status: 'all' | 'active' | 'disabled'; search?: string | undefined };

function filterWhere(tenantId: string, filter: PlatformUserFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    eq(users.tenantId, tenantId),
    eq(users.isPlatformUser, true),
    filter.status === 'all' ? undefined : eq(users.status, filter.status),
    search ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))) : undefined,
  );
}

const selection = { user: users, roleId: roles.id, roleName: roles.name, roleAbilities: roles.abilities };
const roleJoin = and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId));

export async function listPlatformUsers(tx: Tx, tenantId: string, filter: PlatformUserFilter, order: { field: 'name' | 'email' | 'created_at'; direction: 'asc' | 'desc' }, offset: number, limit: number) {
  const column = order.field === 'name' ? users.name : order.field === 'email' ? users.email : users.createdAt;
  return tx
    .select(selection)
    .from(users)
    .leftJoin(roles, roleJoin)
    .where(filterWhere(tenantId, filter))
    .orderBy(order.direction === 'asc' ? asc(column) : desc(column), asc(users.id))
    .offset(offset)
    .limit(limit);
}

export async function countPlatformUsers(tx: Tx, tenantId: string, filter: PlatformUserFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(users).where(filterWhere(tenantId, filter));
  return rows[0]?.count ?? 0;
}

export async function findPlatformUser(tx: Tx, tenantId: string, id: string) {
  const rows = await tx
    .select(selection)
    .from(users)
    .leftJoin(roles, roleJoin)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), eq(users.isPlatformUser, true)))
    .limit(1);
  return rows[0];
}

export async function findPlatformRole(tx: Tx, tenantId: string, id: string) {
  const rows = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id), eq(roles.scope, 'platform'), isNull(roles.businessId)))
    .limit(1);
  return rows[0];
}

/** Platform users other than `exceptId`, not disabled, whose role holds every ability ('*'): the super admins who would remain. */
export async function countOtherSuperAdmins(tx: Tx, tenantId: string, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, roleJoin)
    .where(and(eq(users.tenantId, tenantId), eq(users.isPlatformUser, true), ne(users.id, exceptId), ne(users.status, 'disabled'), sql`${roles.abilities} @> '["*"]'::jsonb`));
  return rows[0]?.count ?? 0;
}

export async function hasBusinessMemberships(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
  const rows = await tx.select({ userId: businessUsers.userId }).from(businessUsers).where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.userId, userId))).limit(1);
  return rows.length > 0;
}
