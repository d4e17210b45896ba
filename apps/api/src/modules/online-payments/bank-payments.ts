import { onlinePaymentMessages } from '@app/contracts';
import { formatMoney } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { recordAudit, systemActor } from '../../platform/audit';
import type { MailDraft } from '../../platform/outbox';
import type { DepositEstimateRow } from '../estimates/estimate-deposits';
import { AMENDABLE_PAYMENT_STATUSES, type PaymentProvider, type ProviderPaymentAttempt } from '../../platform/providers/payment-provider';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';
import { templatedMail } from '../email-templates/email-templates.port';
import { type PaidInvoiceRow, lockPaidInvoices, writePaymentProcessing } from '../invoices/invoice-payments';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { lockSubjectThenIntent } from './intent-lock';
import { recordPaymentFailed } from './online-payment-events';
import * as repo from './online-payments.repository';
import { historyOf } from './payment-attempts';

/**
 * Bank payments (US bank account debits through PaymentIntents, issue 17): a confirmed debit is
 * `processing` for days, then succeeds (booked like a card, in online-payments.service.ts) or is
 * returned by the payer's bank (R01 and friends). While it is processing the invoice carries the
 * mark the views show as "Processing"; what was paid and what is due change only on success. A
 * return books nothing, clears the mark, leaves the intent payable again and tells the vendor.
 */

/** Whether the provider's intent is still the debit we stored: same destination, amount and currency. */
function sameDebit(row: repo.OnlineIntentRow, attempt: ProviderPaymentAttempt): boolean {
  return attempt.id === row.providerIntentId && attempt.destinationAccountId === row.destinationAccountId && attempt.amount === row.amount && attempt.currency === row.currency;
}

/** What a returned debit paid, for its mail: an invoice (what is due again is named) or an estimate's deposit. */
type ReturnedSubject = { kind: 'invoice'; invoice: PaidInvoiceRow } | { kind: 'estimate'; estimate: DepositEstimateRow };

/** To the vendor's owner: the debit was returned, nothing was booked, what it paid can be paid again. No link: the owner signs in as usual. */
function failedMail(tx: Tx, tenantId: string, to: { name: string; email: string }, subject: ReturnedSubject, amount: number, reason: string | null): Promise<MailDraft> {
  const format = moneyFormatOf(subject.kind === 'invoice' ? subject.invoice.currencyId : subject.estimate.currencyId);
  return templatedMail(tx, tenantId, 'bank_payment_failed', {
    to: to.email,
    variables: {
      business_name: to.name,
      amount: formatMoney(amount, format),
      deposit: subject.kind === 'estimate',
      document_number: subject.kind === 'invoice' ? subject.invoice.invoiceNumber : subject.estimate.estimateNumber,
      amount_due: subject.kind === 'invoice' ? formatMoney(subject.invoice.dueAmount, format) : null,
      // An empty text is true in Liquid's `if`: no reason is null.
      reason: reason === '' ? null : reason,
    },
    secrets: [],
  });
}

/**
 * What auto pay (saved-methods) does when one of its off-session debits settles or is returned,
 * in the event's transaction; passed in where the app is built, as this module may not reach it.
 */
export type BankDebitOutcomes = {
  settledInTx(tx: Tx, tenantId: string, providerIntentId: string): Promise<void>;
  /** True when the debit was auto pay's: auto pay tells the vendor and the customer of its failure, once. */
  returnedInTx(tx: Tx, tenantId: string, providerIntentId: string, reason: string): Promise<boolean>;
};

export function createBankPaymentEvents(app: AppContext, outcomes: BankDebitOutcomes | null) {
  return {
    /**
     * `payment_intent.processing`: the invoice shows the debit as processing. Deliveries come in
     * any order, so the provider's intent as it stands now decides: an event that arrives after the
     * debit settled or was returned changes nothing.
     */
    async applyProcessing(tx: Tx, event: InboxEvent, provider: PaymentProvider, told: ProviderPaymentAttempt): Promise<void> {
      const locked = await lockSubjectThenIntent(tx, event.tenantId, told.id);
      if (!locked || locked.row.paymentId || locked.row.status === 'succeeded' || locked.row.status === 'canceled') return;
      const { row, invoice } = locked;
      const current = await provider.retrievePaymentAttempt(told.id);
      if (current.status !== 'processing' || !sameDebit(row, current)) return;
      // A deposit's processing is read from its intent's status; an invoice carries the mark its lists show.
      await repo.updateIntent(tx, event.tenantId, row.id, { status: 'processing', lastError: null });
      if (invoice) await writePaymentProcessing(tx, invoice, { amount: row.amount, method: row.method });
      await recordAudit(tx, systemActor(row.tenantId, row.businessId), {
        ...historyOf(row),
        action: 'updated',
        after: { event: 'online_payment_processing', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, amount: row.amount, method: row.method },
      });
    },

    /**
     * `payment_intent.requires_action` of a bank payment: the account was typed by hand and the
     * provider wants it proved with microdeposits before it debits it. The attempt is kept as
     * awaiting verification (the pay page asks for the code, even on a later visit); nothing is
     * marked processing and nothing is due less. The provider's intent as it stands now decides, as
     * events come in any order.
     */
    async applyAwaitingVerification(tx: Tx, event: InboxEvent, provider: PaymentProvider, told: ProviderPaymentAttempt): Promise<void> {
      const locked = await lockSubjectThenIntent(tx, event.tenantId, told.id);
      if (!locked || locked.row.method !== 'us_bank_account' || locked.row.paymentId || !AMENDABLE_PAYMENT_STATUSES.includes(locked.row.status)) return;
      const { row } = locked;
      const current = await provider.retrievePaymentAttempt(told.id);
      if (current.status !== 'requires_action' || !sameDebit(row, current)) return;
      await repo.updateIntent(tx, event.tenantId, row.id, { status: 'requires_action', lastError: null });
      await recordAudit(tx, systemActor(row.tenantId, row.businessId), {
        ...historyOf(row),
        action: 'updated',
        after: { event: 'online_payment_awaiting_verification', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, amount: row.amount, method: row.method },
      });
    },

    /**
     * `payment_intent.payment_failed` (a returned debit) and `.canceled` of a bank payment: the mark
     * is cleared and the intent takes a new confirmation; nothing was booked, so nothing is undone. A
     * return is written in the invoice's history and mailed to the vendor's owner, through the
     * outbox in this transaction. A stale event (the payer confirmed again since) changes nothing.
     */
    async applyFailed(tx: Tx, event: InboxEvent, provider: PaymentProvider, told: ProviderPaymentAttempt): Promise<void> {
      const locked = await lockSubjectThenIntent(tx, event.tenantId, told.id);
      if (!locked || locked.row.paymentId || locked.row.status === 'succeeded') return;
      const { row, invoice, estimate } = locked;
      const current = await provider.retrievePaymentAttempt(told.id);
      if (current.status === 'processing' || current.status === 'succeeded') return;
      const reason = told.lastErrorMessage ?? onlinePaymentMessages.bankPaymentFailed;
      // The same failure told again (a redelivery, or the provider's replay under a new event id): it was recorded and mailed once.
      if (row.lastError !== null && row.status === current.status && row.lastError === reason) return;
      await repo.updateIntent(tx, event.tenantId, row.id, { status: current.status, lastError: reason });
      if (invoice) await writePaymentProcessing(tx, invoice, null);
      if (event.type !== 'payment_intent.payment_failed') return;
      // The payer never proved the account (too many wrong microdeposit codes): nothing was debited, so there is no return to tell the vendor of.
      const unverified = row.status === 'requires_action';
      await recordPaymentFailed(tx, app.webhookEvents, locked, reason, app.clock.now().toISOString().slice(0, 10));
      await recordAudit(tx, systemActor(row.tenantId, row.businessId), {
        ...historyOf(row),
        action: 'updated',
        after: { event: unverified ? 'online_payment_verification_failed' : 'online_payment_failed', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, amount: row.amount, method: row.method, reason },
      });
      if (unverified) return;
      // Auto pay's own debit: its failure mails (vendor and customer, once) say it all.
      if (await outcomes?.returnedInTx(tx, event.tenantId, row.providerIntentId, reason)) return;
      const owner = await repo.ownerMailbox(tx, event.tenantId, row.businessId);
      if (!owner.email) return;
      const subject: ReturnedSubject = invoice ? { kind: 'invoice', invoice } : { kind: 'estimate', estimate };
      await app.outbox.write(tx, event.tenantId, await failedMail(tx, event.tenantId, { name: owner.name, email: owner.email }, subject, row.amount, told.lastErrorMessage));
    },

    /** After `payment_intent.succeeded` was booked (or refused and refunded): the invoice no longer shows it as processing. */
    async settledInTx(tx: Tx, row: repo.OnlineIntentRow): Promise<void> {
      if (!row.invoiceId) return;
      const invoice = (await lockPaidInvoices(tx, row.tenantId, [row.invoiceId])).get(row.invoiceId);
      if (invoice) await writePaymentProcessing(tx, invoice, null);
    },

    /** A bank debit booked: auto pay's try, if it was one, is charged. */
    async bookedInTx(tx: Tx, row: repo.OnlineIntentRow): Promise<void> {
      if (row.method === 'us_bank_account') await outcomes?.settledInTx(tx, row.tenantId, row.providerIntentId);
    },
  };
}
