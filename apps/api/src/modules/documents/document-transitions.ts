import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore, DocumentRowBase } from './document-core';

/** Which business looks at the document, and how it finds it: the issuer its own, the customer one addressed to it. */
export type Side = 'own' | 'addressed';

type TransitionRow = DocumentRowBase & { status: string; viewedAt: Date | null };

/** What the kind's transition table decides, and how its rows are read and changed. */
export type TransitionAdapter<Row extends TransitionRow, Insert, Action extends string> = {
  findAddressed(tx: Tx, scope: BusinessScope, id: string, lock: boolean): Promise<Row | undefined>;
  findInTenant(tx: Tx, tenantId: string, id: string, lock: boolean): Promise<Row | undefined>;
  update(tx: Tx, tenantId: string, id: string, patch: Partial<Insert>): Promise<Row>;
  /** The status after `action`, or a 422 on the status. */
  allowed(tx: Tx, row: Row, action: Action): Promise<string>;
  /** What a first opening of the public page changes besides `viewedAt`; null when the row stays as it is. */
  viewed(tx: Tx, row: Row): Promise<Partial<Insert> | null>;
  /** Writes the webhook events a stored status change tells of, in its transaction. */
  changed(tx: Tx, action: Action, before: Row, after: Row): Promise<void>;
  /** Writes the webhook event of the first opening of the public page, if the kind has one. */
  firstViewed(tx: Tx, after: Row): Promise<void>;
};

/**
 * Status changes of one kind: each locks the row, asks the kind's table, stores the status and what
 * the action stamps, and records the audit row and the webhook events, all in one transaction.
 */
export function createDocumentTransitions<Row extends TransitionRow, Insert extends { status?: string; viewedAt?: Date | null }, Action extends string, Resource>(
  app: AppContext,
  core: DocumentCore<Row>,
  adapter: TransitionAdapter<Row, Insert, Action>,
  resource: (tx: Tx, scope: BusinessScope, row: Row) => Promise<Resource>,
) {
  /** Applies one status change to a locked row and records it; `viewer` is the business the answer is for. */
  async function apply(tx: Tx, actor: AuditActor, viewer: BusinessScope, row: Row, action: Action, extra: Partial<Insert>, note: Record<string, unknown>) {
    const status = await adapter.allowed(tx, row, action);
    const updated = await adapter.update(tx, row.tenantId, row.id, { ...extra, status });
    await core.audit.updated(tx, actor, row, updated, { event: action, ...note });
    await adapter.changed(tx, action, row, updated);
    return resource(tx, viewer, updated);
  }

  /** One status change of a document the business issued (or, for approve/reject, received), in the caller's transaction. */
  async function inTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string, action: Action, side: Side, extra: (row: Row) => Partial<Insert> = () => ({}), note: Record<string, unknown> = {}) {
    const row = side === 'own' ? await core.findOwn(tx, scope, id, true) : await adapter.findAddressed(tx, scope, id, true);
    if (!row) throw AppError.notFound();
    return apply(tx, actor, scope, row, action, extra(row), note);
  }

  const run = (actor: AuditActor, scope: BusinessScope, id: string, action: Action, side: Side, extra?: (row: Row) => Partial<Insert>, note?: Record<string, unknown>) =>
    inTenant(app.db, scope.tenantId, (tx) => inTx(tx, actor, scope, id, action, side, extra, note));

  return {
    run,
    inTx,
    /** A change from the public page: the receiving business acts, no user is signed in; drafts are not found. */
    fromLink: (tenantId: string, id: string, action: Action, extra: Partial<Insert>, note: Record<string, unknown> = {}) =>
      inTenant(app.db, tenantId, async (tx) => {
        const row = await adapter.findInTenant(tx, tenantId, id, true);
        if (!row || row.status === 'draft') throw AppError.notFound();
        const receiver = { tenantId, businessId: row.customerBusinessId };
        return apply(tx, systemActor(tenantId, row.customerBusinessId), receiver, row, action, extra, note);
      }),
    /** The customer opened the public page: the first opening stamps `viewedAt` (and may move the status). */
    async markViewed(tenantId: string, id: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await adapter.findInTenant(tx, tenantId, id, true);
        if (!row || row.viewedAt) return;
        const change = await adapter.viewed(tx, row);
        if (!change) return;
        const updated = await adapter.update(tx, tenantId, id, { ...change, viewedAt: app.clock.now() });
        await core.audit.updated(tx, systemActor(tenantId, row.businessId), row, updated, { event: 'viewed' });
        await adapter.firstViewed(tx, updated);
      });
    },
  };
}
