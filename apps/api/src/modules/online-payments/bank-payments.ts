import { onlinePaymentMessages } from '@app/contracts';
import { formatMoney } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { MailDraft } from '../../platform/outbox';
import type { PaymentProvider, ProviderPaymentAttempt } from '../../platform/providers/payment-provider';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';
import { type PaidInvoiceRow, lockPaidInvoices, writePaymentProcessing } from '../invoices/invoice-payments';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { lockSubjectThenIntent } from './intent-lock';
import * as repo from './online-payments.repository';
import { historyOf } from './payment-attempts';

/**
 * Bank payments (US bank account debits through PaymentIntents, issue 17): a confirmed debit is
 * `processing` for days, then succeeds (booked like a card, in online-payments.service.ts) or is
 * returned by the payer's bank (R01 and friends). While it is processing the invoice carries the
 * mark the views show as "Processing"; what was paid and what is due change only on success. A
 * return books nothing, clears the mark, leaves the intent payable again and tells the vendor.
 */

const systemActor = (row: repo.OnlineIntentRow): AuditActor => ({ tenantId: row.tenantId, userId: null, businessId: row.businessId, ip: null });

/** Whether the provider's intent is still the debit we stored: same destination, amount and currency. */
function sameDebit(row: repo.OnlineIntentRow, attempt: ProviderPaymentAttempt): boolean {
  return attempt.id === row.providerIntentId && attempt.destinationAccountId === row.destinationAccountId && attempt.amount === row.amount && attempt.currency === row.currency;
}

/** To the vendor's owner: the debit was returned, nothing was booked, the invoice is payable again. No link: the owner signs in as usual. */
function failedMail(to: { name: string; email: string }, invoice: PaidInvoiceRow, amount: number, reason: string | null): MailDraft {
  const money = formatMoney(amount, moneyFormatOf(invoice.currencyId));
  const text = [
    `Dear ${to.name},`,
    '',
    `The bank payment of ${money} on your invoice ${invoice.invoiceNumber} was returned by the payer's bank.`,
    ...(reason ? ['', `The bank's reason: ${reason}`] : []),
    '',
    `${onlinePaymentMessages.bankPaymentFailed} Nothing was booked on the invoice: ${formatMoney(invoice.dueAmount, moneyFormatOf(invoice.currencyId))} is due, and your customer can pay it again.`,
  ].join('\n');
  return { to: to.email, subject: `Bank payment of ${money} on invoice ${invoice.invoiceNumber} failed`.slice(0, 255), text, secrets: [] };
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
      await recordAudit(tx, systemActor(row), {
        ...historyOf(row),
        action: 'updated',
        after: { event: 'online_payment_processing', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, amount: row.amount, method: row.method },
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
      const { row, invoice } = locked;
      const current = await provider.retrievePaymentAttempt(told.id);
      if (current.status === 'processing' || current.status === 'succeeded') return;
      const reason = told.lastErrorMessage ?? onlinePaymentMessages.bankPaymentFailed;
      // The same failure told again (a redelivery, or the provider's replay under a new event id): it was recorded and mailed once.
      if (row.lastError !== null && row.status === current.status && row.lastError === reason) return;
      await repo.updateIntent(tx, event.tenantId, row.id, { status: current.status, lastError: reason });
      if (invoice) await writePaymentProcessing(tx, invoice, null);
      if (event.type !== 'payment_intent.payment_failed') return;
      await recordAudit(tx, systemActor(row), {
        ...historyOf(row),
        action: 'updated',
        after: { event: 'online_payment_failed', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, amount: row.amount, method: row.method, reason },
      });
      // Auto pay's own debit: its failure mails (vendor and customer, once) say it all.
      if (await outcomes?.returnedInTx(tx, event.tenantId, row.providerIntentId, reason)) return;
      // The mail names an invoice; a returned deposit is in the estimate's history and its deposit is payable again.
      const owner = invoice ? await repo.ownerMailbox(tx, event.tenantId, row.businessId) : null;
      if (invoice && owner?.email) await app.outbox.write(tx, event.tenantId, failedMail({ name: owner.name, email: owner.email }, invoice, row.amount, told.lastErrorMessage));
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
