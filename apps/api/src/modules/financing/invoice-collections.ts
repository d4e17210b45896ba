import type { Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/app-context';
import type { AmountPaidObserver, PaidInvoiceRow } from '../invoices/invoice-payments';
import { createLedgerService } from '../ledger/ledger.service';
import { changeLoan } from './loan-events';
import * as repo from './financing.repository';
import { createLenderRepayments } from './lender-repayments';
import { type LoanLedger, createLoanLedger } from './loan-ledger';

/** Loans whose invoice's payments go through the waterfall: funded (on time or late) or already repaid (a refund can reopen it). */
const COLLECTING = new Set<repo.LoanRow['status']>(['funded', 'late', 'repaid']);

/**
 * The waterfall on a factored invoice (docs/design-notes.md, "Factoring on the ledger"): whenever
 * what was paid on the invoice changes (a payment by hand or online, its edit, deletion or
 * refund), in that same transaction, the money collected on the loan is brought to what was paid
 * since the funding. More is split fee → principal → the business's reserve; less reverses
 * reserve → principal → fee, never below zero. The loan is `repaid` when both receivables are 0.
 * What a payment repays of a tenant's lender's loan is reported to that lender once the payment
 * commits (`lender-repayments.ts`).
 */
export function createInvoiceCollections(app: AppContext, loanLedger: LoanLedger = createLoanLedger(createLedgerService(app))) {
  const lenderRepayments = createLenderRepayments(app);

  async function collectInTx(tx: Tx, invoice: PaidInvoiceRow, actor: AuditActor): Promise<void> {
    const loan = await repo.lockLiveLoanOfInvoice(tx, invoice.tenantId, invoice.id);
    // A BNPL loan is repaid by its borrower's charge (bnpl-repayments.ts), not by the invoice's payments: its lender paid the invoice.
    if (!loan || loan.product !== 'factoring' || !COLLECTING.has(loan.status)) return;
    const offer = await repo.findOfferInTenant(tx, invoice.tenantId, loan.offerId);
    if (!offer) throw new Error(`The offer of loan ${loan.id} is missing`);
    // The funding required the invoice's due amount to be the offer's, so this is what was paid before it.
    const paidBeforeFunding = invoice.total - offer.invoiceAmount;
    const target = Math.max(invoice.amountPaid - paidBeforeFunding, 0);
    const today = app.clock.now().toISOString().slice(0, 10);
    const { balances, repayment } = await loanLedger.collectionInTx(tx, loan, target, today);
    if (repayment && loan.lender === 'provider') lenderRepayments.reportAfterCommit(tx, loan, repayment);
    const settled = balances.principal === 0 && balances.fee === 0;
    const status = settled ? 'repaid' : loan.status === 'repaid' ? 'funded' : loan.status;
    if (status === loan.status) return;
    await changeLoan(tx, app.webhookEvents, loan, { status, repaidAt: settled ? app.clock.now() : null });
    await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status } });
  }
  const observer: AmountPaidObserver = collectInTx;
  return { collectInTx: observer, registerJob: lenderRepayments.registerJob };
}

export type InvoiceCollections = ReturnType<typeof createInvoiceCollections>;
