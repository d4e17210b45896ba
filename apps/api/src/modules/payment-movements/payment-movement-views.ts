import { type PaymentMovement, type PaymentMovementKind, type PaymentRefundResource, payerSideMovementKinds } from '@app/contracts';
import type { MovementRow, RefundRow } from './payment-movements.repository';

/** The order a payment's movements are listed in when the provider made them in the same second. */
const KIND_ORDER: readonly PaymentMovementKind[] = ['charge', 'application_fee', 'transfer', 'refund', 'transfer_reversal', 'application_fee_refund'];

/** An online payment as its movements are looked up: by its PaymentIntent, told with how the payer paid. */
export type OnlineSide = { id: string; providerPaymentId: string; method: string | null };

/** What the payment resource shows of the provider's side of a payment. */
export type PaymentMoves = { transfers: PaymentMovement[]; charges: PaymentMovement[]; refunds: PaymentRefundResource[] };

export function toRefundResource(row: RefundRow): PaymentRefundResource {
  return {
    id: row.id,
    payment_id: row.paymentId,
    provider_refund_id: row.providerRefundId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    booked_at: row.bookedAt?.toISOString() ?? null,
  };
}

function toMovement(row: MovementRow, method: string | null): PaymentMovement {
  return {
    kind: row.kind,
    provider_id: row.providerObjectId,
    date: row.providerCreatedAt.toISOString(),
    amount: row.amount,
    amount_reversed: row.amountReversed,
    currency: row.currency,
    status: row.status,
    destination: row.destination,
    payment_method: method,
  };
}

/** A payment's movements in the provider's time order, a charge before its fee and transfer when they share a second. */
export function movementList(rows: readonly MovementRow[], method: string | null): PaymentMovement[] {
  const rank = (row: MovementRow) => KIND_ORDER.indexOf(row.kind);
  return [...rows].sort((a, b) => a.providerCreatedAt.getTime() - b.providerCreatedAt.getTime() || rank(a) - rank(b)).map((row) => toMovement(row, method));
}

/**
 * Sorts the movements of several PaymentIntents (one query's rows) to their intents: a charge or
 * refund names its intent; a fee, a transfer and their reversals name only the charge, whose row
 * tells the intent.
 */
export function movementsByIntent(rows: readonly MovementRow[]): Map<string, MovementRow[]> {
  const intentOfCharge = new Map<string, string>();
  for (const row of rows) if (row.paymentIntentId && row.chargeId) intentOfCharge.set(row.chargeId, row.paymentIntentId);
  const byIntent = new Map<string, MovementRow[]>();
  for (const row of rows) {
    const intent = row.paymentIntentId ?? (row.chargeId ? intentOfCharge.get(row.chargeId) : undefined);
    if (!intent) continue;
    byIntent.set(intent, [...(byIntent.get(intent) ?? []), row]);
  }
  return byIntent;
}

/** The payment resource's `charges` (the payer's side) and `transfers` (the rest). */
export function splitMoves(movements: readonly PaymentMovement[], refunds: PaymentRefundResource[]): PaymentMoves {
  return {
    charges: movements.filter((movement) => payerSideMovementKinds.includes(movement.kind)),
    transfers: movements.filter((movement) => !payerSideMovementKinds.includes(movement.kind)),
    refunds,
  };
}
