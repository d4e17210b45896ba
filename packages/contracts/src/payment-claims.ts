import { z } from 'zod';
import { listQuerySchema, optionalText255, uuidSchema } from './common';
import { paymentClaimStatuses, paymentInvoiceSchema } from './payments';

/**
 * A customer's claim as its vendor sees it: what the customer says it paid on which of the
 * vendor's invoices. The customer's own bookkeeping (notes, exchange rate, its vendor record)
 * stays the customer's.
 */
export const paymentClaimSchema = z.object({
  id: z.string(),
  /** The customer's own number for the payment, for reference. */
  payment_number: z.string(),
  payment_date: z.string(),
  amount: z.number(),
  currency_id: z.number(),
  /** The customer as the vendor's directory names it. */
  customer: z.object({ id: z.string(), name: z.string(), business_id: z.string() }),
  /** The vendor's invoice, with its amounts as they are now. */
  invoice: paymentInvoiceSchema,
  /** The customer's name for how it paid (bank transfer, check...). */
  mode: z.string().nullable(),
  status: z.enum(paymentClaimStatuses),
  claimed_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who at the vendor decided; null while claimed, and when the payment provider confirmed it. */
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
  /** The vendor's payment received that confirming recorded. */
  receipt_payment_id: z.string().nullable(),
});
export type PaymentClaim = z.infer<typeof paymentClaimSchema>;

export const paymentClaimListQuerySchema = listQuerySchema.extend({
  status: z.enum([...paymentClaimStatuses, 'all']).default('claimed'),
  invoice_id: uuidSchema.optional(),
});
export type PaymentClaimListQuery = z.input<typeof paymentClaimListQuerySchema>;

export const paymentClaimListResponseSchema = z.object({
  data: z.array(paymentClaimSchema),
  /** `claimed_count`: every claim still awaiting the business's decision, whatever the filters. */
  meta: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number(), claimed_count: z.number() }),
});
export type PaymentClaimListResponse = z.infer<typeof paymentClaimListResponseSchema>;

export const paymentClaimResponseSchema = z.object({ data: paymentClaimSchema });

/** Rejecting may say why; the customer sees the reason. */
export const rejectPaymentClaimRequestSchema = z.object({ reason: optionalText255 });
export type RejectPaymentClaimRequest = z.input<typeof rejectPaymentClaimRequestSchema>;
