import type { AttachmentResource, DocumentModel } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';

/**
 * What the document services need from the attachments module. Rows change inside the
 * document's transaction; files are removed only after it committed (`purge`).
 */
export type DocumentAttachments = {
  /** The attachments of documents of `owner` (the issuing business); the caller already proved it may see them. */
  list(tx: Tx, owner: BusinessScope, model: DocumentModel, documentIds: readonly string[]): Promise<Map<string, AttachmentResource[]>>;
  /** Removes some attachments of one document of the business; returns the storage keys to purge. */
  remove(tx: Tx, scope: BusinessScope, model: DocumentModel, documentId: string, attachmentIds: readonly string[]): Promise<string[]>;
  /** Removes every attachment of the documents; returns the storage keys to purge. */
  removeAll(tx: Tx, scope: BusinessScope, model: DocumentModel, documentIds: readonly string[]): Promise<string[]>;
  purge(storageKeys: readonly string[]): Promise<void>;
};
