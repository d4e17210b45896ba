import type { DocumentParty, PdfLabelKey, ResolvedBusinessSettings } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import type { PdfDocumentModel } from '../../platform/pdf';

/** What every deliverable document has; the delivery core reads the rest through the adapter. */
export type DeliverableDocument = { id: string; business: { id: string; name: string }; currency_id: number; template_name: string };

export type DeliveryKind = 'invoice' | 'estimate' | 'payment';

/**
 * The part of a PDF that differs by kind: an item table with totals, or a receipt's one amount.
 * `parties` says which addresses it shows: bill-to and (when there is one) ship-to, bill-to only, or none.
 */
export type PdfBody = Pick<PdfDocumentModel, 'lines' | 'sub_total' | 'discount_rate' | 'discount_val' | 'taxes' | 'total' | 'amount_paid' | 'amount_due' | 'notes'> & {
  parties: 'bill_and_ship' | 'bill' | 'none';
};

/**
 * One kind of document as the delivery core sees it: how to read, label and send it. The
 * service methods are the kind's own (invoices.getInTx, invoices.recordSentInTx, ...). `View` is the
 * kind's part of its public page.
 */
export type DeliveryAdapter<Document extends DeliverableDocument, View> = {
  kind: DeliveryKind;
  /** The path segment of its routes and public pages: 'invoices' → /invoices/{id}/pdf, /public/invoices/view/{token}. */
  plural: 'invoices' | 'estimates' | 'payments';
  /** The answer to a public token that leads nowhere. */
  missingMessage: string;
  title(document: Document): string;
  number(document: Document): string;
  /** Who the mail goes to and the PDF is addressed to. */
  recipient(document: Document): DocumentParty;
  /** The {amount} of mails: what the recipient is asked to pay (an invoice's amount due, an estimate's total, a payment's amount). */
  amount(document: Document): number;
  /** The PDF's header fields, dates already formatted; a template's label for the key replaces the English one. */
  fields(document: Document): PdfDocumentModel['fields'];
  body(document: Document): PdfBody;
  /** Raw ISO dates for the {due_date} and {expiry_date} mail placeholders. */
  dates(document: Document): { due_date: string | null; expiry_date: string | null };
  mailTemplate(settings: ResolvedBusinessSettings, document: Document): { subject: string; body: string };
  /** Whether mail carries the PDF; without it the link is the way to the document. */
  attachesPdf(settings: ResolvedBusinessSettings): boolean;
  /** The issuing business's own document or one addressed to it, read in the caller's transaction; 404 otherwise. */
  getInTx(tx: Tx, scope: BusinessScope, id: string): Promise<Document>;
  /** The 'send' transition inside the caller's transaction (the one that also writes the link and the mail): the document as it is after it. */
  recordSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, document: Document): Promise<Document>;
  /** The document as its recipient sees it; null when it is not to be shown (a draft). */
  getForRecipient(tenantId: string, id: string): Promise<Document | null>;
  /** The recipient opened the public page; returns the document as it is now. */
  opened(tenantId: string, document: Document): Promise<Document>;
  /** The kind's part of the public page, read in the page's transaction (an invoice lists its payments). */
  publicView(document: Document, tx: Tx, tenantId: string): View | Promise<View>;
};

/** One header field of a PDF: its label key, English label and value. */
export function pdfField(key: PdfLabelKey, label: string, value: string): PdfDocumentModel['fields'][number] {
  return { key, label, value };
}

type Viewable = { id: string; viewed_at: string | null };

/** `opened` for kinds that record the first view (invoices and estimates become 'viewed'). */
export function markViewedOnce<Document extends Viewable>(service: {
  markViewed(tenantId: string, id: string): Promise<void>;
  getForRecipient(tenantId: string, id: string): Promise<Document | null>;
}): (tenantId: string, document: Document) => Promise<Document> {
  return async (tenantId, document) => {
    if (document.viewed_at !== null) return document;
    await service.markViewed(tenantId, document.id);
    return (await service.getForRecipient(tenantId, document.id)) ?? document;
  };
}
