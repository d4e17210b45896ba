import { type AttachmentResource, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type FileStorage, attachmentStorageKey } from '../../platform/storage';
import type { DocumentAttachments } from '../documents/document-attachments';
import { type AttachableDocument, attachableDocument } from './attachable-documents';
import { ATTACHMENTS_PER_DOCUMENT, type AcceptedFile } from './attachment-files';
import * as repo from './attachments.repository';

export type AttachmentModel = repo.AttachmentModel;

/** A file written to storage whose row is not inserted yet. */
export type StoredFile = { id: string; fileName: string; mimeType: string; size: number; storageKey: string };

function toAttachmentResource(row: repo.AttachmentRow): AttachmentResource {
  return {
    id: row.id,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    url: `/api/v1/${attachableDocument(row.model).path}/${row.documentId}/attachments/${row.id}`,
  };
}

const auditView = (row: Pick<repo.AttachmentRow, 'model' | 'documentId' | 'fileName' | 'mimeType' | 'size'>) => ({
  model: row.model,
  document_id: row.documentId,
  file_name: row.fileName,
  mime_type: row.mimeType,
  size: row.size,
});

/** Files are written before the transaction that records them; `discardFiles` undoes it when that fails. */
export async function storeFiles(storage: FileStorage, tenantId: string, files: readonly AcceptedFile[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const id = newId();
      const storageKey = attachmentStorageKey(tenantId, id);
      await storage.putDocument(storageKey, file.content);
      stored.push({ id, fileName: file.fileName, mimeType: file.sniffed.mime, size: file.content.length, storageKey });
    }
  } catch (error) {
    await discardFiles(storage, stored.map((file) => file.storageKey));
    throw error;
  }
  return stored;
}

/** Deletes stored files after their rows are gone (or were never committed). */
export async function discardFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.deleteDocument(key)));
}

/** Records stored files as attachments of a document of the caller's business, with an audit row each. */
export async function insertAttachmentsInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, model: AttachmentModel, documentId: string, files: readonly StoredFile[]): Promise<void> {
  const rows = files.map((file) => ({ tenantId: scope.tenantId, businessId: scope.businessId, model, documentId, uploadedByUserId: actor.userId, ...file }));
  await repo.insertAttachments(tx, rows);
  for (const row of rows) await recordAudit(tx, actor, { model: 'attachment', modelId: row.id, action: 'created', after: auditView(row) });
}

function groupByDocument(rows: readonly repo.AttachmentRow[]): Map<string, AttachmentResource[]> {
  const byDocument = new Map<string, AttachmentResource[]>();
  for (const row of rows) {
    const list = byDocument.get(row.documentId) ?? [];
    list.push(toAttachmentResource(row));
    byDocument.set(row.documentId, list);
  }
  return byDocument;
}

/**
 * What the invoices and estimates services use: attachment rows change in their transaction and
 * the files go (`purge`) after it committed. The document's own audit row records the change.
 */
export function createDocumentAttachments(app: AppContext): DocumentAttachments {
  return {
    async list(tx, owner, model, documentIds) {
      return groupByDocument(await repo.listAttachments(tx, owner, model, documentIds));
    },
    async remove(tx, scope, model, documentId, attachmentIds) {
      return (await repo.deleteAttachments(tx, scope, model, [documentId], attachmentIds)).map((row) => row.storageKey);
    },
    async removeAll(tx, scope, model, documentIds) {
      return (await repo.deleteAttachments(tx, scope, model, documentIds)).map((row) => row.storageKey);
    },
    purge: (storageKeys) => discardFiles(app.storage, storageKeys),
  };
}

/** The document as the caller's business sees it: its own, or addressed to it once it is no draft. */
async function visibleDocument(tx: Tx, scope: BusinessScope, entry: AttachableDocument, documentId: string): Promise<repo.DocumentParties> {
  const parties = await entry.findParties(tx, scope.tenantId, scope.businessId, documentId);
  if (!parties || (parties.businessId !== scope.businessId && parties.isDraft)) throw AppError.notFound();
  return parties;
}

/** Only the issuing business changes a document's attachments; the receiver may only read them. */
async function ownDocument(tx: Tx, scope: BusinessScope, entry: AttachableDocument, documentId: string): Promise<repo.DocumentParties> {
  const parties = await visibleDocument(tx, scope, entry, documentId);
  if (parties.businessId !== scope.businessId) throw AppError.forbidden();
  return parties;
}

export function createAttachmentService(app: AppContext) {
  return {
    /** Adds `files` and removes the attachments `removeIds` of the document; returns its attachments after the change. */
    async update(actor: AuditActor, scope: BusinessScope, model: AttachmentModel, documentId: string, files: readonly AcceptedFile[], removeIds: readonly string[]): Promise<AttachmentResource[]> {
      const entry = attachableDocument(model);
      await inTenant(app.db, scope.tenantId, (tx) => ownDocument(tx, scope, entry, documentId));
      const stored = await storeFiles(app.storage, scope.tenantId, files);
      let outcome: { attachments: AttachmentResource[]; removedKeys: string[] };
      try {
        outcome = await inTenant(app.db, scope.tenantId, async (tx) => {
          await ownDocument(tx, scope, entry, documentId);
          const removed = await repo.deleteAttachments(tx, scope, model, [documentId], removeIds);
          for (const row of removed) await recordAudit(tx, actor, { model: 'attachment', modelId: row.id, action: 'deleted', before: auditView(row) });
          await insertAttachmentsInTx(tx, actor, scope, model, documentId, stored);
          if ((await repo.countAttachments(tx, scope, model, documentId)) > ATTACHMENTS_PER_DOCUMENT) throw AppError.validation('attachments', messages.tooManyAttachments);
          const rows = await repo.listAttachments(tx, scope, model, [documentId]);
          return { attachments: rows.map(toAttachmentResource), removedKeys: removed.map((row) => row.storageKey) };
        });
      } catch (error) {
        await discardFiles(app.storage, stored.map((file) => file.storageKey));
        throw error;
      }
      await discardFiles(app.storage, outcome.removedKeys);
      return outcome.attachments;
    },

    async remove(actor: AuditActor, scope: BusinessScope, model: AttachmentModel, documentId: string, attachmentId: string): Promise<void> {
      const entry = attachableDocument(model);
      const storageKey = await inTenant(app.db, scope.tenantId, async (tx) => {
        await ownDocument(tx, scope, entry, documentId);
        const [removed] = await repo.deleteAttachments(tx, scope, model, [documentId], [attachmentId]);
        if (!removed) throw AppError.notFound();
        await recordAudit(tx, actor, { model: 'attachment', modelId: removed.id, action: 'deleted', before: auditView(removed) });
        return removed.storageKey;
      });
      await discardFiles(app.storage, [storageKey]);
    },

    /** The file for the issuing business, or for the receiving one once the document is no draft. */
    async download(scope: BusinessScope, model: AttachmentModel, documentId: string, attachmentId: string): Promise<{ fileName: string; mimeType: string; content: Buffer }> {
      const entry = attachableDocument(model);
      const row = await inTenant(app.db, scope.tenantId, async (tx) => {
        const parties = await visibleDocument(tx, scope, entry, documentId);
        return repo.findAttachment(tx, { tenantId: scope.tenantId, businessId: parties.businessId }, model, documentId, attachmentId);
      });
      const content = row ? await app.storage.getDocument(row.storageKey) : null;
      if (!row || !content) throw AppError.notFound();
      return { fileName: row.fileName, mimeType: row.mimeType, content };
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
