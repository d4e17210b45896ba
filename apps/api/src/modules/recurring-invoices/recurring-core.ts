import { messages } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { createDocumentCore } from '../documents/document-core';
import * as repo from './recurring-invoices.repository';
import { recurringAuditView } from './recurring-resource';

/** The shared document use cases for recurring invoices: no attachments, a number of their own. */
export function createRecurringCore(app: AppContext) {
  return createDocumentCore(app, null, {
    kind: 'recurring_invoice',
    numberField: 'number',
    numberTakenMessage: messages.recurringInvoiceNumberTaken,
    takenKeys: { recurring_invoices_business_number_unique: { field: 'number', message: messages.recurringInvoiceNumberTaken } },
    numberTaken: repo.recurringNumberTaken,
    findOwn: repo.findOwn,
    findOwnMany: repo.findOwnMany,
    // The invoices it made stay; only the template, the schedule and its run records go.
    deleteMany: async (tx, scope, ids) => {
      await repo.deleteRuns(tx, scope.tenantId, ids);
      await repo.deleteRecurring(tx, scope, ids);
    },
    auditView: recurringAuditView,
  });
}

export type RecurringCore = ReturnType<typeof createRecurringCore>;
