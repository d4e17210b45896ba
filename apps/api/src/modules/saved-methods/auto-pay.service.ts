import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import type { OnlinePaymentService } from '../online-payments/online-payments.service';
import { type ContactsInTx, failAttemptInTx } from './auto-pay-failures';
import type { SavedMethodService } from './saved-methods.service';
import * as repo from './saved-methods.repository';

/**
 * The retry rule (issue 17 item 5): a soft decline (the bank may say yes later) is tried once more
 * a day later; a hard one (a lost or stolen card, authentication the absent payer cannot give, no
 * saved method) is not, and the vendor and the customer are told at once.
 */
export const AUTO_PAY_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
export const AUTO_PAY_TRIES = 2;
const SOFT_DECLINES = new Set(['generic_decline', 'insufficient_funds', 'try_again_later', 'processing_error', 'do_not_honor', 'card_velocity_exceeded', 'card_declined']);
/** A try left `confirming` (the process ended between the two steps) is confirmed again this much later; the provider's key makes that safe. */
const CONFIRM_AGAIN_AFTER_MS = 5 * 60 * 1000;

export const autoPayMessages = {
  noMethod: 'The customer has no saved payment method to charge.',
  debitReturned: 'The last automatic debit of the saved bank account was returned by the bank, so it is not debited again until the customer chooses it again or saves another payment method.',
} as const;

/** What a try came to: charged, a bank debit on its way, or refused. */
export type AutoPayOutcome = 'charged' | 'processing' | 'failed';

export type AutoPayDeps = {
  online: Pick<OnlinePaymentService, 'prepareOffSessionInTx' | 'confirmOffSession'>;
  methods: Pick<SavedMethodService, 'defaultMethodInTx'>;
  contactsInTx: ContactsInTx;
};

/** What a generated invoice's auto pay needs to know, from the recurring invoice that made it. */
export type AutoPayRequest = { invoiceId: string; invoiceNumber: string; recurringInvoiceId: string; counterpartyId: string; customerBusinessId: string | null };

/**
 * Auto pay: when a recurring invoice with auto_pay_enabled makes an invoice, the customer's default
 * saved method is charged off-session, through the online-payments service (the same destination
 * charge and fee as a card payment; the invoice paid only from the verified webhook). A try is a
 * row asked for in the generator's transaction, then made in two steps (the attempt stored, then
 * confirmed), each keyed by the invoice and the try at the provider, so a repeated run, a second
 * worker or a restart charges nothing twice.
 */
export function createAutoPayService(app: AppContext, deps: AutoPayDeps) {
  /** Ends a try that failed: the next try asked for when the rule allows, both sides told (mail committed with it). */
  async function failInTx(tx: Tx, attempt: repo.AutoPayAttemptRow, status: 'failed' | 'skipped', reason: string, soft: boolean): Promise<void> {
    const followUp = soft && attempt.try < AUTO_PAY_TRIES ? { retryAt: new Date(app.clock.now().getTime() + AUTO_PAY_RETRY_AFTER_MS) } : null;
    return failAttemptInTx(app, deps.contactsInTx, tx, attempt, status, reason, followUp);
  }

  /** Step one: the attempt made and stored (or the try ended: nothing to charge it with, nothing due). */
  async function prepare(tenantId: string, id: string, origin: string): Promise<repo.AutoPayAttemptRow | null> {
    return inTenant(app.db, tenantId, async (tx) => {
      const attempt = await repo.lockAttempt(tx, tenantId, id);
      if (!attempt || (attempt.status !== 'pending' && attempt.status !== 'confirming')) return null;
      if (attempt.nextTryAt && attempt.nextTryAt > app.clock.now()) return null;
      if (attempt.status === 'confirming') return attempt;
      const method = await deps.methods.defaultMethodInTx(tx, { tenantId, businessId: attempt.businessId }, { counterpartyId: attempt.counterpartyId, customerBusinessId: attempt.customerBusinessId });
      if (!method) {
        await failInTx(tx, attempt, 'skipped', autoPayMessages.noMethod, false);
        return null;
      }
      // The retry rule for bank debits: a returned account is not debited again blindly.
      if (method.debitReturned) {
        await failInTx(tx, attempt, 'skipped', autoPayMessages.debitReturned, false);
        return null;
      }
      const prepared = await deps.online.prepareOffSessionInTx(tx, tenantId, attempt.invoiceId, method, attempt.try, origin);
      if ('skipped' in prepared) {
        await repo.updateAttempt(tx, tenantId, attempt.id, { status: 'skipped', message: prepared.skipped, nextTryAt: null });
        return null;
      }
      const patch = { status: 'confirming' as const, amount: prepared.amount, providerIntentId: prepared.intentId, savedMethodId: method.id, nextTryAt: new Date(app.clock.now().getTime() + CONFIRM_AGAIN_AFTER_MS) };
      await repo.updateAttempt(tx, tenantId, attempt.id, patch);
      return { ...attempt, ...patch };
    });
  }

  /** Step two: confirmed with the payer absent; a refusal ends the try as the retry rule says. */
  async function confirm(attempt: repo.AutoPayAttemptRow): Promise<AutoPayOutcome> {
    if (!attempt.providerIntentId) throw new Error(`Auto-pay try ${attempt.id} has no attempt to confirm`);
    const answer = await deps.online.confirmOffSession(attempt.tenantId, attempt.providerIntentId, attempt.try);
    await inTenant(app.db, attempt.tenantId, async (tx) => {
      const locked = await repo.lockAttempt(tx, attempt.tenantId, attempt.id);
      if (locked?.status !== 'confirming') return;
      // A bank debit is only on its way: its verified event settles or returns it (auto-pay-debits.ts).
      if ('charged' in answer) await repo.updateAttempt(tx, attempt.tenantId, attempt.id, { status: answer.processing ? 'processing' : 'charged', nextTryAt: null });
      else await failInTx(tx, locked, 'failed', answer.refused, answer.declineCode !== null && SOFT_DECLINES.has(answer.declineCode));
    });
    if (!('charged' in answer)) return 'failed';
    return answer.processing ? 'processing' : 'charged';
  }

  return {
    /** In the generator's transaction: the generated invoice's first try, due at once. */
    async requestInTx(tx: Tx, vendor: BusinessScope, request: AutoPayRequest): Promise<void> {
      await repo.insertAttemptOnce(tx, { tenantId: vendor.tenantId, id: newId(), businessId: vendor.businessId, ...request, try: 1, status: 'pending', nextTryAt: app.clock.now() });
    },

    /** Makes one due try; what it came to (`null` when it was not due or another worker holds it). */
    async process(tenantId: string, id: string): Promise<AutoPayOutcome | null> {
      const origin = await app.tenants.originOfTenant(tenantId);
      const ready = await prepare(tenantId, id, origin);
      return ready ? confirm(ready) : null;
    },

    /** Every try due at `now`, across tenants (run after each generator run, so retries come due a day on). */
    async processDue(onError: (error: unknown) => void = () => undefined): Promise<Record<AutoPayOutcome, number>> {
      const result = { charged: 0, processing: 0, failed: 0 };
      for (const due of await repo.dueAttempts(app.db, app.clock.now(), 200)) {
        const outcome = await this.process(due.tenantId, due.id).catch((error: unknown) => {
          onError(error);
          return null;
        });
        if (outcome) result[outcome] += 1;
      }
      return result;
    },

    async attemptsOf(tenantId: string, invoiceId: string): Promise<repo.AutoPayAttemptRow[]> {
      return inTenant(app.db, tenantId, (tx) => repo.attemptsOf(tx, tenantId, invoiceId));
    },
  };
}

export type AutoPayService = ReturnType<typeof createAutoPayService>;
