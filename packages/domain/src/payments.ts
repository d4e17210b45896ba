import type { InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import { invoiceRefusalMessage, invoiceTransition } from './document-status';
import { minimumTotal } from './totals';

/** What an invoice's payments add up to, as a paid status. */
export function paidStatusOf(total: number, amountPaid: number): InvoicePaidStatus {
  if (amountPaid <= 0) return 'unpaid';
  return amountPaid >= total ? 'paid' : 'partially_paid';
}

/**
 * The invoice as a payment sees it; `amount_paid` is what its OTHER payments add up to, `precision`
 * its currency's decimals (the minimum payment depends on them).
 */
export type PayableInvoice = { status: InvoiceStatus; total: number; amount_paid: number; precision: number };

export type InvoicePaidAmounts = { amount_paid: number; due_amount: number; paid_status: InvoicePaidStatus };

export type PaymentSettlement =
  | ({ ok: true } & InvoicePaidAmounts)
  /** `message` says why the invoice takes no payment in its status ('A draft invoice cannot receive a payment.'). */
  | { ok: false; reason: 'not_payable'; message: string }
  | { ok: false; reason: 'exceeds_due' | 'partial_not_allowed' }
  /** Under the minimum (`minimum`, minor units) without settling what is due. */
  | { ok: false; reason: 'below_minimum'; minimum: number };

/**
 * Spec section 9: a payment is at least 0.50 of its currency (`minimumTotal`), except the one that
 * settles exactly what is still due (`due`; null for a payment without an invoice), so every invoice
 * can be paid off to its last minor unit: $1.20 as $1.00 + $0.20. Never zero.
 */
export function meetsPaymentMinimum(amount: number, precision: number, due: number | null): boolean {
  return amount > 0 && (amount >= minimumTotal(precision) || amount === due);
}

/** An invoice's paid amount, what is still due and its paid status, once `amountPaid` is paid in all. */
export function paidAmounts(total: number, amountPaid: number): InvoicePaidAmounts {
  return { amount_paid: amountPaid, due_amount: total - amountPaid, paid_status: paidStatusOf(total, amountPaid) };
}

/**
 * Whether `amount` may be paid against the invoice, and the invoice's amounts afterwards. A
 * payment never takes an invoice past its total; where partial payments are off, it must settle
 * exactly what is due; a payment that leaves something due is at least the minimum. The invoice's
 * paid status is judged without this payment, so editing the payment that made an invoice paid is
 * allowed.
 */
export function settlePayment(invoice: PayableInvoice, amount: number, options: { partialPayments: boolean }): PaymentSettlement {
  const base = { status: invoice.status, paid_status: paidStatusOf(invoice.total, invoice.amount_paid) };
  // A fully paid invoice is refused for that reason, whichever status it has reached ('completed' too).
  if (base.paid_status === 'paid') return { ok: false, reason: 'not_payable', message: invoiceRefusalMessage('paid', 'record_payment') };
  const transition = invoiceTransition(base, 'record_payment');
  if (!transition.ok) return { ok: false, reason: 'not_payable', message: transition.message };
  const due = invoice.total - invoice.amount_paid;
  if (amount > due) return { ok: false, reason: 'exceeds_due' };
  if (!options.partialPayments && amount !== due) return { ok: false, reason: 'partial_not_allowed' };
  if (!meetsPaymentMinimum(amount, invoice.precision, due)) return { ok: false, reason: 'below_minimum', minimum: minimumTotal(invoice.precision) };
  return { ok: true, ...paidAmounts(invoice.total, invoice.amount_paid + amount) };
}
