import type { InvoiceResource, PublicDocument, ResolvedBusinessSettings } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';

/** What invoices and estimates share; the delivery core reads nothing else of a document. */
export type DeliverableDocument = Pick<
  InvoiceResource,
  'id' | 'direction' | 'business' | 'customer' | 'currency_id' | 'template_name' | 'notes' | 'discount_type' | 'discount' | 'discount_val' | 'sub_total' | 'total' | 'taxes' | 'items' | 'viewed_at'
>;

export type DeliveryKind = 'invoice' | 'estimate';

/**
 * One kind of document as the delivery core sees it: how to read, label and send it. The
 * service methods are the kind's own (invoices.get, invoices.recordSentInTx, ...).
 */
export type DeliveryAdapter<Document extends DeliverableDocument> = {
  kind: DeliveryKind;
  /** The path segment of its routes and public pages: 'invoices' → /invoices/{id}/pdf, /public/invoices/view/{token}. */
  plural: 'invoices' | 'estimates';
  title: string;
  number(document: Document): string;
  /** The PDF's header fields, dates already formatted. */
  fields(document: Document): { label: string; value: string }[];
  /** Paid and due rows of the PDF; null when the kind has none. */
  payment(document: Document): { paid: number; due: number } | null;
  /** Raw ISO dates for the {due_date} and {expiry_date} mail placeholders. */
  dates(document: Document): { due_date: string | null; expiry_date: string | null };
  mailTemplate(settings: ResolvedBusinessSettings): { subject: string; body: string };
  /** The issuing business's own document or one addressed to it; 404 otherwise. */
  get(scope: BusinessScope, id: string): Promise<Document>;
  /** The 'send' transition inside the caller's transaction (the one that also writes the link and the mail). */
  recordSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string): Promise<Document>;
  /** The document as its recipient sees it; null when it is not to be shown (a draft). */
  getForRecipient(tenantId: string, id: string): Promise<Document | null>;
  markViewed(tenantId: string, id: string): Promise<void>;
  /** The kind's part of the public page. */
  publicView(document: Document): Pick<PublicDocument, 'invoice' | 'estimate' | 'can_approve' | 'can_reject'>;
};
