import { describe, expect, it } from 'vitest';
import { shownEstimateStatus, shownInvoiceStatus } from './display-status';

describe('display statuses (spec section 4)', () => {
  it('shows DUE to the receiver of an invoice that waits for payment, the workflow status to its issuer', () => {
    for (const display_status of ['open', 'sent', 'viewed'] as const) {
      expect(shownInvoiceStatus({ display_status, paid_status: 'unpaid' }, 'receiver')).toBe('due');
      expect(shownInvoiceStatus({ display_status, paid_status: 'partially_paid' }, 'receiver')).toBe('due');
      expect(shownInvoiceStatus({ display_status, paid_status: 'unpaid' }, 'issuer')).toBe(display_status);
    }
  });

  it('shows overdue, approved, rejected, completed and void alike to both sides', () => {
    for (const display_status of ['overdue', 'approved', 'rejected', 'completed', 'void'] as const) {
      expect(shownInvoiceStatus({ display_status, paid_status: 'unpaid' }, 'receiver')).toBe(display_status);
    }
  });

  it('shows an approved estimate as ACCEPTED and keeps EXPIRED and the others', () => {
    expect(shownEstimateStatus('approved')).toBe('accepted');
    expect(shownEstimateStatus('expired')).toBe('expired');
    expect(shownEstimateStatus('rejected')).toBe('rejected');
  });
});
