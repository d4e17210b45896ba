import { z } from 'zod';

/**
 * The financing provider port (ARCHITECTURE section 14; research section 3). One shape for every
 * lender: underwrite a company (approval with a credit limit) → offer per invoice → accept (the
 * lender funds asynchronously) → funded / repayment / repaid / late / cancelled events, signed and
 * delivered at least once. Two adapters implement it: the platform lender (the tenant lends its
 * own money, `modules/financing/platform-lender.ts`) and the HTTP lender (`http-financing-provider.ts`,
 * shaped after the embedded B2B lenders' common API, Lendica's field names), tested against the
 * fake lender in `packages/fakes`. Amounts are integer minor units; currencies ISO codes.
 */

export type FinancingProduct = 'factoring' | 'bnpl';

/** The tenant's lender settings, opened from the tenant row (the secret unsealed only here). */
export type FinancingProviderCredentials = {
  /** The lender's API root (`https://api.lender.example/`), the tenant's financing provider url. */
  baseUrl: string;
  /** The API key, sent as `Authorization: Api-Key <key>`; also the webhooks' HMAC secret. */
  apiKey: string;
  /** The tenant's three product UUIDs in the spec's order: factoring (FundNow), BNPL (PayLater), drawdown. */
  productIds: { factoring: string; bnpl: string; drawdown: string | null };
};

/** Why a call failed, in the lender's words. `declined` is an answer, not an outage: no offer for this invoice or company. */
export class FinancingProviderError extends Error {
  constructor(
    message: string,
    readonly details: { kind: 'declined' | 'invalid' | 'not_found' | 'conflict' | 'authentication' | 'unavailable'; code: string | null; httpStatus: number | null },
  ) {
    super(message);
    this.name = 'FinancingProviderError';
  }
}

/** A business as the lender underwrites it. */
export type LenderCompany = { reference: string; name: string; country: string | null; email: string | null };

/** The invoice an offer is made on: our ids as references, so the lender's events name them back. */
export type LenderInvoice = {
  reference: string;
  number: string;
  currency: string;
  total: number;
  dueAmount: number;
  issueDate: string;
  dueDate: string | null;
  /** The business the loan is for: the vendor (factoring) or the customer (BNPL). */
  borrower: LenderCompany;
  /** The other party: the customer that will pay (factoring) or the vendor paid now (BNPL). */
  counterparty: LenderCompany;
};

export type LenderApproval = { status: 'approved' | 'declined' | 'pending'; creditLimit: number; currency: string; reason: string | null };

export const lenderOfferSchema = z.object({
  id: z.string(),
  product: z.enum(['factoring', 'bnpl']),
  invoiceReference: z.string(),
  currency: z.string(),
  principal: z.number().int(),
  fee: z.number().int(),
  /** The fee as basis points of the principal per started 30 days: a smaller accepted amount pays the same rate. */
  feeBpsPer30Days: z.number().int(),
  termDays: z.number().int(),
  termsUrl: z.string().nullable(),
  /** ISO timestamp after which it can no longer be accepted. */
  expiresAt: z.string(),
});
export type LenderOffer = z.infer<typeof lenderOfferSchema>;

export const lenderLoanStatuses = ['pending_funding', 'funded', 'late', 'repaid', 'defaulted', 'cancelled'] as const;

/** A loan as the lender reports it: in answers and as the object of every event. */
export const lenderLoanSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  product: z.enum(['factoring', 'bnpl']),
  invoiceReference: z.string(),
  status: z.enum(lenderLoanStatuses),
  currency: z.string(),
  principal: z.number().int(),
  fee: z.number().int(),
  principalRepaid: z.number().int(),
  feeRepaid: z.number().int(),
  /** ISO timestamps / dates; null until they happen. */
  fundedAt: z.string().nullable(),
  dueDate: z.string(),
  repaidAt: z.string().nullable(),
});
export type LenderLoan = z.infer<typeof lenderLoanSchema>;

/** What the lender's webhooks say happened to a loan. `loan.repayment` carries the loan after a partial repayment. */
export const lenderEventTypes = ['loan.funded', 'loan.repayment', 'loan.repaid', 'loan.late', 'loan.defaulted', 'loan.cancelled'] as const;
export type LenderEventType = (typeof lenderEventTypes)[number];

/** A verified lender event: its id is what makes a replay post nothing (ledger external ids). */
export type VerifiedLenderEvent = {
  id: string;
  type: LenderEventType;
  /** Unix seconds, the lender's. */
  created: number;
  /** False for the lender's sandbox (and the fake lender). */
  livemode: boolean;
  loan: LenderLoan;
  /** The parsed event as sent, for the inbox to keep. */
  payload: unknown;
};

export interface FinancingProvider {
  /** Underwrites the borrower (creates it at the lender the first time, by reference). */
  approval(company: LenderCompany, idempotencyKey: string): Promise<LenderApproval>;
  /** An offer on one invoice for `termDays`; refused with a `declined` FinancingProviderError. */
  createOffer(input: { product: FinancingProduct; invoice: LenderInvoice; termDays: number }, idempotencyKey: string): Promise<LenderOffer>;
  /** Accepts an offer for `amount` (at most its principal): the loan starts `pending_funding` and funds later, told by `loan.funded`. */
  acceptOffer(offerId: string, amount: number, idempotencyKey: string): Promise<LenderLoan>;
  retrieveLoan(loanId: string): Promise<LenderLoan>;
  /** Every loan changed since `since` (ISO), for the reconciliation job. */
  listLoans(since: string | null): Promise<LenderLoan[]>;
  /** Tells the lender money it is owed reached it through us (the invoice's payment split by the waterfall, a BNPL charge). */
  reportRepayment(loanId: string, input: { amount: number; reference: string }, idempotencyKey: string): Promise<LenderLoan>;
  /** Checks a webhook's signature over the raw body (HMAC-SHA256 with the API key, with a timestamp) and reads it. */
  verifyEvent(rawBody: Buffer, signatureHeader: string, timestampHeader: string): Promise<VerifiedLenderEvent>;
}

export type FinancingProviderFactory = (credentials: FinancingProviderCredentials) => FinancingProvider;
