import { messages } from '@app/contracts';
import { type InvoiceAction, invoiceTransition } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore } from '../documents/document-core';
import { invoiceState } from './invoice-resource';
import * as repo from './invoices.repository';

type Side = 'own' | 'addressed';
type Patch = (row: repo.InvoiceRow) => Partial<repo.InvoiceInsert>;

/** The status after `action`, or the transition table's refusal as a 422 on the status. */
export function allowedInvoiceStatus(row: repo.InvoiceRow, action: InvoiceAction) {
  const result = invoiceTransition(invoiceState(row), action);
  if (!result.ok) throw AppError.validation('status', result.message);
  return result.status;
}

/** The status changes of invoices: by the issuer, by the receiving business, and by the public page. */
export function createInvoiceTransitions<Resource>(app: AppContext, core: DocumentCore<repo.InvoiceRow>, resource: (tx: Tx, scope: BusinessScope, row: repo.InvoiceRow) => Promise<Resource>) {
  const now = () => app.clock.now();
  const sent: Patch = (row) => ({ sentAt: row.sentAt ?? now() });

  /** One status change of an invoice the business issued (or, for approve/reject, received), in the caller's transaction. */
  async function transitionInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string, action: InvoiceAction, side: Side, extra: Patch = () => ({}), note: Record<string, unknown> = {}) {
    const row = side === 'own' ? await repo.findOwnInvoice(tx, scope, id, true) : await repo.findAddressedInvoice(tx, scope, id, true);
    if (!row) throw AppError.notFound();
    const status = allowedInvoiceStatus(row, action);
    const updated = await repo.updateInvoice(tx, scope.tenantId, id, { status, ...extra(row) });
    await core.audit.updated(tx, actor, row, updated, { event: action, ...note });
    return resource(tx, scope, updated);
  }

  const transition = (actor: AuditActor, scope: BusinessScope, id: string, action: InvoiceAction, side: Side, extra?: Patch, note?: Record<string, unknown>) =>
    inTenant(app.db, scope.tenantId, (tx) => transitionInTx(tx, actor, scope, id, action, side, extra, note));

  return {
    finalize: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'finalize', 'own'),
    void: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'void', 'own'),
    markSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'mark_sent', 'own', sent),
    /** markSent inside the caller's transaction (a recurring invoice marks the invoices it made). */
    markSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => transitionInTx(tx, actor, scope, id, 'mark_sent', 'own', sent),
    adminApprove: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'admin_approve', 'own', () => ({ approvedAt: now() })),
    approve: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'approve', 'addressed', () => ({ approvedAt: now(), rejectedAt: null })),
    reject: (actor: AuditActor, scope: BusinessScope, id: string, reason: string | null) => transition(actor, scope, id, 'reject', 'addressed', () => ({ rejectedAt: now() }), { reason }),
    /** The invoice was mailed to its customer (the 'send' action: draft/open become sent, a resend keeps the status). */
    recordSent: (actor: AuditActor, scope: BusinessScope, id: string) => transition(actor, scope, id, 'send', 'own', sent),
    /** recordSent inside the caller's transaction: the delivery module writes the link and the mail in the same one. */
    recordSentInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, id: string) => transitionInTx(tx, actor, scope, id, 'send', 'own', sent),

    async updateDueDate(actor: AuditActor, scope: BusinessScope, id: string, dueDate: string): Promise<Resource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await core.ownOrFail(tx, scope, id);
        allowedInvoiceStatus(row, 'update_due_date');
        checkDueDate(row.invoiceDate, dueDate);
        const updated = await repo.updateInvoice(tx, scope.tenantId, id, { dueDate });
        await core.audit.updated(tx, actor, row, updated, { event: 'update_due_date' });
        return resource(tx, scope, updated);
      });
    },

    /** The customer opened the public page: the first time an open or sent invoice becomes viewed. */
    async markViewed(tenantId: string, id: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findInvoiceInTenant(tx, tenantId, id, true);
        if (!row || row.viewedAt) return;
        const result = invoiceTransition(invoiceState(row), 'mark_viewed');
        const updated = await repo.updateInvoice(tx, tenantId, id, { viewedAt: now(), ...(result.ok ? { status: result.status } : {}) });
        await core.audit.updated(tx, { tenantId, userId: null, businessId: row.businessId, ip: null }, row, updated, { event: 'viewed' });
      });
    },
  };
}

export function checkDueDate(invoiceDate: string, dueDate: string | null) {
  if (dueDate && dueDate < invoiceDate) throw AppError.validation('due_date', messages.dueBeforeInvoiceDate);
}
