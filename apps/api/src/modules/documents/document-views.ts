import type { AttachmentResource, DocumentDirection, DocumentModel, InvoiceLoanStatus } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentAttachments } from './document-attachments';
import type { DocumentBusiness } from './document-business';
import { type DocumentCore, type DocumentCustomer, type DocumentLines, type DocumentRowBase, linesOf } from './document-core';

/** What a document's answer is built from besides its row: who looks, the issuer's day, the customer. */
export type ViewContext = { direction: DocumentDirection; today: string; owner: DocumentBusiness; customer: DocumentCustomer | undefined; loanStatus: InvoiceLoanStatus | null };

/** How a kind finds documents addressed to a business or opened by a link, and maps one to its answer. */
export type ViewAdapter<Row extends DocumentRowBase, Resource> = {
  model: DocumentModel;
  findAddressed(tx: Tx, scope: BusinessScope, id: string): Promise<Row | undefined>;
  findInTenant(tx: Tx, tenantId: string, id: string): Promise<Row | undefined>;
  toResource(row: Row, context: ViewContext, lines: DocumentLines, attachments: AttachmentResource[]): Resource;
  /** The loan status of each document that has one (invoices: financing's port), read once per batch. */
  loanStatuses?(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, InvoiceLoanStatus>>;
};

/** The full answers of documents a business issued or received: lines, taxes, customer and attachments, loaded once per batch. */
export function createDocumentViews<Row extends DocumentRowBase & { status: string }, Resource>(app: AppContext, core: DocumentCore<Row>, attachments: DocumentAttachments, adapter: ViewAdapter<Row, Resource>) {
  async function resources(tx: Tx, scope: BusinessScope, rows: Row[]): Promise<Resource[]> {
    const customers = new Map((await core.customersByIds(tx, scope.tenantId, rows.map((row) => row.customerId))).map((row) => [row.id, row]));
    const lines = await core.loadLines(tx, scope.tenantId, rows.map((row) => row.id));
    const files = new Map<string, AttachmentResource[]>();
    for (const owner of new Set(rows.map((row) => row.businessId))) {
      const found = await attachments.list(tx, { tenantId: scope.tenantId, businessId: owner }, adapter.model, rows.filter((row) => row.businessId === owner).map((row) => row.id));
      for (const [id, list] of found) files.set(id, list);
    }
    const loanStatuses = adapter.loanStatuses ? await adapter.loanStatuses(tx, scope.tenantId, rows.map((row) => row.id)) : new Map<string, InvoiceLoanStatus>();
    const businessOf = core.businessCache(tx, scope.tenantId);
    const result: Resource[] = [];
    for (const row of rows) {
      const owner = await businessOf(row.businessId);
      const context: ViewContext = { direction: row.businessId === scope.businessId ? 'outgoing' : 'incoming', today: core.today(owner.settings), owner, customer: customers.get(row.customerId), loanStatus: loanStatuses.get(row.id) ?? null };
      result.push(adapter.toResource(row, context, linesOf(lines, row.id), files.get(row.id) ?? []));
    }
    return result;
  }

  async function resource(tx: Tx, scope: BusinessScope, row: Row): Promise<Resource> {
    const [one] = await resources(tx, scope, [row]);
    if (!one) throw new Error(`${adapter.model} resource missing`);
    return one;
  }

  /**
   * The answer for a document just created in `tx`, from the rows its inserts returned and the
   * business and customer the create read: no statement is sent (a new document has no attachments).
   */
  function created(scope: BusinessScope, row: Row, owner: DocumentBusiness, customer: DocumentCustomer, lines: DocumentLines): Resource {
    const context: ViewContext = { direction: row.businessId === scope.businessId ? 'outgoing' : 'incoming', today: core.today(owner.settings), owner, customer, loanStatus: null };
    return adapter.toResource(row, context, lines, []);
  }

  /** The business's own document, or one addressed to it (never another's draft), in the caller's transaction. */
  async function getInTx(tx: Tx, scope: BusinessScope, id: string): Promise<Resource> {
    const row = (await core.findOwn(tx, scope, id)) ?? (await adapter.findAddressed(tx, scope, id));
    if (!row) throw AppError.notFound();
    return resource(tx, scope, row);
  }

  return {
    resources,
    resource,
    created,
    getInTx,
    get: (scope: BusinessScope, id: string) => inTenant(app.db, scope.tenantId, (tx) => getInTx(tx, scope, id)),
    /** For a public link (the token already proved access): the document as its customer sees it. */
    getForRecipient: (tenantId: string, id: string): Promise<Resource | null> =>
      inTenant(app.db, tenantId, async (tx) => {
        const row = await adapter.findInTenant(tx, tenantId, id);
        if (!row || row.status === 'draft') return null;
        return resource(tx, { tenantId, businessId: row.customerBusinessId }, row);
      }),
  };
}
