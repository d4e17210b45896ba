import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attachments, estimates, invoices, payments } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type AttachmentRow = typeof attachments.$inferSelect;
export type AttachmentModel = AttachmentRow['model'];

/** What access checks need of a document: who issued it, who receives it, whether it is a draft. */
export type DocumentParties = { id: string; businessId: string; customerBusinessId: string; isDraft: boolean };

const ofDocuments = (scope: BusinessScope, model: AttachmentModel, documentIds: readonly string[]) =>
  and(eq(attachments.tenantId, scope.tenantId), eq(attachments.businessId, scope.businessId), eq(attachments.model, model), inArray(attachments.documentId, [...documentIds]));

/** The attachments of documents issued by `owner` (which may not be the caller's business: receivers read them too). */
export async function listAttachments(tx: Tx, owner: BusinessScope, model: AttachmentModel, documentIds: readonly string[]): Promise<AttachmentRow[]> {
  if (documentIds.length === 0) return [];
  return tx
    .select()
    .from(attachments)
    .where(ofDocuments(owner, model, documentIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

export async function countAttachments(tx: Tx, scope: BusinessScope, model: AttachmentModel, documentId: string): Promise<number> {
  const rows = await tx.select({ count: count() }).from(attachments).where(ofDocuments(scope, model, [documentId]));
  return rows[0]?.count ?? 0;
}

export async function findAttachment(tx: Tx, scope: BusinessScope, model: AttachmentModel, documentId: string, id: string): Promise<AttachmentRow | undefined> {
  const rows = await tx
    .select()
    .from(attachments)
    .where(and(ofDocuments(scope, model, [documentId]), eq(attachments.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertAttachments(tx: Tx, rows: (typeof attachments.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(attachments).values(rows);
}

/** Deletes the attachments `ids` of the documents (all of them without `ids`); returns the deleted rows. */
export async function deleteAttachments(tx: Tx, scope: BusinessScope, model: AttachmentModel, documentIds: readonly string[], ids?: readonly string[]): Promise<AttachmentRow[]> {
  if (documentIds.length === 0 || ids?.length === 0) return [];
  return tx
    .delete(attachments)
    .where(and(ofDocuments(scope, model, documentIds), ids ? inArray(attachments.id, [...ids]) : undefined))
    .returning();
}

/** The invoice `id` of the tenant when the caller's business issued it or receives it. */
export async function findInvoiceParties(tx: Tx, tenantId: string, businessId: string, id: string): Promise<DocumentParties | undefined> {
  const rows = await tx
    .select({ id: invoices.id, businessId: invoices.businessId, customerBusinessId: invoices.customerBusinessId, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id), or(eq(invoices.businessId, businessId), eq(invoices.customerBusinessId, businessId))))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, businessId: row.businessId, customerBusinessId: row.customerBusinessId, isDraft: row.status === 'draft' };
}

/** The estimate `id` of the tenant when the caller's business issued it or receives it. */
export async function findEstimateParties(tx: Tx, tenantId: string, businessId: string, id: string): Promise<DocumentParties | undefined> {
  const rows = await tx
    .select({ id: estimates.id, businessId: estimates.businessId, customerBusinessId: estimates.customerBusinessId, status: estimates.status })
    .from(estimates)
    .where(and(eq(estimates.tenantId, tenantId), eq(estimates.id, id), or(eq(estimates.businessId, businessId), eq(estimates.customerBusinessId, businessId))))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, businessId: row.businessId, customerBusinessId: row.customerBusinessId, isDraft: row.status === 'draft' };
}

/**
 * The payment `id` when the caller's business recorded it. A payment is the recorder's own record
 * (the other side keeps its own), so it is never visible to the counterparty: it counts as a draft.
 */
export async function findPaymentParties(tx: Tx, tenantId: string, businessId: string, id: string): Promise<DocumentParties | undefined> {
  const rows = await tx
    .select({ id: payments.id, businessId: payments.businessId, counterpartyBusinessId: payments.counterpartyBusinessId })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id), eq(payments.businessId, businessId)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, businessId: row.businessId, customerBusinessId: row.counterpartyBusinessId, isDraft: true };
}
