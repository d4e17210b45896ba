import { financingMessages, messages } from '@app/contracts';
import { type InvoiceAction, invoiceTransition } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore } from '../documents/document-core';
import { createDocumentTransitions } from '../documents/document-transitions';
import { hasOpenLoan } from '../financing/financing.port';
import { type InvoiceEventType, recordInvoiceEvent } from './invoice-events';
import { invoiceState } from './invoice-resource';
import * as repo from './invoices.repository';

/** The status after `action`, or the transition table's refusal as a 422 on the status. */
export function allowedInvoiceStatus(row: repo.InvoiceRow, action: InvoiceAction) {
  const result = invoiceTransition(invoiceState(row), action);
  if (!result.ok) throw AppError.validation('status', result.message);
  return result.status;
}

/** An invoice with an open loan keeps its amount and its life: the loan is repaid from its payments. */
export async function refuseIfFinanced(tx: Tx, tenantId: string, invoiceIds: readonly string[]): Promise<void> {
  if (await hasOpenLoan(tx, tenantId, invoiceIds)) throw AppError.conflict(financingMessages.financedLocked);
}

export function checkDueDate(invoiceDate: string, dueDate: string | null) {
  if (dueDate && dueDate < invoiceDate) throw AppError.validation('due_date', messages.dueBeforeInvoiceDate);
}

/** The webhook event each status change tells of; marking sent tells only the first time (a resend is a mail sent again, and tells again). */
function eventOf(action: InvoiceAction, before: repo.InvoiceRow): InvoiceEventType | null {
  switch (action) {
    case 'finalize':
      return 'invoice.finalized';
    case 'send':
      return 'invoice.sent';
    case 'mark_sent':
      return before.sentAt === null ? 'invoice.sent' : null;
    case 'void':
      return 'invoice.voided';
    case 'approve':
    case 'admin_approve':
      return 'invoice.approved';
    case 'reject':
      return 'invoice.rejected';
    default:
      return null;
  }
}

/** The status changes of invoices: by the issuer, by the receiving business, and by the public page. */
export function createInvoiceTransitions<Resource>(app: AppContext, core: DocumentCore<repo.InvoiceRow>, resource: (tx: Tx, scope: BusinessScope, row: repo.InvoiceRow) => Promise<Resource>) {
  const now = () => app.clock.now();
  const transitions = createDocumentTransitions<repo.InvoiceRow, repo.InvoiceInsert, InvoiceAction, Resource>(app, core, {
    findAddressed: repo.findAddressedInvoice,
    findInTenant: repo.findInvoiceInTenant,
    update: repo.updateInvoice,
    allowed: async (tx, row, action) => {
      if (action === 'void') await refuseIfFinanced(tx, row.tenantId, [row.id]);
      return allowedInvoiceStatus(row, action);
    },
    viewed: async (_tx, row) => {
      const result = invoiceTransition(invoiceState(row), 'mark_viewed');
      return result.ok ? { status: result.status } : {};
    },
    changed: async (tx, action, before, after) => {
      const type = eventOf(action, before);
      if (type) await recordInvoiceEvent(tx, app.webhookEvents, type, after);
    },
    firstViewed: async (tx, after) => {
      await recordInvoiceEvent(tx, app.webhookEvents, 'invoice.viewed', after);
    },
  }, resource);
  /** Sending stamps `sentAt` once: a resend keeps the first. */
  const sent = (row: repo.InvoiceRow) => ({ sentAt: row.sentAt ?? now() });
  const { run, inTx } = transitions;

  return {
    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'mark_sent', 'own', sent),
    /** markSent inside the caller's transaction (a recurring invoice marks the invoices it made). */
    markSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => inTx(tx, actor, scope, id, 'mark_sent', 'own', sent),
    adminApprove: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'admin_approve', 'own', () => ({ approvedAt: now() })),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => run(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: now() }), { reason }),
    /** The invoice was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => run(actor, scope, id, 'send', 'own', sent),
    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    recordSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => inTx(tx, actor, scope, id, 'send', 'own', sent),
    markViewed: transitions.markViewed,

    async updateDueDate(actor: AuditActor, scope: BusinessScope, id: string, dueDate: string): Promise<Resource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await core.ownOrFail(tx, scope, id);
        allowedInvoiceStatus(row, 'update_due_date');
        checkDueDate(row.invoiceDate, dueDate);
        const updated = await repo.updateInvoice(tx, scope.tenantId, id, { dueDate });
        await core.audit.updated(tx, actor, row, updated, { event: 'update_due_date' });
        await recordInvoiceEvent(tx, app.webhookEvents, 'invoice.updated', updated);
        return resource(tx, scope, updated);
      });
    },
  };
}
