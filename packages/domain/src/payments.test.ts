import { describe, expect, it } from 'vitest';
import { paidAmounts, paidStatusOf, settlePayment } from './payments';

const sent = (total: number, amountPaid: number) => ({ status: 'sent' as const, total, amount_paid: amountPaid });

describe('paidStatusOf', () => {
  it('is unpaid, partially paid, then paid as payments add up', () => {
    expect(paidStatusOf(10000, 0)).toBe('unpaid');
    expect(paidStatusOf(10000, 1)).toBe('partially_paid');
    expect(paidStatusOf(10000, 9999)).toBe('partially_paid');
    expect(paidStatusOf(10000, 10000)).toBe('paid');
  });
});

describe('settlePayment', () => {
  it('adds the amount and moves the paid status', () => {
    expect(settlePayment(sent(10000, 0), 4000, { partialPayments: true })).toEqual({ ok: true, amount_paid: 4000, due_amount: 6000, paid_status: 'partially_paid' });
    expect(settlePayment(sent(10000, 4000), 6000, { partialPayments: true })).toEqual({ ok: true, amount_paid: 10000, due_amount: 0, paid_status: 'paid' });
  });

  it('never takes an invoice past its total', () => {
    expect(settlePayment(sent(10000, 9500), 501, { partialPayments: true })).toEqual({ ok: false, reason: 'exceeds_due' });
  });

  it('asks for exactly the amount due when partial payments are off', () => {
    expect(settlePayment(sent(10000, 0), 5000, { partialPayments: false })).toEqual({ ok: false, reason: 'partial_not_allowed' });
    expect(settlePayment(sent(10000, 0), 10000, { partialPayments: false })).toMatchObject({ ok: true, paid_status: 'paid' });
  });

  it('refuses invoices that take no payment, with the transition message', () => {
    expect(settlePayment({ status: 'draft', total: 10000, amount_paid: 0 }, 100, { partialPayments: true })).toEqual({
      ok: false,
      reason: 'not_payable',
      message: 'A draft invoice cannot receive a payment.',
    });
    expect(settlePayment({ status: 'void', total: 10000, amount_paid: 0 }, 100, { partialPayments: true })).toMatchObject({ ok: false, reason: 'not_payable' });
  });

  it('judges a paid invoice without the payment being edited', () => {
    // The invoice is paid in full by the one payment being edited: its other payments add up to 0.
    expect(settlePayment(sent(10000, 0), 8000, { partialPayments: true })).toMatchObject({ ok: true, paid_status: 'partially_paid' });
  });
});

describe('paidAmounts', () => {
  it('goes back to unpaid when the payments are taken off', () => {
    expect(paidAmounts(10000, 0)).toEqual({ amount_paid: 0, due_amount: 10000, paid_status: 'unpaid' });
  });
});
