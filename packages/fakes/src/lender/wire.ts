/**
 * The fake lender's wire objects. There is no SDK type package for the lender, so these mirror the
 * API's financing provider port (`lenderOfferSchema`, `lenderLoanSchema`, `lenderEventTypes` in
 * apps/api/src/platform/providers/financing-provider.ts), which a package may not import; the
 * contract suite parses every answer and event with the port's schemas, so a drift fails there.
 */

export type LenderProduct = 'factoring' | 'bnpl';

export type LenderOfferObject = {
  id: string;
  product: LenderProduct;
  invoiceReference: string;
  currency: string;
  principal: number;
  fee: number;
  feeBpsPer30Days: number;
  termDays: number;
  termsUrl: string | null;
  expiresAt: string;
};

export const lenderLoanStatuses = ['pending_funding', 'funded', 'late', 'repaid', 'defaulted', 'cancelled'] as const;
export type LenderLoanStatus = (typeof lenderLoanStatuses)[number];

export type LenderLoanObject = {
  id: string;
  offerId: string;
  product: LenderProduct;
  invoiceReference: string;
  status: LenderLoanStatus;
  currency: string;
  principal: number;
  fee: number;
  principalRepaid: number;
  feeRepaid: number;
  fundedAt: string | null;
  dueDate: string;
  repaidAt: string | null;
};

export const lenderEventTypes = ['loan.funded', 'loan.repayment', 'loan.repaid', 'loan.late', 'loan.defaulted', 'loan.cancelled'] as const;
export type LenderEventType = (typeof lenderEventTypes)[number];

/** A webhook body: `data.object` is the loan after what happened. */
export type LenderEvent = { id: string; type: LenderEventType; created: number; livemode: false; data: { object: LenderLoanObject } };

export type LenderApprovalObject = { partner_company_uuid: string; status: 'approved' | 'declined' | 'pending'; credit_limit: number; currency: string; reason: string | null };

/** The error envelope: `{ error: { code, message } }`. */
export class LenderApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
