import { financingMessages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { FinancedInvoiceRow } from '../invoices/invoice-financing';
import { refusalOf, today } from './financing-rules';
import * as repo from './financing.repository';
import type { LoanLedger } from './loan-ledger';

/** What a funding's first step decides per product; the rest (who, which invoice, which offer) it takes from the offer. */
export type LoanTerms = Pick<repo.LoanInsert, 'counterpartyBusinessId' | 'principal' | 'fee' | 'dueDate' | 'repaymentMethodId'>;

/**
 * Step 1 of a funding, shared by factoring and BNPL: the offer locked and checked against the
 * invoice (locked by the caller) as it stands now. Answers the loan the offer already has (one
 * loan per offer, however many calls), or the offer still open for the product's own checks.
 */
export async function offerToTakeInTx(tx: Tx, scope: BusinessScope, invoice: FinancedInvoiceRow, offerId: string, product: repo.OfferRow['product'], now: Date): Promise<{ taken: repo.LoanRow } | { offer: repo.OfferRow }> {
  const offer = await repo.lockOffer(tx, scope, offerId);
  if (!offer || offer.invoiceId !== invoice.id || offer.product !== product) throw AppError.validation('offerId', financingMessages.offerUnknown);
  const taken = await repo.findLoanOfOffer(tx, scope, offer.id);
  if (taken) {
    if (taken.status === 'cancelled') throw AppError.validation('offerId', financingMessages.offerExpired);
    return { taken };
  }
  if (offer.status !== 'open' || offer.expiresAt <= now) throw AppError.validation('offerId', financingMessages.offerExpired);
  const refusal = refusalOf(invoice);
  if (refusal) throw refusal;
  if (await repo.lockLiveLoanOfInvoice(tx, scope.tenantId, invoice.id)) throw AppError.conflict(financingMessages.alreadyFinanced);
  // A payment since the offer changed what is left to finance: the offer no longer holds.
  if (invoice.dueAmount !== offer.invoiceAmount) throw AppError.validation('offerId', financingMessages.offerExpired);
  return { offer };
}

/** The loan `pending_funding` on the accepted offer, with the hold that reserves its principal, committed before any money moves. */
export async function startLoanInTx(tx: Tx, loanLedger: LoanLedger, actor: AuditActor, scope: BusinessScope, offer: repo.OfferRow, terms: LoanTerms, idempotencyKey: string | null, now: Date, audited: Record<string, unknown> = {}): Promise<repo.LoanRow> {
  const loan = await repo.insertLoan(tx, {
    tenantId: scope.tenantId,
    id: newId(),
    businessId: scope.businessId,
    invoiceId: offer.invoiceId,
    offerId: offer.id,
    product: offer.product,
    lender: offer.lender,
    status: 'pending_funding',
    currency: offer.currency,
    idempotencyKey,
    ...terms,
  });
  await repo.setOfferStatus(tx, scope, offer.id, 'accepted');
  await loanLedger.holdInTx(tx, loan, today(now));
  await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'created', after: { status: loan.status, product: loan.product, principal: loan.principal, fee: loan.fee, offer_id: offer.id, invoice_id: offer.invoiceId, ...audited } });
  return loan;
}
