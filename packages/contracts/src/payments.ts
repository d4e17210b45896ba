import { z } from 'zod';
import type { AbilityCheck } from './abilities';
import { listQuerySchema, uuidSchema } from './common';
import { documentPartySchema, invoicePaidStatuses, invoiceStatuses } from './documents';
import { isoDateSchema, minorUnitsSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { MAX_NOTES_LENGTH } from './notes';
import { paymentMovementSchema, paymentRefundResourceSchema } from './payment-movements';

/** Received from a customer (against the business's own invoice) or made to a vendor (against the vendor's invoice to the business). */
/**
 * The catalogue has no payment abilities of their own: `send-payment` writes payments. Deleting one
 * takes its money back off the invoices it paid, so it needs `delete-invoice` too (the accountant,
 * who records payments, deletes nothing).
 */
export const paymentWriteAbility = 'send-payment';
export const paymentDeleteAbility: AbilityCheck = { all: [paymentWriteAbility, 'delete-invoice'] };

export const paymentDirections = ['received', 'made'] as const;
export type PaymentDirection = (typeof paymentDirections)[number];
export const paymentStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
/**
 * A payment made against a vendor's invoice is the paying business's claim: 'claimed' until the
 * vendor (or, with online payments, the payment provider) confirms it, or the vendor rejects it.
 */
export const paymentClaimStatuses = ['claimed', 'confirmed', 'rejected'] as const;
export type PaymentClaimStatus = (typeof paymentClaimStatuses)[number];
export const paymentOrderFields = ['payment_date', 'payment_number', 'amount', 'created_at'] as const;

/** A payment's amount in minor units; the 0.50 minimum depends on the currency, so the server checks it once it knows the invoice or counterparty. */
export const paymentAmountSchema = minorUnitsSchema({ invalid: messages.invalidAmount, tooManyDigits: messages.amountTooManyDigits, tooLarge: messages.amountTooLarge });

const optionalId = (message: string) => text().uuid(message).nullish().or(z.literal('').transform(() => null));

/**
 * Direction `received` names a customer (`customer_id`), `made` a vendor (`vendor_id`). Status,
 * currency and the invoice's amounts are the server's: they are not part of the request.
 */
export const paymentRequestSchema = z
  .object({
    direction: z.enum(paymentDirections, { error: messages.invalidType }).default('received'),
    customer_id: optionalId(messages.invalidCustomer),
    vendor_id: optionalId(messages.invalidVendor),
    payment_number: text().trim().max(255, messages.maxLength255).nullish(),
    payment_date: isoDateSchema,
    amount: paymentAmountSchema,
    invoice_id: optionalId(messages.invalidInvoice),
    payment_method_id: optionalId(messages.invalidPaymentMode),
    notes: text().max(MAX_NOTES_LENGTH, messages.notesTooLong).nullish(),
  })
  .superRefine((payment, ctx) => {
    const field = payment.direction === 'received' ? 'customer_id' : 'vendor_id';
    if (!payment[field]) ctx.addIssue({ code: 'custom', path: [field], message: messages.required });
  });
export type PaymentRequest = z.input<typeof paymentRequestSchema>;
export type PaymentPayload = z.output<typeof paymentRequestSchema>;

/** The invoice a payment settles, with its amounts after every payment so far. */
export const paymentInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  currency_id: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  due_amount: z.number(),
  status: z.enum(invoiceStatuses),
  paid_status: z.enum(invoicePaidStatuses),
});
export type PaymentInvoice = z.infer<typeof paymentInvoiceSchema>;

/** The claim as the business that recorded the payment sees it: when the vendor decided, and why it rejected. */
export const paymentClaimStateSchema = z.object({
  status: z.enum(paymentClaimStatuses),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** The vendor recorded the payment on its invoice itself: the payer's row mirrors it (confirmed from the start, no claim was made). */
  recorded_by_vendor: z.boolean(),
});
export type PaymentClaimState = z.infer<typeof paymentClaimStateSchema>;

/** On the vendor's payment received that a confirmation recorded: the customer's claim it confirms. */
export const confirmedClaimSchema = z.object({ id: z.string(), payment_number: z.string(), business: z.object({ id: z.string(), name: z.string() }) });

export const paymentResourceSchema = z.object({
  id: z.string(),
  direction: z.enum(paymentDirections),
  /** The business that recorded the payment. */
  business: z.object({ id: z.string(), name: z.string() }),
  payment_number: z.string(),
  sequence_number: z.number().nullable(),
  payment_date: z.string(),
  amount: z.number(),
  currency_id: z.number(),
  exchange_rate: z.string().nullable(),
  customer_id: z.string().nullable(),
  vendor_id: z.string().nullable(),
  /** The customer (received) or vendor (made). */
  counterparty: documentPartySchema,
  invoice_id: z.string().nullable(),
  invoice: paymentInvoiceSchema.nullable(),
  payment_method_id: z.string().nullable(),
  /** The payment mode (cash, check, bank transfer...). */
  mode: z.object({ id: z.string(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  /** 'completed' once money moved: a claim is 'pending' until confirmed and 'failed' once rejected. */
  status: z.enum(paymentStatuses),
  /** Payments made against an invoice only; null for payments received and payments made without an invoice. */
  claim: paymentClaimStateSchema.nullable(),
  /** Payments received that confirmed a customer's claim only. */
  confirms_claim: confirmedClaimSchema.nullable(),
  template_name: z.string(),
  /** Collected through the payment provider (so it can be refunded through it), not recorded by hand. */
  online: z.boolean(),
  /** What the provider refunded of it, booked from its verified events (minor units); the invoice counts amount − refunded. */
  refunded_amount: z.number(),
  /**
   * What the provider moved between accounts for an online payment (the platform's fee, the
   * transfer to the business, their reversals), from its verified events; empty for a payment
   * recorded by hand and for the customer business's mirror of one.
   */
  transfers: z.array(paymentMovementSchema),
  /** The payer's side: the charge to their payment method and its refunds, from the provider's verified events. */
  charges: z.array(paymentMovementSchema),
  /** The vendor's refunds of it, oldest first: `pending` until the provider's verified event says how they ended. */
  refunds: z.array(paymentRefundResourceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentResource = z.infer<typeof paymentResourceSchema>;

export const paymentListQuerySchema = listQuerySchema.extend({
  tab: z.enum(paymentDirections, { error: messages.invalidType }).default('received'),
  customer_id: uuidSchema.optional(),
  vendor_id: uuidSchema.optional(),
  invoice_id: uuidSchema.optional(),
  from_date: isoDateSchema.optional(),
  to_date: isoDateSchema.optional(),
  orderByField: z.enum(paymentOrderFields).optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };

export const paymentListResponseSchema = z.object({
  data: z.array(paymentResourceSchema),
  /** `payment_total_count`: every payment of the tab, whatever the filters; the two counts feed the tabs. */
  meta: z.object({ ...listMetaShape, payment_total_count: z.number(), received_count: z.number(), made_count: z.number() }),
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** The public receipt page: the payment as its counterparty sees it. */
export const publicPaymentSchema = z.object({
  model: z.literal('payment'),
  business: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  payment: paymentResourceSchema,
  pdf_url: z.string(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;
