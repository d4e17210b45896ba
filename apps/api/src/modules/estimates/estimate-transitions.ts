import { type EstimateAction, estimateTransition } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore } from '../documents/document-core';
import { loadDocumentBusiness } from '../documents/document-business';
import { createDocumentTransitions } from '../documents/document-transitions';
import { type EstimateEventType, recordEstimateEvent } from './estimate-events';
import { effectiveStatus } from './estimate-resource';
import * as repo from './estimates.repository';

/** The status after `action`, judged on the status as of today (an estimate past its expiry is expired). */
export async function allowedEstimateStatus(tx: Tx, core: DocumentCore<repo.EstimateRow>, row: repo.EstimateRow, action: EstimateAction) {
  const owner = await loadDocumentBusiness(tx, row.tenantId, row.businessId);
  const result = estimateTransition(effectiveStatus(row, core.today(owner.settings)), action, row.convertedInvoiceId !== null);
  if (!result.ok) throw AppError.validation('status', result.message);
  return { status: result.status, owner };
}

/** The webhook event each status change tells of; marking sent tells only the first time (a resend is a mail sent again, and tells again). */
function eventOf(action: EstimateAction, before: repo.EstimateRow): EstimateEventType | null {
  switch (action) {
    case 'send':
      return 'estimate.sent';
    case 'mark_sent':
      return before.sentAt === null ? 'estimate.sent' : null;
    case 'approve':
      return 'estimate.approved';
    case 'reject':
      return 'estimate.rejected';
    default:
      return null;
  }
}

/** Actions after which an estimate never converts: money held on it would have no invoice to go to. */
const CLOSING_ACTIONS: ReadonlySet<EstimateAction> = new Set(['void', 'reject']);

/**
 * The status changes of estimates: by the issuer, by the receiving business, and by the public
 * page. `beforeClosing` runs on the locked row before a void or a rejection (the deposits' check).
 */
export function createEstimateTransitions<Resource>(
  app: AppContext,
  core: DocumentCore<repo.EstimateRow>,
  resource: (tx: Tx, scope: BusinessScope, row: repo.EstimateRow) => Promise<Resource>,
  beforeClosing: (tx: Tx, row: repo.EstimateRow) => Promise<void>,
) {
  const now = () => app.clock.now();
  const transitions = createDocumentTransitions<repo.EstimateRow, repo.EstimateInsert, EstimateAction, Resource>(app, core, {
    findAddressed: repo.findAddressedEstimate,
    findInTenant: repo.findEstimateInTenant,
    update: repo.updateEstimate,
    allowed: async (tx, row, action) => {
      const { status } = await allowedEstimateStatus(tx, core, row, action);
      if (CLOSING_ACTIONS.has(action)) await beforeClosing(tx, row);
      return status;
    },
    // A draft is not shown on a public page, so it is never viewed.
    viewed: async (tx, row) => {
      if (row.status === 'draft') return null;
      const owner = await loadDocumentBusiness(tx, row.tenantId, row.businessId);
      const result = estimateTransition(effectiveStatus(row, core.today(owner.settings)), 'mark_viewed');
      return result.ok ? { status: result.status } : {};
    },
    changed: async (tx, action, before, after) => {
      const type = eventOf(action, before);
      if (type) await recordEstimateEvent(tx, app.webhookEvents, type, after);
    },
    // The catalogue has no estimate.viewed.
    firstViewed: async () => undefined,
  }, resource);
  /** Sending stamps `sentAt` once: a resend keeps the first. */
  const sent = (row: repo.EstimateRow) => ({ sentAt: row.sentAt ?? now() });
  const { run, inTx, fromLink } = transitions;

  return {
    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'mark_sent', 'own', sent),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => run(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: now(), approvedAt: null }), { reason }),
    /** The estimate was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'send', 'own', sent),
    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    recordSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => inTx(tx, actor, scope, id, 'send', 'own', sent),
    markViewed: transitions.markViewed,
    approveFromLink: (tenantId: string, id: string) => fromLink(tenantId, id, 'approve', { approvedAt: now(), rejectedAt: null }),
    rejectFromLink: (tenantId: string, id: string, reason: string | null) => fromLink(tenantId, id, 'reject', { rejectedAt: now(), approvedAt: null }, { reason }),
  };
}
