import type { EstimateResource } from '@app/contracts';
import { estimateTransition } from '@app/domain';
import type { EstimateService } from '../estimates/estimates.service';
import type { DeliveryAdapter } from './delivery-adapter';
import { formatDocumentDate } from './document-formatting';

export function estimateDeliveryAdapter(estimates: EstimateService): DeliveryAdapter<EstimateResource> {
  return {
    kind: 'estimate',
    plural: 'estimates',
    title: 'Estimate',
    number: (estimate) => estimate.estimate_number,
    fields: (estimate) => [
      { label: 'Estimate Date', value: formatDocumentDate(estimate.estimate_date) },
      ...(estimate.expiry_date ? [{ label: 'Expiry Date', value: formatDocumentDate(estimate.expiry_date) }] : []),
      ...(estimate.reference_number ? [{ label: 'Reference', value: estimate.reference_number }] : []),
    ],
    payment: () => null,
    dates: (estimate) => ({ due_date: null, expiry_date: estimate.expiry_date }),
    mailTemplate: (settings) => ({ subject: settings.estimate_email_subject, body: settings.estimate_email_body }),
    get: estimates.get,
    recordSentInTx: estimates.recordSentInTx,
    getForRecipient: estimates.getForRecipient,
    markViewed: estimates.markViewed,
    publicView: ({ allowed_actions: _actions, attachments: _files, ...estimate }) => ({
      invoice: null,
      estimate,
      can_approve: estimateTransition(estimate.status, 'approve').ok,
      can_reject: estimateTransition(estimate.status, 'reject').ok,
    }),
  };
}
