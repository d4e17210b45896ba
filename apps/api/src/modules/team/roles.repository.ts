import { and, asc, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roles } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect;

/** Business roles belong to one business; platform roles to the tenant's internal team. */
export type RoleScope = { scope: 'business'; businessId: string } | { scope: 'platform' };

function inScope(tenantId: string, where: RoleScope): SQL | undefined {
  return and(eq(roles.tenantId, tenantId), eq(roles.scope, where.scope), where.scope === 'business' ? eq(roles.businessId, where.businessId) : isNull(roles.businessId));
}

/**
 * Memberships holding the role plus platform users holding it (a role has one scope, so one of
 * them is 0). Written out because drizzle leaves columns unqualified in a single-table select,
 * which would bind them to the subquery's table.
 */
const usersCount = sql<number>`(
  (select count(*) from business_users bu where bu.tenant_id = roles.tenant_id and bu.role_id = roles.id)
  + (select count(*) from users u where u.tenant_id = roles.tenant_id and u.platform_role_id = roles.id)
)::int`;

function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? ilike(roles.name, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
}

export async function listRoles(tx: Tx, tenantId: string, where: RoleScope, search: string | undefined, offset: number, limit: number) {
  return tx
    .select({ role: roles, usersCount })
    .from(roles)
    .where(and(inScope(tenantId, where), searchFilter(search)))
    .orderBy(desc(roles.isSystem), asc(roles.createdAt), asc(roles.name))
    .offset(offset)
    .limit(limit);
}

export async function countRoles(tx: Tx, tenantId: string, where: RoleScope, search?: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(roles)
    .where(and(inScope(tenantId, where), searchFilter(search)));
  return rows[0]?.count ?? 0;
}

export async function findRole(tx: Tx, tenantId: string, where: RoleScope, id: string) {
  const rows = await tx
    .select({ role: roles, usersCount })
    .from(roles)
    .where(and(inScope(tenantId, where), eq(roles.id, id)))
    .limit(1);
  return rows[0];
}

export async function nameTaken(tx: Tx, tenantId: string, where: RoleScope, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inScope(tenantId, where), sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertRole(tx: Tx, row: typeof roles.$inferInsert): Promise<RoleRow> {
  const inserted = await tx.insert(roles).values(row).returning();
  const role = inserted[0];
  if (!role) throw new Error('Role insert returned no row');
  return role;
}

export async function updateRole(tx: Tx, tenantId: string, id: string, patch: Pick<typeof roles.$inferInsert, 'name' | 'description' | 'abilities'>): Promise<void> {
  await tx
    .update(roles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function deleteRole(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}
