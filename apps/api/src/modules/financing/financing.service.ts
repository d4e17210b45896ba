import {
  type FactoringFundRequest,
  type FactoringFundResponse,
  type FactoringLoanOfferResponse,
  factoringFundRequestSchema,
  factoringFundResponseSchema,
  financingMessages,
} from '@app/contracts';
import { financingFee, splitByWaterfall } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type IdempotentRequest, type StoredResponse, runIdempotent } from '../../platform/idempotency';
import { type FinancedInvoiceRow, customerNameOf, findIncomingInvoice, lockOwnInvoice } from '../invoices/invoice-financing';
import { createLedgerService } from '../ledger/ledger.service';
import type { PayoutService } from '../payouts/payouts.service';
import { financingSettings, paymentProviderSettings } from '../tenants/tenants.service';
import { currencyOf, financedInvoiceOf, refusalOf, today } from './financing-rules';
import { changeLoan, storeOffer } from './loan-events';
import * as repo from './financing.repository';
import { createInvoiceCollections } from './invoice-collections';
import { type LoanLedger, createLoanLedger } from './loan-ledger';
import { createLoanReadsService } from './loan-reads.service';
import { offerToTakeInTx, startLoanInTx } from './loan-start';
import { createPlatformLender, daysToDue } from './platform-lender';
import { type LoanPayout, createPlatformTransfer } from './platform-transfer';
import { type OfferSteps, createProviderLending } from './provider-lending';
import type { VendorPayments } from './bnpl-vendor-payment';

export type FinancingDependencies = { payouts: Pick<PayoutService, 'payoutAccountInTx'>; payments: VendorPayments };

/** Loans whose lender is repaid from the invoice's online payments: the platform lender's factoring, advance paid and not yet repaid. */
const REPAID_ONLINE = new Set<repo.LoanRow['status']>(['funded', 'late']);

/**
 * Factoring (spec sections 1-3; docs/design-notes.md, "Factoring on the ledger"): an offer on an
 * approved outgoing invoice, and its funding. The platform lender pays the advance to the
 * business's payout account with a transfer at the payment provider; the loan's money is in the
 * ledger only. A tenant with its own HTTP lender (financing provider URL) is offered and lent to
 * by that lender only (`provider-lending.ts`), never by the platform behind its back.
 */
export function createFinancingService(app: AppContext, deps: FinancingDependencies, loanLedger: LoanLedger = createLoanLedger(createLedgerService(app))) {
  const platformLender = createPlatformLender(loanLedger);
  const completeWithTransfer = createPlatformTransfer(app, loanLedger);
  const loanReads = createLoanReadsService(app);

  async function ownInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<FinancedInvoiceRow> {
    const invoice = await lockOwnInvoice(tx, scope, invoiceId);
    if (invoice) return invoice;
    if (await findIncomingInvoice(tx, scope, invoiceId)) throw AppError.validation('invoice', financingMessages.notOutgoing);
    throw AppError.notFound();
  }

  async function refuseUnlessPlatformLender(tx: Tx, tenantId: string): Promise<void> {
    if (await hasOwnLender(tx, tenantId)) throw AppError.conflict(financingMessages.notAvailable);
  }

  async function hasOwnLender(tx: Tx, tenantId: string): Promise<boolean> {
    return (await financingSettings(tx, tenantId)).providerUrl !== null;
  }

  /** The business's own invoice, locked, that can be financed now: approved, unpaid, and no live loan on it. */
  async function offerableInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<FinancedInvoiceRow> {
    const invoice = await ownInvoice(tx, scope, invoiceId);
    const refusal = refusalOf(invoice);
    if (refusal) throw refusal;
    if (await repo.lockLiveLoanOfInvoice(tx, scope.tenantId, invoice.id)) throw AppError.conflict(financingMessages.alreadyFinanced);
    return invoice;
  }

  async function financedInvoice(tx: Tx, invoice: FinancedInvoiceRow): Promise<FactoringLoanOfferResponse['invoice']> {
    return financedInvoiceOf(invoice, await customerNameOf(tx, invoice));
  }

  function loanInfo(offer: repo.OfferRow): FactoringLoanOfferResponse['loan_info'] {
    return {
      id: offer.id,
      invoice_amount: offer.invoiceAmount,
      principal_amount: offer.principal,
      fee_amount: offer.fee,
      fee_bps_per_30_days: offer.feeBpsPer30Days,
      fee_periods: offer.feePeriods,
      reserve_amount: offer.invoiceAmount - offer.principal - offer.fee,
      terms_url: offer.termsUrl,
      expires_at: offer.expiresAt.toISOString(),
    };
  }

  async function offerAnswer(tx: Tx, offer: repo.OfferRow, invoice: FinancedInvoiceRow): Promise<FactoringLoanOfferResponse> {
    return { loan_info: loanInfo(offer), invoice: await financedInvoice(tx, invoice) };
  }

  const providerLending = createProviderLending(app, loanLedger, { collections: createInvoiceCollections(app, loanLedger), payments: deps.payments });
  const factoringSteps: OfferSteps<FactoringLoanOfferResponse> = {
    product: 'factoring',
    offerableInvoice,
    currencyOf,
    parties: (invoice) => ({ borrower: invoice.businessId, counterparty: invoice.customerBusinessId }),
    termDays: (invoice, on) => daysToDue(on, invoice.dueDate),
    answer: offerAnswer,
  };

  /** Step 1 of a funding, committed before any money moves: the loan `pending_funding` with its hold, or the loan the offer already has. */
  async function startInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, invoiceId: string, request: FactoringFundRequest, idempotencyKey: string | null): Promise<repo.LoanRow> {
    const body = factoringFundRequestSchema.parse(request);
    const invoice = await ownInvoice(tx, scope, invoiceId);
    const now = app.clock.now();
    const found = await offerToTakeInTx(tx, scope, invoice, body.offerId, 'factoring', now);
    if ('taken' in found) return found.taken;
    const { offer } = found;
    if (offer.lender === 'platform') await refuseUnlessPlatformLender(tx, scope.tenantId);
    const principal = body.givenLoanAmount ?? offer.principal;
    if (principal > offer.principal) throw AppError.validation('givenLoanAmount', financingMessages.amountAboveOffer);
    if (offer.termsUrl !== null && body.termsAgreement !== true) throw AppError.validation('termsAgreement', financingMessages.termsRequired);
    // The platform's advance is a transfer to the payout account; the tenant's lender pays the business itself.
    if (offer.lender === 'platform') {
      if (!(await paymentProviderSettings(app, scope.tenantId, tx))) throw AppError.conflict(financingMessages.notAvailable);
      if (!(await deps.payouts.payoutAccountInTx(tx, scope))) throw AppError.conflict(financingMessages.payoutAccountRequired);
    }
    const fee = financingFee(principal, offer.feeBpsPer30Days, offer.feePeriods);
    const dueDate = invoice.dueDate ?? today(new Date(now.getTime() + offer.termDays * 86_400_000));
    return startLoanInTx(tx, loanLedger, actor, scope, offer, { counterpartyBusinessId: invoice.customerBusinessId, principal, fee, dueDate }, idempotencyKey, now);
  }

  /** Factoring's payout: the advance to the borrower's own payout account, then the advance and the fee posted and the loan funded. */
  const advance: LoanPayout = {
    payeeInTx: (tx, loan) => deps.payouts.payoutAccountInTx(tx, { tenantId: loan.tenantId, businessId: loan.businessId }),
    payeeMissing: financingMessages.payoutAccountRequired,
    description: 'Advance on a factored invoice',
    keyPrefix: 'advance',
    async fundInTx(tx, actor, loan, transferId) {
      const now = app.clock.now();
      await loanLedger.fundInTx(tx, loan, today(now));
      const funded = await changeLoan(tx, app.webhookEvents, loan, { status: 'funded', fundedAt: now, providerTransferId: transferId });
      await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'funded', transfer_id: transferId } });
      return funded;
    },
  };
  const complete = (actor: AuditActor, scope: BusinessScope, loanId: string) => completeWithTransfer(actor, scope, loanId, advance);

  return {
    /**
     * What of `amount`, about to be paid online on the invoice, belongs to its lender: the part the
     * waterfall will take for fee and principal still owed (posted balances), capped by the amount;
     * 0 without a collecting factoring loan of the platform lender. Online payments keep it as part
     * of the application fee, so the business's connected account receives only the reserve part.
     * The caller holds the invoice's lock; the loan's is taken too, so a funding finishing meanwhile
     * is waited for rather than read half done.
     */
    async lenderShareInTx(tx: Tx, tenantId: string, invoiceId: string, amount: number): Promise<number> {
      const loan = await repo.lockLiveLoanOfInvoice(tx, tenantId, invoiceId);
      if (!loan || loan.product !== 'factoring' || loan.lender !== 'platform' || !REPAID_ONLINE.has(loan.status)) return 0;
      const owed = await loanLedger.balancesInTx(tx, loan);
      const split = splitByWaterfall(amount, { fee: owed.fee, principal: owed.principal });
      return split.fee + split.principal;
    },

    /** GET /business/factoring/{id}/loan-offer: the open offer, or a new one from the lender in use. */
    async factoringOffer(scope: BusinessScope, invoiceId: string): Promise<FactoringLoanOfferResponse> {
      const answered = await inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await offerableInvoice(tx, scope, invoiceId);
        const now = app.clock.now();
        const open = await repo.findOpenOffer(tx, scope, invoice.id, 'factoring', now);
        if (open && open.invoiceAmount === invoice.dueAmount) return offerAnswer(tx, open, invoice);
        if (await hasOwnLender(tx, scope.tenantId)) return null;
        const currency = currencyOf(invoice);
        const made = await platformLender.offerInTx(tx, invoice, currency, now);
        if (!made.ok) throw AppError.validation('invoice', financingMessages.noOffer);
        const offer = await storeOffer(tx, app.webhookEvents, {
          tenantId: scope.tenantId,
          id: newId(),
          businessId: scope.businessId,
          invoiceId: invoice.id,
          product: 'factoring',
          lender: 'platform',
          currency,
          invoiceAmount: invoice.dueAmount,
          termsUrl: null,
          ...made.offer,
        });
        return offerAnswer(tx, offer, invoice);
      });
      // The tenant's lender is asked outside this transaction, so no row stays locked while it answers.
      return answered ?? providerLending.offer(scope, invoiceId, factoringSteps);
    },

    /** POST /business/factoring/{id}/loan-fund: one loan per offer, however many calls; the same Idempotency-Key resumes a funding cut short. */
    async fundFactoring(actor: AuditActor, scope: BusinessScope, invoiceId: string, request: FactoringFundRequest, idempotency: IdempotentRequest | null): Promise<StoredResponse<FactoringFundResponse>> {
      const started = await inTenant(app.db, scope.tenantId, (tx) =>
        runIdempotent(tx, scope, idempotency, factoringFundResponseSchema, async () => {
          const loan = await startInTx(tx, actor, scope, invoiceId, request, idempotency?.key ?? null);
          return { status: 201, body: { data: await loanReads.loanOfRowInTx(tx, loan) } };
        }),
      );
      const loan = started.body.data.lender === 'provider' ? await providerLending.accept(actor, scope, started.body.data.id) : await complete(actor, scope, started.body.data.id);
      const body = await inTenant(app.db, scope.tenantId, async (tx) => ({ data: await loanReads.loanOfRowInTx(tx, loan) }));
      return { status: started.status, body, replayed: started.replayed };
    },

    /** The `loan.*` events of the tenant's lender, in the provider-event inbox's transaction. */
    applyLenderEvent: providerLending.applyEvent,
  };
}

export type FinancingService = ReturnType<typeof createFinancingService>;
