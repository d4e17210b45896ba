import { describe, expect, it } from 'vitest';
import { meetsPaymentMinimum, paidAmounts, paidStatusOf, settlePayment } from './payments';

const sent = (total: number, amountPaid: number, precision = 2) => ({ status: 'sent' as const, total, amount_paid: amountPaid, precision });

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
    expect(settlePayment({ status: 'draft', total: 10000, amount_paid: 0, precision: 2 }, 100, { partialPayments: true })).toEqual({
      ok: false,
      reason: 'not_payable',
      message: 'A draft invoice cannot receive a payment.',
    });
    expect(settlePayment({ status: 'void', total: 10000, amount_paid: 0, precision: 2 }, 100, { partialPayments: true })).toMatchObject({ ok: false, reason: 'not_payable' });
  });

  it('holds a payment that leaves something due to the minimum, never the one that settles it', () => {
    // $1.20 paid $1.00 + $0.20: the last instalment is under 0.50 and settles the invoice.
    expect(settlePayment(sent(120, 0), 100, { partialPayments: true })).toMatchObject({ ok: true, due_amount: 20 });
    expect(settlePayment(sent(120, 100), 20, { partialPayments: true })).toEqual({ ok: true, amount_paid: 120, due_amount: 0, paid_status: 'paid' });
    expect(settlePayment(sent(120, 0), 20, { partialPayments: true })).toEqual({ ok: false, reason: 'below_minimum', minimum: 50 });
    expect(settlePayment(sent(120, 0), 49, { partialPayments: true })).toEqual({ ok: false, reason: 'below_minimum', minimum: 50 });
    expect(settlePayment(sent(120, 0), 50, { partialPayments: true })).toMatchObject({ ok: true, due_amount: 70 });
    // An invoice of 0.30 altogether is paid in one payment of 0.30.
    expect(settlePayment(sent(30, 0), 30, { partialPayments: true })).toMatchObject({ ok: true, paid_status: 'paid' });
    // The minimum follows the currency: KD 0.500, ¥1.
    expect(settlePayment(sent(1200, 0, 3), 499, { partialPayments: true })).toEqual({ ok: false, reason: 'below_minimum', minimum: 500 });
    expect(settlePayment(sent(1200, 800, 3), 400, { partialPayments: true })).toMatchObject({ ok: true, paid_status: 'paid' });
    expect(settlePayment(sent(3, 0, 0), 1, { partialPayments: true })).toMatchObject({ ok: true, due_amount: 2 });
  });

  it('judges a paid invoice without the payment being edited', () => {
    // The invoice is paid in full by the one payment being edited: its other payments add up to 0.
    expect(settlePayment(sent(10000, 0), 8000, { partialPayments: true })).toMatchObject({ ok: true, paid_status: 'partially_paid' });
  });
});

describe('meetsPaymentMinimum', () => {
  it('asks at least the minimum of a payment without an invoice, and never accepts nothing', () => {
    expect(meetsPaymentMinimum(50, 2, null)).toBe(true);
    expect(meetsPaymentMinimum(49, 2, null)).toBe(false);
    expect(meetsPaymentMinimum(20, 2, 20)).toBe(true);
    expect(meetsPaymentMinimum(0, 2, 0)).toBe(false);
    expect(meetsPaymentMinimum(0, 0, null)).toBe(false);
  });
});

describe('paidAmounts', () => {
  it('goes back to unpaid when the payments are taken off', () => {
    expect(paidAmounts(10000, 0)).toEqual({ amount_paid: 0, due_amount: 10000, paid_status: 'unpaid' });
  });
});
