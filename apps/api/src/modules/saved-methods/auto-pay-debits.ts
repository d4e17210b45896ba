import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { BankDebitOutcomes } from '../online-payments/bank-payments';
import { type ContactsInTx, failAttemptInTx } from './auto-pay-failures';
import * as repo from './saved-methods.repository';

/** Said after the bank's reason when auto pay's debit comes back: why there is no next try. */
export const RETURNED_DEBIT_NOTE = 'The bank returned the debit, so the same bank account is not debited again automatically: choose it again as the default payment method, save another one, or pay the invoice from its link.';

/**
 * Auto pay by bank debit (issue 17 item 5): an off-session debit of a saved US bank account is
 * `processing` for days. Its verified outcome arrives through the online-payments inbox handlers,
 * in their transaction: settled, the try is charged; returned (R01 and the like), the try fails
 * with no retry, the saved account is marked so that later invoices do not debit it again until
 * the customer chooses it again, and the vendor and the customer are told as for a card.
 */
export function createAutoPayDebits(app: AppContext, contactsInTx: ContactsInTx): BankDebitOutcomes {
  return {
    async settledInTx(tx: Tx, tenantId: string, providerIntentId: string): Promise<void> {
      const attempt = await repo.lockAttemptByIntent(tx, tenantId, providerIntentId);
      if (attempt?.status === 'processing') await repo.updateAttempt(tx, tenantId, attempt.id, { status: 'charged' });
    },

    async returnedInTx(tx: Tx, tenantId: string, providerIntentId: string, reason: string): Promise<boolean> {
      const attempt = await repo.lockAttemptByIntent(tx, tenantId, providerIntentId);
      // Not auto pay's debit: a payer's own, which online-payments tells the vendor of.
      if (!attempt) return false;
      // Its return already told (the event again under a new id): no one is told twice.
      if (attempt.status !== 'processing') return true;
      if (attempt.savedMethodId) {
        const method = await repo.findMethodInTenant(tx, tenantId, attempt.savedMethodId);
        if (method?.type === 'us_bank_account') await repo.markDebitReturned(tx, tenantId, method.id, app.clock.now(), reason);
      }
      // Written to the outbox in the event's transaction; the outbox's sweep sends them, as the vendor's bank-return mail.
      await failAttemptInTx(app, contactsInTx, tx, attempt, 'failed', reason, { note: RETURNED_DEBIT_NOTE });
      return true;
    },
  };
}
