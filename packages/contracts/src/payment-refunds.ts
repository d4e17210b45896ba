import { z } from 'zod';
import type { AbilityCheck } from './abilities';
import { paymentAmountSchema, paymentWriteAbility } from './payments';

// ---- Refunds of online payments, and what the provider moved for a payment (issue 17, items 2 and 3) ----

/**
 * A refund sends the payer's money back and takes it off the invoice, as deleting the payment
 * would: the same abilities (the accountant, who records payments, refunds nothing).
 */
export const paymentRefundAbility: AbilityCheck = { all: [paymentWriteAbility, 'delete-invoice'] };

/** `POST /payments/{id}/refund`: `amount` in minor units; without it, all that is left of the payment. */
export const paymentRefundRequestSchema = z.object({ amount: paymentAmountSchema.optional() });
export type PaymentRefundRequest = z.input<typeof paymentRefundRequestSchema>;

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
export const paymentRefundResponseSchema = z.object({ data: paymentRefundResourceSchema });

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
  /** How the payer paid (card), for the charge and its refunds. */
  payment_method: z.string().nullable(),
});
export type PaymentMovement = z.infer<typeof paymentMovementSchema>;
export const paymentTransfersResponseSchema = z.object({ data: z.array(paymentMovementSchema) });
export type PaymentTransfersResponse = z.infer<typeof paymentTransfersResponseSchema>;

export const paymentRefundMessages = {
  notOnline: 'A payment recorded by hand cannot be refunded through the payment provider.',
  nothingLeft: 'Nothing is left of this payment to refund.',
  tooMuch: 'The refund is more than what is left of the payment.',
  onlineLocked: 'A payment collected online keeps its invoice and amount: refund it instead.',
} as const;
