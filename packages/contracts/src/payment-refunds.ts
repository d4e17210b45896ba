import { z } from 'zod';
import type { AbilityCheck } from './abilities';
import { paymentMovementSchema, paymentRefundResourceSchema } from './payment-movements';
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

export const paymentRefundResponseSchema = z.object({ data: paymentRefundResourceSchema });

export const paymentTransfersResponseSchema = z.object({ data: z.array(paymentMovementSchema) });
export type PaymentTransfersResponse = z.infer<typeof paymentTransfersResponseSchema>;

export const paymentRefundMessages = {
  notOnline: 'A payment recorded by hand cannot be refunded through the payment provider.',
  nothingLeft: 'Nothing is left of this payment to refund.',
  tooMuch: 'The refund is more than what is left of the payment.',
  onlineLocked: 'A payment collected online keeps its invoice and amount: refund it instead.',
} as const;
