import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { accessTokens, oneTimeTokens } from '../../db/schema';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

function statusFilter(status: 'active' | 'expired' | 'all', now: Date): SQL | undefined {
  if (status === 'active') return and(isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now));
  if (status === 'expired') return or(sql`${accessTokens.revokedAt} is not null`, lte(accessTokens.expiresAt, now));
  return undefined;
}

export async function listPersonalTokens(tx: Tx, tenantId: string, userId: string, status: 'active' | 'expired' | 'all', now: Date, offset: number, limit: number) {
  const where = and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.userId, userId), eq(accessTokens.kind, 'personal'), statusFilter(status, now));
  const rows = await tx.select().from(accessTokens).where(where).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)).offset(offset).limit(limit);
  const counted = await tx.select({ count: sql<number>`count(*)::int` }).from(accessTokens).where(where);
  return { rows, total: counted[0]?.count ?? 0 };
}

/** The new address of the user's live email-change link (the latest one), if any. */
const pendingEmail = prebuiltSelect(
  new QueryBuilder()
    .select({ email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tenantId, sql.placeholder('tenantId')),
        eq(oneTimeTokens.userId, sql.placeholder('userId')),
        eq(oneTimeTokens.purpose, 'email-change'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1),
);

/** The address a pending email change goes to (every /me answer shows it): prebuilt, see db/prebuilt.ts. */
export async function findPendingEmail(tx: Tx, tenantId: string, userId: string, now: Date): Promise<string | null> {
  const rows = await pendingEmail.run(tx, { tenantId, userId, now: now.toISOString() });
  return rows[0]?.email ?? null;
}

/** When the user's email-change links issued after `since` were made, oldest first. */
export async function emailChangesIssuedSince(tx: Tx, tenantId: string, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tenantId, tenantId), eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'email-change'), gt(oneTimeTokens.createdAt, since)))
    .orderBy(asc(oneTimeTokens.createdAt));
  return rows.map((row) => row.createdAt);
}
