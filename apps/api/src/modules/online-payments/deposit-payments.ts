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
import type { AppContext } from '../../platform/app-context';
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
import * as repo from './online-payments.repository';
import { type AttemptSubject, cancelled, chargeOf, intentFor, payFormOptions, providerCall } from './payment-attempts';

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
export function createDepositPayments(app: AppContext, deps: DepositPaymentDeps, providerOf: (settings: ProviderSettings) => PaymentProvider) {
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
    return inTenant(app.db, tenantId, async (tx) => {
      const row = await lockEstimate(tx, tenantId, estimateId, payer);
      const deposit = await deps.depositView(tx, row, rules.estimatePayments);
      if (!deposit.payable) return { deposit, options: null };
      const available = settings !== null && (await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: row.businessId })) !== null;
      // Deposits are paid by card or a bank account typed in; paying from a bank linked through Link is the invoices' for now.
      const options = payFormOptions({ available, publishableKey: settings?.publishableKey ?? null, scripts: providerScriptUrls(app.env), partialPayments: false, currencyId: row.currencyId, inApp: null, bankLinkAvailable: false });
      return { deposit, options };
    });
  }

  async function start(tenantId: string, estimateId: string, payer: Payer, input: DepositPaymentRequest, origin: string): Promise<CardPayment> {
    const request = depositPaymentRequestSchema.parse(input);
    // Read before the transaction (the embedded database has one connection); judged after the estimate, so an unknown one is a 404 whatever the settings.
    const settings = await paymentProviderSettings(app, tenantId);
    const rules = await onlinePaymentRules(app.db, tenantId);
    return inTenant(app.db, tenantId, async (tx) => {
      const row = await lockEstimate(tx, tenantId, estimateId, payer);
      const deposit = await deps.depositView(tx, row, rules.estimatePayments);
      const refusal = depositRefusal(row, rules.estimatePayments, deposit.paid_amount, deposit.processing_amount);
      if (refusal === estimateDepositMessages.inProgress) throw AppError.conflict(refusal);
      if (refusal) throw AppError.validation('deposit', refusal);
      const destination = await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: row.businessId });
      if (!settings || !destination) throw AppError.conflict(onlinePaymentMessages.notSetUp);
      // No loan stands on an estimate: a deposit's fee is the platform's alone.
      const charge = chargeOf(deposit.due_amount, rules, 0, row.currencyId, destination, origin, request.method);
      const intent = await intentFor(tx, providerOf(settings), estimateSubject(row), charge, estimateDepositMessages.inProgress);
      if (!intent.clientSecret) throw new Error(`The provider gave no client secret for ${intent.id}`);
      return { client_secret: intent.clientSecret, amount: intent.amount, currency: intent.currency, publishable_key: settings.publishableKey, method: charge.method, status: intent.status };
    });
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
    startForLink: async (tenantId: string, token: string, input: DepositPaymentRequest, origin: string) => start(tenantId, await deps.publicEstimateId(tenantId, token), { kind: 'guest' }, input, origin),
    /** POST /estimates/{id}/deposit-payment: the customer business the estimate is addressed to (pay-invoice). */
    startForBusiness: (scope: BusinessScope, estimateId: string, input: DepositPaymentRequest, origin: string) => start(scope.tenantId, estimateId, { kind: 'business', scope }, input, origin),

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
