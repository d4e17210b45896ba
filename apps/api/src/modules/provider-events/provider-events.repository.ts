import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { providerEvents } from '../../db/schema';

export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type ProviderEventInsert = typeof providerEvents.$inferInsert;
export type ProviderEventFilter = { type?: string | undefined; status?: ProviderEventRow['status'] | undefined };

/** Stores the event once: a second delivery of the same provider event id inserts nothing and answers null. */
export async function insertOnce(tx: Tx, row: ProviderEventInsert): Promise<string | null> {
  const inserted = await tx
    .insert(providerEvents)
    .values(row)
    .onConflictDoNothing({ target: [providerEvents.tenantId, providerEvents.provider, providerEvents.providerEventId] })
    .returning({ id: providerEvents.id });
  return inserted[0]?.id ?? null;
}

export async function findByProviderEventId(tx: Tx, tenantId: string, provider: string, providerEventId: string) {
  const rows = await tx
    .select({ id: providerEvents.id, status: providerEvents.status })
    .from(providerEvents)
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.provider, provider), eq(providerEvents.providerEventId, providerEventId)))
    .limit(1);
  return rows[0];
}

/** The event, locked until the transaction ends: two runs of its job take turns, so it is processed once. */
export async function lockEvent(tx: Tx, tenantId: string, id: string): Promise<ProviderEventRow | undefined> {
  const rows = await tx
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.id, id)))
    .for('update');
  return rows[0];
}

export async function markProcessed(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(providerEvents)
    .set({ status: 'processed', processedAt: at, attempts: sql`${providerEvents.attempts} + 1`, lastError: null })
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.id, id)));
}

/** A failed run: counted, its error kept; the job queue retries it. A processed event is never marked failed. */
export async function markFailed(tx: Tx, tenantId: string, id: string, error: string): Promise<void> {
  await tx
    .update(providerEvents)
    .set({ status: 'failed', attempts: sql`${providerEvents.attempts} + 1`, lastError: error })
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.id, id), sql`${providerEvents.status} <> 'processed'`));
}

function listWhere(tenantId: string, filter: ProviderEventFilter): SQL | undefined {
  return and(
    eq(providerEvents.tenantId, tenantId),
    filter.type ? eq(providerEvents.type, filter.type) : undefined,
    filter.status ? eq(providerEvents.status, filter.status) : undefined,
  );
}

/** The columns a list shows: everything but the payload, which only the detail reads. */
const listColumns = {
  id: providerEvents.id,
  provider: providerEvents.provider,
  providerEventId: providerEvents.providerEventId,
  type: providerEvents.type,
  account: providerEvents.account,
  createdAt: providerEvents.createdAt,
  livemode: providerEvents.livemode,
  receivedAt: providerEvents.receivedAt,
  processedAt: providerEvents.processedAt,
  status: providerEvents.status,
};

/** Newest first. */
export async function listEvents(tx: Tx, tenantId: string, filter: ProviderEventFilter, offset: number, limit: number) {
  return tx.select(listColumns).from(providerEvents).where(listWhere(tenantId, filter)).orderBy(desc(providerEvents.receivedAt), desc(providerEvents.id)).offset(offset).limit(limit);
}

export async function countEvents(tx: Tx, tenantId: string, filter: ProviderEventFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(providerEvents).where(listWhere(tenantId, filter));
  return rows[0]?.count ?? 0;
}

export async function findEvent(tx: Tx, tenantId: string, id: string): Promise<ProviderEventRow | undefined> {
  const rows = await tx
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.id, id)))
    .limit(1);
  return rows[0];
}
