import type { InvoiceResource } from '@app/contracts';
import type { InvoiceService } from '../invoices/invoices.service';
import type { DeliveryAdapter } from './delivery-adapter';
import { formatDocumentDate } from './document-formatting';

export function invoiceDeliveryAdapter(invoices: InvoiceService): DeliveryAdapter<InvoiceResource> {
  return {
    kind: 'invoice',
    plural: 'invoices',
    title: 'Invoice',
    number: (invoice) => invoice.invoice_number,
    fields: (invoice) => [
      { label: 'Invoice Date', value: formatDocumentDate(invoice.invoice_date) },
      ...(invoice.due_date ? [{ label: 'Due Date', value: formatDocumentDate(invoice.due_date) }] : []),
    ],
    payment: (invoice) => ({ paid: invoice.amount_paid, due: invoice.due_amount }),
    dates: (invoice) => ({ due_date: invoice.due_date, expiry_date: null }),
    mailTemplate: (settings) => ({ subject: settings.invoice_email_subject, body: settings.invoice_email_body }),
    get: invoices.get,
    recordSentInTx: invoices.recordSentInTx,
    getForRecipient: invoices.getForRecipient,
    markViewed: invoices.markViewed,
    publicView: ({ allowed_actions: _actions, attachments: _files, ...invoice }) => ({ invoice, estimate: null, can_approve: false, can_reject: false }),
  };
}
