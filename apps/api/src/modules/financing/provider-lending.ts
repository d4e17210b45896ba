import { financingMessages } from '@app/contracts';
import { feePeriods } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { FinancingProviderError, type FinancingProduct, type LenderCompany, type LenderInvoice, type LenderLoan, type LenderOffer, lenderLoanSchema } from '../../platform/providers/financing-provider';
import { type BusinessRow, findBusiness } from '../businesses/businesses.port';
import { type FinancedInvoiceRow, lockInvoiceInTenant } from '../invoices/invoice-financing';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { financingProviderCredentials } from '../tenants/tenants.service';
import { type VendorPayments, bookVendorPaymentInTx } from './bnpl-vendor-payment';
import { changeLoan, storeOffer } from './loan-events';
import * as repo from './financing.repository';
import type { InvoiceCollections } from './invoice-collections';
import type { LoanLedger } from './loan-ledger';
import { findLoanOfLender } from './provider-lending.repository';

/**
 * What one product's offer through the lender needs of its service (financing.service.ts,
 * bnpl.service.ts): the invoice's checks, who borrows and who is the other party, the term, and
 * the offer's answer.
 */
export type OfferSteps<Answer> = {
  product: FinancingProduct;
  /** The invoice, locked, that the business may finance now; the refusal is thrown otherwise. */
  offerableInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<FinancedInvoiceRow>;
  currencyOf(invoice: FinancedInvoiceRow): string;
  parties(invoice: FinancedInvoiceRow): { borrower: string; counterparty: string };
  termDays(invoice: FinancedInvoiceRow, today: string): number;
  answer(tx: Tx, offer: repo.OfferRow, invoice: FinancedInvoiceRow): Promise<Answer>;
};

/** The services a lender's events reach: the factored invoice's waterfall, the BNPL vendor's payment. */
export type ProviderLendingDependencies = { collections: Pick<InvoiceCollections, 'collectInTx'>; payments: VendorPayments };

const today = (now: Date) => now.toISOString().slice(0, 10);

function companyOf(row: BusinessRow | undefined): LenderCompany {
  if (!row) throw new Error('A business of the financed invoice is missing');
  const country = row.billingAddress?.country;
  return { reference: row.id, name: row.name, country: typeof country === 'string' && country !== '' ? country : null, email: row.email };
}

/** The lender's answer as our refusal: `declined` (or a request it will not take, such as a term too long) is no offer; an outage is worth a retry. */
function offerRefusal(error: unknown): unknown {
  if (!(error instanceof FinancingProviderError)) return error;
  if (error.details.kind === 'declined' || error.details.kind === 'invalid') return AppError.validation('invoice', financingMessages.noOffer);
  return unreachable(error);
}

function unreachable(error: FinancingProviderError): AppError {
  if (error.details.kind === 'unavailable') return new AppError('provider', 'The lender could not be reached. Try again later.', 503);
  return AppError.conflict(financingMessages.notAvailable);
}

/** When the lender says the loan was repaid, or `now` when it does not say so readably. */
function repaidAtOf(lenderLoan: LenderLoan, now: Date): Date {
  return lenderLoan.repaidAt !== null && !Number.isNaN(Date.parse(lenderLoan.repaidAt)) ? new Date(lenderLoan.repaidAt) : now;
}

/**
 * An offer is kept only when it is for this product and invoice, in its currency and still open,
 * and lends what the product needs: factoring an advance whose fee fits in what is due, BNPL the
 * whole amount due (the vendor is paid in full; the fee is the borrower's on top).
 */
function usable(offer: LenderOffer, product: FinancingProduct, invoice: LenderInvoice, now: Date): boolean {
  const expiresAt = Date.parse(offer.expiresAt);
  const amounts = product === 'bnpl' ? offer.principal === invoice.dueAmount : offer.principal + offer.fee <= invoice.dueAmount;
  return (
    offer.product === product &&
    amounts &&
    offer.invoiceReference === invoice.reference &&
    offer.currency.toUpperCase() === invoice.currency.toUpperCase() &&
    offer.principal > 0 &&
    offer.fee >= 0 &&
    offer.termDays > 0 &&
    expiresAt > now.getTime()
  );
}

/**
 * Factoring through the tenant's HTTP lender (ARCHITECTURE section 14; docs/design-notes.md,
 * "Factoring through the tenant's lender"): the offer is the lender's (approval of the borrower,
 * then an offer on the invoice), accepting it starts the loan `pending_funding` with its hold, and
 * the lender's signed events move it on. The lender pays the business itself, so no money moves
 * through us. No lender call runs inside a transaction: each is between two, and every write to
 * the lender carries a key derived from our own ids, so a retry is the same request.
 */
export function createProviderLending(app: AppContext, loanLedger: LoanLedger, deps: ProviderLendingDependencies) {
  async function changeStatus(tx: Tx, actor: AuditActor, loan: repo.LoanRow, patch: Partial<repo.LoanInsert>, cause: Record<string, string>): Promise<repo.LoanRow> {
    const updated = await changeLoan(tx, app.webhookEvents, loan, patch);
    await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: updated.status, ...cause } });
    return updated;
  }

  /** The loan never funds: its hold is voided. */
  async function cancelInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, cause: Record<string, string>): Promise<repo.LoanRow> {
    await loanLedger.cancelInTx(tx, loan, today(app.clock.now()));
    return changeStatus(tx, actor, loan, { status: 'cancelled', closedAt: app.clock.now() }, cause);
  }

  /**
   * The lender paid: the hold is voided, the advance and the fee posted. Factoring: the lender paid
   * the business, and what the invoice's customer paid while the loan waited goes through the
   * waterfall. BNPL: the lender paid the vendor, booked as the vendor's payment of the invoice
   * under `lender:<the lender's loan id>` (the loan's `provider_transfer_id`, which the funding's
   * answer finds the borrower's mirror payment by).
   */
  async function fundInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, invoice: FinancedInvoiceRow | undefined, cause: Record<string, string>): Promise<repo.LoanRow> {
    const now = app.clock.now();
    await loanLedger.fundInTx(tx, loan, today(now));
    if (loan.product === 'bnpl') {
      if (!loan.providerLoanId) throw new Error(`Loan ${loan.id} funded before the lender named it`);
      const paymentId = `lender:${loan.providerLoanId}`;
      const funded = await changeLoan(tx, app.webhookEvents, loan, { status: 'funded', fundedAt: now, providerTransferId: paymentId });
      const booked = await bookVendorPaymentInTx(tx, deps.payments, funded, paymentId, today(now));
      await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'funded', ...cause, ...booked } });
      return funded;
    }
    const funded = await changeStatus(tx, actor, loan, { status: 'funded', fundedAt: now }, cause);
    if (!invoice) return funded;
    await deps.collections.collectInTx(tx, invoice, actor);
    return (await repo.lockLoan(tx, loan.tenantId, loan.id)) ?? funded;
  }

  /**
   * A BNPL loan's borrower repays the tenant's lender directly: the money it says it has
   * (principal and fee repaid) is posted as collected on the loan (fee, then principal), never
   * less than what is posted already, so a replayed or older event posts nothing; the loan is
   * repaid when the ledger owes nothing.
   */
  async function lenderCollectedInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, lenderLoan: LenderLoan, cause: Record<string, string>): Promise<void> {
    const now = app.clock.now();
    const before = await loanLedger.balancesInTx(tx, loan);
    const target = Math.min(lenderLoan.principalRepaid + lenderLoan.feeRepaid, loan.principal + loan.fee);
    const after = target > before.collected ? await loanLedger.collectInTx(tx, loan, target, today(now)) : before;
    if (after.principal !== 0 || after.fee !== 0 || loan.status === 'repaid') return;
    await changeStatus(tx, actor, loan, { status: 'repaid', repaidAt: repaidAtOf(lenderLoan, now) }, cause);
  }

  /** The loan as the lender named it: its id, and the fee and due date it set on accepting. */
  async function nameInTx(tx: Tx, loan: repo.LoanRow, lenderLoan: LenderLoan): Promise<repo.LoanRow> {
    if (loan.providerLoanId !== null) return loan;
    return repo.updateLoan(tx, loan.tenantId, loan.id, { providerLoanId: lenderLoan.id, fee: lenderLoan.fee, dueDate: lenderLoan.dueDate });
  }

  /**
   * One lender event, in the inbox's transaction with the loan locked. Replays and any order are
   * safe: a cancelled loan never funds again, statuses only move forward, and every posting has an
   * external id of its cause (the loan's, or the event's for a write-off), so it posts once. A
   * factoring loan's repayments come from the invoice's payments (the waterfall), never from
   * these events, and `loan.repaid` only marks it repaid once our ledger says nothing is owed; a
   * BNPL loan's come from these events (`lenderCollectedInTx`).
   */
  async function applyEvent(tx: Tx, event: InboxEvent): Promise<void> {
    const lenderLoan = lenderLoanSchema.parse(event.object);
    const named = await findLoanOfLender(tx, event.tenantId, lenderLoan);
    // Not a loan of ours (another partner's, or one we never accepted): nothing to do.
    if (!named) return;
    // The invoice is locked before its loan, in the order a payment on the invoice takes them; by its id, as a BNPL borrower is the invoice's customer, not its issuer.
    const invoice = await lockInvoiceInTenant(tx, named.tenantId, named.invoiceId);
    const found = await repo.lockLoan(tx, event.tenantId, named.id);
    if (!found || found.status === 'cancelled') return;
    const actor = systemActor(event.tenantId, found.businessId);
    const cause = { lender_event: event.providerEventId, lender_event_type: event.type };
    let loan = await nameInTx(tx, found, lenderLoan);
    if (event.type === 'loan.cancelled') {
      // A lender taking back an advance it paid is not modelled: the reconciliation is to report it.
      if (loan.status === 'pending_funding') await cancelInTx(tx, actor, loan, cause);
      return;
    }
    // Any other event is about a loan the lender funded: one that outran its `loan.funded` funds it first.
    if (loan.status === 'pending_funding') {
      if (lenderLoan.fundedAt === null) return;
      loan = await fundInTx(tx, actor, loan, invoice, cause);
    }
    const now = app.clock.now();
    if (event.type === 'loan.late' && loan.status === 'funded') {
      await changeStatus(tx, actor, loan, { status: 'late' }, cause);
    } else if (event.type === 'loan.defaulted' && (loan.status === 'funded' || loan.status === 'late')) {
      await loanLedger.writeOffInTx(tx, loan, `lender_event:${event.providerEventId}`, today(now));
      await changeStatus(tx, actor, loan, { status: 'defaulted', closedAt: now }, cause);
    } else if (loan.product === 'bnpl' && (event.type === 'loan.repayment' || event.type === 'loan.repaid') && (loan.status === 'funded' || loan.status === 'late' || loan.status === 'repaid')) {
      await lenderCollectedInTx(tx, actor, loan, lenderLoan, cause);
    } else if (event.type === 'loan.repaid' && (loan.status === 'funded' || loan.status === 'late' || loan.status === 'repaid')) {
      const owed = await loanLedger.balancesInTx(tx, loan);
      if (owed.principal !== 0 || owed.fee !== 0) return;
      await changeStatus(tx, actor, loan, { status: 'repaid', repaidAt: repaidAtOf(lenderLoan, now) }, cause);
    }
  }

  return {
    /** The lender's offer on the invoice for the product, stored as ours (lender `provider`, its offer id kept). */
    async offer<Answer>(scope: BusinessScope, invoiceId: string, steps: OfferSteps<Answer>): Promise<Answer> {
      const asked = await inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await steps.offerableInvoice(tx, scope, invoiceId);
        const credentials = await financingProviderCredentials(app, scope.tenantId, tx);
        if (!credentials) throw AppError.conflict(financingMessages.notAvailable);
        const parties = steps.parties(invoice);
        const lenderInvoice: LenderInvoice = {
          reference: invoice.id,
          number: invoice.invoiceNumber,
          currency: steps.currencyOf(invoice),
          total: invoice.total,
          dueAmount: invoice.dueAmount,
          issueDate: invoice.invoiceDate,
          dueDate: invoice.dueDate,
          borrower: companyOf(await findBusiness(tx, scope.tenantId, parties.borrower)),
          counterparty: companyOf(await findBusiness(tx, scope.tenantId, parties.counterparty)),
        };
        return { credentials, lenderInvoice, termDays: steps.termDays(invoice, today(app.clock.now())) };
      });
      const provider = app.financingProviders(asked.credentials);
      const id = newId();
      let offer: LenderOffer;
      try {
        const approval = await provider.approval(asked.lenderInvoice.borrower, `approval:${id}`);
        if (approval.status !== 'approved') throw AppError.validation('invoice', financingMessages.noOffer);
        offer = await provider.createOffer({ product: steps.product, invoice: asked.lenderInvoice, termDays: asked.termDays }, `offer:${id}`);
      } catch (error) {
        throw offerRefusal(error);
      }
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await steps.offerableInvoice(tx, scope, invoiceId);
        // A payment while the lender answered changed what the offer was made on.
        if (invoice.dueAmount !== asked.lenderInvoice.dueAmount) throw AppError.conflict(financingMessages.offerExpired);
        if (!usable(offer, steps.product, asked.lenderInvoice, app.clock.now())) throw AppError.validation('invoice', financingMessages.noOffer);
        const stored = await storeOffer(tx, app.webhookEvents, {
          tenantId: scope.tenantId,
          id,
          businessId: scope.businessId,
          invoiceId: invoice.id,
          product: steps.product,
          lender: 'provider',
          providerOfferId: offer.id,
          currency: asked.lenderInvoice.currency,
          invoiceAmount: invoice.dueAmount,
          principal: offer.principal,
          fee: offer.fee,
          feeBpsPer30Days: offer.feeBpsPer30Days,
          feePeriods: feePeriods(offer.termDays),
          termDays: offer.termDays,
          termsUrl: offer.termsUrl,
          expiresAt: new Date(offer.expiresAt),
        });
        return steps.answer(tx, stored, invoice);
      });
    },

    /**
     * Step 2 of a funding through the lender (step 1, the loan `pending_funding` with its hold, is
     * the platform's): the offer is accepted for the loan's principal under `accept:<loan>`, so a
     * retry after a lost answer accepts once, and the lender's loan id, fee and due date are kept.
     * The loan funds when the lender says so (`loan.funded`). A refusal cancels the loan and voids
     * its hold; anything else leaves it pending for the next call on the offer.
     */
    async accept(actor: AuditActor, scope: BusinessScope, loanId: string): Promise<repo.LoanRow> {
      const pending = await inTenant(app.db, scope.tenantId, async (tx) => {
        const loan = await repo.lockLoan(tx, scope.tenantId, loanId);
        if (!loan || loan.businessId !== scope.businessId) throw AppError.notFound();
        if (loan.status !== 'pending_funding' || loan.providerLoanId !== null) return { loan, lenderOfferId: null, credentials: null };
        const offer = await repo.findOfferInTenant(tx, scope.tenantId, loan.offerId);
        if (!offer?.providerOfferId) throw new Error(`Loan ${loan.id} has no lender's offer`);
        const credentials = await financingProviderCredentials(app, scope.tenantId, tx);
        if (!credentials) await cancelInTx(tx, actor, loan, { reason: 'no lender configured' });
        return { loan, lenderOfferId: offer.providerOfferId, credentials };
      });
      const { loan, lenderOfferId } = pending;
      if (lenderOfferId === null) return loan;
      if (!pending.credentials) throw AppError.conflict(financingMessages.notAvailable);
      let accepted: LenderLoan;
      try {
        accepted = await app.financingProviders(pending.credentials).acceptOffer(lenderOfferId, loan.principal, `accept:${loan.id}`);
      } catch (error) {
        if (!(error instanceof FinancingProviderError)) throw error;
        // Only a refusal cancels: an outage, a bad key or a conflict (a concurrent call with our key
        // still running at the lender) may have left the offer accepted, and the next call asks again.
        if (error.details.kind !== 'declined' && error.details.kind !== 'invalid' && error.details.kind !== 'not_found') throw unreachable(error);
        await inTenant(app.db, scope.tenantId, async (tx) => {
          const locked = await repo.lockLoan(tx, scope.tenantId, loan.id);
          if (locked?.status === 'pending_funding' && locked.providerLoanId === null) await cancelInTx(tx, actor, locked, { reason: error.message });
        });
        throw new AppError('provider', error.message, 422);
      }
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const locked = await repo.lockLoan(tx, scope.tenantId, loan.id);
        if (!locked) throw AppError.notFound();
        // The lender's events may have come first: they named the loan already.
        if (locked.providerLoanId !== null || locked.status !== 'pending_funding') return locked;
        const named = await nameInTx(tx, locked, accepted);
        await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: locked.status }, after: { status: named.status, provider_loan_id: accepted.id } });
        return named;
      });
    },

    applyEvent,
  };
}
