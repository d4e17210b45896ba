import { formatMoney } from '@app/domain';
import type { Tx } from '../../db/client';
import type { MailDraft } from '../../platform/outbox';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';
import { templatedMail } from '../email-templates/email-templates.port';
import type { Mailbox } from './payment-claims.repository';

/** What both claim mails say about the payment. */
export type ClaimFacts = { paymentNumber: string; paymentDate: string; amount: number; currencyId: number; invoiceNumber: string };

const factVariables = (facts: ClaimFacts) => ({
  amount: formatMoney(facts.amount, moneyFormatOf(facts.currencyId)),
  payment_date: formatDocumentDate(facts.paymentDate),
  invoice_number: facts.invoiceNumber,
  payment_number: facts.paymentNumber,
});

/**
 * To the vendor, when a customer claims (or claims again) that it paid one of the vendor's
 * invoices. No link: the vendor signs in as usual (mailed links are built in one place, for
 * public documents and invitations only).
 */
export function claimedMail(tx: Tx, tenantId: string, vendor: Mailbox & { email: string }, customer: Mailbox, facts: ClaimFacts): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'payment_claimed', {
    to: vendor.email,
    replyTo: customer.email,
    variables: { business_name: vendor.name, customer_name: customer.name, ...factVariables(facts) },
    secrets: [],
  });
}

/** To the customer, when the vendor rejects its claim; the reason, when given, is quoted. */
export function rejectedMail(tx: Tx, tenantId: string, customer: Mailbox & { email: string }, vendor: Mailbox, facts: ClaimFacts, reason: string | null): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'payment_claim_rejected', {
    to: customer.email,
    replyTo: vendor.email,
    // An empty text is true in Liquid's `if`: no reason is null.
    variables: { business_name: vendor.name, customer_name: customer.name, ...factVariables(facts), reason: reason === '' ? null : reason },
    secrets: [],
  });
}
