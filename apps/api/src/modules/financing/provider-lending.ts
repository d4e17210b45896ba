import { type FactoringLoanOfferResponse, financingMessages } from '@app/contracts';
import { feePeriods } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { FinancingProviderError, type LenderCompany, type LenderInvoice, type LenderLoan, type LenderOffer, lenderLoanSchema } from '../../platform/providers/financing-provider';
import { type BusinessRow, findBusiness } from '../businesses/businesses.port';
import { type FinancedInvoiceRow, lockOwnInvoice } from '../invoices/invoice-financing';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { financingProviderCredentials } from '../tenants/tenants.service';
import * as repo from './financing.repository';
import type { InvoiceCollections } from './invoice-collections';
import type { LoanLedger } from './loan-ledger';
import { daysToDue } from './platform-lender';
import { findLoanOfLender } from './provider-lending.repository';

/** What the provider path shares with the platform lender's: the invoice's checks and the offer's answer (financing.service.ts). */
export type OfferSteps = {
  /** The business's own invoice, locked, that can be financed now; the refusal is thrown otherwise. */
  offerableInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<FinancedInvoiceRow>;
  currencyOf(invoice: FinancedInvoiceRow): string;
  answer(tx: Tx, offer: repo.OfferRow, invoice: FinancedInvoiceRow): Promise<FactoringLoanOfferResponse>;
};

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

/** An offer is kept only when it is for this invoice, in its currency, within what is due and still open. */
function usable(offer: LenderOffer, invoice: LenderInvoice, now: Date): boolean {
  const expiresAt = Date.parse(offer.expiresAt);
  return (
    offer.product === 'factoring' &&
    offer.invoiceReference === invoice.reference &&
    offer.currency.toUpperCase() === invoice.currency.toUpperCase() &&
    offer.principal > 0 &&
    offer.fee >= 0 &&
    offer.principal + offer.fee <= invoice.dueAmount &&
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
export function createProviderLending(app: AppContext, loanLedger: LoanLedger, collections: Pick<InvoiceCollections, 'collectInTx'>, steps: OfferSteps) {
  async function changeStatus(tx: Tx, actor: AuditActor, loan: repo.LoanRow, patch: Partial<repo.LoanInsert>, cause: Record<string, string>): Promise<repo.LoanRow> {
    const updated = await repo.updateLoan(tx, loan.tenantId, loan.id, patch);
    await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: updated.status, ...cause } });
    return updated;
  }

  /** The loan never funds: its hold is voided. */
  async function cancelInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, cause: Record<string, string>): Promise<repo.LoanRow> {
    await loanLedger.cancelInTx(tx, loan, today(app.clock.now()));
    return changeStatus(tx, actor, loan, { status: 'cancelled', closedAt: app.clock.now() }, cause);
  }

  /**
   * The lender paid the business: the hold is voided, the advance and the fee posted, and what the
   * invoice's customer paid while the loan waited goes through the waterfall.
   */
  async function fundInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, invoice: FinancedInvoiceRow | undefined, cause: Record<string, string>): Promise<repo.LoanRow> {
    await loanLedger.fundInTx(tx, loan, today(app.clock.now()));
    const funded = await changeStatus(tx, actor, loan, { status: 'funded', fundedAt: app.clock.now() }, cause);
    if (!invoice) return funded;
    await collections.collectInTx(tx, invoice, actor);
    return (await repo.lockLoan(tx, loan.tenantId, loan.id)) ?? funded;
  }

  /** The loan as the lender named it: its id, and the fee and due date it set on accepting. */
  async function nameInTx(tx: Tx, loan: repo.LoanRow, lenderLoan: LenderLoan): Promise<repo.LoanRow> {
    if (loan.providerLoanId !== null) return loan;
    return repo.updateLoan(tx, loan.tenantId, loan.id, { providerLoanId: lenderLoan.id, fee: lenderLoan.fee, dueDate: lenderLoan.dueDate });
  }

  /**
   * One lender event, in the inbox's transaction with the loan locked. Replays and any order are
   * safe: a cancelled loan never funds again, statuses only move forward, and every posting has an
   * external id of its cause (the loan's, or the event's for a write-off), so it posts once. The
   * repayments themselves come from the invoice's payments (the waterfall), never from these
   * events; `loan.repaid` only marks the loan repaid once our ledger says nothing is owed.
   */
  async function applyEvent(tx: Tx, event: InboxEvent): Promise<void> {
    const lenderLoan = lenderLoanSchema.parse(event.object);
    const named = await findLoanOfLender(tx, event.tenantId, lenderLoan);
    // Not a loan of ours (another partner's, or one we never accepted): nothing to do.
    if (!named) return;
    // The invoice is locked before its loan, in the order a payment on the invoice takes them.
    const invoice = await lockOwnInvoice(tx, { tenantId: named.tenantId, businessId: named.businessId }, named.invoiceId);
    const found = await repo.lockLoan(tx, event.tenantId, named.id);
    if (!found || found.status === 'cancelled') return;
    const actor: AuditActor = { tenantId: event.tenantId, userId: null, businessId: found.businessId, ip: null };
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
    } else if (event.type === 'loan.repaid' && (loan.status === 'funded' || loan.status === 'late' || loan.status === 'repaid')) {
      const owed = await loanLedger.balancesInTx(tx, loan);
      if (owed.principal !== 0 || owed.fee !== 0) return;
      const repaidAt = lenderLoan.repaidAt !== null && !Number.isNaN(Date.parse(lenderLoan.repaidAt)) ? new Date(lenderLoan.repaidAt) : now;
      await changeStatus(tx, actor, loan, { status: 'repaid', repaidAt }, cause);
    }
  }

  return {
    /** The lender's offer on the invoice, stored as ours (lender `provider`, its offer id kept). */
    async factoringOffer(scope: BusinessScope, invoiceId: string): Promise<FactoringLoanOfferResponse> {
      const asked = await inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await steps.offerableInvoice(tx, scope, invoiceId);
        const credentials = await financingProviderCredentials(app, scope.tenantId, tx);
        if (!credentials) throw AppError.conflict(financingMessages.notAvailable);
        const lenderInvoice: LenderInvoice = {
          reference: invoice.id,
          number: invoice.invoiceNumber,
          currency: steps.currencyOf(invoice),
          total: invoice.total,
          dueAmount: invoice.dueAmount,
          issueDate: invoice.invoiceDate,
          dueDate: invoice.dueDate,
          borrower: companyOf(await findBusiness(tx, scope.tenantId, invoice.businessId)),
          counterparty: companyOf(await findBusiness(tx, scope.tenantId, invoice.customerBusinessId)),
        };
        return { credentials, lenderInvoice, termDays: daysToDue(today(app.clock.now()), invoice.dueDate) };
      });
      const provider = app.financingProviders(asked.credentials);
      const id = newId();
      let offer: LenderOffer;
      try {
        const approval = await provider.approval(asked.lenderInvoice.borrower, `approval:${id}`);
        if (approval.status !== 'approved') throw AppError.validation('invoice', financingMessages.noOffer);
        offer = await provider.createOffer({ product: 'factoring', invoice: asked.lenderInvoice, termDays: asked.termDays }, `offer:${id}`);
      } catch (error) {
        throw offerRefusal(error);
      }
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await steps.offerableInvoice(tx, scope, invoiceId);
        // A payment while the lender answered changed what the offer was made on.
        if (invoice.dueAmount !== asked.lenderInvoice.dueAmount) throw AppError.conflict(financingMessages.offerExpired);
        if (!usable(offer, asked.lenderInvoice, app.clock.now())) throw AppError.validation('invoice', financingMessages.noOffer);
        const stored = await repo.insertOffer(tx, {
          tenantId: scope.tenantId,
          id,
          businessId: scope.businessId,
          invoiceId: invoice.id,
          product: 'factoring',
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
