import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { insertRows } from '../../db/bulk-insert';
import type { AppDb, Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { accessLogs, accessTokens, businesses, businessUsers, oneTimeTokens, pendingSignUps, plans, roles, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByEmail(tx: Tx, tenantId: string, email: string): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return rows[0];
}

export async function findUserById(tx: Tx, tenantId: string, id: string): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return rows[0];
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<UserRow> {
  const inserted = await tx.insert(users).values(row).returning();
  const user = inserted[0];
  if (!user) throw new Error('User insert returned no row');
  return user;
}

/** Deletes those of `userIds` invited and never signed up (no password), of no business now and not of the platform team. */
export async function deleteUnusedInvitedUsers(tx: Tx, tenantId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .delete(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, [...userIds]),
        eq(users.status, 'invited'),
        isNull(users.passwordHash),
        eq(users.isPlatformUser, false),
        sql`not exists (select 1 from business_users m where m.tenant_id = ${users.tenantId} and m.user_id = ${users.id})`,
      ),
    );
}

/** Many users at once (an import's invited owners). */
export async function insertUsers(tx: Tx, rows: (typeof users.$inferInsert)[]): Promise<void> {
  await insertRows(tx, users, rows);
}

export async function updateUser(tx: Tx, tenantId: string, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const updated = await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  const user = updated[0];
  if (!user) throw new Error('User update matched no row');
  return user;
}

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

export async function deleteSession(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

/** Ends every session of the user, except `keep` (the caller's own) when given. */
export async function deleteUserSessions(tx: Tx, tenantId: string, userId: string, keep: string | null = null): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
}

export async function updateSession(tx: Tx, tenantId: string, id: string, patch: Partial<typeof sessions.$inferInsert>): Promise<void> {
  await tx.update(sessions).set(patch).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
}

/** The session with its user (when signed in): one query per request. */
// The lookups every authenticated request makes are rendered once (db/prebuilt.ts).
const qb = new QueryBuilder();

const liveSession = prebuiltSelect(
  qb
    .select({ session: sessions, user: users, platformAbilities: roles.abilities })
    .from(sessions)
    .leftJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
    .where(and(eq(sessions.tenantId, sql.placeholder('tenantId')), eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

export async function findLiveSession(tx: Tx, tenantId: string, id: string, now: Date) {
  const rows = await liveSession.run(tx, { tenantId, id, now: now.toISOString() });
  return rows[0];
}

const liveAccessToken = prebuiltSelect(
  qb
    .select({ token: accessTokens, user: users, platformAbilities: roles.abilities })
    .from(accessTokens)
    .innerJoin(users, and(eq(users.tenantId, accessTokens.tenantId), eq(users.id, accessTokens.userId)))
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
    .where(
      and(
        eq(accessTokens.tenantId, sql.placeholder('tenantId')),
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1),
);

export async function findLiveAccessToken(tx: Tx, tenantId: string, tokenHash: string, now: Date) {
  const rows = await liveAccessToken.run(tx, { tenantId, tokenHash, now: now.toISOString() });
  return rows[0];
}

export async function touchAccessToken(tx: Tx, tenantId: string, id: string, now: Date): Promise<void> {
  await tx.update(accessTokens).set({ lastUsedAt: now }).where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.id, id)));
}

export async function insertAccessToken(tx: Tx, row: typeof accessTokens.$inferInsert) {
  const inserted = await tx.insert(accessTokens).values(row).returning();
  const token = inserted[0];
  if (!token) throw new Error('Token insert returned no row');
  return token;
}

export async function revokeAccessToken(tx: Tx, tenantId: string, userId: string, id: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.userId, userId), eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return updated.length > 0;
}

/** Revokes the user's live tokens: all of them, or those of one kind. */
export async function revokeUserTokens(tx: Tx, tenantId: string, userId: string, now: Date, kind?: 'device' | 'personal'): Promise<void> {
  await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), kind ? eq(accessTokens.kind, kind) : undefined));
}

/** The caller's role in one business, if an active, enabled membership exists, with its plan's features. */
const activeMembership = prebuiltSelect(
  qb
    .select({ isOwner: businessUsers.isOwner, abilities: roles.abilities, business: businesses, planFeatures: plans.features })
    .from(businessUsers)
    .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
    .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
    // The business's plan, or the tenant's default one while it has picked none: no row when the tenant sells no plans.
    .leftJoin(plans, and(eq(plans.tenantId, businesses.tenantId), or(eq(plans.id, businesses.planId), and(isNull(businesses.planId), eq(plans.isDefault, true)))))
    .where(
      and(
        eq(businessUsers.tenantId, sql.placeholder('tenantId')),
        eq(businessUsers.userId, sql.placeholder('userId')),
        eq(businessUsers.businessId, sql.placeholder('businessId')),
        eq(businessUsers.status, 'active'),
        isNull(businesses.disabledAt),
      ),
    )
    .limit(1),
);

export async function findMembership(tx: Tx, tenantId: string, userId: string, businessId: string) {
  const rows = await activeMembership.run(tx, { tenantId, userId, businessId });
  return rows[0];
}

export async function insertOneTimeToken(tx: Tx, row: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await tx.insert(oneTimeTokens).values(row);
}

/** Marks the token used and returns it, only if it is unused and unexpired: single use, race free. */
export async function consumeOneTimeToken(
  tx: Tx,
  tenantId: string,
  tokenHash: string,
  purpose: 'password-reset' | 'email-verification' | 'invitation' | 'email-change',
  now: Date,
) {
  const rows = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tenantId, tenantId),
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}

export async function findOneTimeToken(tx: Tx, tenantId: string, tokenHash: string, purpose: 'invitation', now: Date) {
  const rows = await tx
    .select({ token: oneTimeTokens, user: users, businessName: businesses.name })
    .from(oneTimeTokens)
    .innerJoin(users, and(eq(users.tenantId, oneTimeTokens.tenantId), eq(users.id, oneTimeTokens.userId)))
    .leftJoin(businesses, and(eq(businesses.tenantId, oneTimeTokens.tenantId), eq(businesses.id, oneTimeTokens.businessId)))
    .where(
      and(
        eq(oneTimeTokens.tenantId, tenantId),
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function invalidateOneTimeTokens(tx: Tx, tenantId: string, userId: string, purposes: readonly ('password-reset' | 'email-verification' | 'email-change')[], now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tenantId, tenantId), eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, [...purposes]), isNull(oneTimeTokens.usedAt)));
}

export async function activateMemberships(tx: Tx, tenantId: string, userId: string, businessId: string): Promise<void> {
  await tx
    .update(businessUsers)
    .set({ status: 'active' })
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.userId, userId), eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'invited')));
}

export async function insertAccessLog(tx: Tx, row: typeof accessLogs.$inferInsert): Promise<void> {
  await tx.insert(accessLogs).values(row);
}

export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;

export async function insertPendingSignUp(tx: Tx, row: typeof pendingSignUps.$inferInsert): Promise<void> {
  await tx.insert(pendingSignUps).values(row);
}

export async function findPendingSignUp(tx: Tx, tenantId: string, id: string): Promise<PendingSignUpRow | undefined> {
  const rows = await tx
    .select()
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.tenantId, tenantId), eq(pendingSignUps.id, id)))
    .limit(1);
  return rows[0];
}

export async function setPendingSignUpToken(tx: Tx, tenantId: string, id: string, tokenHash: string): Promise<void> {
  await tx
    .update(pendingSignUps)
    .set({ tokenHash })
    .where(and(eq(pendingSignUps.tenantId, tenantId), eq(pendingSignUps.id, id)));
}

export async function deletePendingSignUp(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(pendingSignUps).where(and(eq(pendingSignUps.tenantId, tenantId), eq(pendingSignUps.id, id)));
}

/** Removes and returns the unexpired sign-up whose link has this token: single use, race free. */
export async function consumePendingSignUp(tx: Tx, tenantId: string, tokenHash: string, now: Date): Promise<PendingSignUpRow | undefined> {
  const rows = await tx
    .delete(pendingSignUps)
    .where(and(eq(pendingSignUps.tenantId, tenantId), eq(pendingSignUps.tokenHash, tokenHash), gt(pendingSignUps.expiresAt, now)))
    .returning();
  return rows[0];
}

export async function deletePendingSignUpsFor(tx: Tx, tenantId: string, email: string): Promise<void> {
  await tx.delete(pendingSignUps).where(and(eq(pendingSignUps.tenantId, tenantId), sql`lower(${pendingSignUps.email}) = ${email.toLowerCase()}`));
}

/** Deletes expired sign-ups in every tenant (as the owner); returns how many. */
export async function expirePendingSignUps(db: AppDb, now: Date): Promise<number> {
  const deleted = await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now)).returning({ id: pendingSignUps.id });
  return deleted.length;
}
