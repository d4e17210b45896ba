import { z } from 'zod';
import { type NotificationEvent, currencyByCode, webhookEstimateSchema, webhookInvoiceSchema, webhookLoanSchema, webhookPaymentSchema } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';

const invoiceData = z.object({ invoice: webhookInvoiceSchema });
const estimateData = z.object({ estimate: webhookEstimateSchema });
const paymentData = z.object({ payment: webhookPaymentSchema });
const loanData = z.object({ loan: webhookLoanSchema });


/** Who the payload's customer or vendor is, for the caller to look up by its kind. */
export function counterpartyOf(type: NotificationEvent, data: unknown): { kind: 'customer' | 'vendor'; id: string } | null {
  if (type.startsWith('invoice.')) return { kind: 'customer', id: invoiceData.parse(data).invoice.customer_id };
  if (type.startsWith('estimate.')) return { kind: 'customer', id: estimateData.parse(data).estimate.customer_id };
  if (type.startsWith('payment.')) {
    const { payment } = paymentData.parse(data);
    if (payment.customer_id) return { kind: 'customer', id: payment.customer_id };
    return payment.vendor_id ? { kind: 'vendor', id: payment.vendor_id } : null;
  }
  return null;
}

function money(minor: number, currencyCode: string): string {
  return formatMoney(minor, moneyFormatOf(currencyByCode(currencyCode)?.id ?? 1));
}

/** What a notification says: a headline (the mail's subject after the business's name) and its sentences. */
export type Told = { headline: string; details: string[] };

function invoiceTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { invoice } = invoiceData.parse(data);
  const total = money(invoice.total, invoice.currency);
  const due = money(invoice.due_amount, invoice.currency);
  const dueBy = invoice.due_date ? ` by ${formatDocumentDate(invoice.due_date)}` : '';
  const number = invoice.invoice_number;
  switch (type) {
    case 'invoice.viewed':
      return { headline: `${who} viewed invoice ${number}`, details: [`${who} opened invoice ${number} (${total}) for the first time. ${due} is due${dueBy}.`] };
    case 'invoice.approved':
      return { headline: `${who} approved invoice ${number}`, details: [`${who} approved invoice ${number} (${total}). ${due} is due${dueBy}.`] };
    case 'invoice.rejected':
      return { headline: `${who} rejected invoice ${number}`, details: [`${who} rejected invoice ${number} (${total}).`] };
    case 'invoice.paid':
      return { headline: `Invoice ${number} is paid`, details: [`${who} has paid invoice ${number} in full: ${total}.`] };
    default:
      return { headline: `Invoice ${number} is overdue`, details: [`Invoice ${number} to ${who} is past its due date${invoice.due_date ? ` (${formatDocumentDate(invoice.due_date)})` : ''}: ${due} of ${total} is unpaid.`] };
  }
}

function paymentTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { payment } = paymentData.parse(data);
  const amount = money(payment.amount, payment.currency);
  const direction = payment.direction === 'received' ? `from ${who}` : `to ${who}`;
  if (type === 'payment.succeeded') {
    return { headline: `Payment of ${amount} ${direction} went through`, details: [`The payment ${payment.payment_number} of ${amount} ${direction}, dated ${formatDocumentDate(payment.payment_date)}, went through.`] };
  }
  return {
    headline: `Payment of ${amount} ${direction} failed`,
    details: [`The payment ${payment.payment_number} of ${amount} ${direction} failed.`, ...(payment.failure_message ? [`Reason: ${payment.failure_message}`] : [])],
  };
}

function estimateTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { estimate } = estimateData.parse(data);
  const verb = type === 'estimate.approved' ? 'approved' : 'rejected';
  return { headline: `${who} ${verb} estimate ${estimate.estimate_number}`, details: [`${who} ${verb} estimate ${estimate.estimate_number} (${money(estimate.total, estimate.currency)}).`] };
}

function loanTold(type: NotificationEvent, data: unknown): Told {
  const { loan } = loanData.parse(data);
  const what = loan.product === 'factoring' ? 'invoice financing' : 'buy-now-pay-later loan';
  const principal = money(loan.principal, loan.currency);
  if (type === 'loan.funded') return { headline: `Your ${what} of ${principal} was funded`, details: [`Your ${what} of ${principal} was funded; its fee is ${money(loan.fee, loan.currency)}.`] };
  return { headline: `Your ${what} of ${principal} is repaid`, details: [`Your ${what} of ${principal} is repaid in full.`] };
}

/**
 * What the mail of an event of the business says (the `business_notification` template lays it
 * out). `counterpartyName` is the customer or vendor the payload names, when the business has it.
 */
export function notificationTold(type: NotificationEvent, data: unknown, counterpartyName: string | null): Told {
  const who = counterpartyName ?? (type.startsWith('payment.') ? 'a customer or vendor' : 'The customer');
  if (type.startsWith('invoice.')) return invoiceTold(type, data, who);
  if (type.startsWith('payment.')) return paymentTold(type, data, who);
  if (type.startsWith('estimate.')) return estimateTold(type, data, who);
  return loanTold(type, data);
}
