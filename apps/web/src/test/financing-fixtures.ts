import {
  type BnplLoanOffer,
  type FactoringLoanOfferResponse,
  type LoanResource,
  type LoanTransactionResource,
  bnplLoanOfferSchema,
  factoringLoanOfferResponseSchema,
  loanResourceSchema,
  loanTransactionResourceSchema,
} from '@app/contracts';

/** A funded $800.00 factoring advance with a $48.00 fee on Acme's invoice INV-000001 to Globex; `overrides` name what a test is about. */
export function makeLoan(overrides: Partial<LoanResource> = {}): LoanResource {
  return loanResourceSchema.parse({
    id: 'loan-1',
    product: 'factoring',
    status: 'funded',
    lender: 'platform',
    business_id: 'biz-1',
    business_name: 'Acme Ltd',
    invoice: { id: 'inv-1', invoice_number: 'INV-000001', counterparty_name: 'Globex Corporation', total: 100_000 },
    currency_code: 'USD',
    principal_amount: 80_000,
    fee_amount: 4_800,
    principal_balance: 80_000,
    fee_balance: 4_800,
    total_balance: 84_800,
    funded_at: '2026-03-02T10:00:00Z',
    due_date: '2026-04-30',
    repaid_at: null,
    schedule: [
      { kind: 'advance', date: '2026-03-02', amount: 80_000, done: true },
      { kind: 'repayment', date: '2026-04-30', amount: 84_800, done: false },
      { kind: 'reserve', date: '2026-04-30', amount: 15_200, done: false },
    ],
    created_at: '2026-03-02T10:00:00Z',
    ...overrides,
  });
}

/** One ledger movement of loan-1: the advance unless overridden. */
export function makeMovement(overrides: Partial<LoanTransactionResource> = {}): LoanTransactionResource {
  return loanTransactionResourceSchema.parse({
    id: 'mv-1',
    loan_id: 'loan-1',
    product: 'factoring',
    invoice_number: 'INV-000001',
    kind: 'advance',
    status: 'posted',
    effective_date: '2026-03-02',
    created_at: '2026-03-02T10:00:00Z',
    currency_code: 'USD',
    principal_amount: 80_000,
    fee_amount: 0,
    cash_amount: 80_000,
    description: null,
    ...overrides,
  });
}

/** The lender's offer on INV-000001 ($1,000.00 due): up to $800.00 at 3% per started 30 days, 2 periods. */
export function makeFactoringOffer(overrides: Partial<FactoringLoanOfferResponse['loan_info']> = {}): FactoringLoanOfferResponse {
  return factoringLoanOfferResponseSchema.parse({
    loan_info: {
      id: 'offer-1',
      invoice_amount: 100_000,
      principal_amount: 80_000,
      fee_amount: 4_800,
      fee_bps_per_30_days: 300,
      fee_periods: 2,
      reserve_amount: 15_200,
      terms_url: null,
      expires_at: '2026-03-09T10:00:00Z',
      ...overrides,
    },
    invoice: {
      id: 'inv-1',
      invoice_number: 'INV-000001',
      counterparty_name: 'Globex Corporation',
      invoice_date: '2026-03-01',
      due_date: '2026-04-30',
      currency_code: 'USD',
      currency_id: 1,
      total: 100_000,
      due_amount: 100_000,
    },
  });
}

/** The lender's BNPL offer on BILL-7 ($1,000.00 due to Initech): it pays the vendor now, the customer repays $1,030.00 in 90 days. */
export function makeBnplOffer(overrides: Partial<BnplLoanOffer> = {}): BnplLoanOffer {
  return bnplLoanOfferSchema.parse({
    id: 'bnpl-offer-1',
    invoice_amount: 100_000,
    principal_amount: 100_000,
    fee_amount: 3_000,
    days_to_defer: 90,
    repay_date: '2026-06-01',
    terms_url: null,
    expires_at: '2026-03-09T10:00:00Z',
    invoice: {
      id: 'inv-9',
      invoice_number: 'BILL-7',
      counterparty_name: 'Initech Inc',
      invoice_date: '2026-03-01',
      due_date: '2026-03-31',
      currency_code: 'USD',
      currency_id: 1,
      total: 100_000,
      due_amount: 100_000,
    },
    ...overrides,
  });
}
