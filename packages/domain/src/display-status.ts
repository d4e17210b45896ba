import type { EstimateStatus, InvoicePaidStatus, InvoiceStatus } from '@app/contracts';

/**
 * Spec section 4's display statuses that are not stored statuses. DUE, EXPIRED and ACCEPTED are
 * shown in place of a document's status (below); YES and NO are how yes/no values read (portal
 * access, send automatically, auto pay), through the locale's common.yes and common.no.
 */
export type ShownInvoiceStatus = InvoiceStatus | 'due';
export type ShownEstimateStatus = Exclude<EstimateStatus, 'approved'> | 'accepted';

/** Statuses in which an invoice waits for its money; its receiver sees them all as DUE. */
const waitingForPayment: readonly InvoiceStatus[] = ['open', 'sent', 'viewed'];

/**
 * An invoice's status as the person looking at it reads it. Its issuer follows the workflow
 * (sent, viewed, overdue...). Its receiver, who pays, sees DUE while it waits for payment and is
 * not overdue: whether the vendor sent it or saw it viewed is the vendor's business. Approved,
 * rejected, overdue, completed and void read the same on both sides.
 */
export function shownInvoiceStatus(invoice: { display_status: InvoiceStatus; paid_status: InvoicePaidStatus | null }, viewer: 'issuer' | 'receiver'): ShownInvoiceStatus {
  if (viewer === 'receiver' && waitingForPayment.includes(invoice.display_status) && invoice.paid_status !== 'paid') return 'due';
  return invoice.display_status;
}

/** An estimate's status as shown: an approved estimate reads ACCEPTED (spec: "approved (accepted)"); an expired one EXPIRED. */
export function shownEstimateStatus(status: EstimateStatus): ShownEstimateStatus {
  return status === 'approved' ? 'accepted' : status;
}
