import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxableAmounts } from './tax-rates';
import { computeTotals, roundHalfAwayFromZero, type DocumentInput, type DocumentTotals, type LineInput, type TaxLineResult, type TaxRate } from './totals';

const RUNS = 400;

/** A scaled-by-10^4 integer as a decimal string with at most 4 decimals: 25000 → '2.5'. */
function scaledToText(scaled: number): string {
  const whole = Math.floor(scaled / 10_000);
  const fraction = String(scaled % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const taxPool: TaxRate[] = [
  { tax_type_id: 'vat', name: 'VAT', percent: '19', compound_tax: false },
  { tax_type_id: 'gst', name: 'GST', percent: '5', compound_tax: false },
  { tax_type_id: 'qst', name: 'QST', percent: '9.975', compound_tax: false },
  { tax_type_id: 'cmp', name: 'Compound', percent: '8.5', compound_tax: true },
  { tax_type_id: 'odd', name: 'Odd', percent: '0.0001', compound_tax: false },
];

const taxesArb = fc.subarray(taxPool);
const quantityArb = fc.integer({ min: 1, max: 100_000_000 }).map(scaledToText);
const percentTextArb = fc.integer({ min: 0, max: 1_000_000 }).map(scaledToText);

const lineArb = (maxPrice: number): fc.Arbitrary<LineInput> =>
  fc.record({
    quantity: quantityArb,
    price: fc.integer({ min: 0, max: maxPrice }),
    discount_type: fc.constantFrom('fixed' as const, 'percentage' as const),
    discount: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 5_000 }).map(String), percentTextArb),
    taxes: taxesArb,
  });

const documentArb = (maxPrice: number): fc.Arbitrary<DocumentInput> =>
  fc.record({
    precision: fc.constantFrom(0, 2, 3),
    tax_per_item_enabled: fc.boolean(),
    discount_per_item_enabled: fc.boolean(),
    discount_type: fc.constantFrom('fixed' as const, 'percentage' as const),
    discount: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 20_000 }).map(String), percentTextArb),
    taxes: taxesArb,
    lines: fc.array(lineArb(maxPrice), { minLength: 1, maxLength: 6 }),
  });

function allAmounts(totals: DocumentTotals): number[] {
  return [
    totals.sub_total,
    totals.discount_val,
    totals.taxable,
    totals.tax,
    totals.total,
    ...totals.taxes.map((tax) => tax.amount),
    ...totals.lines.flatMap((line) => [line.gross, line.discount_val, line.total, line.document_discount_share, line.taxable, line.tax, ...line.taxes.map((tax) => tax.amount)]),
  ];
}

const add = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** A percent text as a fraction: '9.975' → [9975n, 1000n]. */
function percentFraction(percent: string): [bigint, bigint] {
  const [whole = '0', fraction = ''] = percent.split('.');
  return [BigInt(whole + fraction), 10n ** BigInt(fraction.length)];
}

/** percent × base / 100, rounded once, half away from zero (the engine's rounding mode). */
function taxOn(base: number, percent: string): number {
  const [numerator, denominator] = percentFraction(percent);
  return Number(roundHalfAwayFromZero(BigInt(base) * numerator, 100n * denominator));
}

/** What one tax applies to on one base, worked out here independently of the engine. */
function baseOn(taxable: number, taxes: TaxLineResult[], tax: TaxLineResult): number {
  return tax.compound_tax ? taxable + add(taxes.filter((other) => !other.compound_tax).map((other) => other.amount)) : taxable;
}

/** Each rate's taxable amount: the document's (document-level taxes) or the sum over the lines carrying it. */
function rateBases(input: DocumentInput, totals: DocumentTotals): number[] {
  if (!input.tax_per_item_enabled) return totals.taxes.map((tax) => baseOn(totals.taxable, totals.taxes, tax));
  return totals.taxes.map((rate) =>
    add(totals.lines.flatMap((line) => line.taxes.filter((tax) => tax.tax_type_id === rate.tax_type_id).map((tax) => baseOn(line.taxable, line.taxes, tax)))),
  );
}

describe('computeTotals: invariants', () => {
  it('keeps every sum consistent and every amount a non-negative integer', () => {
    fc.assert(
      fc.property(documentArb(10_000_000), (input) => {
        const result = computeTotals(input);
        if (!result.ok) {
          // Generated inputs are well-formed: only a too-large discount or a too-small total can fail.
          expect(result.issues.every((issue) => issue.code === 'invalidDiscount' || issue.code === 'totalTooSmall')).toBe(true);
          return;
        }
        const totals = result.totals;
        expect(totals.total).toBe(totals.sub_total - totals.discount_val + totals.tax);
        expect(totals.taxable).toBe(totals.sub_total - totals.discount_val);
        expect(add(totals.lines.map((line) => line.total))).toBe(totals.sub_total);
        expect(add(totals.lines.map((line) => line.document_discount_share))).toBe(totals.discount_val);
        expect(add(totals.lines.map((line) => line.taxable))).toBe(totals.taxable);
        expect(add(totals.taxes.map((tax) => tax.amount))).toBe(totals.tax);
        if (input.tax_per_item_enabled) expect(add(totals.lines.map((line) => line.tax))).toBe(totals.tax);
        else expect(totals.lines.every((line) => line.taxes.length === 0 && line.tax === 0)).toBe(true);
        for (const line of totals.lines) expect(add(line.taxes.map((tax) => tax.amount))).toBe(line.tax);
        for (const amount of allAmounts(totals)) expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('charges each rate its percent of the sum of its taxable amounts, rounded once (BR-CO-17)', () => {
    fc.assert(
      fc.property(documentArb(10_000_000), (input) => {
        const result = computeTotals(input);
        if (!result.ok) return;
        const totals = result.totals;
        const bases = rateBases(input, totals);
        totals.taxes.forEach((rate, index) => expect(rate.amount).toBe(taxOn(bases[index] ?? -1, rate.percent)));
        expect(taxableAmounts(totals).taxes).toEqual(bases);
        expect(new Set(totals.taxes.map((rate) => rate.tax_type_id)).size).toBe(totals.taxes.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('allocates each rate over its lines: the shares add up to the rate, each within 1.5 minor units of the line alone', () => {
    fc.assert(
      fc.property(documentArb(10_000_000), (input) => {
        const result = computeTotals({ ...input, tax_per_item_enabled: true });
        if (!result.ok) return;
        const totals = result.totals;
        for (const rate of totals.taxes) {
          const shares = totals.lines.flatMap((line) => line.taxes.filter((tax) => tax.tax_type_id === rate.tax_type_id));
          expect(add(shares.map((share) => share.amount))).toBe(rate.amount);
        }
        for (const line of totals.lines) {
          for (const tax of line.taxes) {
            const [numerator, denominator] = percentFraction(tax.percent);
            const exactTimesHundred = BigInt(baseOn(line.taxable, line.taxes, tax)) * numerator;
            const deviation = BigInt(tax.amount) * 100n * denominator - exactTimesHundred;
            expect((deviation < 0n ? -deviation : deviation) * 2n < 3n * 100n * denominator).toBe(true);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same totals whatever the order of the lines', () => {
    fc.assert(
      fc.property(documentArb(10_000_000), (input) => {
        const forward = computeTotals(input);
        const reversed = computeTotals({ ...input, lines: [...input.lines].reverse() });
        expect(reversed.ok).toBe(forward.ok);
        if (!forward.ok || !reversed.ok) return;
        const { sub_total, discount_val, taxable } = forward.totals;
        expect(reversed.totals).toMatchObject({ sub_total, discount_val, taxable });
        expect(reversed.totals.lines.map((line) => line.total)).toEqual(forward.totals.lines.map((line) => line.total).reverse());
        // Per-item tax depends on each line's discount share, whose tie-breaks follow line order.
        if (!input.tax_per_item_enabled) expect(reversed.totals).toEqual({ ...forward.totals, lines: reversed.totals.lines });
      }),
      { numRuns: RUNS },
    );
  });

  it('treats a 0 discount like no discount', () => {
    fc.assert(
      fc.property(documentArb(10_000_000), fc.constantFrom('0', '0.0', '0.0000'), (input, zeroPercent) => {
        const none = computeTotals({ ...input, discount_type: 'fixed', discount: '' });
        expect(computeTotals({ ...input, discount_type: 'fixed', discount: '0' })).toEqual(none);
        expect(computeTotals({ ...input, discount_type: 'fixed', discount: '0.00' })).toEqual(none);
        expect(computeTotals({ ...input, discount_type: 'percentage', discount: zeroPercent })).toEqual(none);
      }),
      { numRuns: RUNS },
    );
  });

  it('never returns an amount beyond MAX_SAFE_INTEGER without an amountTooLarge issue', () => {
    fc.assert(
      fc.property(documentArb(Number.MAX_SAFE_INTEGER), (input) => {
        const result = computeTotals(input);
        if (result.ok) {
          for (const amount of allAmounts(result.totals)) expect(Number.isSafeInteger(amount)).toBe(true);
        } else {
          expect(result.issues.every((issue) => ['invalidDiscount', 'totalTooSmall', 'amountTooLarge'].includes(issue.code))).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('matches a plain sum when there are no discounts and no taxes', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), price: fc.integer({ min: 0, max: 1_000_000 }) }), { minLength: 1, maxLength: 6 }), (rows) => {
        const result = computeTotals({
          precision: 0,
          tax_per_item_enabled: false,
          discount_per_item_enabled: false,
          discount_type: 'fixed',
          discount: '',
          taxes: [],
          lines: rows.map((row) => ({ quantity: String(row.quantity), price: row.price, discount_type: 'fixed', discount: '', taxes: [] })),
        });
        const expected = add(rows.map((row) => row.quantity * row.price));
        if (expected === 0) expect(result).toMatchObject({ ok: false, issues: [{ path: 'total', code: 'totalTooSmall' }], totals: { total: 0 } });
        else expect(result.ok && result.totals.total).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
