import type { ProviderMovement, ProviderRefund } from './payment-provider';

/**
 * Stripe's charges, application fees, transfers and refunds as a verified event carries them
 * (`data.object`), read field by field for the PaymentProvider port: the body is checked, not
 * trusted to be one. Part of the Stripe adapter, without the SDK (nothing here calls Stripe).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
/** An expandable field: the id, or the expanded object's id. */
const idOf = (value: unknown): string | null => text(value) ?? (isRecord(value) ? text(value.id) : null);
/** A list object's items (`refunds`, `reversals`). */
const itemsOf = (value: unknown): Record<string, unknown>[] => (isRecord(value) && Array.isArray(value.data) ? value.data.filter(isRecord) : []);

type Common = { id: string; amount: number; currency: string; created: number };

function commonOf(object: Record<string, unknown>): Common | null {
  const id = text(object.id);
  const amount = whole(object.amount);
  const currency = text(object.currency);
  const created = whole(object.created);
  return id && amount !== null && currency && created !== null ? { id, amount, currency, created } : null;
}

/** Where something refunded or reversed in part stands. */
function reversalStatus(reversed: number, amount: number, full: string, none: string): string {
  if (reversed <= 0) return none;
  return reversed >= amount ? full : `partially_${full}`;
}

const REFUND_STATUSES: readonly ProviderRefund['status'][] = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'];

function refundOf(object: Record<string, unknown>): ProviderRefund | null {
  const common = commonOf(object);
  const paymentAttemptId = idOf(object.payment_intent);
  if (object.object !== 'refund' || !common || !paymentAttemptId) return null;
  const status = REFUND_STATUSES.find((candidate) => candidate === object.status) ?? 'pending';
  return { id: common.id, paymentAttemptId, amount: common.amount, currency: common.currency, status };
}

function refundMovement(object: Record<string, unknown>): ProviderMovement | null {
  const common = commonOf(object);
  if (object.object !== 'refund' || !common) return null;
  return { ...common, kind: 'refund', paymentAttemptId: idOf(object.payment_intent), chargeId: idOf(object.charge), amountReversed: 0, status: text(object.status) ?? 'pending', destination: null };
}

function chargeMovements(object: Record<string, unknown>, common: Common): ProviderMovement[] {
  const refunded = whole(object.amount_refunded) ?? 0;
  const status = text(object.status) === 'succeeded' ? reversalStatus(refunded, common.amount, 'refunded', 'succeeded') : (text(object.status) ?? 'pending');
  const charge: ProviderMovement = { ...common, kind: 'charge', paymentAttemptId: idOf(object.payment_intent), chargeId: common.id, amountReversed: refunded, status, destination: null };
  const refunds = itemsOf(object.refunds).flatMap((refund) => refundMovement(refund) ?? []);
  return [charge, ...refunds];
}

function feeMovements(object: Record<string, unknown>, common: Common): ProviderMovement[] {
  const refunded = whole(object.amount_refunded) ?? 0;
  const chargeId = idOf(object.charge);
  const destination = idOf(object.account);
  const fee: ProviderMovement = { ...common, kind: 'application_fee', paymentAttemptId: null, chargeId, amountReversed: refunded, status: reversalStatus(refunded, common.amount, 'refunded', 'collected'), destination };
  const refunds = itemsOf(object.refunds).flatMap((item): ProviderMovement[] => {
    const refund = commonOf(item);
    return refund ? [{ ...refund, kind: 'application_fee_refund', paymentAttemptId: null, chargeId, amountReversed: 0, status: 'succeeded', destination }] : [];
  });
  return [fee, ...refunds];
}

function transferMovements(object: Record<string, unknown>, common: Common): ProviderMovement[] {
  const reversed = whole(object.amount_reversed) ?? 0;
  const chargeId = idOf(object.source_transaction);
  const destination = idOf(object.destination);
  const transfer: ProviderMovement = { ...common, kind: 'transfer', paymentAttemptId: null, chargeId, amountReversed: reversed, status: reversalStatus(reversed, common.amount, 'reversed', 'paid'), destination };
  const reversals = itemsOf(object.reversals).flatMap((item): ProviderMovement[] => {
    const reversal = commonOf(item);
    return reversal ? [{ ...reversal, kind: 'transfer_reversal', paymentAttemptId: null, chargeId, amountReversed: 0, status: 'succeeded', destination }] : [];
  });
  return [transfer, ...reversals];
}

export function stripeMovementsOf(object: Record<string, unknown>): ProviderMovement[] {
  const common = commonOf(object);
  if (!common) return [];
  switch (object.object) {
    case 'charge':
      return chargeMovements(object, common);
    case 'application_fee':
      return feeMovements(object, common);
    case 'transfer':
      return transferMovements(object, common);
    case 'refund':
      return [refundMovement(object)].flatMap((movement) => movement ?? []);
    default:
      return [];
  }
}

export function stripeRefundsOf(object: Record<string, unknown>): ProviderRefund[] {
  if (object.object === 'refund') return [refundOf(object)].flatMap((refund) => refund ?? []);
  if (object.object === 'charge') return itemsOf(object.refunds).flatMap((refund) => refundOf(refund) ?? []);
  return [];
}
