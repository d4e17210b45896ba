import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { apiClients, apiClientTokens, businesses, roles, users } from '../../db/schema';

export type ApiClientRow = typeof apiClients.$inferSelect;

const qb = new QueryBuilder();

/** A token of a client not revoked, unexpired, with the client, its creator and the creator's platform abilities: read on every request. */
const liveClientToken = prebuiltSelect(
  qb
    .select({ client: apiClients, user: users, platformAbilities: roles.abilities, tokenScope: apiClientTokens.scope })
    .from(apiClientTokens)
    .innerJoin(apiClients, and(eq(apiClients.tenantId, apiClientTokens.tenantId), eq(apiClients.id, apiClientTokens.apiClientId)))
    .innerJoin(users, and(eq(users.tenantId, apiClients.tenantId), eq(users.id, apiClients.userId)))
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
    .where(
      and(
        eq(apiClientTokens.tenantId, sql.placeholder('tenantId')),
        eq(apiClientTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(apiClientTokens.expiresAt, sql.placeholder('now')),
        isNull(apiClients.revokedAt),
      ),
    )
    .limit(1),
);

export async function findLiveClientToken(tx: Tx, tenantId: string, tokenHash: string, now: Date) {
  const rows = await liveClientToken.run(tx, { tenantId, tokenHash, now: now.toISOString() });
  return rows[0];
}

export async function touchApiClient(tx: Tx, tenantId: string, id: string, now: Date): Promise<void> {
  await tx.update(apiClients).set({ lastUsedAt: now }).where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)));
}

/** A client not revoked, by its public id, with its creator (the grant checks both). */
export async function findActiveClientByClientId(tx: Tx, tenantId: string, clientId: string) {
  const rows = await tx
    .select({ client: apiClients, userStatus: users.status })
    .from(apiClients)
    .innerJoin(users, and(eq(users.tenantId, apiClients.tenantId), eq(users.id, apiClients.userId)))
    .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.clientId, clientId), isNull(apiClients.revokedAt)))
    .limit(1);
  return rows[0];
}

/** A client's expired tokens, pruned when it gets a new one: its rows stay a handful, with no job of their own. */
export async function deleteExpiredClientTokens(tx: Tx, tenantId: string, apiClientId: string, now: Date): Promise<void> {
  await tx
    .delete(apiClientTokens)
    .where(and(eq(apiClientTokens.tenantId, tenantId), eq(apiClientTokens.apiClientId, apiClientId), lte(apiClientTokens.expiresAt, now)));
}

export async function insertClientToken(tx: Tx, row: typeof apiClientTokens.$inferInsert): Promise<void> {
  await tx.insert(apiClientTokens).values(row);
}

const withBusiness = { client: apiClients, businessName: businesses.name };

export async function listClients(tx: Tx, tenantId: string, offset: number, limit: number) {
  return tx
    .select(withBusiness)
    .from(apiClients)
    .leftJoin(businesses, and(eq(businesses.tenantId, apiClients.tenantId), eq(businesses.id, apiClients.businessId)))
    .where(eq(apiClients.tenantId, tenantId))
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id))
    .offset(offset)
    .limit(limit);
}

export async function countClients(tx: Tx, tenantId: string): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(apiClients).where(eq(apiClients.tenantId, tenantId));
  return rows[0]?.count ?? 0;
}

export async function findClient(tx: Tx, tenantId: string, id: string) {
  const rows = await tx
    .select(withBusiness)
    .from(apiClients)
    .leftJoin(businesses, and(eq(businesses.tenantId, apiClients.tenantId), eq(businesses.id, apiClients.businessId)))
    .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertClient(tx: Tx, row: typeof apiClients.$inferInsert): Promise<void> {
  await tx.insert(apiClients).values(row);
}

export async function updateClient(tx: Tx, tenantId: string, id: string, values: Partial<Pick<ApiClientRow, 'name' | 'revokedAt'>>): Promise<void> {
  await tx
    .update(apiClients)
    .set(values)
    .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)));
}

/** Its tokens go with the revocation: nothing is left that a later bug could accept. */
export async function deleteClientTokens(tx: Tx, tenantId: string, apiClientId: string): Promise<void> {
  await tx.delete(apiClientTokens).where(and(eq(apiClientTokens.tenantId, tenantId), eq(apiClientTokens.apiClientId, apiClientId)));
}
