import type Stripe from 'stripe';
import { newFeeRefund, newRefund, newTransferReversal } from './charges.js';
import { invalidRequest } from './errors.js';
import { formString, type FormObject } from './form.js';
import { integerParam, metadataOf, newBalanceTransaction } from './payment-objects.js';
import type { PaymentStore } from './payment-store.js';
import type { RequestOrigin } from './state.js';

const REASONS: readonly Stripe.Refund.Reason[] = ['duplicate', 'fraudulent', 'requested_by_customer', 'expired_uncaptured_charge'];

/** The charge a refund names, directly or through its PaymentIntent's latest charge. */
function chargeToRefund(store: PaymentStore, params: FormObject, scope: string | null): Stripe.Charge {
  const chargeId = formString(params.charge);
  if (chargeId !== undefined) return store.scoped(store.charges, chargeId, scope, 'charge', 'charge');
  const intentId = formString(params.payment_intent);
  if (intentId === undefined) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
  const intent = store.intent(intentId, scope).intent;
  if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
  }
  return store.scoped(store.charges, intent.latest_charge, scope, 'charge', 'charge');
}

/** Stripe reverses a destination charge's transfer and refunds its fee in proportion to the part of the charge refunded. */
function proportional(total: number, refunded: number, chargeAmount: number): number {
  return Math.round((total * refunded) / chargeAmount);
}

/** POST /v1/refunds: a full or partial refund, optionally taking back the transfer and the application fee. */
export function createRefund(store: PaymentStore, params: FormObject, scope: string | null, origin: RequestOrigin): Stripe.Refund {
  const charge = chargeToRefund(store, params, scope);
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded, so it cannot be refunded.`, { code: 'charge_not_refundable' });
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const amount = integerParam(params, 'amount') ?? remaining;
  if (amount <= 0) throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
  if (amount > remaining) {
    throw invalidRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`, { code: 'amount_too_large', param: 'amount' });
  }
  const reasonText = formString(params.reason);
  const refund = newRefund(charge, amount, REASONS.find((reason) => reason === reasonText) ?? null, metadataOf(params));
  const txn = newBalanceTransaction({ amount: -amount, fee: 0, currency: charge.currency, source: refund.id, type: 'refund', description: 'REFUND FOR CHARGE' });
  store.balanceTransactions.set(txn.id, { object: txn, scope });
  refund.balance_transaction = txn.id;
  store.refunds.set(refund.id, { object: refund, scope });
  const before = structuredClone(charge);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.refunds = { object: 'list', data: [structuredClone(refund), ...(charge.refunds?.data ?? [])], has_more: false, url: `/v1/charges/${charge.id}/refunds` };
  const base = () => store.base(scope, origin);
  const events: Stripe.Event[] = [];
  const transferId = typeof charge.transfer === 'string' ? charge.transfer : null;
  if (formString(params.reverse_transfer) === 'true' && transferId !== null) {
    const transfer = store.scoped(store.transfers, transferId, scope, 'transfer');
    // The last refund takes back whatever is left, so rounding never leaves a cent behind.
    const reversal = charge.refunded ? transfer.amount - transfer.amount_reversed : proportional(transfer.amount, amount, charge.amount);
    const made = newTransferReversal(transfer, reversal, refund.id);
    transfer.amount_reversed += reversal;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals = { ...transfer.reversals, data: [made, ...transfer.reversals.data] };
    refund.transfer_reversal = made.id;
    events.push({ ...base(), type: 'transfer.reversed', data: { object: structuredClone(transfer) } });
  }
  const feeId = typeof charge.application_fee === 'string' ? charge.application_fee : null;
  if (formString(params.refund_application_fee) === 'true' && feeId !== null) {
    const fee = store.fees.get(feeId)?.object;
    if (fee !== undefined) {
      const feeRefund = charge.refunded ? fee.amount - fee.amount_refunded : proportional(fee.amount, amount, charge.amount);
      fee.amount_refunded += feeRefund;
      fee.refunded = fee.amount_refunded === fee.amount;
      fee.refunds = { ...fee.refunds, data: [newFeeRefund(fee, feeRefund), ...fee.refunds.data] };
      events.push({ ...store.base(null, origin), type: 'application_fee.refunded', data: { object: structuredClone(fee) } });
    }
  }
  store.emit({ ...base(), type: 'refund.created', data: { object: structuredClone(refund) } });
  store.emit({ ...base(), type: 'charge.refunded', data: { object: structuredClone(charge), previous_attributes: { amount_refunded: before.amount_refunded, refunded: before.refunded } } });
  for (const event of events) store.emit(event);
  return refund;
}
