import { financingMessages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { PaymentProviderError } from '../../platform/providers/payment-provider';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { today } from './financing-rules';
import * as repo from './financing.repository';
import type { LoanLedger } from './loan-ledger';

/** What a platform loan pays out and to whom: factoring's advance to the borrower, BNPL's payment to the vendor. */
export type LoanPayout = {
  /** The connected account paid (null when it cannot take a transfer), read under the loan's lock. */
  payeeInTx(tx: Tx, loan: repo.LoanRow): Promise<string | null>;
  /** Why there is none. */
  payeeMissing: string;
  description: string;
  /** Names the transfer at the provider with the loan: `<keyPrefix>:<loan>`. */
  keyPrefix: 'advance' | 'bnpl';
  /** The loan funded once the transfer is made, under the loan's lock (the loan still `pending_funding`). */
  fundInTx(tx: Tx, actor: AuditActor, loan: repo.LoanRow, transferId: string): Promise<repo.LoanRow>;
};

/**
 * Steps 2 and 3 of a platform loan's funding (docs/design-notes.md, "Factoring on the ledger"):
 * the transfer under a key derived from the loan, then the loan funded under its lock. A crash or a
 * lost answer between them leaves the loan `pending_funding`; asking again sends the same key, so
 * the provider answers the same transfer. A refusal by the provider cancels the loan and voids its
 * hold: no money moved.
 */
export function createPlatformTransfer(app: AppContext, loanLedger: LoanLedger) {
  async function cancelInTenant(actor: AuditActor, tenantId: string, loanId: string, reason: string): Promise<void> {
    await inTenant(app.db, tenantId, async (tx) => {
      const locked = await repo.lockLoan(tx, tenantId, loanId);
      if (locked?.status !== 'pending_funding') return;
      await loanLedger.cancelInTx(tx, locked, today(app.clock.now()));
      await repo.updateLoan(tx, tenantId, loanId, { status: 'cancelled', closedAt: app.clock.now() });
      await recordAudit(tx, actor, { model: 'loan', modelId: loanId, action: 'updated', before: { status: locked.status }, after: { status: 'cancelled', reason } });
    });
  }

  return async function complete(actor: AuditActor, scope: BusinessScope, loanId: string, payout: LoanPayout): Promise<repo.LoanRow> {
    const pending = await inTenant(app.db, scope.tenantId, async (tx) => {
      const loan = await repo.lockLoan(tx, scope.tenantId, loanId);
      if (!loan || loan.businessId !== scope.businessId) throw AppError.notFound();
      if (loan.status !== 'pending_funding') return { loan, payee: null, settings: null };
      return { loan, payee: await payout.payeeInTx(tx, loan), settings: await paymentProviderSettings(app, scope.tenantId, tx) };
    });
    const { loan } = pending;
    if (loan.status !== 'pending_funding') return loan;
    if (!pending.settings) throw AppError.conflict(financingMessages.notAvailable);
    if (!pending.payee) throw AppError.conflict(payout.payeeMissing);
    let transferId: string;
    try {
      const transfer = await app.paymentProviders(pending.settings.credentials).createTransfer(
        { destinationAccountId: pending.payee, amount: loan.principal, currency: loan.currency.toLowerCase(), description: payout.description, metadata: { loan_id: loan.id, invoice_id: loan.invoiceId } },
        `${payout.keyPrefix}:${loan.id}`,
      );
      transferId = transfer.id;
    } catch (error) {
      if (error instanceof PaymentProviderError && error.details.type === 'invalid_request_error') {
        await cancelInTenant(actor, scope.tenantId, loan.id, error.message);
        throw new AppError('provider', error.message, 422);
      }
      throw error;
    }
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const locked = await repo.lockLoan(tx, scope.tenantId, loan.id);
      if (!locked) throw AppError.notFound();
      return locked.status === 'pending_funding' ? payout.fundInTx(tx, actor, locked, transferId) : locked;
    });
  };
}
