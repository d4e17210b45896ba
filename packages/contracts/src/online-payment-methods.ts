import { z } from 'zod';

/** How a payer pays an invoice online: a card, or a US bank account debited by ACH (issue 17). */
export const onlinePaymentMethods = ['card', 'us_bank_account'] as const;
export type OnlinePaymentMethod = (typeof onlinePaymentMethods)[number];

/**
 * A bank debit the provider has started and not yet settled or returned (days, for ACH): shown on
 * the invoice, its list row and its public page. The invoice's paid status and amount due do not
 * change until it succeeds; a return leaves them as they were.
 */
export const paymentProcessingSchema = z.object({
  /** Minor units. */
  amount: z.number().int(),
  method: z.enum(onlinePaymentMethods),
});
export type PaymentProcessing = z.infer<typeof paymentProcessingSchema>;
