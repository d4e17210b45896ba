import { z } from 'zod';
import { onlinePaymentMethods } from './online-payment-methods';
import { messages } from './messages';
import { paymentAmountSchema } from './payments';

// ---- Paying an invoice online by card (issue 17; ARCHITECTURE section 13) -------------------

/**
 * "Start a card payment" on an invoice: the amount is what is due unless the payer asks for part of
 * it (only where the tenant allows partial payments; at least the 0.50 minimum unless it settles
 * the invoice, never above what is due).
 */
export const cardPaymentRequestSchema = z.object({
  amount: paymentAmountSchema.optional(),
  /** Card unless the payer chose a US bank account; a change of method is a new payment attempt. */
  method: z.enum(onlinePaymentMethods, { error: messages.invalidType }).optional(),
});
export type CardPaymentRequest = z.input<typeof cardPaymentRequestSchema>;

/** What the browser confirms the card payment with, through the provider's script. */
export const cardPaymentSchema = z.object({
  /** The provider's secret of this one payment (a PaymentIntent's `client_secret`). */
  client_secret: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  /** ISO code, lower case, as the provider writes it. */
  currency: z.string(),
  publishable_key: z.string(),
  /** What the client secret is confirmed with: a card form, or a bank account with the payer's mandate. */
  method: z.enum(onlinePaymentMethods),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;
export const cardPaymentResponseSchema = z.object({ data: cardPaymentSchema });

/**
 * The signed-in viewer of a public pay link who may pay the invoice in the app: a member of the
 * invoice's customer business holding pay-invoice (the share-link access choice). Null for anyone else.
 */
export const inAppPaymentSchema = z.object({ business_id: z.string(), business_name: z.string(), invoice_id: z.string() });
export type InAppPayment = z.infer<typeof inAppPaymentSchema>;

/** Whether the invoice's page offers a Pay button, and what the browser needs to show the pay form. */
export const cardPaymentOptionsSchema = z.object({
  available: z.boolean(),
  /** Why there is no Pay button ('Online payments are not set up for this business'), null when there is one. */
  message: z.string().nullable(),
  publishable_key: z.string().nullable(),
  /** Where to load the provider's script from; null for its canonical URL. */
  provider_script: z.string().nullable(),
  /** Whether the payer may pay part of the amount due (the tenant's partial payments switch). */
  partial_payments: z.boolean(),
  /** Minor units: the least a payment may be unless it settles what is due (0.50 of the invoice's currency). */
  minimum_amount: z.number().int(),
  /** Only on the public link's answer, for a viewer who may pay in the app; null otherwise. */
  in_app: inAppPaymentSchema.nullable(),
});
export type CardPaymentOptions = z.infer<typeof cardPaymentOptionsSchema>;
export const cardPaymentOptionsResponseSchema = z.object({ data: cardPaymentOptionsSchema });

export const onlinePaymentMessages = {
  notSetUp: 'Online payments are not set up for this business',
  inProgress: 'A payment for this invoice is already in progress.',
  /** The vendor's mail and the invoice's history when a bank debit is returned. */
  bankPaymentFailed: 'The bank payment failed and the amount is due again.',
} as const;
