import type { Tx } from '../../db/client';
import type { WebhookEventLog } from '../../platform/webhook-events';
import * as repo from './financing.repository';

/** A loan as the webhook catalogue publishes it; an offer is a loan with no status yet (its id is the offer's). */
export function loanEventObject(row: repo.LoanRow | repo.OfferRow, status: repo.LoanRow['status'] | null) {
  return { id: row.id, business_id: row.businessId, product: row.product, invoice_id: row.invoiceId, currency: row.currency, principal: row.principal, fee: row.fee, status };
}

/** Stores an offer and writes `loan.offered` for the borrower, in the same transaction. */
export async function storeOffer(tx: Tx, events: WebhookEventLog, row: repo.OfferInsert): Promise<repo.OfferRow> {
  const offer = await repo.insertOffer(tx, row);
  await events.record(tx, { tenantId: offer.tenantId, businessId: offer.businessId }, 'loan.offered', { loan: loanEventObject(offer, null) });
  return offer;
}

/** The event a status change tells of: funded from pending, repaid and defaulted when first reached; other changes (late, cancelled, back to funded) tell none. */
function eventOf(before: repo.LoanRow['status'], after: repo.LoanRow['status']) {
  if (before === after) return null;
  if (after === 'funded' && before === 'pending_funding') return 'loan.funded' as const;
  if (after === 'repaid') return 'loan.repaid' as const;
  if (after === 'defaulted') return 'loan.defaulted' as const;
  return null;
}

/** Stores a change of a loan and writes the webhook event its status change tells of, in the same transaction. */
export async function changeLoan(tx: Tx, events: WebhookEventLog, loan: repo.LoanRow, patch: Partial<repo.LoanInsert>): Promise<repo.LoanRow> {
  const updated = await repo.updateLoan(tx, loan.tenantId, loan.id, patch);
  const type = eventOf(loan.status, updated.status);
  if (type) await events.record(tx, { tenantId: updated.tenantId, businessId: updated.businessId }, type, { loan: loanEventObject(updated, updated.status) });
  return updated;
}
