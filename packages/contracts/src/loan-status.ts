// A loan's statuses, apart from the rest of financing so the invoice resource can name them without importing it.

/**
 * A loan's life: `pending_funding` once the offer is accepted (the lender has not paid yet),
 * `funded` once it paid, `late` past the due date with money owed, `repaid` when principal and fee
 * are back, `defaulted` when the lender gives up collecting, `cancelled` when it never funded.
 */
export const loanStatuses = ['pending_funding', 'funded', 'late', 'repaid', 'defaulted', 'cancelled'] as const;
export type LoanStatus = (typeof loanStatuses)[number];

/** The spec's "loan status" of an invoice: `offered` while an offer is open, then its loan's status; null when never financed. */
export const invoiceLoanStatuses = ['offered', ...loanStatuses] as const;
export type InvoiceLoanStatus = (typeof invoiceLoanStatuses)[number];
