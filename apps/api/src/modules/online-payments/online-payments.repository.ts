import { and, eq, max, notInArray, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businessUsers, businesses, onlinePaymentIntents, users } from '../../db/schema';

export type OnlineIntentRow = typeof onlinePaymentIntents.$inferSelect;
export type OnlineIntentInsert = typeof onlinePaymentIntents.$inferInsert;

const CLOSED: OnlineIntentRow['status'][] = ['succeeded', 'canceled'];

/** What an intent pays: an invoice, or an estimate's deposit (migration 0034). */
export type IntentSubject = { kind: 'invoice' | 'estimate'; id: string };

const subjectIs = (subject: IntentSubject) => eq(subject.kind === 'invoice' ? onlinePaymentIntents.invoiceId : onlinePaymentIntents.estimateId, subject.id);

/** The subject's one open intent (neither succeeded nor canceled), if any. */
export async function findOpenIntent(tx: Tx, tenantId: string, subject: IntentSubject): Promise<OnlineIntentRow | undefined> {
  const rows = await tx
    .select()
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), subjectIs(subject), notInArray(onlinePaymentIntents.status, CLOSED)))
    .limit(1);
  return rows[0];
}

/** The highest attempt number the subject's intents used; 0 before the first. */
export async function lastAttempt(tx: Tx, tenantId: string, subject: IntentSubject): Promise<number> {
  const rows = await tx
    .select({ last: max(onlinePaymentIntents.attempt) })
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), subjectIs(subject)));
  return rows[0]?.last ?? 0;
}

/** What the estimate's bank debits still processing (not booked) add up to. */
export async function processingForEstimate(tx: Tx, tenantId: string, estimateId: string): Promise<number> {
  const rows = await tx
    .select({ total: sum(onlinePaymentIntents.amount).mapWith(Number) })
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.estimateId, estimateId), eq(onlinePaymentIntents.status, 'processing')));
  return rows[0]?.total ?? 0;
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

/** The stored intent an event names, unlocked: the bank handlers lock its invoice first, then it. */
export async function findByProviderIntentId(tx: Tx, tenantId: string, providerIntentId: string): Promise<OnlineIntentRow | undefined> {
  const rows = await tx
    .select()
    .from(onlinePaymentIntents)
    .where(and(eq(onlinePaymentIntents.tenantId, tenantId), eq(onlinePaymentIntents.providerIntentId, providerIntentId)))
    .limit(1);
  return rows[0];
}

/** The business's name and its active owner's address (null when it has no active owner). */
export async function ownerMailbox(tx: Tx, tenantId: string, businessId: string): Promise<{ name: string; email: string | null }> {
  const rows = await tx
    .select({ name: businesses.name, email: users.email })
    .from(businesses)
    .leftJoin(businessUsers, and(eq(businessUsers.tenantId, businesses.tenantId), eq(businessUsers.businessId, businesses.id), eq(businessUsers.isOwner, true), eq(businessUsers.status, 'active')))
    .leftJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId), eq(users.status, 'active')))
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId)))
    .limit(1);
  return { name: rows[0]?.name ?? '', email: rows[0]?.email ?? null };
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
