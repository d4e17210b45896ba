import { type EstimateAction, estimateTransition } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore } from '../documents/document-core';
import { loadDocumentBusiness } from '../documents/document-business';
import { effectiveStatus } from './estimate-resource';
import * as repo from './estimates.repository';

type Side = 'own' | 'addressed';
type Patch = (row: repo.EstimateRow) => Partial<repo.EstimateInsert>;

/** The status after `action`, judged on the status as of today (an estimate past its expiry is expired). */
export async function allowedEstimateStatus(tx: Tx, core: DocumentCore<repo.EstimateRow>, row: repo.EstimateRow, action: EstimateAction) {
  const owner = await loadDocumentBusiness(tx, row.tenantId, row.businessId);
  const result = estimateTransition(effectiveStatus(row, core.today(owner.settings)), action);
  if (!result.ok) throw AppError.validation('status', result.message);
  return { status: result.status, owner };
}

/** The status changes of estimates: by the issuer, by the receiving business, and by the public page. */
export function createEstimateTransitions<Resource>(app: AppContext, core: DocumentCore<repo.EstimateRow>, resource: (tx: Tx, scope: BusinessScope, row: repo.EstimateRow) => Promise<Resource>) {
  const now = () => app.clock.now();
  const sent: Patch = (row) => ({ sentAt: row.sentAt ?? now() });

  /** Applies one status change to a locked row and records it; `viewer` is the business the answer is for. */
  async function applyTransition(tx: Tx, actor: AuditActor, viewer: BusinessScope, row: repo.EstimateRow, action: EstimateAction, extra: Partial<repo.EstimateInsert>, note: Record<string, unknown> = {}) {
    const { status } = await allowedEstimateStatus(tx, core, row, action);
    const updated = await repo.updateEstimate(tx, row.tenantId, row.id, { status, ...extra });
    await core.audit.updated(tx, actor, row, updated, { event: action, ...note });
    return resource(tx, viewer, updated);
  }

  /** One status change of an estimate the business issued (or, for approve/reject, received). */
  const transition = (actor: AuditActor, scope: BusinessScope, id: string, action: EstimateAction, side: Side, extra: Patch = () => ({}), note: Record<string, unknown> = {}) =>
    inTenant(app.db, scope.tenantId, async (tx) => {
      const row = side === 'own' ? await repo.findOwnEstimate(tx, scope, id, true) : await repo.findAddressedEstimate(tx, scope, id, true);
      if (!row) throw AppError.notFound();
      return applyTransition(tx, actor, scope, row, action, extra(row), note);
    });

  /** Approve or reject on the public page: the receiving business acts, no user is signed in. */
  const transitionFromLink = (tenantId: string, id: string, action: 'approve' | 'reject', extra: Partial<repo.EstimateInsert>, note: Record<string, unknown> = {}) =>
    inTenant(app.db, tenantId, async (tx) => {
      const row = await repo.findEstimateInTenant(tx, tenantId, id, true);
      if (!row || row.status === 'draft') throw AppError.notFound();
      const receiver = { tenantId, businessId: row.customerBusinessId };
      return applyTransition(tx, { tenantId, userId: null, businessId: row.customerBusinessId, ip: null }, receiver, row, action, extra, note);
    });

  return {
    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'mark_sent', 'own', sent),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => transition(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: now(), approvedAt: null }), { reason }),
    /** The estimate was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'send', 'own', sent),

    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    async recordSentInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string): Promise<Resource> {
      const row = await repo.findOwnEstimate(tx, scope, id, true);
      if (!row) throw AppError.notFound();
      return applyTransition(tx, actor, scope, row, 'send', sent(row));
    },

    /** The customer opened the public page: the first time an open or sent estimate becomes viewed. */
    async markViewed(tenantId: string, id: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findEstimateInTenant(tx, tenantId, id, true);
        if (!row || row.status === 'draft' || row.viewedAt) return;
        const owner = await loadDocumentBusiness(tx, tenantId, row.businessId);
        const result = estimateTransition(effectiveStatus(row, core.today(owner.settings)), 'mark_viewed');
        const updated = await repo.updateEstimate(tx, tenantId, id, { viewedAt: now(), ...(result.ok ? { status: result.status } : {}) });
        await core.audit.updated(tx, { tenantId, userId: null, businessId: row.businessId, ip: null }, row, updated, { event: 'viewed' });
      });
    },

    approveFromLink: (tenantId: string, id: string) => transitionFromLink(tenantId, id, 'approve', { approvedAt: now(), rejectedAt: null }),
    rejectFromLink: (tenantId: string, id: string, reason: string | null) => transitionFromLink(tenantId, id, 'reject', { rejectedAt: now(), approvedAt: null }, { reason }),
  };
}
