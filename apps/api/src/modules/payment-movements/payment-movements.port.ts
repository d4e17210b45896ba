import type { Tx } from '../../db/client';
import { type OnlineSide, type PaymentMoves, movementList, movementsByIntent, splitMoves, toRefundResource } from './payment-movement-views';
import * as repo from './payment-movements.repository';

export type { OnlineSide, PaymentMoves } from './payment-movement-views';

/**
 * The provider's side of a page of online payments, for the payment resource (payments module),
 * in the caller's transaction: two queries for the whole page (the movements of every intent, the
 * refunds of every payment), whatever its size. A payment with no row here moved nothing yet.
 */
export async function movesOfPayments(tx: Tx, tenantId: string, payments: readonly OnlineSide[]): Promise<Map<string, PaymentMoves>> {
  const result = new Map<string, PaymentMoves>();
  if (payments.length === 0) return result;
  const byIntent = movementsByIntent(await repo.movementsOfIntents(tx, tenantId, payments.map((payment) => payment.providerPaymentId)));
  const refunds = await repo.refundsOfPayments(tx, tenantId, payments.map((payment) => payment.id));
  for (const payment of payments) {
    const own = refunds.filter((row) => row.paymentId === payment.id).map(toRefundResource);
    result.set(payment.id, splitMoves(movementList(byIntent.get(payment.providerPaymentId) ?? [], payment.method), own));
  }
  return result;
}
