import { type CardPayment, type LinkedBank, type OnlinePaymentMethod, onlinePaymentMessages } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { BankLinkProviderError, type BankLinkProvider } from '../../platform/providers/bank-link-provider';
import { type PaymentProvider, PaymentProviderError, type ProviderPaymentAttempt } from '../../platform/providers/payment-provider';
import { writePaymentProcessing } from '../invoices/invoice-payments';
import { bankLinkCredentials } from '../tenants/tenants.service';
import { lockSubjectThenIntent } from './intent-lock';
import * as repo from './online-payments.repository';
import { keyPrefix } from './payment-attempts';

/**
 * Paying from a bank account the payer linked through the bank-link provider (issue 17 item 1):
 * the browser opens Link with a link token made for this invoice (or estimate deposit), and hands
 * back Link's public token and the chosen account. The server exchanges it, asks for a processor
 * token for the payment provider, and confirms the subject's bank attempt itself with the payer's
 * online mandate (the request's address and browser). The account is verified by the bank-link provider, so no
 * microdeposits: the debit is `processing` at once and settles like a hand-entered one. The
 * item's access token is removed at once and never stored.
 */

/** A bank-link refusal (a forged or expired public token) or a payment-provider refusal, as a 422 in the provider's words. */
async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError || error instanceof BankLinkProviderError) throw new AppError('provider', error.message, 422);
    throw error;
  }
}

/** An attempt a payer's start stored and committed, with what its answer needs. */
export type StartedAttempt = { provider: PaymentProvider; intent: ProviderPaymentAttempt; attempt: number; clientSecret: string; method: OnlinePaymentMethod; publishableKey: string };

export function createLinkedBankPayments(app: AppContext) {
  /** The tenant's bank-link provider, or null when it has none. */
  async function bankLinkOf(tenantId: string): Promise<BankLinkProvider | null> {
    const credentials = await bankLinkCredentials(app, tenantId);
    return credentials ? app.bankLinkProviders(credentials) : null;
  }

  /** Link's public token → the item's access token → a processor token for the chosen account; the item is removed whatever happens. */
  async function processorTokenOf(bankLink: BankLinkProvider, linked: LinkedBank): Promise<string> {
    const { accessToken } = await providerCall(() => bankLink.exchangePublicToken(linked.public_token));
    try {
      return (await providerCall(() => bankLink.createPaymentProcessorToken(accessToken, linked.account_id))).processorToken;
    } finally {
      // The debit needs the account only now; an item kept would be a standing read on the payer's bank.
      await bankLink.removeItem(accessToken).catch(() => undefined);
    }
  }

  /**
   * After the attempt was stored (its own transaction, committed): the linked account pays it,
   * confirmed at the provider with a key of the attempt and Link's single-use public token (a
   * digest: keys are not secrets), so a retried request confirms nothing twice and an attempt
   * paid again after a return is a new confirmation. The subject shows the debit as processing
   * from this answer on (the provider's `processing` event does the same, whichever comes first):
   * an invoice carries the mark, a deposit reads its intent's status.
   */
  async function confirm(tenantId: string, provider: PaymentProvider, bankLink: BankLinkProvider, attempt: { subject: repo.IntentSubject; intent: ProviderPaymentAttempt; number: number }, linked: LinkedBank, meta: RequestMeta): Promise<ProviderPaymentAttempt> {
    const processorToken = await processorTokenOf(bankLink, linked);
    const key = `${keyPrefix(attempt.subject)}:${attempt.subject.id}:${attempt.number}:linked-bank:${sha256(linked.public_token).slice(0, 32)}`;
    const confirmed = await providerCall(() => provider.confirmBankPaymentWithProcessorToken(attempt.intent.id, { processorToken, payerName: linked.account_holder_name, mandate: { ip: meta.ip, userAgent: meta.userAgent } }, key));
    await inTenant(app.db, tenantId, async (tx) => {
      const locked = await lockSubjectThenIntent(tx, tenantId, confirmed.id);
      if (!locked || locked.row.paymentId || locked.row.status === 'succeeded') return;
      // Read again under the lock: an event that settled or returned the debit meanwhile has the last word.
      const current = await provider.retrievePaymentAttempt(confirmed.id);
      if (current.status !== 'processing') return;
      await repo.updateIntent(tx, tenantId, locked.row.id, { status: 'processing', lastError: null });
      if (locked.invoice) await writePaymentProcessing(tx, locked.invoice, { amount: locked.row.amount, method: locked.row.method });
    });
    return confirmed;
  }

  return {
    /** Whether the tenant has a bank-link provider (the pay form then offers "Link your bank"). */
    async available(tenantId: string): Promise<boolean> {
      return (await bankLinkCredentials(app, tenantId)) !== null;
    },

    /** A link token for the payer of one invoice or deposit: the payer has no user account here, so what is paid names the Link user. */
    async linkToken(tenantId: string, subject: repo.IntentSubject, clientName: string): Promise<{ link_token: string; expiration: string }> {
      const bankLink = await bankLinkOf(tenantId);
      if (!bankLink) throw AppError.conflict(onlinePaymentMessages.bankLinkNotSetUp);
      const token = await providerCall(() => bankLink.createLinkToken({ clientUserId: `${subject.kind}:${subject.id}`, clientName, language: 'en' }));
      return { link_token: token.linkToken, expiration: token.expiration };
    },

    /** Read before the invoice is locked; a start with a linked bank in a tenant without one is refused after the invoice is found. */
    bankLinkOf,

    /**
     * A start's answer, the attempt stored: what the payer confirms in the browser or, with a linked
     * bank, the debit the server confirmed itself (after the subject's lock: the providers answer in seconds).
     */
    async answer(tenantId: string, subject: repo.IntentSubject, started: StartedAttempt, linked: { bankLink: BankLinkProvider; account: LinkedBank } | null, meta: RequestMeta): Promise<CardPayment> {
      const intent = linked ? await confirm(tenantId, started.provider, linked.bankLink, { subject, intent: started.intent, number: started.attempt }, linked.account, meta) : started.intent;
      return { client_secret: started.clientSecret, amount: intent.amount, currency: intent.currency, publishable_key: started.publishableKey, method: started.method, status: intent.status };
    },
  };
}

export type LinkedBankPayments = ReturnType<typeof createLinkedBankPayments>;
