import { and, eq, max, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { onlinePaymentIntents } from '../../db/schema';

export type OnlineIntentRow = typeof onlinePaymentIntents.$inferSelect;
export type OnlineIntentInsert = typeof onlinePaymentIntents.$inferInsert;

const CLOSED: OnlineIntentRow['status'][] = ['succeeded', 'canceled'];

/** The invoice's one open intent (neither succeeded nor canceled), if any. */
export async function findOpenIntent(tx: Tx, tenantId: string, invoiceId: string): Promise<OnlineIntentRow | undefined> {
  const rows = await tx
    .select()
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.invoiceId, invoiceId), notInArray(onlinePaymentIntents.status, CLOSED)))
    .limit(1);
  return rows[0];
}

/** The highest attempt number the invoice's intents used; 0 before the first. */
export async function lastAttempt(tx: Tx, tenantId: string, invoiceId: string): Promise<number> {
  const rows = await tx
    .select({ last: max(onlinePaymentIntents.attempt) })
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.invoiceId, invoiceId)));
  return rows[0]?.last ?? 0;
}

export async function insertIntent(tx: Tx, row: OnlineIntentInsert): Promise<void> {
  await tx.insert(onlinePaymentIntents).values(row);
}

export async function updateIntent(tx: Tx, tenantId: string, id: string, patch: Partial<OnlineIntentInsert>): Promise<void> {
  await tx
    .update(onlinePaymentIntents)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.id, id)));
}

/** The stored intent an event names, locked until the transaction ends. */
export async function lockByProviderIntentId(tx: Tx, tenantId: string, providerIntentId: string): Promise<OnlineIntentRow | undefined> {
  const rows = await tx
    .select()
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.providerIntentId, providerIntentId)))
    .for('update');
  return rows[0];
}
