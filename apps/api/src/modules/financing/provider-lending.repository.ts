import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { financingOffers, loans } from '../../db/schema';
import type { LoanRow } from './financing.repository';

/**
 * The loan a lender's event names (read, not locked: the caller locks its invoice, then it): by
 * the lender's loan id, or, when the event outran the acceptance's answer (the loan id not
 * stored yet), by the lender's offer id.
 */
export async function findLoanOfLender(tx: Tx, tenantId: string, lenderLoan: { id: string; offerId: string }): Promise<LoanRow | undefined> {
  const [byLoan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.tenantId, tenantId), eq(loans.lender, 'provider'), eq(loans.providerLoanId, lenderLoan.id)))
    .limit(1);
  if (byLoan) return byLoan;
  const [byOffer] = await tx
    .select({ loan: loans })
    .from(loans)
    .innerJoin(financingOffers, and(eq(financingOffers.tenantId, loans.tenantId), eq(financingOffers.id, loans.offerId)))
    .where(and(eq(loans.tenantId, tenantId), eq(loans.lender, 'provider'), eq(financingOffers.providerOfferId, lenderLoan.offerId)))
    .limit(1);
  // A loan the lender already named under another id is not this one.
  if (!byOffer || (byOffer.loan.providerLoanId !== null && byOffer.loan.providerLoanId !== lenderLoan.id)) return undefined;
  return byOffer.loan;
}
