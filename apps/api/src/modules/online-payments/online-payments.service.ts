import { type CardPayment, type CardPaymentOptions, type CardPaymentRequest, type InAppPayment, type OnlinePaymentMethod, cardPaymentRequestSchema, currencyById, messages, onlinePaymentMessages, satisfies } from '@app/contracts';
import { settlePayment } from '@app/domain';
import type { Tx } from '../../db/client';
import { inSavepoint, inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { AMENDABLE_PAYMENT_STATUSES, type PaymentProvider, type ProviderPaymentAttempt } from '../../platform/providers/payment-provider';
import { findMembership } from '../auth/auth.port';
import { type PaidInvoiceRow, lockPaidInvoices, payableInvoice, writePaymentProcessing } from '../invoices/invoice-payments';
import type { FinancingService } from '../financing/financing.service';
import type { PaymentService } from '../payments/payments.service';
import { settledOrFail } from '../payments/payment-rules';
import type { PayoutService } from '../payouts/payouts.service';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { type OnlinePaymentRules, onlinePaymentRules, paymentProviderSettings } from '../tenants/tenants.service';
import { providerScriptUrls } from '../../platform/providers/provider-scripts';
import { type BankDebitOutcomes, createBankPaymentEvents } from './bank-payments';
import { type DepositPaymentDeps, createDepositPayments } from './deposit-payments';
import { lockSubjectThenIntent } from './intent-lock';
import { recordPaymentFailed } from './online-payment-events';
import { createLinkedBankPayments } from './linked-bank-payments';
import * as repo from './online-payments.repository';
import { type AttemptSubject, type Charge, type SavedMethodRef, bankVerificationOf, cancelled, chargeOf, intentFor, mismatchOf, payFormOptions, recordIgnored } from './payment-attempts';

/** What the online-payments service needs of other modules, passed in where the app is built. */
export type OnlinePaymentDeps = Omit<DepositPaymentDeps, 'payments'> & {
  payments: Pick<PaymentService, 'recordOnlineInTx' | 'deposits'>;
  payouts: Pick<PayoutService, 'chargeableAccountInTx'>;
  /** The lender's share of a payment on a factored invoice, kept by the platform with its fee. */
  financing: Pick<FinancingService, 'lenderShareInTx'>;
  /** The invoice a public link opens (the link proved access). */
  publicInvoiceId(tenantId: string, token: string): Promise<string>;
  /**
   * Writes the payment's receipt mail to the outbox in the caller's transaction, its PDF named for
   * the outbox to render when it sends the mail: the booking holds the business's number lock.
   */
  sendReceiptInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, paymentId: string, origin: string): Promise<unknown>;
  /** Auto pay's part in a bank debit's outcome, where the app handles provider events. */
  debitOutcomes?: BankDebitOutcomes;
  /** One of the business's own saved methods (the saved-methods module), or null when it has none by that id. */
  savedMethodInTx(tx: Tx, scope: BusinessScope, id: string): Promise<{ providerCustomerId: string; providerMethodId: string; type: OnlinePaymentMethod } | null>;
};

/** Who is paying: a guest through the invoice's public link, or the customer business the invoice is addressed to. */
type Payer = { kind: 'guest' } | { kind: 'business'; scope: BusinessScope };
/** The signed-in user who opened a public link (from the session cookie), or null for a guest. */
export type Viewer = { userId: string } | null;

/**
 * Paying an invoice online by card (issue 17; ARCHITECTURE section 13). One open PaymentIntent per
 * invoice, made with the business's payout account as destination and the tenant's platform fee,
 * kept equal to what is being paid while it can still change. The invoice becomes paid only in the
 * inbox's transaction, from a verified `payment_intent.succeeded` whose intent, destination,
 * amount received and currency match the stored intent, and match again when the intent is read
 * back from the provider; the browser's word counts for nothing.
 */
export function createOnlinePaymentService(app: AppContext, deps: OnlinePaymentDeps) {
  const bank = createBankPaymentEvents(app, deps.debitOutcomes ?? null);
  const linkedBank = createLinkedBankPayments(app);

  /** An invoice as what a payment attempt pays; a bank debit found processing marks it. */
  const invoiceSubject = (tx: Tx, invoice: PaidInvoiceRow): AttemptSubject => ({
    kind: 'invoice',
    id: invoice.id,
    tenantId: invoice.tenantId,
    businessId: invoice.businessId,
    description: `Invoice ${invoice.invoiceNumber}`,
    onProcessing: (open) => writePaymentProcessing(tx, invoice, { amount: open.amount, method: open.method }),
  });

  /**
   * The charge of an attempt on an invoice, every way it is paid (card, bank, linked bank, auto
   * pay): on a factored invoice the application fee also keeps the lender's share of the amount
   * (docs/design-notes.md, "Factoring on the ledger"), since a destination charge would otherwise
   * send the business money the waterfall books as the lender's.
   */
  async function invoiceChargeInTx(tx: Tx, invoice: PaidInvoiceRow, amount: number, rules: OnlinePaymentRules, destination: string, origin: string, method: OnlinePaymentMethod | undefined, saved: SavedMethodRef | null = null): Promise<Charge> {
    const lenderShare = await deps.financing.lenderShareInTx(tx, invoice.tenantId, invoice.id, amount);
    return chargeOf(amount, rules, lenderShare, invoice.currencyId, destination, origin, method, saved);
  }

  /** A saved method pays only for the business that saved it: a guest, or another business's id, is refused as one unknown. */
  async function savedMethodOf(tx: Tx, payer: Payer, id: string) {
    const saved = payer.kind === 'business' ? await deps.savedMethodInTx(tx, payer.scope, id) : null;
    if (!saved) throw AppError.validation('saved_method_id', onlinePaymentMessages.savedMethodInvalid);
    return saved;
  }

  function providerOf(settings: NonNullable<Awaited<ReturnType<typeof paymentProviderSettings>>>): PaymentProvider {
    return app.paymentProviders(settings.credentials);
  }
  const deposits = createDepositPayments(app, deps, providerOf, linkedBank);

  /** The tenant's provider and the payment attempt a verified event tells of; null when the tenant has no provider or the object is not an attempt. */
  async function toldOf(tx: Tx, event: InboxEvent): Promise<{ provider: PaymentProvider; told: ProviderPaymentAttempt } | null> {
    const settings = await paymentProviderSettings(app, event.tenantId, tx);
    if (!settings) return null;
    const provider = providerOf(settings);
    const told = provider.paymentAttemptOf(event.object);
    return told ? { provider, told } : null;
  }

  /** The invoice, locked: concurrent starts on one invoice take turns, so it never has two open intents. */
  async function lockInvoice(tx: Tx, tenantId: string, invoiceId: string, payer: Payer): Promise<PaidInvoiceRow> {
    const invoice = (await lockPaidInvoices(tx, tenantId, [invoiceId])).get(invoiceId);
    if (!invoice) throw AppError.notFound();
    if (payer.kind === 'business' && (invoice.customerBusinessId !== payer.scope.businessId || invoice.status === 'draft')) throw AppError.notFound();
    return invoice;
  }

  async function start(tenantId: string, invoiceId: string, payer: Payer, input: CardPaymentRequest, meta: RequestMeta): Promise<CardPayment> {
    const request = cardPaymentRequestSchema.parse(input);
    // Read before the transaction (the embedded database has one connection); judged after the invoice, so an unknown invoice is a 404 whatever the settings.
    const settings = await paymentProviderSettings(app, tenantId);
    const rules = await onlinePaymentRules(app.db, tenantId);
    const bankLink = request.bank_link ? await linkedBank.bankLinkOf(tenantId) : null;
    const started = await inTenant(app.db, tenantId, async (tx) => {
      const invoice = await lockInvoice(tx, tenantId, invoiceId, payer);
      const destination = await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: invoice.businessId });
      if (!settings || !destination) throw AppError.conflict(onlinePaymentMessages.notSetUp);
      if (request.bank_link && !bankLink) throw AppError.conflict(onlinePaymentMessages.bankLinkNotSetUp);
      const provider = providerOf(settings);
      const amount = request.amount ?? invoice.total - invoice.amountPaid;
      settledOrFail(settlePayment(payableInvoice(invoice, invoice.amountPaid), amount, { partialPayments: rules.partialPayments }), invoice.currencyId);
      const saved = request.saved_method_id ? await savedMethodOf(tx, payer, request.saved_method_id) : null;
      const charge = {
        ...(await invoiceChargeInTx(tx, invoice, amount, rules, destination, meta.origin, saved?.type ?? request.method, saved && { customerId: saved.providerCustomerId, paymentMethodId: saved.providerMethodId })),
        serverConfirmed: request.bank_link !== undefined,
      };
      const intent = await intentFor(tx, provider, invoiceSubject(tx, invoice), charge);
      if (!intent.clientSecret) throw new Error(`The provider gave no client secret for ${intent.id}`);
      const attempt = (await repo.findByProviderIntentId(tx, tenantId, intent.id))?.attempt ?? 0;
      return { provider, intent, attempt, clientSecret: intent.clientSecret, method: charge.method, publishableKey: settings.publishableKey };
    });
    // A linked bank is debited by the server after the attempt is stored, outside the invoice's lock: the bank-link and payment providers answer in seconds.
    return linkedBank.answer(tenantId, { kind: 'invoice', id: invoiceId }, started, request.bank_link && bankLink ? { bankLink, account: request.bank_link } : null, meta);
  }


  /**
   * Whether the invoice's page offers a Pay button (the business's payout account takes charges),
   * the amount rules of its form, and, for a signed-in viewer of the public link, whether they may
   * pay in the app instead. `payer` is checked as in `start`, so a foreign invoice is a 404 here too.
   */
  async function options(tenantId: string, invoiceId: string, payer: Payer, viewer: Viewer): Promise<CardPaymentOptions> {
    const settings = await paymentProviderSettings(app, tenantId);
    const rules = await onlinePaymentRules(app.db, tenantId);
    const found = await inTenant(app.db, tenantId, async (tx) => {
      const invoice = await lockInvoice(tx, tenantId, invoiceId, payer);
      const chargeable = settings !== null && (await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: invoice.businessId })) !== null;
      return {
        invoice,
        chargeable,
        inApp: viewer && invoice.customerBusinessId ? await inAppFor(tx, tenantId, viewer, invoice.customerBusinessId, invoice.id) : null,
        bankVerification: await bankVerificationOf(tx, tenantId, { kind: 'invoice', id: invoice.id }),
      };
    });
    return payFormOptions({
      available: found.chargeable,
      publishableKey: settings?.publishableKey ?? null,
      scripts: providerScriptUrls(app.env),
      partialPayments: rules.partialPayments,
      currencyId: found.invoice.currencyId,
      inApp: found.inApp,
      bankLinkAvailable: found.chargeable && (await linkedBank.available(tenantId)),
      bankVerification: found.bankVerification,
    });
  }

  /** A link token only for an invoice the payer may pay online now (404 for a foreign one, 409 when online payments are off). */
  async function payableByLink(tenantId: string, invoiceId: string, payer: Payer): Promise<void> {
    const found = await options(tenantId, invoiceId, payer, null);
    if (!found.available) throw AppError.conflict(onlinePaymentMessages.notSetUp);
  }

  /** The share-link access choice: only a member of the customer business who may pay invoices learns anything. */
  async function inAppFor(tx: Tx, tenantId: string, viewer: NonNullable<Viewer>, customerBusinessId: string, invoiceId: string): Promise<InAppPayment | null> {
    const membership = await findMembership(tx, tenantId, viewer.userId, customerBusinessId);
    if (!membership || !satisfies(membership.abilities, 'pay-invoice')) return null;
    return { business_id: customerBusinessId, business_name: membership.business.name, invoice_id: invoiceId };
  }

  return {
    /** Deposits on estimates: their pay form, their start, and what the estimates module needs of their intents (deposit-payments.ts). */
    deposits: {
      optionsForLink: deposits.optionsForLink,
      optionsForBusiness: deposits.optionsForBusiness,
      startForLink: deposits.startForLink,
      startForBusiness: deposits.startForBusiness,
      linkTokenForLink: deposits.linkTokenForLink,
      linkTokenForBusiness: deposits.linkTokenForBusiness,
    },
    depositIntents: deposits.intents,

    /** GET /public/invoices/{token}/card-payment: the public page's Pay button; `viewer` is the signed-in user of the request, if any. */
    async optionsForLink(tenantId: string, token: string, viewer: Viewer): Promise<CardPaymentOptions> {
      return options(tenantId, await deps.publicInvoiceId(tenantId, token), { kind: 'guest' }, viewer);
    },

    /** GET /invoices/{id}/card-payment: the customer business's pay form for its incoming invoice (pay-invoice). */
    async optionsForBusiness(scope: BusinessScope, invoiceId: string): Promise<CardPaymentOptions> {
      return options(scope.tenantId, invoiceId, { kind: 'business', scope }, null);
    },

    /** POST /public/invoices/{token}/card-payment: a guest with the invoice's public link. */
    async startForLink(tenantId: string, token: string, input: CardPaymentRequest, meta: RequestMeta): Promise<CardPayment> {
      return start(tenantId, await deps.publicInvoiceId(tenantId, token), { kind: 'guest' }, input, meta);
    },

    /** POST /public/invoices/{token}/bank-link-token: Link for a guest paying the invoice from a linked bank. */
    async linkTokenForLink(tenantId: string, token: string, clientName: string): Promise<{ link_token: string; expiration: string }> {
      const invoiceId = await deps.publicInvoiceId(tenantId, token);
      await payableByLink(tenantId, invoiceId, { kind: 'guest' });
      return linkedBank.linkToken(tenantId, { kind: 'invoice', id: invoiceId }, clientName);
    },

    /** POST /invoices/{id}/bank-link-token: the same for the customer business the invoice is addressed to (pay-invoice). */
    async linkTokenForBusiness(scope: BusinessScope, invoiceId: string, clientName: string): Promise<{ link_token: string; expiration: string }> {
      await payableByLink(scope.tenantId, invoiceId, { kind: 'business', scope });
      return linkedBank.linkToken(scope.tenantId, { kind: 'invoice', id: invoiceId }, clientName);
    },

    /** POST /invoices/{id}/card-payment: the customer business an invoice is addressed to (pay-invoice). */
    async startForBusiness(scope: BusinessScope, invoiceId: string, input: CardPaymentRequest, meta: RequestMeta): Promise<CardPayment> {
      return start(scope.tenantId, invoiceId, { kind: 'business', scope }, input, meta);
    },

    /**
     * `payment_intent.succeeded`, in the inbox's transaction with the event row locked: books the
     * payment (through the payments service: the payment row, the invoice's amounts and paid
     * status, the audit entries), then writes the receipt mail to the outbox, all committing with
     * the event's `processed` mark. The intent is read back from the provider first (research
     * "Do instead" #4): a signed event whose body does not match the provider's current intent, or
     * ours, books nothing and is noted in the invoice's audit history.
     */
    async applySucceeded(tx: Tx, event: InboxEvent): Promise<void> {
      const found = await toldOf(tx, event);
      if (!found) return;
      const { provider, told } = found;
      const locked = await lockSubjectThenIntent(tx, event.tenantId, told.id);
      // Not an intent we made, or one already booked (a replay, a duplicate): nothing to do.
      if (!locked || locked.row.paymentId) return;
      const { row } = locked;
      const eventMismatch = mismatchOf(row, told);
      if (eventMismatch) return recordIgnored(tx, row, event, `The event tells of ${eventMismatch}.`);
      const current = await provider.retrievePaymentAttempt(told.id);
      const providerMismatch = mismatchOf(row, current);
      if (providerMismatch) return recordIgnored(tx, row, event, `The provider's payment has ${providerMismatch}.`);
      const scope = { tenantId: event.tenantId, businessId: row.businessId };
      const actor: AuditActor = { ...scope, userId: null, ip: null };
      const booked = locked.estimate
        ? await deposits.bookInTx(tx, actor, scope, row, locked.estimate)
        : await deps.payments.recordOnlineInTx(tx, actor, scope, {
            invoiceId: locked.invoice.id,
            amount: row.amount,
            paymentDate: app.clock.now().toISOString().slice(0, 10),
            providerPaymentId: row.providerIntentId,
            method: row.method,
          });
      await bank.settledInTx(tx, row);
      if ('refused' in booked) {
        await repo.updateIntent(tx, event.tenantId, row.id, { status: 'succeeded', lastError: booked.refused });
        if (!booked.refund) return recordIgnored(tx, row, event, booked.refused);
        // Money the invoice cannot take (paid or voided meanwhile) goes back to the payer whole; the key makes a redelivery refund nothing more.
        const refund = await provider.refundPaymentAttempt(row.providerIntentId, null, `refund:${row.providerIntentId}:unbookable`);
        return recordIgnored(tx, row, event, `${booked.refused} Refunded in full (${refund.id}).`);
      }
      await repo.updateIntent(tx, event.tenantId, row.id, { status: 'succeeded', paymentId: booked.paymentId, lastError: null });
      await bank.bookedInTx(tx, row);
      try {
        // A savepoint: a receipt that cannot be sent (the customer has no address) leaves the payment booked.
        await inSavepoint(tx, (savepoint) => deps.sendReceiptInTx(savepoint, actor, scope, booked.paymentId, row.origin));
      } catch (error) {
        const reason = error instanceof AppError ? error.message : messages.somethingWentWrong;
        await recordAudit(tx, actor, { model: 'payment', modelId: booked.paymentId, action: 'updated', after: { event: 'receipt_not_sent', reason } });
      }
    },

    /**
     * Auto pay's first step (issue 17 item 5), in the caller's transaction: an off-session attempt
     * of a saved method for all that is due, to the business's payout account with the platform's
     * fee, stored before it is confirmed (so its `payment_intent.succeeded` always finds it). The
     * invoice's open intent, if no payer confirmed it, is canceled first: one open intent per
     * invoice. `tryNumber` keys the provider call, so a repeated step makes nothing new; `origin`
     * (read before the transaction) is where the receipt's link points.
     */
    async prepareOffSessionInTx(tx: Tx, tenantId: string, invoiceId: string, saved: { providerCustomerId: string; providerMethodId: string; type: OnlinePaymentMethod }, tryNumber: number, origin: string): Promise<{ intentId: string; amount: number } | { skipped: string }> {
      const settings = await paymentProviderSettings(app, tenantId, tx);
      const rules = await onlinePaymentRules(tx, tenantId);
      const invoice = (await lockPaidInvoices(tx, tenantId, [invoiceId])).get(invoiceId);
      if (!invoice) return { skipped: messages.notFound };
      const due = invoice.total - invoice.amountPaid;
      if (due <= 0) return { skipped: messages.paymentExceedsDue };
      const destination = await deps.payouts.chargeableAccountInTx(tx, { tenantId, businessId: invoice.businessId });
      const currency = currencyById(invoice.currencyId);
      if (!settings || !destination || !currency) return { skipped: onlinePaymentMessages.notSetUp };
      const provider = providerOf(settings);
      const open = await repo.findOpenIntent(tx, tenantId, { kind: 'invoice', id: invoice.id });
      if (open) {
        // A payer's bank debit on its way is never canceled for auto pay.
        if (open.status === 'processing') return { skipped: onlinePaymentMessages.inProgress };
        const ended = await cancelled(provider, { kind: 'invoice', id: invoice.id }, open);
        await repo.updateIntent(tx, tenantId, open.id, { status: ended.status });
        if (ended.status !== 'canceled') return { skipped: onlinePaymentMessages.inProgress };
      }
      const attempt = (await repo.lastAttempt(tx, tenantId, { kind: 'invoice', id: invoice.id })) + 1;
      const charge = await invoiceChargeInTx(tx, invoice, due, rules, destination, origin, saved.type);
      const intentId = await provider.createOffSessionAttempt(
        {
          amount: charge.amount,
          currency: charge.currency,
          applicationFee: charge.fee,
          customerId: saved.providerCustomerId,
          paymentMethodId: saved.providerMethodId,
          destinationAccountId: destination,
          description: `Invoice ${invoice.invoiceNumber} (auto pay)`,
          metadata: { tenant_id: tenantId, business_id: invoice.businessId, invoice_id: invoice.id, attempt: String(attempt), auto_pay_try: String(tryNumber) },
        },
        `autopay:${invoice.id}:${tryNumber}`,
      );
      await repo.insertIntent(tx, { tenantId, id: newId(), businessId: invoice.businessId, invoiceId: invoice.id, attempt, providerIntentId: intentId, amount: charge.amount, currency: charge.currency, destinationAccountId: destination, applicationFee: charge.fee, method: saved.type, status: 'requires_confirmation', origin });
      return { intentId, amount: charge.amount };
    },

    /**
     * Auto pay's second step, after the first committed: confirms the attempt with the payer absent.
     * A refusal cancels it at the provider (one open intent per invoice) and keeps the provider's
     * words on it. The invoice is paid, as always, only from the verified webhook.
     */
    async confirmOffSession(tenantId: string, intentId: string, tryNumber: number): Promise<{ charged: true; processing: boolean } | { refused: string; declineCode: string | null }> {
      const settings = await paymentProviderSettings(app, tenantId);
      if (!settings) return { refused: onlinePaymentMessages.notSetUp, declineCode: null };
      const provider = providerOf(settings);
      const answer = await provider.confirmOffSessionAttempt(intentId, `autopay:${intentId}:${tryNumber}:confirm`);
      // A bank debit is accepted `processing`: its verified event settles it or returns it days later.
      if ('charged' in answer) return { charged: true, processing: answer.charged === 'processing' };
      const current = await provider.retrievePaymentAttempt(intentId);
      const ended = AMENDABLE_PAYMENT_STATUSES.includes(current.status) ? await provider.cancelPaymentAttempt(intentId, `autopay:${intentId}:${tryNumber}:cancel`) : current;
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.lockByProviderIntentId(tx, tenantId, intentId);
        if (row && !row.paymentId) await repo.updateIntent(tx, tenantId, row.id, { status: ended.status, lastError: answer.refused });
      });
      return answer;
    },

    /** `payment_intent.processing`: a bank debit on its way (bank-payments.ts). */
    async applyProcessing(tx: Tx, event: InboxEvent): Promise<void> {
      const found = await toldOf(tx, event);
      if (found) await bank.applyProcessing(tx, event, found.provider, found.told);
    },

    /** `payment_intent.requires_action` of a bank payment: the account typed by hand awaits microdeposits (bank-payments.ts). */
    async applyRequiresAction(tx: Tx, event: InboxEvent): Promise<void> {
      const found = await toldOf(tx, event);
      if (found) await bank.applyAwaitingVerification(tx, event, found.provider, found.told);
    },

    /** `payment_intent.payment_failed` and `.canceled`: the stored intent's status and the provider's message; no money changes. A bank payment's go to bank-payments.ts. */
    async applyNotPaid(tx: Tx, event: InboxEvent): Promise<void> {
      const found = await toldOf(tx, event);
      if (!found) return;
      const { provider, told } = found;
      if ((await repo.findByProviderIntentId(tx, event.tenantId, told.id))?.method === 'us_bank_account') return bank.applyFailed(tx, event, provider, told);
      // The subject is locked before the intent, as every handler does: the event names the customer.
      const locked = await lockSubjectThenIntent(tx, event.tenantId, told.id);
      if (!locked || locked.row.paymentId || locked.row.status === 'succeeded') return;
      await repo.updateIntent(tx, event.tenantId, locked.row.id, { status: told.status === 'canceled' ? 'canceled' : told.status, lastError: told.lastErrorMessage });
      if (event.type === 'payment_intent.payment_failed') await recordPaymentFailed(tx, app.webhookEvents, locked, told.lastErrorMessage, app.clock.now().toISOString().slice(0, 10));
    },
  };
}

export type OnlinePaymentService = ReturnType<typeof createOnlinePaymentService>;
