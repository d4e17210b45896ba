import { type InvoiceResource, invoiceRequestSchema } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import type { DocumentAttachments } from '../documents/document-attachments';
import type { DocumentCore } from '../documents/document-core';
import type { InvoiceService } from '../invoices/invoices.service';
import type { EstimateDeposits } from './estimate-deposits';
import { recordEstimateEvent } from './estimate-events';
import { allowedEstimateStatus } from './estimate-transitions';
import * as repo from './estimates.repository';

/**
 * Turns the estimate into a draft invoice dated today, in the same transaction; the deposit
 * payments on the estimate become the invoice's (its amount paid and due follow them); then the
 * business setting decides whether the estimate stays, is deleted or becomes approved. A deposit
 * payment still on its way (a bank debit processing, a card being authenticated) refuses the
 * conversion until it has settled or failed.
 */
export function createEstimateConversion(
  app: AppContext,
  core: DocumentCore<repo.EstimateRow>,
  attachments: DocumentAttachments,
  invoices: Pick<InvoiceService, 'createInTx' | 'resource' | 'getInTx'>,
  deposits: Pick<EstimateDeposits, 'beforeConversionInTx' | 'afterConversionInTx'>,
) {
  return async function convertToInvoice(actor: AuditActor, scope: BusinessScope, id: string): Promise<InvoiceResource> {
    const outcome = await core.write(scope, async (tx) => {
      const row = await core.ownOrFail(tx, scope, id);
      const { status, owner } = await allowedEstimateStatus(tx, core, row, 'convert');
      await deposits.beforeConversionInTx(tx, row);
      const payload = invoiceRequestSchema.parse({ ...(await core.copyRequest(tx, scope.tenantId, row)), invoice_date: core.today(owner.settings) });
      const invoice = await invoices.createInTx(tx, actor, scope, payload, { source: 'estimate', status: 'draft', estimateId: id });
      const carried = await deposits.afterConversionInTx(tx, actor, scope, row, invoice.id);
      const now = app.clock.now();
      let files: string[] = [];
      const conversion = { convertedInvoiceId: invoice.id, convertedAt: now };
      /** Records on the estimate which invoice it became. */
      const applyConversion = async (patch: Partial<repo.EstimateInsert>) => {
        const updated = await repo.updateEstimate(tx, row.tenantId, row.id, patch);
        await core.audit.updated(tx, actor, row, updated, { event: 'convert' });
        await recordEstimateEvent(tx, app.webhookEvents, 'estimate.converted', updated);
      };
      switch (owner.settings.estimate_convert_action) {
        case 'delete_estimate':
          files = await attachments.removeAll(tx, scope, 'estimate', [id]);
          await repo.deleteEstimates(tx, scope, [id]);
          await core.audit.deleted(tx, actor, row);
          // The estimate is gone, but what it became is the event: its last state, naming the invoice.
          await recordEstimateEvent(tx, app.webhookEvents, 'estimate.converted', { ...row, ...conversion });
          break;
        case 'mark_estimate_as_approved':
          await applyConversion({ ...conversion, status: 'approved', approvedAt: now, rejectedAt: null });
          break;
        case 'no_action':
          await applyConversion({ ...conversion, status });
          break;
      }
      // A carried deposit changed the invoice's amounts after its row was inserted: the answer reads it again.
      return { invoice: carried > 0 ? await invoices.getInTx(tx, scope, invoice.id) : await invoices.resource(tx, scope, invoice), files };
    });
    await attachments.purge(outcome.files);
    return outcome.invoice;
  };
}
