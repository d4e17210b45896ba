import { formatMoney } from '@app/domain';
import type { MailDraft } from '../../platform/outbox';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';
import type { Mailbox } from './payment-claims.repository';

/** What both claim mails say about the payment. */
export type ClaimFacts = { paymentNumber: string; paymentDate: string; amount: number; currencyId: number; invoiceNumber: string };

const amountOf = (facts: ClaimFacts) => formatMoney(facts.amount, moneyFormatOf(facts.currencyId));

/**
 * To the vendor, when a customer claims (or claims again) that it paid one of the vendor's
 * invoices. No link: the vendor signs in as usual (mailed links are built in one place, for
 * public documents and invitations only).
 */
export function claimedMail(vendor: Mailbox & { email: string }, customer: Mailbox, facts: ClaimFacts): MailDraft {
  const amount = amountOf(facts);
  const text = [
    `Dear ${vendor.name},`,
    '',
    `${customer.name} recorded a payment of ${amount}, dated ${formatDocumentDate(facts.paymentDate)}, against your invoice ${facts.invoiceNumber} (their reference ${facts.paymentNumber}).`,
    '',
    'Your invoice does not change until you confirm that the money arrived. Sign in and open the invoice, or Payments, to confirm or reject the payment.',
  ].join('\n');
  return { to: vendor.email, replyTo: customer.email, subject: `${customer.name} recorded a payment of ${amount} on invoice ${facts.invoiceNumber}`.slice(0, 255), text, secrets: [] };
}

/** To the customer, when the vendor rejects its claim; the reason, when given, is quoted. */
export function rejectedMail(customer: Mailbox & { email: string }, vendor: Mailbox, facts: ClaimFacts, reason: string | null): MailDraft {
  const text = [
    `Dear ${customer.name},`,
    '',
    `${vendor.name} rejected the payment of ${amountOf(facts)}, dated ${formatDocumentDate(facts.paymentDate)}, that you recorded against its invoice ${facts.invoiceNumber} (your payment ${facts.paymentNumber}).`,
    ...(reason ? ['', `Reason: ${reason}`] : []),
    '',
    'The invoice is unchanged. Sign in to correct the payment and record it again, or to delete it.',
  ].join('\n');
  return { to: customer.email, replyTo: vendor.email, subject: `${vendor.name} rejected your payment ${facts.paymentNumber} on invoice ${facts.invoiceNumber}`.slice(0, 255), text, secrets: [] };
}
