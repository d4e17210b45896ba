import { z } from 'zod';
import { dataResponse } from './common';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

// ---- Saved payment methods and payment-method links (issue 17 items 4 and 5) -----------------

export const savedPaymentMethodTypes = ['card', 'us_bank_account'] as const;
export type SavedPaymentMethodType = (typeof savedPaymentMethodTypes)[number];

/** A saved method (spec section 3, Payment method): what the payer recognises it by, never its number. */
export const savedPaymentMethodResourceSchema = z.object({
  id: z.string(),
  /** 'Visa •••• 4242', 'STRIPE TEST BANK •••• 6789'. */
  name: z.string(),
  type: z.enum(savedPaymentMethodTypes),
  /** 'MM/YYYY' for a card, null for a bank account. */
  expiry_date: z.string().nullable(),
  is_default: z.boolean(),
  /** When auto pay's debit of this bank account was returned, and the bank's reason: not debited again until set as default again. */
  debit_returned_at: z.string().nullable(),
  debit_return_reason: z.string().nullable(),
  created_at: z.string(),
});
export type SavedPaymentMethodResource = z.infer<typeof savedPaymentMethodResourceSchema>;
export const savedPaymentMethodListResponseSchema = dataResponse(z.array(savedPaymentMethodResourceSchema));
export type SavedPaymentMethodListResponse = z.infer<typeof savedPaymentMethodListResponseSchema>;
export const savedPaymentMethodResponseSchema = dataResponse(savedPaymentMethodResourceSchema);

/** What the browser saves a method with, through the provider's script (a SetupIntent's client secret). */
export const paymentMethodSetupResourceSchema = z.object({
  client_secret: z.string(),
  publishable_key: z.string(),
  /** Where to load the provider's script from; null for its canonical URL. */
  provider_script: z.string().nullable(),
});
export type PaymentMethodSetupResource = z.infer<typeof paymentMethodSetupResourceSchema>;
export const paymentMethodSetupResponseSchema = dataResponse(paymentMethodSetupResourceSchema);

/** "The provider says it is confirmed": the server reads the setup back from the provider and believes only that. */
export const paymentMethodSetupConfirmRequestSchema = z.object({ setup_intent_id: text().min(1, messages.required).max(255, messages.maxLength255) });
export type PaymentMethodSetupConfirmRequest = z.input<typeof paymentMethodSetupConfirmRequestSchema>;

/** A payment-method link as its creator gets it: the only time its URL is shown. */
export const paymentMethodLinkResourceSchema = z.object({ url: z.string(), expires_at: z.string() });
export type PaymentMethodLinkResource = z.infer<typeof paymentMethodLinkResourceSchema>;
export const paymentMethodLinkResponseSchema = dataResponse(paymentMethodLinkResourceSchema);

/** The public page of a payment-method link: who asks, for whom, until when. */
export const publicPaymentMethodLinkResourceSchema = z.object({
  business_name: z.string(),
  customer_name: z.string(),
  expires_at: z.string(),
  publishable_key: z.string().nullable(),
  provider_script: z.string().nullable(),
});
export type PublicPaymentMethodLinkResource = z.infer<typeof publicPaymentMethodLinkResourceSchema>;
export const publicPaymentMethodLinkResponseSchema = dataResponse(publicPaymentMethodLinkResourceSchema);

export const savedPaymentMethodMessages = {
  linkExpired: 'This link has expired. Ask the business for a new one.',
  linkUsed: 'This link has already been used to save a payment method.',
  setupNotFinished: 'The payment method is not saved yet: the provider has not confirmed it.',
  notSetUp: 'Online payments are not set up for this business',
} as const;
