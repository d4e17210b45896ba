import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accessTokens } from '../../db/schema';

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
