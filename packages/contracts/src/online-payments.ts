import { z } from 'zod';
import { onlinePaymentMethods } from './online-payment-methods';
import { sharedMessages as messages } from './shared-messages';
import { paymentAmountSchema } from './payments';
import { text } from './fields';
import { bankLinkExchangeRequestSchema } from './bank-link';
import { uuidSchema } from './common';

// ---- Paying an invoice online by card (issue 17; ARCHITECTURE section 13) -------------------

export const onlinePaymentMessages = {
  bankLinkNeedsBank: 'A linked bank account pays only a bank payment.',
  bankLinkNotSetUp: 'Linking a bank is not set up for this business',
  notSetUp: 'Online payments are not set up for this business',
  inProgress: 'A payment for this invoice is already in progress.',
  /** The vendor's mail and the invoice's history when a bank debit is returned. */
  bankPaymentFailed: 'The bank payment failed and the amount is due again.',
  /** A saved method that is not one of the paying business's own (or a guest naming one). */
  savedMethodInvalid: 'The selected payment method is invalid.',
  savedMethodOther: 'A saved payment method pays with what it is: leave out the method or a linked bank.',
} as const;

/** A payer's bank account linked through the bank-link provider's Link, and the name the debit's mandate carries. */
export const linkedBankSchema = bankLinkExchangeRequestSchema.extend({ account_holder_name: text().min(1, messages.required).max(255) });
export type LinkedBank = z.infer<typeof linkedBankSchema>;

/**
 * "Start a card payment" on an invoice: the amount is what is due unless the payer asks for part of
 * it (only where the tenant allows partial payments; at least the 0.50 minimum unless it settles
 * the invoice, never above what is due).
 */
export const cardPaymentRequestSchema = z
  .object({
    amount: paymentAmountSchema.optional(),
    /** Card unless the payer chose a US bank account; a change of method is a new payment attempt. */
    method: z.enum(onlinePaymentMethods, { error: messages.invalidType }).optional(),
    /**
     * A bank account the payer linked through the bank-link provider (Link's public token and the
     * chosen account): the server exchanges it and confirms the debit itself, with the payer's
     * mandate accepted from this request. Without it, a bank account is entered by hand in the
     * payment provider's form and confirmed in the browser.
     */
    bank_link: linkedBankSchema.optional(),
    /**
     * One of the paying business's own saved methods (settings → payment-methods), by its id: the
     * attempt is made for it, and the browser confirms it with the payer present (a card may still
     * ask for 3-D Secure). Only for the customer business, never for a guest.
     */
    saved_method_id: uuidSchema.optional(),
  })
  .refine((request) => request.bank_link === undefined || request.method === 'us_bank_account', { message: onlinePaymentMessages.bankLinkNeedsBank, path: ['bank_link'] })
  .refine((request) => request.saved_method_id === undefined || (request.bank_link === undefined && request.method === undefined), { message: onlinePaymentMessages.savedMethodOther, path: ['saved_method_id'] });
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
  /** Where the payment stands: `processing` once a linked bank account was debited by the server; otherwise the browser confirms it. */
  status: z.enum(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled']),
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
  /** Whether a payer may link their bank through the bank-link provider (the tenant has one) instead of typing its numbers. */
  bank_link_available: z.boolean(),
  /** Where to load the bank-link provider's script from; null for its canonical URL. */
  bank_link_script: z.string().nullable(),
  /**
   * A bank payment whose account, typed by hand, the payer must still prove with the code of the
   * provider's microdeposit (its intent `requires_action`): the page asks for the code instead of
   * starting over. Null when none waits. Nothing is due less until the debit succeeds.
   */
  bank_verification: z.object({ amount: z.number().int() }).nullable(),
});
export type CardPaymentOptions = z.infer<typeof cardPaymentOptionsSchema>;
export const cardPaymentOptionsResponseSchema = z.object({ data: cardPaymentOptionsSchema });
