import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { ensureLinkedRecord } from '../counterparties/counterparties.port';
import type { DocumentAttachments } from '../documents/document-attachments';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import type { PaidInvoiceRow } from '../invoices/invoice-payments';
import { recordPaymentEvents, storedPayment } from './payment-events';
import { auditView } from './payment-resource';
import * as repo from './payments.repository';

export type PaymentMirrorDependencies = {
  /** The next number of the business's payment series (as any payment it records gets). */
  numberFor: (tx: Tx, scope: BusinessScope, date: string, counterpartyId: string) => Promise<{ number: string; sequence: number | null }>;
};

/**
 * The customer's side of a payment the vendor records on an invoice (every invoice's customer is a
 * business on the platform, onboarded or not, which sees the invoice as incoming): its payment made, confirmed from the start, pointing at
 * the vendor's payment received (`receiptPaymentId`) as a confirmed claim does, so it never counts
 * twice in the invoice. It follows the vendor's edits and goes with the vendor's payment; the
 * customer keeps only its own bookkeeping on it (number, mode, notes), as on a confirmed claim.
 * A payment received that confirmed the customer's claim needs none: the claim is that side.
 * The customer business's audit log and webhook events show it as its own (no user of it acted).
 */
export function createPaymentMirrors(app: AppContext, attachments: DocumentAttachments, deps: PaymentMirrorDependencies) {
  async function create(tx: Tx, receipt: repo.PaymentRow, invoice: PaidInvoiceRow): Promise<void> {
    const customerBusinessId = invoice.customerBusinessId;
    // A business billing itself keeps one side only.
    if (customerBusinessId === receipt.businessId) return;
    const scope: BusinessScope = { tenantId: receipt.tenantId, businessId: customerBusinessId };
    const vendor = await ensureLinkedRecord(tx, app.webhookEvents, scope.tenantId, customerBusinessId, 'vendor', receipt.businessId);
    const numbered = await deps.numberFor(tx, scope, receipt.paymentDate, vendor.id);
    const now = app.clock.now();
    const row = await repo.insertPayment(tx, {
      tenantId: scope.tenantId,
      id: newId(),
      businessId: customerBusinessId,
      direction: 'made',
      counterpartyId: vendor.id,
      counterpartyBusinessId: receipt.businessId,
      invoiceId: invoice.id,
      paymentNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      paymentDate: receipt.paymentDate,
      amount: receipt.amount,
      currencyId: receipt.currencyId,
      exchangeRate: await rateFor(tx, scope, receipt.currencyId),
      status: 'completed',
      claimStatus: 'confirmed',
      claimedAt: now,
      claimDecidedAt: now,
      receiptPaymentId: receipt.id,
      recordedByVendor: true,
    });
    await recordAudit(tx, systemActor(scope.tenantId, customerBusinessId), { model: 'payment', modelId: row.id, action: 'created', after: auditView(row) });
    await recordPaymentEvents(tx, app.webhookEvents, ['payment.created'], row);
  }

  async function drop(tx: Tx, mirrors: readonly repo.PaymentRow[]): Promise<string[]> {
    const files: string[] = [];
    for (const mirror of mirrors) {
      const scope: BusinessScope = { tenantId: mirror.tenantId, businessId: mirror.businessId };
      await recordPaymentEvents(tx, app.webhookEvents, ['payment.deleted'], mirror);
      files.push(...(await attachments.removeAll(tx, scope, 'payment', [mirror.id])));
      await repo.deletePayments(tx, scope, [mirror.id]);
      await recordAudit(tx, systemActor(mirror.tenantId, mirror.businessId), { model: 'payment', modelId: mirror.id, action: 'deleted', before: auditView(mirror) });
    }
    return files;
  }

  return {
    /** A payment received was recorded on `invoice` (not by confirming a claim): its customer business's payment made. */
    recorded: create,

    /**
     * The vendor's payment received changed: the mirror takes its date, amount and invoice when the
     * invoice's customer business is still the mirror's; otherwise the mirror goes and the new
     * invoice's customer business (if any) gets one. Returns storage keys to purge after commit.
     */
    async changed(tx: Tx, after: repo.PaymentRow, invoice: PaidInvoiceRow | null): Promise<string[]> {
      const [mirror] = await repo.lockMirrorsOf(tx, after.tenantId, [after.id]);
      if (mirror && invoice && invoice.customerBusinessId === mirror.businessId) {
        const scope: BusinessScope = { tenantId: mirror.tenantId, businessId: mirror.businessId };
        const patch: Partial<repo.PaymentInsert> = {
          invoiceId: invoice.id,
          paymentDate: after.paymentDate,
          amount: after.amount,
          currencyId: after.currencyId,
          exchangeRate: after.currencyId === mirror.currencyId ? mirror.exchangeRate : await rateFor(tx, scope, after.currencyId),
        };
        await repo.updatePayment(tx, scope, mirror.id, patch);
        await recordAudit(tx, systemActor(mirror.tenantId, mirror.businessId), { model: 'payment', modelId: mirror.id, action: 'updated', before: auditView(mirror), after: auditView({ ...mirror, ...patch }) });
        await recordPaymentEvents(tx, app.webhookEvents, ['payment.updated'], await storedPayment(tx, mirror.tenantId, mirror.id));
        return [];
      }
      const files = mirror ? await drop(tx, [mirror]) : [];
      if (invoice) await create(tx, after, invoice);
      return files;
    },

    /** The vendor deletes payments received: their mirrors go first (they point at them). Returns storage keys to purge after commit. */
    async removed(tx: Tx, tenantId: string, receiptIds: readonly string[]): Promise<string[]> {
      return drop(tx, await repo.lockMirrorsOf(tx, tenantId, receiptIds));
    },
  };
}

export type PaymentMirrors = ReturnType<typeof createPaymentMirrors>;
