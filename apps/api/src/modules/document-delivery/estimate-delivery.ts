import { type EstimateResource, messages } from '@app/contracts';
import { estimateTransition } from '@app/domain';
import type { EstimateService } from '../estimates/estimates.service';
import type { InvoiceService } from '../invoices/invoices.service';
import { type DeliveryAdapter, markViewedOnce, pdfField } from './delivery-adapter';
import { formatDocumentDate } from './document-formatting';
import { itemizedBody } from './document-pdf-model';
import type { DocumentPublicView } from './invoice-delivery';

/** `invoices` reads the invoice a converted estimate became, for the number its public page names. */
export function estimateDeliveryAdapter(estimates: EstimateService, invoices: Pick<InvoiceService, 'getInTx'>): DeliveryAdapter<EstimateResource, DocumentPublicView> {
  return {
    kind: 'estimate',
    plural: 'estimates',
    missingMessage: messages.publicLinkInvalid,
    title: () => 'Estimate',
    number: (estimate) => estimate.estimate_number,
    recipient: (estimate) => estimate.customer,
    amount: (estimate) => estimate.total,
    fields: (estimate) => [
      pdfField('date', 'Estimate Date', formatDocumentDate(estimate.estimate_date)),
      ...(estimate.expiry_date ? [pdfField('expiry_date', 'Expiry Date', formatDocumentDate(estimate.expiry_date))] : []),
      ...(estimate.reference_number ? [pdfField('reference', 'Reference', estimate.reference_number)] : []),
    ],
    body: (estimate) => itemizedBody(estimate, null),
    dates: (estimate) => ({ due_date: null, expiry_date: estimate.expiry_date }),
    mailTemplate: (settings) => ({ subject: settings.estimate_email_subject, body: settings.estimate_email_body }),
    // Estimates follow the invoice setting: the business has one choice for its documents.
    attachesPdf: (settings) => settings.invoice_send_as_attachment,
    getInTx: estimates.getInTx,
    recordSentInTx: (tx, actor, scope, estimate) => estimates.recordSentInTx(tx, actor, scope, estimate.id),
    getForRecipient: estimates.getForRecipient,
    opened: markViewedOnce(estimates),
    publicView: async ({ allowed_actions: _actions, attachments: _files, ...estimate }, tx, tenantId) => {
      const converted = estimate.converted_invoice_id !== null;
      return {
        model: 'estimate',
        invoice: null,
        estimate,
        can_approve: estimateTransition(estimate.status, 'approve', converted).ok,
        can_reject: estimateTransition(estimate.status, 'reject', converted).ok,
        converted_to_invoice: estimate.converted_invoice_id
          ? { invoice_number: (await invoices.getInTx(tx, { tenantId, businessId: estimate.business.id }, estimate.converted_invoice_id)).invoice_number }
          : null,
        payments: [],
      };
    },
  };
}
