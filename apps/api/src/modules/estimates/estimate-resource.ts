import type { AttachmentResource, DocumentDirection, EstimateListItem, EstimateResource, EstimateStatus } from '@app/contracts';
import { type EstimateAction, allowedEstimateActions, estimateTransition } from '@app/domain';
import type { DocumentCustomer } from '../documents/documents.repository';
import { lineResources, partyOf, trimDecimal } from '../documents/document-resource';
import type { EstimateItemRow, EstimateRow, EstimateTaxRow } from './estimates.repository';

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
  // One estimate becomes one invoice: after converting, only deleting that invoice frees it again.
  const allowed = allowedEstimateActions(status).filter((action) => allowedSet.has(action) && !(action === 'convert' && row.convertedInvoiceId !== null));
  return {
    id: row.id,
    direction: context.direction,
    business: { id: row.businessId, name: context.businessName },
    customer_id: row.customerId,
    customer: partyOf(context.customer, row.customerId, row.customerBusinessId),
    customer_business_id: row.customerBusinessId,
    sequence_number: row.sequenceNumber,
    customer_sequence_number: row.customerSequenceNumber,
    currency_id: row.currencyId,
    exchange_rate: row.exchangeRate,
    template_name: row.templateName,
    notes: row.notes,
    tax_per_item_enabled: row.taxPerItemEnabled,
    discount_per_item_enabled: row.discountPerItemEnabled,
    discount_type: row.discountType,
    discount: trimDecimal(row.discount),
    discount_val: row.discountVal,
    sub_total: row.subTotal,
    tax: row.tax,
    total: row.total,
    allowed_actions: allowed,
    sent_at: row.sentAt?.toISOString() ?? null,
    viewed_at: row.viewedAt?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    estimate_number: row.estimateNumber,
    reference_number: row.referenceNumber,
    estimate_date: row.estimateDate,
    expiry_date: row.expiryDate,
    status,
    converted_invoice_id: row.convertedInvoiceId,
  };
}

export function toEstimateResource(row: EstimateRow, context: EstimateResourceContext, lines: { items: EstimateItemRow[]; taxes: EstimateTaxRow[] }, attachments: AttachmentResource[]): EstimateResource {
  return { ...toEstimateListItem(row, context), ...lineResources(lines.items, lines.taxes, (tax) => tax.estimateItemId), attachments };
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
  };
}
