import type { InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import { invoiceTransition } from './document-status';

/** What an invoice's payments add up to, as a paid status. */
export function paidStatusOf(total: number, amountPaid: number): InvoicePaidStatus {
  if (amountPaid <= 0) return 'unpaid';
  return amountPaid >= total ? 'paid' : 'partially_paid';
}

/** The invoice as a payment sees it; `amount_paid` is what its OTHER payments add up to. */
export type PayableInvoice = { status: InvoiceStatus; total: number; amount_paid: number };

export type InvoicePaidAmounts = { amount_paid: number; due_amount: number; paid_status: InvoicePaidStatus };

export type PaymentSettlement =
  | ({ ok: true } & InvoicePaidAmounts)
  /** `message` says why the invoice takes no payment in its status ('A draft invoice cannot receive a payment.'). */
  | { ok: false; reason: 'not_payable'; message: string }
  | { ok: false; reason: 'exceeds_due' | 'partial_not_allowed' };

/** An invoice's paid amount, what is still due and its paid status, once `amountPaid` is paid in all. */
export function paidAmounts(total: number, amountPaid: number): InvoicePaidAmounts {
  return { amount_paid: amountPaid, due_amount: total - amountPaid, paid_status: paidStatusOf(total, amountPaid) };
}

/**
 * Whether `amount` may be paid against the invoice, and the invoice's amounts afterwards. A
 * payment never takes an invoice past its total; where partial payments are off, it must settle
 * exactly what is due. The invoice's paid status is judged without this payment, so editing the
 * payment that made an invoice paid is allowed.
 */
export function settlePayment(invoice: PayableInvoice, amount: number, options: { partialPayments: boolean }): PaymentSettlement {
  const base = { status: invoice.status, paid_status: paidStatusOf(invoice.total, invoice.amount_paid) };
  const transition = invoiceTransition(base, 'record_payment');
  if (!transition.ok) return { ok: false, reason: 'not_payable', message: transition.message };
  const due = invoice.total - invoice.amount_paid;
  if (amount > due) return { ok: false, reason: 'exceeds_due' };
  if (!options.partialPayments && amount !== due) return { ok: false, reason: 'partial_not_allowed' };
  return { ok: true, ...paidAmounts(invoice.total, invoice.amount_paid + amount) };
}
