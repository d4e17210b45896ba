import type { Tx } from '../../db/client';
import * as repo from './attachments.repository';

/** A document type that carries attachments, under `/{path}/{id}/attachments`. */
export type AttachableDocument = {
  path: string;
  model: repo.AttachmentModel;
  viewAbility: string;
  editAbility: string;
  findParties: (tx: Tx, tenantId: string, businessId: string, id: string) => Promise<repo.DocumentParties | undefined>;
};

export const attachableDocuments: readonly AttachableDocument[] = [
  { path: 'invoices', model: 'invoice', viewAbility: 'view-invoice', editAbility: 'edit-invoice', findParties: repo.findInvoiceParties },
  { path: 'estimates', model: 'estimate', viewAbility: 'view-estimate', editAbility: 'edit-estimate', findParties: repo.findEstimateParties },
  { path: 'payments', model: 'payment', viewAbility: 'view-payment', editAbility: 'send-payment', findParties: repo.findPaymentParties },
];

export function attachableDocument(model: repo.AttachmentModel): AttachableDocument {
  const found = attachableDocuments.find((entry) => entry.model === model);
  if (!found) throw new Error(`Documents of model ${model} take no attachments`);
  return found;
}
