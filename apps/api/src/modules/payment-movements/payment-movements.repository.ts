import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray, or, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentRefunds, providerMovements } from '../../db/schema';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundInsert = typeof paymentRefunds.$inferInsert;
export type MovementRow = typeof providerMovements.$inferSelect;
export type MovementInsert = typeof providerMovements.$inferInsert;

/** Statuses in which a refund will never book money. */
const ENDED: RefundRow['status'][] = ['failed', 'canceled'];
/** A refund's or reversal's status that an older event arriving late must not undo. */
const FINAL_STATUSES = sql`('succeeded', 'failed', 'canceled')`;

/** Inserts a refund unless its provider id is already stored; true when this call stored it. */
export async function insertRefundOnce(tx: Tx, row: RefundInsert): Promise<boolean> {
  const inserted = await tx.insert(paymentRefunds).values(row).onConflictDoNothing().returning({ id: paymentRefunds.id });
  return inserted.length > 0;
}

export async function lockRefund(tx: Tx, tenantId: string, providerRefundId: string): Promise<RefundRow | undefined> {
  const rows = await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.providerRefundId, providerRefundId))).for('update');
  return rows[0];
}

export async function updateRefund(tx: Tx, tenantId: string, id: string, patch: Partial<RefundInsert>): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.id, id)));
}

/** Refunds asked for and not booked yet (nor failed): held back from a further refund of the payment. */
export async function heldRefundTotal(tx: Tx, tenantId: string, paymentId: string): Promise<number> {
  const rows = await tx
    .select({ total: sum(paymentRefunds.amount).mapWith(Number) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.paymentId, paymentId), isNull(paymentRefunds.bookedAt), notInArray(paymentRefunds.status, ENDED)));
  return rows[0]?.total ?? 0;
}

/** How many refunds the payment has had: the next request's idempotency key counts on from it. */
export async function refundCount(tx: Tx, tenantId: string, paymentId: string): Promise<number> {
  const rows = await tx.select({ n: count() }).from(paymentRefunds).where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.paymentId, paymentId)));
  return rows[0]?.n ?? 0;
}

/**
 * Stores what an event tells of a provider object, once per object: a later event about it only
 * lets its refunded or reversed amount grow, and its status follow that growth, so a duplicate or
 * an older event delivered late changes nothing.
 */
export async function upsertMovement(tx: Tx, row: MovementInsert): Promise<void> {
  const existing = providerMovements;
  await tx
    .insert(providerMovements)
    .values(row)
    .onConflictDoUpdate({
      target: [providerMovements.tenantId, providerMovements.providerObjectId],
      set: {
        paymentIntentId: sql`coalesce(${existing.paymentIntentId}, excluded.payment_intent_id)`,
        chargeId: sql`coalesce(${existing.chargeId}, excluded.charge_id)`,
        destination: sql`coalesce(${existing.destination}, excluded.destination)`,
        status: sql`CASE
          WHEN excluded.amount_reversed > ${existing.amountReversed} THEN excluded.status
          WHEN excluded.amount_reversed < ${existing.amountReversed} OR ${existing.status} IN ${FINAL_STATUSES} THEN ${existing.status}
          ELSE excluded.status END`,
        amountReversed: sql`greatest(${existing.amountReversed}, excluded.amount_reversed)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Everything moved for some PaymentIntents: the rows naming one, and the rows naming one of their charges (fees, transfers, reversals). */
export async function movementsOfIntents(tx: Tx, tenantId: string, paymentIntentIds: readonly string[]): Promise<MovementRow[]> {
  if (paymentIntentIds.length === 0) return [];
  const charges = tx
    .select({ id: providerMovements.chargeId })
    .from(providerMovements)
    .where(and(eq(providerMovements.tenantId, tenantId), inArray(providerMovements.paymentIntentId, [...paymentIntentIds]), isNotNull(providerMovements.chargeId)));
  return tx
    .select()
    .from(providerMovements)
    .where(and(eq(providerMovements.tenantId, tenantId), or(inArray(providerMovements.paymentIntentId, [...paymentIntentIds]), inArray(providerMovements.chargeId, charges))))
    .orderBy(asc(providerMovements.providerCreatedAt), asc(providerMovements.kind), asc(providerMovements.providerObjectId));
}

/** The refunds of some payments, oldest first. */
export async function refundsOfPayments(tx: Tx, tenantId: string, paymentIds: readonly string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.tenantId, tenantId), inArray(paymentRefunds.paymentId, [...paymentIds])))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}
