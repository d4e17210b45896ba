import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accessLogs, apiLogs, businesses, users } from '../../db/schema';

export type LogFilter = {
  userId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive upper bound. */
  until?: Date | undefined;
};
export type ApiLogFilter = LogFilter & { businessId?: string | undefined; method?: string | undefined; responseCode?: number | undefined };

function accessWhere(tenantId: string, filter: LogFilter): SQL | undefined {
  return and(
    eq(accessLogs.tenantId, tenantId),
    filter.userId ? eq(accessLogs.userId, filter.userId) : undefined,
    filter.from ? gte(accessLogs.loggedInAt, filter.from) : undefined,
    filter.until ? lt(accessLogs.loggedInAt, filter.until) : undefined,
  );
}

export async function listAccessLogs(tx: Tx, tenantId: string, filter: LogFilter, offset: number, limit: number) {
  return tx
    .select({ log: accessLogs, userName: users.name, userEmail: users.email })
    .from(accessLogs)
    .innerJoin(users, and(eq(users.tenantId, accessLogs.tenantId), eq(users.id, accessLogs.userId)))
    .where(accessWhere(tenantId, filter))
    .orderBy(desc(accessLogs.loggedInAt), desc(accessLogs.id))
    .offset(offset)
    .limit(limit);
}

export async function countAccessLogs(tx: Tx, tenantId: string, filter: LogFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(accessLogs).where(accessWhere(tenantId, filter));
  return rows[0]?.count ?? 0;
}

function apiWhere(tenantId: string, filter: ApiLogFilter): SQL | undefined {
  return and(
    eq(apiLogs.tenantId, tenantId),
    filter.userId ? eq(apiLogs.userId, filter.userId) : undefined,
    filter.businessId ? eq(apiLogs.businessId, filter.businessId) : undefined,
    filter.method ? eq(apiLogs.method, filter.method) : undefined,
    filter.responseCode ? eq(apiLogs.responseCode, filter.responseCode) : undefined,
    filter.from ? gte(apiLogs.createdAt, filter.from) : undefined,
    filter.until ? lt(apiLogs.createdAt, filter.until) : undefined,
  );
}

const apiSelection = { log: apiLogs, userName: users.name, userEmail: users.email, businessName: businesses.name };

function withNames(tenantId: string) {
  return (query: Tx) =>
    query
      .select(apiSelection)
      .from(apiLogs)
      .leftJoin(users, and(eq(users.tenantId, tenantId), eq(users.id, apiLogs.userId)))
      .leftJoin(businesses, and(eq(businesses.tenantId, tenantId), eq(businesses.id, apiLogs.businessId)));
}

export async function listApiLogs(tx: Tx, tenantId: string, filter: ApiLogFilter, offset: number, limit: number) {
  return withNames(tenantId)(tx).where(apiWhere(tenantId, filter)).orderBy(desc(apiLogs.createdAt), desc(apiLogs.id)).offset(offset).limit(limit);
}

export async function countApiLogs(tx: Tx, tenantId: string, filter: ApiLogFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(apiLogs).where(apiWhere(tenantId, filter));
  return rows[0]?.count ?? 0;
}

export async function findApiLog(tx: Tx, tenantId: string, id: string) {
  const rows = await withNames(tenantId)(tx).where(and(eq(apiLogs.tenantId, tenantId), eq(apiLogs.id, id))).limit(1);
  return rows[0];
}
