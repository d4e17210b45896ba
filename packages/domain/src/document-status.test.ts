import { estimateStatuses, invoicePaidStatuses, invoiceStatuses, messages, type EstimateStatus, type InvoicePaidStatus, type InvoiceStatus } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowedEstimateActions,
  allowedInvoiceActions,
  settledInvoiceStatus,
  estimateActions,
  estimateTransition,
  invoiceActions,
  invoiceBalance,
  invoiceTransition,
  type EstimateAction,
  type InvoiceAction,
} from './document-status';

// Expected tables written out independently of the implementation; '-' = refused.
// Columns follow invoiceActions: edit, delete, finalize, send, mark_sent, mark_viewed, void,
// approve, reject, admin_approve, update_due_date, clone, record_payment.
const expectedInvoice: Record<InvoiceStatus, (InvoiceStatus | '-')[]> = {
  draft: ['draft', 'draft', 'open', 'sent', 'sent', '-', 'void', '-', '-', '-', 'draft', 'draft', '-'],
  open: ['open', 'open', '-', 'sent', 'sent', 'viewed', 'void', 'approved', 'rejected', 'approved', 'open', 'open', 'open'],
  sent: ['sent', 'sent', '-', 'sent', '-', 'viewed', 'void', 'approved', 'rejected', 'approved', 'sent', 'sent', 'sent'],
  viewed: ['viewed', 'viewed', '-', 'viewed', '-', 'viewed', 'void', 'approved', 'rejected', 'approved', 'viewed', 'viewed', 'viewed'],
  approved: ['sent', 'approved', '-', 'approved', '-', '-', 'void', '-', '-', '-', 'approved', 'approved', 'approved'],
  rejected: ['rejected', 'rejected', '-', 'rejected', '-', '-', 'void', 'approved', '-', 'approved', 'rejected', 'rejected', '-'],
  void: ['-', 'void', '-', '-', '-', '-', '-', '-', '-', '-', '-', 'void', '-'],
  overdue: ['overdue', 'overdue', '-', 'overdue', '-', 'viewed', 'void', 'approved', 'rejected', 'approved', 'overdue', 'overdue', 'overdue'],
  completed: ['-', 'completed', '-', '-', '-', '-', '-', '-', '-', '-', '-', 'completed', '-'],
};

/** Paid statuses in which an action is allowed at all. */
function paidStatusAllows(action: InvoiceAction, paid: InvoicePaidStatus): boolean {
  if (action === 'void' || action === 'delete') return paid === 'unpaid';
  if (action === 'edit' || action === 'record_payment') return paid !== 'paid';
  return true;
}

// Columns follow estimateActions: edit, delete, finalize, send, mark_sent, mark_viewed, void,
// approve, reject, convert, clone, expire.
const expectedEstimate: Record<EstimateStatus, (EstimateStatus | '-')[]> = {
  draft: ['draft', 'draft', 'open', 'sent', 'sent', '-', 'void', '-', '-', '-', 'draft', '-'],
  open: ['open', 'open', '-', 'sent', 'sent', 'viewed', 'void', 'approved', 'rejected', 'open', 'open', 'expired'],
  sent: ['open', 'sent', '-', 'sent', '-', 'viewed', 'void', 'approved', 'rejected', 'sent', 'sent', 'expired'],
  viewed: ['open', 'viewed', '-', 'viewed', '-', 'viewed', 'void', 'approved', 'rejected', 'viewed', 'viewed', 'expired'],
  approved: ['-', 'approved', '-', 'approved', '-', '-', 'void', '-', 'rejected', 'approved', 'approved', '-'],
  rejected: ['open', 'rejected', '-', '-', '-', '-', 'void', 'approved', '-', '-', 'rejected', '-'],
  expired: ['open', 'expired', '-', '-', '-', '-', 'void', 'approved', '-', 'expired', 'expired', '-'],
  void: ['-', 'void', '-', '-', '-', '-', '-', '-', '-', '-', 'void', '-'],
};

const invoiceCells = invoiceStatuses.flatMap((status) =>
  invoicePaidStatuses.flatMap((paid_status) =>
    invoiceActions.map((action, column) => ({ status, paid_status, action, target: expectedInvoice[status][column] ?? '-' })),
  ),
);

const estimateCells = estimateStatuses.flatMap((status) => estimateActions.map((action, column) => ({ status, action, target: expectedEstimate[status][column] ?? '-' })));

describe('invoiceTransition', () => {
  it('has a column for every action', () => {
    for (const row of Object.values(expectedInvoice)) expect(row).toHaveLength(invoiceActions.length);
  });

  it.each(invoiceCells)('$status/$paid_status --$action--> $target', ({ status, paid_status, action, target }) => {
    const result = invoiceTransition({ status, paid_status }, action);
    if (target !== '-' && paidStatusAllows(action, paid_status)) {
      expect(result).toEqual({ ok: true, status: target });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^An? [a-z ]+ invoice cannot .+\.$/);
    }
  });

  it('names the status or the paid status that blocks the action', () => {
    expect(invoiceTransition({ status: 'void', paid_status: 'unpaid' }, 'finalize')).toEqual({ ok: false, message: 'A void invoice cannot be finalized.' });
    expect(invoiceTransition({ status: 'open', paid_status: 'unpaid' }, 'finalize')).toEqual({ ok: false, message: 'An open invoice cannot be finalized.' });
    expect(invoiceTransition({ status: 'sent', paid_status: 'paid' }, 'void')).toEqual({ ok: false, message: 'A paid invoice cannot be voided.' });
    expect(invoiceTransition({ status: 'sent', paid_status: 'partially_paid' }, 'delete')).toEqual({
      ok: false,
      message: 'A partially paid invoice cannot be deleted.',
    });
    expect(invoiceTransition({ status: 'draft', paid_status: 'unpaid' }, 'record_payment')).toEqual({
      ok: false,
      message: 'A draft invoice cannot receive a payment.',
    });
  });
});

describe('allowedInvoiceActions', () => {
  it('lists exactly the actions the transition accepts', () => {
    for (const status of invoiceStatuses) {
      for (const paid_status of invoicePaidStatuses) {
        const expected = invoiceActions.filter((action) => invoiceTransition({ status, paid_status }, action).ok);
        expect(allowedInvoiceActions({ status, paid_status })).toEqual(expected);
      }
    }
    expect(allowedInvoiceActions({ status: 'draft', paid_status: 'unpaid' })).toEqual(['edit', 'delete', 'finalize', 'send', 'mark_sent', 'void', 'update_due_date', 'clone']);
    expect(allowedInvoiceActions({ status: 'completed', paid_status: 'paid' })).toEqual(['clone']);
  });
});

describe('estimateTransition', () => {
  it('has a column for every action', () => {
    for (const row of Object.values(expectedEstimate)) expect(row).toHaveLength(estimateActions.length);
  });

  it.each(estimateCells)('$status --$action--> $target', ({ status, action, target }) => {
    const result = estimateTransition(status, action);
    if (target !== '-') {
      expect(result).toEqual({ ok: true, status: target });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^An? [a-z]+ estimate cannot .+\.$/);
    }
  });

  it('explains refusals in a sentence', () => {
    expect(estimateTransition('void', 'convert')).toEqual({ ok: false, message: 'A void estimate cannot be converted to an invoice.' });
    expect(estimateTransition('expired', 'send')).toEqual({ ok: false, message: 'An expired estimate cannot be sent.' });
    expect(estimateTransition('approved', 'expire')).toEqual({ ok: false, message: 'An approved estimate cannot expire.' });
  });
});

describe('allowedEstimateActions', () => {
  it('lists exactly the actions the transition accepts', () => {
    for (const status of estimateStatuses) {
      const expected: EstimateAction[] = estimateActions.filter((action) => estimateTransition(status, action).ok);
      expect(allowedEstimateActions(status)).toEqual(expected);
    }
    expect(allowedEstimateActions('void')).toEqual(['delete', 'clone']);
  });
});

describe("the rule for 'completed'", () => {
  const none = { sent: false, viewed: false, approved: false };

  it('completes a fully paid invoice from every status that waits for payment', () => {
    for (const status of ['open', 'sent', 'viewed', 'approved'] as const) expect(settledInvoiceStatus(status, 'paid', none)).toBe('completed');
  });

  it('leaves an invoice with something due, and the statuses that take no payment, as they are', () => {
    expect(settledInvoiceStatus('sent', 'partially_paid', none)).toBe('sent');
    expect(settledInvoiceStatus('viewed', 'unpaid', none)).toBe('viewed');
    for (const status of ['draft', 'void', 'rejected'] as const) expect(settledInvoiceStatus(status, 'paid', none)).toBe(status);
    expect(settledInvoiceStatus('completed', 'paid', none)).toBe('completed');
  });

  it('sends a completed invoice with something due again back to the furthest step it had reached', () => {
    expect(settledInvoiceStatus('completed', 'partially_paid', { sent: true, viewed: true, approved: true })).toBe('approved');
    expect(settledInvoiceStatus('completed', 'unpaid', { sent: true, viewed: true, approved: false })).toBe('viewed');
    expect(settledInvoiceStatus('completed', 'unpaid', { sent: true, viewed: false, approved: false })).toBe('sent');
    expect(settledInvoiceStatus('completed', 'partially_paid', none)).toBe('open');
  });

  it('lets the payment that completed an invoice be edited: the invoice is judged without it', () => {
    expect(invoiceTransition({ status: settledInvoiceStatus('completed', 'unpaid', { sent: true, viewed: false, approved: false }), paid_status: 'unpaid' }, 'record_payment').ok).toBe(true);
  });
});

describe('invoiceBalance', () => {
  it('shows a void invoice as owing nothing, with no paid status', () => {
    expect(invoiceBalance({ status: 'void', paid_status: 'unpaid', due_amount: 7000 })).toEqual({ paid_status: null, due_amount: 0 });
  });

  it('keeps what any other invoice owes', () => {
    expect(invoiceBalance({ status: 'sent', paid_status: 'partially_paid', due_amount: 2500 })).toEqual({ paid_status: 'partially_paid', due_amount: 2500 });
    expect(invoiceBalance({ status: 'overdue', paid_status: 'unpaid', due_amount: 7000 })).toEqual({ paid_status: 'unpaid', due_amount: 7000 });
  });
});

describe('a converted estimate', () => {
  it('can no longer be approved, rejected or converted, whatever status the conversion left', () => {
    for (const status of ['open', 'sent', 'viewed', 'approved', 'expired'] as const) {
      for (const action of ['approve', 'reject', 'convert'] as const) {
        expect(estimateTransition(status, action, true)).toEqual({ ok: false, message: messages.estimateAlreadyConverted });
      }
      expect(allowedEstimateActions(status, true)).not.toEqual(expect.arrayContaining(['approve']));
    }
    expect(estimateTransition('sent', 'void', true).ok).toBe(true);
  });
});
