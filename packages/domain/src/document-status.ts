import { type EstimateStatus, type InvoicePaidStatus, type InvoiceStatus, sharedMessages as messages } from '@app/contracts';

export type InvoiceAction =
  | 'edit'
  | 'delete'
  | 'finalize'
  | 'send'
  | 'mark_sent'
  | 'mark_viewed'
  | 'void'
  | 'approve'
  | 'reject'
  | 'admin_approve'
  | 'update_due_date'
  | 'clone'
  | 'record_payment';
export type EstimateAction = 'edit' | 'delete' | 'finalize' | 'send' | 'mark_sent' | 'mark_viewed' | 'void' | 'approve' | 'reject' | 'convert' | 'clone' | 'expire';
export type InvoiceState = { status: InvoiceStatus; paid_status: InvoicePaidStatus };
export type TransitionResult<Status> = { ok: true; status: Status } | { ok: false; message: string };

export const invoiceActions: readonly InvoiceAction[] = [
  'edit',
  'delete',
  'finalize',
  'send',
  'mark_sent',
  'mark_viewed',
  'void',
  'approve',
  'reject',
  'admin_approve',
  'update_due_date',
  'clone',
  'record_payment',
];
export const estimateActions: readonly EstimateAction[] = ['edit', 'delete', 'finalize', 'send', 'mark_sent', 'mark_viewed', 'void', 'approve', 'reject', 'convert', 'clone', 'expire'];

/**
 * The one transition table per document kind (spec section 4). A cell names the status the
 * document has after the action; a missing cell means the action is refused in that status.
 * Actions that do not move the status (edit, delete, clone, resend...) map to the status itself.
 */
type InvoiceRow = Partial<Record<InvoiceAction, InvoiceStatus>>;

// 'overdue' is derived (dates.ts) and never stored; it gets the 'sent' row should one ever arrive.
const sentInvoiceRow = (status: 'sent' | 'overdue'): InvoiceRow => ({
  edit: status,
  delete: status,
  send: status,
  mark_viewed: 'viewed',
  void: 'void',
  approve: 'approved',
  reject: 'rejected',
  admin_approve: 'approved',
  update_due_date: status,
  clone: status,
  record_payment: status,
});

export const invoiceTransitions: Readonly<Record<InvoiceStatus, InvoiceRow>> = {
  draft: { edit: 'draft', delete: 'draft', finalize: 'open', send: 'sent', mark_sent: 'sent', void: 'void', update_due_date: 'draft', clone: 'draft' },
  open: {
    edit: 'open',
    delete: 'open',
    send: 'sent',
    mark_sent: 'sent',
    mark_viewed: 'viewed',
    void: 'void',
    approve: 'approved',
    reject: 'rejected',
    admin_approve: 'approved',
    update_due_date: 'open',
    clone: 'open',
    record_payment: 'open',
  },
  sent: sentInvoiceRow('sent'),
  overdue: sentInvoiceRow('overdue'),
  viewed: {
    edit: 'viewed',
    delete: 'viewed',
    send: 'viewed',
    mark_viewed: 'viewed',
    void: 'void',
    approve: 'approved',
    reject: 'rejected',
    admin_approve: 'approved',
    update_due_date: 'viewed',
    clone: 'viewed',
    record_payment: 'viewed',
  },
  // The customer must approve a changed invoice again, so editing an approved one sends it back.
  approved: { edit: 'sent', delete: 'approved', send: 'approved', void: 'void', update_due_date: 'approved', clone: 'approved', record_payment: 'approved' },
  rejected: { edit: 'rejected', delete: 'rejected', send: 'rejected', void: 'void', approve: 'approved', admin_approve: 'approved', update_due_date: 'rejected', clone: 'rejected' },
  void: { delete: 'void', clone: 'void' },
  completed: { delete: 'completed', clone: 'completed' },
};

/** Actions that also depend on the paid status: the paid statuses in which they are allowed. */
export const invoicePaidStatusRules: Readonly<Partial<Record<InvoiceAction, readonly InvoicePaidStatus[]>>> = {
  void: ['unpaid'],
  delete: ['unpaid'],
  edit: ['unpaid', 'partially_paid'],
  record_payment: ['unpaid', 'partially_paid'],
};

export const estimateTransitions: Readonly<Record<EstimateStatus, Partial<Record<EstimateAction, EstimateStatus>>>> = {
  draft: { edit: 'draft', delete: 'draft', finalize: 'open', send: 'sent', mark_sent: 'sent', void: 'void', clone: 'draft' },
  // The customer sees a changed estimate, so editing a shared one makes it 'open' again.
  open: {
    edit: 'open',
    delete: 'open',
    send: 'sent',
    mark_sent: 'sent',
    mark_viewed: 'viewed',
    void: 'void',
    approve: 'approved',
    reject: 'rejected',
    convert: 'open',
    clone: 'open',
    expire: 'expired',
  },
  sent: { edit: 'open', delete: 'sent', send: 'sent', mark_viewed: 'viewed', void: 'void', approve: 'approved', reject: 'rejected', convert: 'sent', clone: 'sent', expire: 'expired' },
  viewed: {
    edit: 'open',
    delete: 'viewed',
    send: 'viewed',
    mark_viewed: 'viewed',
    void: 'void',
    approve: 'approved',
    reject: 'rejected',
    convert: 'viewed',
    clone: 'viewed',
    expire: 'expired',
  },
  approved: { delete: 'approved', send: 'approved', void: 'void', reject: 'rejected', convert: 'approved', clone: 'approved' },
  rejected: { edit: 'open', delete: 'rejected', void: 'void', approve: 'approved', clone: 'rejected' },
  expired: { edit: 'open', delete: 'expired', void: 'void', approve: 'approved', convert: 'expired', clone: 'expired' },
  void: { delete: 'void', clone: 'void' },
};

/** How each refused action reads after "A <status> invoice ...". */
const invoiceRefusals: Record<InvoiceAction, string> = {
  edit: 'cannot be edited',
  delete: 'cannot be deleted',
  finalize: 'cannot be finalized',
  send: 'cannot be sent',
  mark_sent: 'cannot be marked as sent',
  mark_viewed: 'cannot be marked as viewed',
  void: 'cannot be voided',
  approve: 'cannot be approved',
  reject: 'cannot be rejected',
  admin_approve: 'cannot be approved by an administrator',
  update_due_date: 'cannot get a new due date',
  clone: 'cannot be cloned',
  record_payment: 'cannot receive a payment',
};

const estimateRefusals: Record<EstimateAction, string> = {
  edit: 'cannot be edited',
  delete: 'cannot be deleted',
  finalize: 'cannot be finalized',
  send: 'cannot be sent',
  mark_sent: 'cannot be marked as sent',
  mark_viewed: 'cannot be marked as viewed',
  void: 'cannot be voided',
  approve: 'cannot be approved',
  reject: 'cannot be rejected',
  convert: 'cannot be converted to an invoice',
  clone: 'cannot be cloned',
  expire: 'cannot expire',
};

/** 'open' → 'An open', 'partially_paid' → 'A partially paid'. */
function describe(status: string): string {
  const words = status.replace(/_/g, ' ');
  return `${/^[aeiou]/.test(words) ? 'An' : 'A'} ${words}`;
}

/** The refusal sentence, e.g. 'A void invoice cannot be finalized.' */
export function invoiceRefusalMessage(status: InvoiceStatus | InvoicePaidStatus, action: InvoiceAction): string {
  return `${describe(status)} invoice ${invoiceRefusals[action]}.`;
}

export function estimateRefusalMessage(status: EstimateStatus, action: EstimateAction): string {
  return `${describe(status)} estimate ${estimateRefusals[action]}.`;
}

export function invoiceTransition(state: InvoiceState, action: InvoiceAction): TransitionResult<InvoiceStatus> {
  const next = invoiceTransitions[state.status][action];
  if (next === undefined) return { ok: false, message: invoiceRefusalMessage(state.status, action) };
  const allowedPaidStatuses = invoicePaidStatusRules[action];
  if (allowedPaidStatuses && !allowedPaidStatuses.includes(state.paid_status)) {
    return { ok: false, message: invoiceRefusalMessage(state.paid_status, action) };
  }
  return { ok: true, status: next };
}

/**
 * Once an estimate became an invoice the customer's decision is over: it can no longer be approved,
 * rejected or converted again, whatever status the after-conversion setting left it in.
 */
const settledByConversion: ReadonlySet<EstimateAction> = new Set(['approve', 'reject', 'convert']);

/** `converted`: the estimate has an invoice made from it (deleting that invoice frees it again). */
export function estimateTransition(status: EstimateStatus, action: EstimateAction, converted = false): TransitionResult<EstimateStatus> {
  if (converted && settledByConversion.has(action)) return { ok: false, message: messages.estimateAlreadyConverted };
  const next = estimateTransitions[status][action];
  return next === undefined ? { ok: false, message: estimateRefusalMessage(status, action) } : { ok: true, status: next };
}

export function allowedInvoiceActions(state: InvoiceState): InvoiceAction[] {
  return invoiceActions.filter((action) => invoiceTransition(state, action).ok);
}

export function allowedEstimateActions(status: EstimateStatus, converted = false): EstimateAction[] {
  return estimateActions.filter((action) => estimateTransition(status, action, converted).ok);
}

/** What an invoice still owes as lists and views show it: a void invoice owes nothing and awaits no payment (no paid status). */
export function invoiceBalance(invoice: { status: InvoiceStatus; paid_status: InvoicePaidStatus; due_amount: number }): { paid_status: InvoicePaidStatus | null; due_amount: number } {
  return invoice.status === 'void' ? { paid_status: null, due_amount: 0 } : { paid_status: invoice.paid_status, due_amount: invoice.due_amount };
}

/** The steps an invoice has been through, as its timestamps record them. */
export type InvoiceMilestones = { sent: boolean; viewed: boolean; approved: boolean };

/** Statuses in which an invoice still waits for its money: fully paid, they become 'completed'. */
const completableStatuses: readonly InvoiceStatus[] = ['open', 'sent', 'viewed', 'approved'];

/**
 * The rule for 'completed' (spec section 4; docs/design-notes.md, "Invoice statuses"): an invoice
 * whose payments settle its whole total is completed, from any status that waits for payment
 * (open, sent, viewed, approved). When a payment is edited or deleted so that something is due
 * again, it goes back to the furthest step it had reached: approved, else viewed, else sent, else
 * open. Every other status is left as it is.
 */
export function settledInvoiceStatus(status: InvoiceStatus, paidStatus: InvoicePaidStatus, reached: InvoiceMilestones): InvoiceStatus {
  if (paidStatus === 'paid' && completableStatuses.includes(status)) return 'completed';
  if (status !== 'completed' || paidStatus === 'paid') return status;
  if (reached.approved) return 'approved';
  if (reached.viewed) return 'viewed';
  return reached.sent ? 'sent' : 'open';
}
