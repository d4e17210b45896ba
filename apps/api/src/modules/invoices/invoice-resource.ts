import type { AttachmentResource, DocumentDirection, InvoiceListItem, InvoicePaidStatus, InvoiceResource, InvoiceStatus, ResolvedBusinessSettings } from '@app/contracts';
import { type InvoiceAction, allowedInvoiceActions, displayInvoiceStatus } from '@app/domain';
import type { DocumentCustomer } from '../documents/documents.repository';
import { lineResources, partyOf, trimDecimal } from '../documents/document-resource';
import type { InvoiceItemRow, InvoiceRow, InvoiceTaxRow } from './invoices.repository';

const outgoingActions: ReadonlySet<InvoiceAction> = new Set(['edit', 'delete', 'finalize', 'send', 'mark_sent', 'void', 'admin_approve', 'update_due_date', 'clone', 'record_payment']);
const incomingActions: ReadonlySet<InvoiceAction> = new Set(['approve', 'reject']);

/** Retrospective edit locks from the business settings (after sent, partially paid or paid). */
export function editLocked(row: Pick<InvoiceRow, 'status' | 'paidStatus' | 'sentAt'>, setting: ResolvedBusinessSettings['retrospective_edits']): boolean {
  switch (setting) {
    case 'allow':
      return false;
    case 'disable_on_invoice_sent':
      return row.sentAt !== null || ['sent', 'viewed', 'approved', 'rejected'].includes(row.status) || row.paidStatus !== 'unpaid';
    case 'disable_on_invoice_partial_paid':
      return row.paidStatus !== 'unpaid';
    case 'disable_on_invoice_paid':
      return row.paidStatus === 'paid';
  }
}

export function invoiceState(row: Pick<InvoiceRow, 'status' | 'paidStatus'>) {
  return { status: row.status as InvoiceStatus, paid_status: row.paidStatus as InvoicePaidStatus };
}

export type ResourceContext = {
  direction: DocumentDirection;
  today: string;
  businessName: string;
  customer: DocumentCustomer | undefined;
  editLocked: boolean;
};

export function toInvoiceListItem(row: InvoiceRow, context: ResourceContext): InvoiceListItem {
  const state = invoiceState(row);
  const allowedSet = context.direction === 'outgoing' ? outgoingActions : incomingActions;
  const allowed = allowedInvoiceActions(state).filter((action) => allowedSet.has(action) && !(action === 'edit' && context.editLocked));
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
    invoice_number: row.invoiceNumber,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    status: state.status,
    display_status: displayInvoiceStatus({ ...state, due_date: row.dueDate }, context.today),
    paid_status: state.paid_status,
    amount_paid: row.amountPaid,
    due_amount: row.dueAmount,
    source: row.source,
    estimate_id: row.estimateId,
  };
}

export function toInvoiceResource(row: InvoiceRow, context: ResourceContext, lines: { items: InvoiceItemRow[]; taxes: InvoiceTaxRow[] }, attachments: AttachmentResource[]): InvoiceResource {
  return {
    ...toInvoiceListItem(row, context),
    ...lineResources(lines.items, lines.taxes, (tax) => tax.invoiceItemId),
    attachments,
  };
}
