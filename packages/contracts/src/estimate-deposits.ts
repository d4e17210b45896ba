import { z } from 'zod';
import { onlinePaymentMethods } from './online-payment-methods';
import { cardPaymentOptionsSchema, linkedBankSchema, onlinePaymentMessages } from './online-payments';
import { requiredOr, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { paymentAmountSchema } from './payments';

// ---- Deposits on approved estimates (issue 17, item 7) ---------------------------------------

/**
 * More than 0 and at most 100, with at most two decimals, as a number or as text (like every
 * decimal a request takes): read from its digits, so 0.29 is 29 hundredths exactly.
 */
const percentSchema = z.union([z.number(), text()], { error: requiredOr(messages.invalidAmount) }).transform((raw, ctx): number => {
  const digits = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(digits);
  const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (hundredths <= 0 || hundredths > 10_000) {
    ctx.addIssue({ code: 'custom', message: estimateDepositMessages.percentRange });
    return z.NEVER;
  }
  return hundredths / 100;
});

/**
 * `PUT /estimates/{id}/deposit`: the deposit the vendor asks, as an amount in minor units or a
 * percent of the estimate's total (the server turns a percent into minor units, rounding half up,
 * and stores only the amount). Exactly one of the two.
 */
export const estimateDepositRequestSchema = z
  .object({ amount: paymentAmountSchema.optional(), percent: percentSchema.optional() })
  .refine((body) => (body.amount === undefined) !== (body.percent === undefined), { error: () => estimateDepositMessages.amountOrPercent, path: ['amount'] });
export type EstimateDepositRequest = z.input<typeof estimateDepositRequestSchema>;

/** A payment that paid (part of) the deposit: what was refunded of it is taken off what the deposit has. */
export const estimateDepositPaymentSchema = z.object({
  payment_number: z.string(),
  payment_date: z.string(),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  method: z.enum(onlinePaymentMethods).nullable(),
});

/**
 * The deposit on an estimate, read from its payments (never a flag): asked (null when none),
 * paid (amount less refunds), a bank debit still processing, what is left to pay, and whether the
 * customer can pay it now (asked and unpaid, estimate approved and not converted, the tenant's
 * estimate payments switch on). After conversion the payments belong to the invoice as well.
 */
export const estimateDepositSchema = z.object({
  estimate_id: z.string(),
  currency_id: z.number().int(),
  requested_amount: z.number().int().nullable(),
  paid_amount: z.number().int(),
  processing_amount: z.number().int(),
  due_amount: z.number().int(),
  payable: z.boolean(),
  /** The tenant's estimate payments switch: without it no deposit is asked or paid. */
  enabled: z.boolean(),
  converted_invoice_id: z.string().nullable(),
  payments: z.array(estimateDepositPaymentSchema),
});
export type EstimateDeposit = z.infer<typeof estimateDepositSchema>;
export const estimateDepositResponseSchema = z.object({ data: estimateDepositSchema });

/** The public estimate page's deposit: the deposit and, when it can be paid, the pay form's options (null otherwise). */
export const publicEstimateDepositSchema = z.object({ deposit: estimateDepositSchema, options: cardPaymentOptionsSchema.nullable() });
export type PublicEstimateDeposit = z.infer<typeof publicEstimateDepositSchema>;
export const publicEstimateDepositResponseSchema = z.object({ data: publicEstimateDepositSchema });

/**
 * Starting a deposit payment: the amount is always what is left of the deposit, so only the method
 * is chosen, and, for a bank linked through the bank-link provider, the linked account (as an
 * invoice's payment takes it).
 */
export const depositPaymentRequestSchema = z
  .object({ method: z.enum(onlinePaymentMethods, { error: messages.invalidType }).optional(), bank_link: linkedBankSchema.optional() })
  .refine((request) => request.bank_link === undefined || request.method === 'us_bank_account', { message: onlinePaymentMessages.bankLinkNeedsBank, path: ['bank_link'] });
export type DepositPaymentRequest = z.input<typeof depositPaymentRequestSchema>;

export const estimateDepositMessages = {
  disabled: 'Estimate payments are not enabled: a deposit cannot be asked or paid.',
  notApproved: 'A deposit can be asked and paid only on an approved estimate.',
  aboveTotal: 'The deposit cannot be more than the estimate total.',
  amountOrPercent: 'Give the deposit as an amount or as a percent of the total, not both.',
  percentRange: 'The percent must be more than 0 and at most 100, with at most two decimals.',
  alreadyPaid: 'A deposit has been paid on this estimate: refund it before changing the deposit.',
  noDeposit: 'No deposit is asked on this estimate.',
  nothingDue: 'The deposit on this estimate has been paid.',
  notPayableNow: 'The deposit on this estimate cannot be paid now.',
  inProgress: 'A deposit payment on this estimate is already in progress.',
  convertWhileInProgress: 'A deposit payment on this estimate is still in progress: convert the estimate once it has been paid or has failed.',
  totalBelowDeposit: 'The total cannot be less than the deposit asked.',
  deleteWithDeposit: 'An estimate with a deposit payment cannot be deleted.',
  closeWithDeposit: 'A deposit has been paid on this estimate: refund it before voiding or rejecting the estimate.',
} as const;
