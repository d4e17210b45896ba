import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TeamUserTab } from '@app/contracts';
import type { Tx } from '../../db/client';
import { businessUsers, oneTimeTokens, roles, users } from '../../db/schema';

export type MembershipRow = typeof businessUsers.$inferSelect;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  isPlatformUser: users.isPlatformUser,
  status: businessUsers.status,
  isOwner: businessUsers.isOwner,
  roleId: roles.id,
  roleName: roles.name,
  roleAbilities: roles.abilities,
  createdAt: businessUsers.createdAt,
};
export type MemberRow = { id: string; name: string; email: string; avatar: string | null; isPlatformUser: boolean; status: MembershipRow['status']; isOwner: boolean; roleId: string; roleName: string; roleAbilities: string[]; createdAt: Date };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function memberFilter(tenantId: string, businessId: string, status: TeamUserTab, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : null;
  return and(
    eq(businessUsers.tenantId, tenantId),
    eq(businessUsers.businessId, businessId),
    status === 'all' ? undefined : eq(businessUsers.status, status),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
}

function membersFrom(tx: Tx) {
  return tx
    .select(memberColumns)
    .from(businessUsers)
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)));
}

const ORDER_COLUMNS = { name: users.name, email: users.email, status: businessUsers.status, created_at: businessUsers.createdAt } as const;

export type MemberListOptions = { status: TeamUserTab; search?: string | undefined; orderBy: keyof typeof ORDER_COLUMNS; direction: 'asc' | 'desc'; offset: number; limit: number };

export async function listMembers(tx: Tx, tenantId: string, businessId: string, options: MemberListOptions): Promise<MemberRow[]> {
  const column = ORDER_COLUMNS[options.orderBy];
  return membersFrom(tx)
    .where(memberFilter(tenantId, businessId, options.status, options.search))
    .orderBy(options.direction === 'asc' ? asc(column) : desc(column), asc(users.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function countMembers(tx: Tx, tenantId: string, businessId: string, status: TeamUserTab, search?: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(businessUsers)
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(memberFilter(tenantId, businessId, status, search));
  return rows[0]?.count ?? 0;
}

export async function findMember(tx: Tx, tenantId: string, businessId: string, userId: string): Promise<MemberRow | undefined> {
  const rows = await membersFrom(tx)
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function updateMembership(tx: Tx, tenantId: string, businessId: string, userId: string, patch: Partial<Pick<MembershipRow, 'status' | 'roleId' | 'isOwner'>>): Promise<void> {
  await tx
    .update(businessUsers)
    .set(patch)
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId)));
}

export async function deleteMembership(tx: Tx, tenantId: string, businessId: string, userId: string): Promise<void> {
  await tx.delete(businessUsers).where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A role of the business, by id or (case-insensitive) name. */
export async function findBusinessRole(tx: Tx, tenantId: string, businessId: string, reference: string) {
  const byName = sql`lower(${roles.name}) = ${reference.toLowerCase()}`;
  const rows = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.businessId, businessId), eq(roles.scope, 'business'), UUID.test(reference) ? or(eq(roles.id, reference), byName) : byName))
    .limit(1);
  return rows[0];
}

/** The business's owner role (the system role every business is seeded with). */
export async function findOwnerRole(tx: Tx, tenantId: string, businessId: string) {
  const rows = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.businessId, businessId), eq(roles.scope, 'business'), eq(roles.isSystem, true)))
    .limit(1);
  return rows[0];
}

/** Ends every unused invitation of the user to this business (a resend makes the old link invalid). */
export async function invalidateInvitations(tx: Tx, tenantId: string, businessId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tenantId, tenantId),
        eq(oneTimeTokens.businessId, businessId),
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'invitation'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Members whose name or email matches, for the header search. */
export async function searchMembers(tx: Tx, tenantId: string, businessId: string, term: string, limit: number) {
  return membersFrom(tx)
    .where(memberFilter(tenantId, businessId, 'all', term))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
