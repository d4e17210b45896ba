import { z } from 'zod';
import { type NotificationEvent, currencyByCode, webhookEstimateSchema, webhookInvoiceSchema, webhookLoanSchema, webhookPaymentSchema } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';

const invoiceData = z.object({ invoice: webhookInvoiceSchema });
const estimateData = z.object({ estimate: webhookEstimateSchema });
const paymentData = z.object({ payment: webhookPaymentSchema });
const loanData = z.object({ loan: webhookLoanSchema });

/** What a notification is about, beyond its payload: the business told, and the customer or vendor who acted. */
export type NotificationFacts = { businessName: string; counterpartyName: string | null };

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

type Told = { subject: string; lines: string[] };

function invoiceTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { invoice } = invoiceData.parse(data);
  const total = money(invoice.total, invoice.currency);
  const due = money(invoice.due_amount, invoice.currency);
  const dueBy = invoice.due_date ? ` by ${formatDocumentDate(invoice.due_date)}` : '';
  const number = invoice.invoice_number;
  switch (type) {
    case 'invoice.viewed':
      return { subject: `${who} viewed invoice ${number}`, lines: [`${who} opened invoice ${number} (${total}) for the first time. ${due} is due${dueBy}.`] };
    case 'invoice.approved':
      return { subject: `${who} approved invoice ${number}`, lines: [`${who} approved invoice ${number} (${total}). ${due} is due${dueBy}.`] };
    case 'invoice.rejected':
      return { subject: `${who} rejected invoice ${number}`, lines: [`${who} rejected invoice ${number} (${total}).`] };
    case 'invoice.paid':
      return { subject: `Invoice ${number} is paid`, lines: [`${who} has paid invoice ${number} in full: ${total}.`] };
    default:
      return { subject: `Invoice ${number} is overdue`, lines: [`Invoice ${number} to ${who} is past its due date${invoice.due_date ? ` (${formatDocumentDate(invoice.due_date)})` : ''}: ${due} of ${total} is unpaid.`] };
  }
}

function paymentTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { payment } = paymentData.parse(data);
  const amount = money(payment.amount, payment.currency);
  const direction = payment.direction === 'received' ? `from ${who}` : `to ${who}`;
  if (type === 'payment.succeeded') {
    return { subject: `Payment of ${amount} ${direction} went through`, lines: [`The payment ${payment.payment_number} of ${amount} ${direction}, dated ${formatDocumentDate(payment.payment_date)}, went through.`] };
  }
  return {
    subject: `Payment of ${amount} ${direction} failed`,
    lines: [`The payment ${payment.payment_number} of ${amount} ${direction} failed.`, ...(payment.failure_message ? [`Reason: ${payment.failure_message}`] : [])],
  };
}

function estimateTold(type: NotificationEvent, data: unknown, who: string): Told {
  const { estimate } = estimateData.parse(data);
  const verb = type === 'estimate.approved' ? 'approved' : 'rejected';
  return { subject: `${who} ${verb} estimate ${estimate.estimate_number}`, lines: [`${who} ${verb} estimate ${estimate.estimate_number} (${money(estimate.total, estimate.currency)}).`] };
}

function loanTold(type: NotificationEvent, data: unknown): Told {
  const { loan } = loanData.parse(data);
  const what = loan.product === 'factoring' ? 'invoice financing' : 'buy-now-pay-later loan';
  const principal = money(loan.principal, loan.currency);
  if (type === 'loan.funded') return { subject: `Your ${what} of ${principal} was funded`, lines: [`Your ${what} of ${principal} was funded; its fee is ${money(loan.fee, loan.currency)}.`] };
  return { subject: `Your ${what} of ${principal} is repaid`, lines: [`Your ${what} of ${principal} is repaid in full.`] };
}

/**
 * The mail an event of the business sends its chosen addresses. No link: the reader signs in as
 * usual (mailed links are built in one place, for public documents and invitations only).
 */
export function notificationMail(type: NotificationEvent, data: unknown, facts: NotificationFacts): { subject: string; text: string } {
  const who = facts.counterpartyName ?? (type.startsWith('payment.') ? 'a customer or vendor' : 'The customer');
  const told = type.startsWith('invoice.')
    ? invoiceTold(type, data, who)
    : type.startsWith('payment.')
      ? paymentTold(type, data, who)
      : type.startsWith('estimate.')
        ? estimateTold(type, data, who)
        : loanTold(type, data);
  const text = [
    `${facts.businessName}:`,
    '',
    ...told.lines,
    '',
    'Sign in to see the details.',
    '',
    `You receive this because ${facts.businessName} chose to email you about it. Who is told of what is set in Settings → Notifications.`,
  ].join('\n');
  return { subject: `${facts.businessName}: ${told.subject}`.slice(0, 255), text };
}
