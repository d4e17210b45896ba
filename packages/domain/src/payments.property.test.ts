import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PayableInvoice, settlePayment } from './payments';
import { minimumTotal } from './totals';

const RUNS = 500;

/** An open invoice of any payable total in a currency of 0 to 4 decimals. */
const invoiceArb = fc.integer({ min: 0, max: 4 }).chain((precision) =>
  fc.record({ precision: fc.constant(precision), total: fc.integer({ min: minimumTotal(precision), max: 10 ** (precision + 7) }) }),
);

describe('instalments', () => {
  it('settle any invoice exactly, each at least the minimum except possibly the last', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(fc.integer({ min: 1, max: 2 ** 31 }), { maxLength: 12 }), ({ precision, total }, wishes) => {
        const minimum = minimumTotal(precision);
        let paid = 0;
        const instalments: number[] = [];
        const pay = (amount: number) => {
          const invoice: PayableInvoice = { status: 'sent', total, amount_paid: paid, precision };
          const result = settlePayment(invoice, amount, { partialPayments: true });
          expect(result, `paying ${amount} of ${total - paid} due`).toMatchObject({ ok: true, amount_paid: paid + amount });
          if (!result.ok) throw new Error('refused');
          paid = result.amount_paid;
          instalments.push(amount);
        };
        // Every wished instalment that leaves something due, taken down to fit and up to the minimum.
        for (const wish of wishes) {
          const due = total - paid;
          if (due <= minimum) break;
          pay(Math.max(minimum, Math.min(wish % due, due - 1)));
        }
        // The last one settles whatever is left, however small.
        pay(total - paid);
        expect(paid).toBe(total);
        expect(settlePayment({ status: 'sent', total, amount_paid: 0, precision }, 0, { partialPayments: true })).toMatchObject({ ok: false });
        expect(instalments.slice(0, -1).every((amount) => amount >= minimum)).toBe(true);
        expect(instalments.every((amount) => amount > 0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuse an instalment under the minimum that leaves something due, and nothing else of a right size', () => {
    fc.assert(
      fc.property(invoiceArb, fc.integer({ min: 0, max: 2 ** 31 }), fc.nat(), ({ precision, total }, paidSeed, amountSeed) => {
        const minimum = minimumTotal(precision);
        const paid = paidSeed % total;
        const due = total - paid;
        const amount = 1 + (amountSeed % due);
        const result = settlePayment({ status: 'sent', total, amount_paid: paid, precision }, amount, { partialPayments: true });
        if (amount < minimum && amount !== due) expect(result).toEqual({ ok: false, reason: 'below_minimum', minimum });
        else expect(result).toMatchObject({ ok: true, amount_paid: paid + amount, due_amount: due - amount });
      }),
      { numRuns: RUNS },
    );
  });
});
