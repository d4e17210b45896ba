import { messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentAttachments } from '../documents/document-attachments';
import { type AmountPaidHooks, lockPaidInvoices, writeAmountPaid } from '../invoices/invoice-payments';
import type { PaymentClaims } from './payment-claims.service';
import { recordPaymentEvents } from './payment-events';
import type { PaymentMirrors } from './payment-mirrors';
import { auditView } from './payment-resource';
import * as repo from './payments.repository';

type RemovalDependencies = { claims: PaymentClaims; mirrors: PaymentMirrors; attachments: DocumentAttachments; paidHooks: AmountPaidHooks };

/**
 * Deletes payments (all or none) in the caller's transaction. A payment received takes its amount
 * off its invoice; when it had confirmed a customer's claim, the claim awaits the business's
 * decision again; a mirror on its customer business's side goes with it. A claim the vendor
 * confirmed (or a mirror) is the vendor's record too and is never deleted by the payer.
 * `purge` removes the attachments' files, after commit.
 */
export function createPaymentRemoval({ claims, mirrors, attachments, paidHooks }: RemovalDependencies) {
  return async function removeInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<{ count: number; purge: () => Promise<void> }> {
    const rows = await repo.lockPayments(tx, scope, ids);
    if (rows.length !== new Set(ids).size) throw AppError.notFound();
    if (rows.some((row) => row.claimStatus === 'confirmed')) throw AppError.validation('ids', messages.claimConfirmedLocked);
    const received = rows.filter((row) => row.direction === 'received');
    await claims.reopenConfirmedBy(tx, actor, received.map((row) => row.id));
    const invoices = await lockPaidInvoices(tx, scope.tenantId, received.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])));
    for (const invoice of invoices.values()) {
      // What a refund already took off the invoice is not taken off again.
      const released = received.filter((row) => row.invoiceId === invoice.id).reduce((sum, row) => sum + row.amount - row.refundedAmount, 0);
      await writeAmountPaid(tx, actor, invoice, invoice.amountPaid - released, paidHooks);
    }
    const mirrorFiles = await mirrors.removed(tx, scope.tenantId, received.map((row) => row.id));
    const files = [...mirrorFiles, ...(await attachments.removeAll(tx, scope, 'payment', rows.map((row) => row.id)))];
    await repo.deletePayments(tx, scope, rows.map((row) => row.id));
    for (const row of rows) {
      await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'deleted', before: auditView(row) });
      await recordPaymentEvents(tx, paidHooks.events, ['payment.deleted'], row);
    }
    return { count: rows.length, purge: () => attachments.purge(files) };
  };
}
