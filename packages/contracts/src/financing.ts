import { z } from 'zod';
import type { AbilityCheck } from './abilities';
import { listMetaSchema, uuidSchema } from './common';
import { coercedInteger, isoDateSchema, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { loanStatuses } from './loan-status';
import { paymentAmountSchema, paymentResourceSchema } from './payments';

// ---- Financing: factoring and buy-now-pay-later (spec sections 1-4, 7; ARCHITECTURE section 14) ----
// Every amount is integer minor units of the loan's currency. Balances are read from the ledger.

export const loanProducts = ['factoring', 'bnpl'] as const;
export type LoanProduct = (typeof loanProducts)[number];

export { type InvoiceLoanStatus, type LoanStatus, invoiceLoanStatuses, loanStatuses } from './loan-status';

/** The default BNPL deferral (spec section 9). */
export const DEFAULT_DAYS_TO_DEFER = 90;
export const MAX_DAYS_TO_DEFER = 180;
/** The BNPL wizard's steps (spec section 4): forward at most to 4, back at least to 1, resettable to 1. */
export const BNPL_STEPS = 4;

export const financingMessages = {
  notApproved: 'Only an invoice its customer approved can be financed.',
  notOutgoing: 'Only an invoice you issued can be factored.',
  notIncoming: 'Only an invoice you received can be deferred.',
  voidOrPaid: 'A void or paid invoice cannot be financed.',
  alreadyFinanced: 'This invoice is already financed.',
  noOffer: 'No offer can be made for this invoice.',
  offerExpired: 'The offer expired. Ask for a new one.',
  offerUnknown: 'The offer does not exist or is not for this invoice.',
  amountAboveOffer: 'The amount cannot exceed the offer.',
  termsRequired: 'Accept the terms to continue.',
  payoutAccountRequired: 'Set up payouts before taking an advance: the advance is paid to your payout account.',
  paymentMethodRequired: 'Choose a saved payment method to repay with.',
  notAvailable: 'Financing is not available for this business.',
  financedLocked: 'This invoice is financed: it cannot be voided, deleted or edited while its loan is open.',
  cursorInvalid: 'This page link is no longer valid. Start again from the first page.',
  vendorNotPayable: 'The vendor cannot be paid online yet: it has not set up payouts.',
  deferralChanged: 'The offer is for another deferral. Ask for a new one.',
  methodUnknown: 'Choose one of your saved payment methods.',
  notRepayable: 'Only a funded BNPL loan of yours can be repaid.',
  repaymentInProgress: 'A repayment of this loan is already on its way.',
} as const;

/** The invoice an offer is for, as the wizard shows it. */
export const financedInvoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  /** The other party: the customer for factoring, the vendor for BNPL. */
  counterparty_name: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullable(),
  currency_code: z.string(),
  currency_id: z.number(),
  total: z.number().int(),
  due_amount: z.number().int(),
});
export type FinancedInvoice = z.infer<typeof financedInvoiceSchema>;

/** GET /business/factoring/{id}/loan-offer: `loan_info` (the spec's factoring loan info) and the invoice. */
export const factoringLoanInfoSchema = z.object({
  /** The offer's id: what loan-fund takes as `offerId`. */
  id: z.string(),
  invoice_amount: z.number().int(),
  /** The most that can be advanced; the owner may take less (`givenLoanAmount`). */
  principal_amount: z.number().int(),
  fee_amount: z.number().int(),
  /** The fee as basis points of the principal for each started 30 days: the fee of a smaller advance is read from it. */
  fee_bps_per_30_days: z.number().int(),
  fee_periods: z.number().int(),
  /** What the business gets when the customer pays: invoice amount − principal − fee. */
  reserve_amount: z.number().int(),
  terms_url: z.string().nullable(),
  expires_at: z.string(),
});
export type FactoringLoanInfo = z.infer<typeof factoringLoanInfoSchema>;
export const factoringLoanOfferResponseSchema = z.object({ loan_info: factoringLoanInfoSchema, invoice: financedInvoiceSchema });
export type FactoringLoanOfferResponse = z.infer<typeof factoringLoanOfferResponseSchema>;

/** POST /business/factoring/{id}/loan-fund (Idempotency-Key): the spec's factoring form. */
export const factoringFundRequestSchema = z.object({
  offerId: text().min(1, messages.required).max(255),
  /** Minor units; the offer's principal when left out. */
  givenLoanAmount: paymentAmountSchema.optional(),
  /** Required when the offer has a terms URL. */
  termsAgreement: z.boolean().optional(),
});
export type FactoringFundRequest = z.input<typeof factoringFundRequestSchema>;

/** GET /business/bnpl/{id}/loan-offer?days_to_defer=90. */
export const bnplOfferQuerySchema = z.object({ days_to_defer: coercedInteger({ min: 1, max: MAX_DAYS_TO_DEFER }).default(DEFAULT_DAYS_TO_DEFER) });
export const bnplLoanOfferSchema = z.object({
  id: z.string(),
  invoice_amount: z.number().int(),
  principal_amount: z.number().int(),
  fee_amount: z.number().int(),
  days_to_defer: z.number().int(),
  /** When the selected method is charged principal + fee. */
  repay_date: z.string(),
  terms_url: z.string().nullable(),
  expires_at: z.string(),
  invoice: financedInvoiceSchema,
});
export type BnplLoanOffer = z.infer<typeof bnplLoanOfferSchema>;
export const bnplLoanOfferResponseSchema = z.object({ data: bnplLoanOfferSchema });
export type BnplLoanOfferResponse = z.infer<typeof bnplLoanOfferResponseSchema>;

/** POST /business/bnpl/{invoiceId}/loan-fund (Idempotency-Key): the wizard's last step. */
export const bnplFundRequestSchema = z.object({
  offerId: text().min(1, messages.required).max(255),
  daysToDefer: coercedInteger({ min: 1, max: MAX_DAYS_TO_DEFER }).default(DEFAULT_DAYS_TO_DEFER),
  /** A saved payment method of the business (its id), charged on the repay date. */
  selectedPaymentMethod: uuidSchema,
  termsAgreement: z.boolean().optional(),
});
export type BnplFundRequest = z.input<typeof bnplFundRequestSchema>;

/** One planned or past movement of a loan: the advance, a repayment due, the reserve released. */
export const loanScheduleItemSchema = z.object({
  kind: z.enum(['advance', 'repayment', 'reserve']),
  date: z.string(),
  amount: z.number().int(),
  done: z.boolean(),
});

export const loanResourceSchema = z.object({
  id: z.string(),
  product: z.enum(loanProducts),
  status: z.enum(loanStatuses),
  /** `platform` when the tenant lends itself, `provider` for the configured lender. */
  lender: z.enum(['platform', 'provider']),
  business_id: z.string(),
  business_name: z.string(),
  invoice: z.object({ id: z.string(), invoice_number: z.string(), counterparty_name: z.string(), total: z.number().int() }),
  currency_code: z.string(),
  principal_amount: z.number().int(),
  fee_amount: z.number().int(),
  /** Read from the ledger: what is still owed. */
  principal_balance: z.number().int(),
  fee_balance: z.number().int(),
  total_balance: z.number().int(),
  funded_at: z.string().nullable(),
  due_date: z.string(),
  repaid_at: z.string().nullable(),
  schedule: z.array(loanScheduleItemSchema),
  created_at: z.string(),
});
export type LoanResource = z.infer<typeof loanResourceSchema>;

const optionalFilter = <Schema extends z.ZodType>(schema: Schema) => z.union([schema, z.literal('').transform(() => undefined)]).optional();

/** GET /loans: the business's loans (tenant admins: every business's, `business_id` to narrow). */
export const loansQuerySchema = z.object({
  page: pageSchema,
  limit: pageSizeSchema(15, 100),
  product: optionalFilter(z.enum(loanProducts)),
  status: optionalFilter(z.enum(loanStatuses)),
  business_id: optionalFilter(uuidSchema),
});
export const loansResponseSchema = z.object({ data: z.array(loanResourceSchema), meta: listMetaSchema });

/** Who may take an advance: reading the balance sheet is not enough, it commits the business (the loan-fund route's access). */
export const factoringFundAbility: AbilityCheck = { all: ['view-balance-sheet', 'manage-business-settings'] };

/** One ledger movement of a loan, as `GET /loan-transactions` lists them. */
export const loanTransactionKinds = ['offer_hold', 'advance', 'fee', 'repayment', 'reserve_release', 'refund', 'write_off', 'cancellation'] as const;
export const loanTransactionResourceSchema = z.object({
  id: z.string(),
  loan_id: z.string(),
  product: z.enum(loanProducts),
  invoice_number: z.string(),
  kind: z.enum(loanTransactionKinds),
  status: z.enum(['pending', 'posted', 'voided']),
  effective_date: z.string(),
  created_at: z.string(),
  currency_code: z.string(),
  /** Signed from the borrower's side: what it now owes more (+) or less (−). */
  principal_amount: z.number().int(),
  fee_amount: z.number().int(),
  /** Money that moved to or from the business in this movement (the advance, the reserve). */
  cash_amount: z.number().int(),
  description: z.string().nullable(),
});
export type LoanTransactionResource = z.infer<typeof loanTransactionResourceSchema>;

/**
 * GET /loan-transactions: newest first, paged by a cursor (`after`: the previous page's
 * `meta.next_cursor`, opaque) so a page stays fast however many movements there are.
 */
export const loanTransactionsQuerySchema = z.object({
  limit: pageSizeSchema(25, 100),
  after: optionalFilter(text().max(64)),
  loan_id: optionalFilter(uuidSchema),
  product: optionalFilter(z.enum(loanProducts)),
  kind: optionalFilter(z.enum(loanTransactionKinds)),
  from: optionalFilter(isoDateSchema),
  to: optionalFilter(isoDateSchema),
});
export const loanTransactionsResponseSchema = z.object({ data: z.array(loanTransactionResourceSchema), meta: z.object({ next_cursor: z.string().nullable(), per_page: z.number() }) });

/** The spec's outstanding balance, per product and currency. */
export const outstandingBalanceSchema = z.object({
  product: z.enum(loanProducts),
  currency_code: z.string(),
  feeBalance: z.number().int(),
  principalBalance: z.number().int(),
  totalBalance: z.number().int(),
  open_loans: z.number().int(),
  repaid_loans: z.number().int(),
});
export type OutstandingBalance = z.infer<typeof outstandingBalanceSchema>;

/** GET /loan-stats?product=: the balances, and (tenant admins) the principal outstanding per business. */
export const loanStatsQuerySchema = z.object({ product: optionalFilter(z.enum(loanProducts)) });
export const loanStatsSchema = z.object({
  balances: z.array(outstandingBalanceSchema),
  exposure: z.array(z.object({ business_id: z.string(), business_name: z.string(), currency_code: z.string(), principal_balance: z.number().int() })),
});
export type LoanStats = z.infer<typeof loanStatsSchema>;

/**
 * GET /approved-invoice-amount: the spec's `invoice_approval_amount` (what the business approved as
 * a customer and still owes, in its currency at current rates) and `amounts`, the approved
 * outgoing invoices it could finance now (no live loan), per currency.
 */
export const approvedInvoiceAmountSchema = z.object({
  invoice_approval_amount: z.number(),
  amounts: z.array(z.object({ currency_code: z.string(), amount: z.number().int(), invoice_count: z.number().int() })),
});
export type ApprovedInvoiceAmount = z.infer<typeof approvedInvoiceAmountSchema>;

/** POST /business/factoring/{id}/loan-fund answers the loan (201; the same loan again for a replay or a concurrent call on the same offer). */
export const factoringFundResponseSchema = z.object({ data: loanResourceSchema });
export type FactoringFundResponse = z.infer<typeof factoringFundResponseSchema>;

/**
 * POST /business/bnpl/{invoiceId}/loan-fund answers the payment the lender made to the vendor, as
 * the deferring business sees it (its payment made on the invoice; null only while the transfer to
 * the vendor is not made), the receipt's address, and the loan it now owes (201; the same again for a replay or a concurrent call on the same offer).
 */
export const bnplFundResourceSchema = z.object({ payment: paymentResourceSchema.nullable(), paymentReceiptUrl: z.string().nullable(), loan: loanResourceSchema });
export const bnplFundResponseSchema = z.object({ data: bnplFundResourceSchema });
export type BnplFundResponse = z.infer<typeof bnplFundResponseSchema>;

/** POST /business/bnpl/loans/{id}/repay: repays a BNPL loan now (early, or after a refused charge), with the method chosen for it or another saved one. */
export const bnplRepayRequestSchema = z.object({ selectedPaymentMethod: uuidSchema.optional() });
export type BnplRepayRequest = z.input<typeof bnplRepayRequestSchema>;
export const bnplRepayResponseSchema = z.object({ data: loanResourceSchema });
export type BnplRepayResponse = z.infer<typeof bnplRepayResponseSchema>;
