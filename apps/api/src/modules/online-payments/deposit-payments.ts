import {
  type CardPayment,
  type DepositPaymentRequest,
  type EstimateDeposit,
  type PublicEstimateDeposit,
  depositPaymentRequestSchema,
  estimateDepositMessages,
  messages,
  onlinePaymentMessages,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/providers/payment-provider';
import { AMENDABLE_PAYMENT_STATUSES } from '../../platform/providers/payment-provider';
import { providerScriptUrls } from '../../platform/providers/provider-scripts';
import { type DepositEstimateRow, type DepositIntents, depositRefusal, lockDepositEstimate } from '../estimates/estimate-deposits';
import type { PaymentService } from '../payments/payments.service';
import type { PayoutService } from '../payouts/payouts.service';
import { onlinePaymentRules, paymentProviderSettings } from '../tenants/tenants.service';
import type { LinkedBankPayments } from './linked-bank-payments';
import * as repo from './online-payments.repository';
import { type AttemptSubject, bankVerificationOf, cancelled, chargeOf, intentFor, payFormOptions, providerCall } from './payment-attempts';

/** What deposit payments need of other modules, passed in where the app is built. */
export type DepositPaymentDeps = {
  payments: Pick<PaymentService, 'deposits'>;
  payouts: Pick<PayoutService, 'chargeableAccountInTx'>;
  /** The estimate a public link opens (the link proved access). */
  publicEstimateId(tenantId: string, token: string): Promise<string>;
  /** The estimate's deposit as its views show it (the estimates module reads it from the payments). */
  depositView(tx: Tx, row: DepositEstimateRow, enabled: boolean): Promise<EstimateDeposit>;
};

/** Who is paying: a guest through the estimate's public link, or the customer business it is addressed to. */
type Payer = { kind: 'guest' } | { kind: 'business'; scope: BusinessScope };

type ProviderSettings = NonNullable<Awaited<ReturnType<typeof paymentProviderSettings>>>;

const estimateSubject = (row: DepositEstimateRow): AttemptSubject => ({ kind: 'estimate', id: row.id, tenantId: row.tenantId, businessId: row.businessId, description: `Deposit on estimate ${row.estimateNumber}` });

/**
 * Paying an estimate's deposit online (issue 17, item 7; docs/design-notes.md "Estimate deposits"),
 * on the invoices' PaymentIntent machinery (payment-attempts.ts): the amount is always what is left
 * of the deposit, the estimate's lock stands where the invoice's does, and the money is booked only
 * from the verified `payment_intent.succeeded` (online-payments.service.ts), as a payment received
 * that names the estimate and no invoice.
 */
export function createDepositPayments(app: AppContext, deps: DepositPaymentDeps, providerOf: (settings: ProviderSettings) => PaymentProvider, linkedBank: LinkedBankPayments) {
  /** The estimate, locked; any estimate but a draft for a guest's link, only one addressed to it for a business (else 404, as invoices). */
  async function lockEstimate(tx: Tx, tenantId: string, id: string, payer: Payer): Promise<DepositEstimateRow> {
    const row = await lockDepositEstimate(tx, tenantId, id);
    if (!row || row.status === 'draft') throw AppError.notFound();
    if (payer.kind === 'business' && row.customerBusinessId !== payer.scope.businessId) throw AppError.notFound();
    return row;
  }

  async function optionsOf(tenantId: string, estimateId: string, payer: Payer): Promise<PublicEstimateDeposit> {
    const settings = await paymentProviderSettings(app, tenantId);
    const rules = await onlinePaymentRules(app.db, tenantId);
    const bankLinkAvailable = await linkedBank.available(tenantId);
    return inTenant(app.db, tenantId, async (tx) => {
      const row = await lockEstimate(tx, tenantId, estimateId, payer);
      const deposit = await deps.depositView(tx, row, rules.estimatePayments);
      if (!deposit.payable) return { deposit, options: null };
      const available = settings !== null && (await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: row.businessId })) !== null;
      const options = payFormOptions({ available, publishableKey: settings?.publishableKey ?? null, scripts: providerScriptUrls(app.env), partialPayments: false, currencyId: row.currencyId, inApp: null, bankLinkAvailable, bankVerification: await bankVerificationOf(tx, tenantId, { kind: 'estimate', id: row.id }) });
      return { deposit, options };
    });
  }

  async function start(tenantId: string, estimateId: string, payer: Payer, input: DepositPaymentRequest, meta: RequestMeta): Promise<CardPayment> {
    const request = depositPaymentRequestSchema.parse(input);
    // Read before the transaction (the embedded database has one connection); judged after the estimate, so an unknown one is a 404 whatever the settings.
    const settings = await paymentProviderSettings(app, tenantId);
    const rules = await onlinePaymentRules(app.db, tenantId);
    const bankLink = request.bank_link ? await linkedBank.bankLinkOf(tenantId) : null;
    const started = await inTenant(app.db, tenantId, async (tx) => {
      const row = await lockEstimate(tx, tenantId, estimateId, payer);
      const deposit = await deps.depositView(tx, row, rules.estimatePayments);
      const refusal = depositRefusal(row, rules.estimatePayments, deposit.paid_amount, deposit.processing_amount);
      if (refusal === estimateDepositMessages.inProgress) throw AppError.conflict(refusal);
      if (refusal) throw AppError.validation('deposit', refusal);
      const destination = await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: row.businessId });
      if (!settings || !destination) throw AppError.conflict(onlinePaymentMessages.notSetUp);
      if (request.bank_link && !bankLink) throw AppError.conflict(onlinePaymentMessages.bankLinkNotSetUp);
      const provider = providerOf(settings);
      // No loan stands on an estimate: a deposit's fee is the platform's alone.
      const charge = { ...chargeOf(deposit.due_amount, rules, 0, row.currencyId, destination, meta.origin, request.method), serverConfirmed: request.bank_link !== undefined };
      const intent = await intentFor(tx, provider, estimateSubject(row), charge, estimateDepositMessages.inProgress);
      if (!intent.clientSecret) throw new Error(`The provider gave no client secret for ${intent.id}`);
      const attempt = (await repo.findByProviderIntentId(tx, tenantId, intent.id))?.attempt ?? 0;
      return { provider, intent, attempt, clientSecret: intent.clientSecret, method: charge.method, publishableKey: settings.publishableKey };
    });
    // As an invoice's: a linked bank is debited by the server once the attempt is stored, outside the estimate's lock.
    return linkedBank.answer(tenantId, { kind: 'estimate', id: estimateId }, started, request.bank_link && bankLink ? { bankLink, account: request.bank_link } : null, meta);
  }

  /** A link token only for a deposit the payer may pay online now (404 for a foreign estimate, 409 when it cannot be paid online). */
  async function linkToken(tenantId: string, estimateId: string, payer: Payer, clientName: string): Promise<{ link_token: string; expiration: string }> {
    const found = await optionsOf(tenantId, estimateId, payer);
    if (!found.options?.available) throw AppError.conflict(found.options ? onlinePaymentMessages.notSetUp : estimateDepositMessages.notPayableNow);
    return linkedBank.linkToken(tenantId, { kind: 'estimate', id: estimateId }, clientName);
  }

  /** What the estimates module needs of the intents: what is processing, and closing the open one before conversion. */
  const intents: DepositIntents = {
    processingInTx: (tx, tenantId, estimateId) => repo.processingForEstimate(tx, tenantId, estimateId),
    async closeOpenInTx(tx, tenantId, estimateId) {
      const subject = { kind: 'estimate', id: estimateId } as const;
      const open = await repo.findOpenIntent(tx, tenantId, subject);
      if (!open) return true;
      const settings = await paymentProviderSettings(app, tenantId, tx);
      if (!settings) return false;
      const provider = providerOf(settings);
      const current = await providerCall(() => provider.retrievePaymentAttempt(open.providerIntentId));
      const ended = AMENDABLE_PAYMENT_STATUSES.includes(current.status) ? await cancelled(provider, subject, open) : current;
      await repo.updateIntent(tx, tenantId, open.id, { status: ended.status });
      return ended.status === 'canceled';
    },
  };

  return {
    intents,

    /** GET /public/estimates/{token}/deposit: the public page's deposit and its Pay deposit form. */
    optionsForLink: async (tenantId: string, token: string) => optionsOf(tenantId, await deps.publicEstimateId(tenantId, token), { kind: 'guest' }),
    /** GET /estimates/{id}/deposit-payment: the customer business's (pay-invoice) deposit and form for its incoming estimate. */
    optionsForBusiness: (scope: BusinessScope, estimateId: string) => optionsOf(scope.tenantId, estimateId, { kind: 'business', scope }),
    /** POST /public/estimates/{token}/deposit-payment: a guest with the estimate's public link. */
    startForLink: async (tenantId: string, token: string, input: DepositPaymentRequest, meta: RequestMeta) => start(tenantId, await deps.publicEstimateId(tenantId, token), { kind: 'guest' }, input, meta),
    /** POST /estimates/{id}/deposit-payment: the customer business the estimate is addressed to (pay-invoice). */
    startForBusiness: (scope: BusinessScope, estimateId: string, input: DepositPaymentRequest, meta: RequestMeta) => start(scope.tenantId, estimateId, { kind: 'business', scope }, input, meta),
    /** POST /public/estimates/{token}/bank-link-token: Link for a guest paying the deposit from a linked bank. */
    linkTokenForLink: async (tenantId: string, token: string, clientName: string) => linkToken(tenantId, await deps.publicEstimateId(tenantId, token), { kind: 'guest' }, clientName),
    /** POST /estimates/{id}/bank-link-token: the same for the customer business the estimate is addressed to (pay-invoice). */
    linkTokenForBusiness: (scope: BusinessScope, estimateId: string, clientName: string) => linkToken(scope.tenantId, estimateId, { kind: 'business', scope }, clientName),

    /**
     * Books a verified, matching deposit payment on its locked estimate, in the inbox's
     * transaction. Money the estimate can no longer take (converted, voided or rejected meanwhile, or more
     * than its total with what was paid) is refused, and the caller refunds it in full.
     */
    async bookInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, row: repo.OnlineIntentRow, estimate: DepositEstimateRow): Promise<{ paymentId: string } | { refused: string; refund: boolean }> {
      if (estimate.convertedInvoiceId) return { refused: messages.estimateAlreadyConverted, refund: true };
      if (estimate.status === 'void' || estimate.status === 'rejected') return { refused: estimateDepositMessages.notApproved, refund: true };
      const { paid } = await deps.payments.deposits.paidOf(tx, scope.tenantId, estimate.id);
      if (paid + row.amount > estimate.total) return { refused: estimateDepositMessages.aboveTotal, refund: true };
      const booked = await deps.payments.deposits.record(tx, actor, scope, {
        estimate: { id: estimate.id, customerId: estimate.customerId, customerBusinessId: estimate.customerBusinessId, currencyId: estimate.currencyId },
        amount: row.amount,
        paymentDate: app.clock.now().toISOString().slice(0, 10),
        providerPaymentId: row.providerIntentId,
        method: row.method,
      });
      return 'refused' in booked ? { refused: booked.refused, refund: false } : booked;
    },
  };
}

export type DepositPayments = ReturnType<typeof createDepositPayments>;
