import { type LoanProduct, loanProducts } from '@app/contracts';

/** The loan-balance page's tab when the URL names none or an unknown one (spec section 2). */
export const DEFAULT_LOAN_PRODUCT: LoanProduct = 'bnpl';

/** The product a `?tab=` value names. */
export function readLoanProduct(value: string | null): LoanProduct {
  return loanProducts.find((product) => product === value) ?? DEFAULT_LOAN_PRODUCT;
}
