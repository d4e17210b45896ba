import type { AttachmentResource, DocumentDirection, InvoiceListItem, InvoiceLoanStatus, InvoicePaidStatus, InvoiceResource, InvoiceStatus, ResolvedBusinessSettings } from '@app/contracts';
import { type InvoiceAction, allowedInvoiceActions, displayInvoiceStatus, invoiceBalance } from '@app/domain';
import type { DocumentCustomer, DocumentLines } from '../documents/document-core';
import { documentHeader, lineResources } from '../documents/document-resource';
import type { InvoiceRow } from './invoices.repository';

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
  /** From financing's port: `offered` or the loan's status, null when the invoice was never financed. */
  loanStatus: InvoiceLoanStatus | null;
};

export function toInvoiceListItem(row: InvoiceRow, context: ResourceContext): InvoiceListItem {
  const state = invoiceState(row);
  const allowedSet = context.direction === 'outgoing' ? outgoingActions : incomingActions;
  const allowed = allowedInvoiceActions(state).filter((action) => allowedSet.has(action) && !(action === 'edit' && context.editLocked));
  return {
    ...documentHeader(row, context, allowed),
    invoice_number: row.invoiceNumber,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    status: state.status,
    display_status: displayInvoiceStatus({ ...state, due_date: row.dueDate }, context.today),
    amount_paid: row.amountPaid,
    ...invoiceBalance({ ...state, due_amount: row.dueAmount }),
    payment_processing: row.processingAmount !== null && row.processingMethod !== null ? { amount: row.processingAmount, method: row.processingMethod } : null,
    source: row.source,
    estimate_id: row.estimateId,
    loan_status: context.loanStatus,
  };
}

export function toInvoiceResource(row: InvoiceRow, context: ResourceContext, lines: DocumentLines, attachments: AttachmentResource[]): InvoiceResource {
  return {
    ...toInvoiceListItem(row, context),
    ...lineResources(lines.items, lines.taxes, (tax) => tax.lineId),
    attachments,
  };
}
