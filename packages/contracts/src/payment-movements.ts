import { z } from 'zod';

// ---- What the provider moved for an online payment, and its refunds (issue 17, items 2 and 3) ----
// Apart from payment-refunds.ts so that the payment resource (payments.ts) can carry them.

export const paymentRefundStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;

/** A refund as asked of the provider: `pending` until its verified event says it succeeded, when `booked_at` is set. */
export const paymentRefundResourceSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  provider_refund_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(paymentRefundStatuses),
  created_at: z.string(),
  booked_at: z.string().nullable(),
});
export type PaymentRefundResource = z.infer<typeof paymentRefundResourceSchema>;

export const paymentMovementKinds = ['charge', 'application_fee', 'transfer', 'refund', 'transfer_reversal', 'application_fee_refund'] as const;
export type PaymentMovementKind = (typeof paymentMovementKinds)[number];

/**
 * One thing the provider moved for an online payment, from its verified events (never invented):
 * the charge, the platform's application fee, the transfer to the business's payout account, and
 * refunds with the transfer's reversals and the fee's refunds. The spec's transfer fields (date,
 * amount, destination, payment method) with the provider's id, currency and status.
 */
export const paymentMovementSchema = z.object({
  kind: z.enum(paymentMovementKinds),
  provider_id: z.string(),
  /** When the provider made it (ISO date-time). */
  date: z.string(),
  /** Minor units. */
  amount: z.number(),
  /** Refunded (charge, fee) or reversed (transfer) of it so far. */
  amount_reversed: z.number(),
  /** ISO code, lower case, as the provider writes it. */
  currency: z.string(),
  status: z.string(),
  /** The connected account a transfer or fee concerns. */
  destination: z.string().nullable(),
  /** How the payer paid (`card`, `us_bank_account`): the payment's method, on every row (the spec's transfer has one too). */
  payment_method: z.string().nullable(),
});
export type PaymentMovement = z.infer<typeof paymentMovementSchema>;

/** Kinds that are the payer's money, paid or given back: a payment's `charges`; the rest (fee, transfer, their reversals) are its `transfers`. */
export const payerSideMovementKinds: readonly PaymentMovementKind[] = ['charge', 'refund'];
