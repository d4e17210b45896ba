import type { AttachmentResource, DocumentDirection, EstimateListItem, EstimateResource, EstimateStatus } from '@app/contracts';
import { type EstimateAction, allowedEstimateActions, estimateTransition } from '@app/domain';
import type { DocumentCustomer, DocumentLines } from '../documents/document-core';
import { documentHeader, lineResources } from '../documents/document-resource';
import type { EstimateRow } from './estimates.repository';

const outgoingActions: ReadonlySet<EstimateAction> = new Set(['edit', 'delete', 'finalize', 'send', 'mark_sent', 'void', 'convert', 'clone']);
const incomingActions: ReadonlySet<EstimateAction> = new Set(['approve', 'reject']);

/**
 * The status as of `today` in the issuing business's time zone: an open, sent or viewed estimate
 * whose expiry date has passed is expired even before the expiry job stored it.
 */
export function effectiveStatus(row: Pick<EstimateRow, 'status' | 'expiryDate'>, today: string): EstimateStatus {
  const stored = row.status as EstimateStatus;
  return row.expiryDate !== null && row.expiryDate < today && estimateTransition(stored, 'expire').ok ? 'expired' : stored;
}

export type EstimateResourceContext = {
  direction: DocumentDirection;
  today: string;
  businessName: string;
  customer: DocumentCustomer | undefined;
};

export function toEstimateListItem(row: EstimateRow, context: EstimateResourceContext): EstimateListItem {
  const status = effectiveStatus(row, context.today);
  const allowedSet = context.direction === 'outgoing' ? outgoingActions : incomingActions;
  const allowed = allowedEstimateActions(status, row.convertedInvoiceId !== null).filter((action) => allowedSet.has(action));
  return {
    ...documentHeader(row, context, allowed),
    estimate_number: row.estimateNumber,
    reference_number: row.referenceNumber,
    estimate_date: row.estimateDate,
    expiry_date: row.expiryDate,
    status,
    converted_invoice_id: row.convertedInvoiceId,
  };
}

export function toEstimateResource(row: EstimateRow, context: EstimateResourceContext, lines: DocumentLines, attachments: AttachmentResource[]): EstimateResource {
  return { ...toEstimateListItem(row, context), ...lineResources(lines.items, lines.taxes, (tax) => tax.lineId), attachments };
}

/** The fields an audit row records for an estimate. */
export function estimateAuditView(row: EstimateRow) {
  return {
    estimate_number: row.estimateNumber,
    customer_id: row.customerId,
    status: row.status,
    estimate_date: row.estimateDate,
    expiry_date: row.expiryDate,
    total: row.total,
    converted_invoice_id: row.convertedInvoiceId,
    deposit_amount: row.depositAmount,
  };
}
