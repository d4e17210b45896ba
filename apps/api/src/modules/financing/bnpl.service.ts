import {
  type BnplFundRequest,
  type BnplFundResponse,
  type BnplLoanOffer,
  bnplFundRequestSchema,
  bnplFundResponseSchema,
  financingMessages,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type IdempotentRequest, type StoredResponse, runIdempotent } from '../../platform/idempotency';
import { type FinancedInvoiceRow, findIncomingInvoice, issuerNameOf, lockOwnInvoice } from '../invoices/invoice-financing';
import { createLedgerService } from '../ledger/ledger.service';
import type { PaymentService } from '../payments/payments.service';
import type { PayoutService } from '../payouts/payouts.service';
import type { SavedMethodService } from '../saved-methods/saved-methods.service';
import { financingSettings, paymentProviderSettings } from '../tenants/tenants.service';
import { addDays, currencyOf, financedInvoiceOf, refusalOf, today } from './financing-rules';
import { changeLoan, storeOffer } from './loan-events';
import * as repo from './financing.repository';
import { bookVendorPaymentInTx } from './bnpl-vendor-payment';
import { createInvoiceCollections } from './invoice-collections';
import { type LoanLedger, createLoanLedger } from './loan-ledger';
import { createLoanReadsService } from './loan-reads.service';
import { offerToTakeInTx, startLoanInTx } from './loan-start';
import { createPlatformLender } from './platform-lender';
import { type LoanPayout, createPlatformTransfer } from './platform-transfer';
import { type OfferSteps, createProviderLending } from './provider-lending';

export type BnplDependencies = {
  payouts: Pick<PayoutService, 'payoutAccountInTx'>;
  methods: Pick<SavedMethodService, 'ownMethodInTx'>;
  payments: Pick<PaymentService, 'recordOnlineInTx' | 'mirrorOfProviderPaymentInTx'>;
};

/**
 * Buy-now-pay-later (spec sections 1-4; docs/design-notes.md, "BNPL on the ledger"): the business
 * that received an approved invoice defers paying it. The platform lender pays the vendor the whole
 * amount due now (a transfer to the vendor's payout account, booked as the vendor's payment of the
 * invoice, mirrored on the deferring business's side), and the deferring business owes the lender
 * principal and fee, charged to the saved method it chose on the repay date (bnpl-repayments.ts).
 * A tenant with its own HTTP lender is offered and lent to by that lender only, through the
 * factoring's provider path (`provider-lending.ts`): the lender pays the vendor and collects from
 * the borrower itself, and its events fund and repay the loan.
 */
export function createBnplService(app: AppContext, deps: BnplDependencies, loanLedger: LoanLedger = createLoanLedger(createLedgerService(app))) {
  const platformLender = createPlatformLender(loanLedger);
  const completeWithTransfer = createPlatformTransfer(app, loanLedger);
  const providerLending = createProviderLending(app, loanLedger, { collections: createInvoiceCollections(app, loanLedger), payments: deps.payments });
  const loanReads = createLoanReadsService(app);

  async function incomingInvoice(tx: Tx, scope: BusinessScope, invoiceId: string, lock: boolean): Promise<FinancedInvoiceRow> {
    const invoice = await findIncomingInvoice(tx, scope, invoiceId, lock);
    if (invoice) return invoice;
    if (await lockOwnInvoice(tx, scope, invoiceId)) throw AppError.validation('invoice', financingMessages.notIncoming);
    throw AppError.notFound();
  }

  async function hasOwnLender(tx: Tx, tenantId: string): Promise<boolean> {
    return (await financingSettings(tx, tenantId)).providerUrl !== null;
  }

  /** The incoming invoice, locked, that can be deferred now: approved, unpaid, and no live loan on it. */
  async function offerableInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<FinancedInvoiceRow> {
    const invoice = await incomingInvoice(tx, scope, invoiceId, true);
    const refusal = refusalOf(invoice);
    if (refusal) throw refusal;
    if (await repo.lockLiveLoanOfInvoice(tx, scope.tenantId, invoice.id)) throw AppError.conflict(financingMessages.alreadyFinanced);
    return invoice;
  }

  /** The tenant's lender's offer for `daysToDefer`: the borrower is the invoice's customer, the vendor the other party. */
  function providerSteps(daysToDefer: number): OfferSteps<BnplLoanOffer> {
    return {
      product: 'bnpl',
      offerableInvoice,
      currencyOf,
      parties: (invoice) => ({ borrower: invoice.customerBusinessId, counterparty: invoice.businessId }),
      termDays: () => daysToDefer,
      answer: offerResource,
    };
  }

  /** What must hold for the platform to lend on the invoice now: the provider set up, no lender of the tenant's own, the vendor able to take the transfer. */
  async function refuseUnlessLendable(tx: Tx, invoice: FinancedInvoiceRow): Promise<void> {
    if (await hasOwnLender(tx, invoice.tenantId)) throw AppError.conflict(financingMessages.notAvailable);
    if (!(await paymentProviderSettings(app, invoice.tenantId, tx))) throw AppError.conflict(financingMessages.notAvailable);
    if (!(await deps.payouts.payoutAccountInTx(tx, { tenantId: invoice.tenantId, businessId: invoice.businessId }))) throw AppError.conflict(financingMessages.vendorNotPayable);
  }

  async function offerResource(tx: Tx, offer: repo.OfferRow, invoice: FinancedInvoiceRow): Promise<BnplLoanOffer> {
    return {
      id: offer.id,
      invoice_amount: offer.invoiceAmount,
      principal_amount: offer.principal,
      fee_amount: offer.fee,
      days_to_defer: offer.termDays,
      repay_date: addDays(today(offer.createdAt), offer.termDays),
      terms_url: offer.termsUrl,
      expires_at: offer.expiresAt.toISOString(),
      invoice: financedInvoiceOf(invoice, await issuerNameOf(tx, invoice)),
    };
  }

  /** Step 1, committed before money moves: the loan `pending_funding` with its hold, or the loan the offer already has. */
  async function startInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, invoiceId: string, request: BnplFundRequest, idempotencyKey: string | null): Promise<repo.LoanRow> {
    const body = bnplFundRequestSchema.parse(request);
    const invoice = await incomingInvoice(tx, scope, invoiceId, true);
    const now = app.clock.now();
    const found = await offerToTakeInTx(tx, scope, invoice, body.offerId, 'bnpl', now);
    if ('taken' in found) return found.taken;
    const { offer } = found;
    if (body.daysToDefer !== offer.termDays) throw AppError.validation('daysToDefer', financingMessages.deferralChanged);
    // The tenant's lender pays the vendor itself: no transfer, so no payout account is needed.
    if (offer.lender === 'platform') await refuseUnlessLendable(tx, invoice);
    if (offer.termsUrl !== null && body.termsAgreement !== true) throw AppError.validation('termsAgreement', financingMessages.termsRequired);
    const method = await deps.methods.ownMethodInTx(tx, scope, body.selectedPaymentMethod);
    if (!method) throw AppError.validation('selectedPaymentMethod', financingMessages.methodUnknown);
    const terms = { counterpartyBusinessId: invoice.businessId, principal: offer.principal, fee: offer.fee, dueDate: addDays(today(now), offer.termDays), repaymentMethodId: method.id };
    return startLoanInTx(tx, loanLedger, actor, scope, offer, terms, idempotencyKey, now, { repayment_method: method.name });
  }

  /** The loan funded and the vendor's payment booked, in one transaction under the loan's lock, once the transfer is made. */
  async function fundInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, transferId: string): Promise<repo.LoanRow> {
    const now = app.clock.now();
    await loanLedger.fundInTx(tx, loan, today(now));
    const funded = await changeLoan(tx, app.webhookEvents, loan, { status: 'funded', fundedAt: now, providerTransferId: transferId });
    const booked = await bookVendorPaymentInTx(tx, deps.payments, funded, transferId, today(now));
    await recordAudit(tx, actor, { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'funded', transfer_id: transferId, ...booked } });
    return funded;
  }

  /** BNPL's payout: the whole principal to the vendor's payout account, then the loan funded and the vendor's payment booked. */
  const vendorPayment: LoanPayout = {
    payeeInTx: (tx, loan) => (loan.counterpartyBusinessId ? deps.payouts.payoutAccountInTx(tx, { tenantId: loan.tenantId, businessId: loan.counterpartyBusinessId }) : Promise.resolve(null)),
    payeeMissing: financingMessages.vendorNotPayable,
    description: 'Invoice paid now by a BNPL loan',
    keyPrefix: 'bnpl',
    fundInTx,
  };
  const complete = (actor: AuditActor, scope: BusinessScope, loanId: string) => completeWithTransfer(actor, scope, loanId, vendorPayment);

  /** The answer: the payment made on the invoice as the deferring business sees it (none while the loan waits for its transfer or its lender), its receipt and the loan. */
  async function fundResult(tx: Tx, scope: BusinessScope, loan: repo.LoanRow): Promise<BnplFundResponse> {
    const payment = loan.providerTransferId ? await deps.payments.mirrorOfProviderPaymentInTx(tx, scope, loan.providerTransferId) : null;
    return { data: { payment, paymentReceiptUrl: payment ? `/api/v1/payments/${payment.id}/pdf` : null, loan: await loanReads.loanOfRowInTx(tx, loan) } };
  }

  return {
    /** GET /business/bnpl/{id}/loan-offer?days_to_defer=: the open offer for that deferral, or a new one from the lender in use. */
    async offer(scope: BusinessScope, invoiceId: string, daysToDefer: number): Promise<BnplLoanOffer> {
      const answered = await inTenant(app.db, scope.tenantId, async (tx) => {
        const invoice = await offerableInvoice(tx, scope, invoiceId);
        const now = app.clock.now();
        const open = await repo.findOpenOffer(tx, scope, invoice.id, 'bnpl', now);
        if (open && open.invoiceAmount === invoice.dueAmount && open.termDays === daysToDefer) return offerResource(tx, open, invoice);
        if (await hasOwnLender(tx, scope.tenantId)) return null;
        await refuseUnlessLendable(tx, invoice);
        const currency = currencyOf(invoice);
        const made = await platformLender.bnplOfferInTx(tx, invoice, scope.businessId, currency, daysToDefer, now);
        if (!made.ok) throw AppError.validation('invoice', financingMessages.noOffer);
        const offer = await storeOffer(tx, app.webhookEvents, {
          tenantId: scope.tenantId,
          id: newId(),
          businessId: scope.businessId,
          invoiceId: invoice.id,
          product: 'bnpl',
          lender: 'platform',
          currency,
          invoiceAmount: invoice.dueAmount,
          termsUrl: null,
          createdAt: now,
          ...made.offer,
        });
        return offerResource(tx, offer, invoice);
      });
      // The tenant's lender is asked outside this transaction, so no row stays locked while it answers.
      return answered ?? providerLending.offer(scope, invoiceId, providerSteps(daysToDefer));
    },

    /** POST /business/bnpl/{invoiceId}/loan-fund: one loan per offer however many calls; answers the payment made, its receipt and the loan. */
    async fund(actor: AuditActor, scope: BusinessScope, invoiceId: string, request: BnplFundRequest, idempotency: IdempotentRequest | null): Promise<StoredResponse<BnplFundResponse>> {
      const started = await inTenant(app.db, scope.tenantId, (tx) =>
        runIdempotent(tx, scope, idempotency, bnplFundResponseSchema, async () => {
          const loan = await startInTx(tx, actor, scope, invoiceId, request, idempotency?.key ?? null);
          return { status: 201, body: await fundResult(tx, scope, loan) };
        }),
      );
      const startedLoan = started.body.data.loan;
      const loan = startedLoan.lender === 'provider' ? await providerLending.accept(actor, scope, startedLoan.id) : await complete(actor, scope, startedLoan.id);
      const body = await inTenant(app.db, scope.tenantId, (tx) => fundResult(tx, scope, loan));
      return { status: started.status, body, replayed: started.replayed };
    },
  };

}

export type BnplService = ReturnType<typeof createBnplService>;
