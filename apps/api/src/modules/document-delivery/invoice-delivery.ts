import { type InvoiceResource, type PublicDocument, messages } from '@app/contracts';
import type { InvoiceService } from '../invoices/invoices.service';
import { invoicePaymentsForRecipient } from '../payments/payments.port';
import { type DeliveryAdapter, markViewedOnce, pdfField } from './delivery-adapter';
import { formatDocumentDate } from './document-formatting';
import { itemizedBody } from './document-pdf-model';

export type DocumentPublicView = Omit<PublicDocument, 'business' | 'pdf_url'>;

export function invoiceDeliveryAdapter(invoices: InvoiceService): DeliveryAdapter<InvoiceResource, DocumentPublicView> {
  return {
    kind: 'invoice',
    plural: 'invoices',
    missingMessage: messages.publicLinkInvalid,
    title: () => 'Invoice',
    number: (invoice) => invoice.invoice_number,
    recipient: (invoice) => invoice.customer,
    // What the customer is asked to pay: after a partial payment, what is still due, not the total.
    amount: (invoice) => invoice.due_amount,
    fields: (invoice) => [
      pdfField('date', 'Invoice Date', formatDocumentDate(invoice.invoice_date)),
      ...(invoice.due_date ? [pdfField('due_date', 'Due Date', formatDocumentDate(invoice.due_date))] : []),
    ],
    body: (invoice) => itemizedBody(invoice, { paid: invoice.amount_paid, due: invoice.due_amount }),
    dates: (invoice) => ({ due_date: invoice.due_date, expiry_date: null }),
    mailTemplate: (settings) => ({ subject: settings.invoice_email_subject, body: settings.invoice_email_body }),
    attachesPdf: (settings) => settings.invoice_send_as_attachment,
    getInTx: invoices.getInTx,
    recordSentInTx: (tx, actor, scope, invoice) => invoices.recordSentInTx(tx, actor, scope, invoice.id),
    getForRecipient: invoices.getForRecipient,
    opened: markViewedOnce(invoices),
    publicView: async ({ allowed_actions: _actions, attachments: _files, ...invoice }, tx, tenantId) => ({
      model: 'invoice',
      invoice,
      estimate: null,
      can_approve: false,
      can_reject: false,
      converted_to_invoice: null,
      payments: await invoicePaymentsForRecipient(tx, tenantId, invoice.id),
    }),
  };
}
