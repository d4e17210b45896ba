import { describe, expect, it } from 'vitest';
import { taxableAmounts } from './tax-rates';
import { computeTotals, minimumTotal, roundHalfAwayFromZero, type DocumentInput, type DocumentTotals, type LineInput, type TaxRate } from './totals';

const vat19: TaxRate = { tax_type_id: 'vat19', name: 'VAT', percent: '19', compound_tax: false };

function line(overrides: Partial<LineInput>): LineInput {
  return { quantity: '1', price: 0, discount_type: 'fixed', discount: '', taxes: [], ...overrides };
}

function documentOf(overrides: Partial<DocumentInput>): DocumentInput {
  return {
    precision: 2,
    tax_per_item_enabled: false,
    discount_per_item_enabled: false,
    discount_type: 'fixed',
    discount: '',
    taxes: [],
    lines: [],
    ...overrides,
  };
}

function totalsOf(input: DocumentInput): DocumentTotals {
  const result = computeTotals(input);
  if (!result.ok) throw new Error(`expected totals, got ${JSON.stringify(result.issues)}`);
  return result.totals;
}

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero and everything else to the nearest integer', () => {
    expect(roundHalfAwayFromZero(21n, 2n)).toBe(11n); // 10.5
    expect(roundHalfAwayFromZero(19n, 2n)).toBe(10n); // 9.5
    expect(roundHalfAwayFromZero(-21n, 2n)).toBe(-11n);
    expect(roundHalfAwayFromZero(21n, -2n)).toBe(-11n);
    expect(roundHalfAwayFromZero(-21n, -2n)).toBe(11n);
    expect(roundHalfAwayFromZero(14n, 10n)).toBe(1n); // 1.4
    expect(roundHalfAwayFromZero(16n, 10n)).toBe(2n); // 1.6
    expect(roundHalfAwayFromZero(0n, 7n)).toBe(0n);
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});

describe('minimumTotal', () => {
  it('is 0.50 in major units, rounded up to whole minor units', () => {
    expect(minimumTotal(2)).toBe(50);
    expect(minimumTotal(0)).toBe(1);
    expect(minimumTotal(3)).toBe(500);
    expect(minimumTotal(1)).toBe(5);
    expect(() => minimumTotal(-1)).toThrow(RangeError);
  });
});

describe('computeTotals: golden cases', () => {
  it('19% VAT with a 10% document discount', () => {
    // Lines 2 × 49.99 = 99.98 and 1 × 12.50; sub_total 112.48.
    // Discount 10% of 11248 = 1124.8 → 1125; taxable 10123; VAT 19% of 10123 = 1923.37 → 1923; total 12046.
    // Shares: 1125 × 9998 / 11248 = 999.98 (floor 999, remainder 10998), 1125 × 1250 / 11248 = 125.02
    // (floor 125, remainder 250); one cent left goes to the larger remainder → [1000, 125].
    const totals = totalsOf(
      documentOf({
        discount_type: 'percentage',
        discount: '10',
        taxes: [vat19],
        lines: [line({ quantity: '2', price: 4999 }), line({ quantity: '1', price: 1250 })],
      }),
    );
    expect(totals).toMatchObject({ sub_total: 11248, discount_val: 1125, taxable: 10123, tax: 1923, total: 12046 });
    expect(totals.taxes).toEqual([{ ...vat19, amount: 1923 }]);
    expect(totals.lines.map((entry) => entry.document_discount_share)).toEqual([1000, 125]);
    expect(totals.lines.map((entry) => entry.taxable)).toEqual([8998, 1125]);
    expect(totals.lines.every((entry) => entry.taxes.length === 0 && entry.tax === 0)).toBe(true);
  });

  it('Québec GST 5% and QST 9.975%, both on the same base', () => {
    // Base 19.99: GST 5% = 99.95 → 100; QST 9.975% = 199.40 → 199; total 1999 + 100 + 199 = 2298.
    const gst: TaxRate = { tax_type_id: 'gst', name: 'GST', percent: '5', compound_tax: false };
    const qst: TaxRate = { tax_type_id: 'qst', name: 'QST', percent: '9.975', compound_tax: false };
    const totals = totalsOf(documentOf({ taxes: [gst, qst], lines: [line({ price: 1999 })] }));
    expect(totals.taxes.map((tax) => tax.amount)).toEqual([100, 199]);
    expect(totals).toMatchObject({ sub_total: 1999, taxable: 1999, tax: 299, total: 2298 });
  });

  it('a compound tax applies to the base plus the simple taxes', () => {
    // Base 100.00: 5% = 500; compound 8.5% of 10500 = 892.5 → 893 (half away); total 10000 + 1393 = 11393.
    const state: TaxRate = { tax_type_id: 'state', name: 'State', percent: '5', compound_tax: false };
    const local: TaxRate = { tax_type_id: 'local', name: 'Local', percent: '8.5', compound_tax: true };
    const totals = totalsOf(documentOf({ taxes: [local, state], lines: [line({ price: 10000 })] }));
    expect(totals.taxes).toEqual([
      { ...local, amount: 893 },
      { ...state, amount: 500 },
    ]);
    expect(totals).toMatchObject({ tax: 1393, total: 11393 });
  });

  it('per-item taxes with line and document discounts over three lines', () => {
    const vat20: TaxRate = { tax_type_id: 'vat20', name: 'VAT', percent: '20', compound_tax: false };
    const city: TaxRate = { tax_type_id: 'city', name: 'City', percent: '2.5', compound_tax: false };
    // A: 3 × 10.00 = 3000, −10% = 300 → total 2700.
    // B: 1.5 × 9.99 = 1498.5 → 1499, −0.99 fixed → total 1400.
    // C: 1 × 5.00 = 500, no discount → total 500. sub_total 4600.
    // Document discount 1.00 spread pro rata: 100 × 2700 / 4600 = 58.70 (floor 58, remainder 3200),
    // 100 × 1400 / 4600 = 30.43 (floor 30, remainder 2000), 100 × 500 / 4600 = 10.87 (floor 10, remainder 4000).
    // Two cents left → C (4000) then A (3200): shares [59, 30, 11]; taxables [2641, 1370, 489].
    // A: 20% of 2641 = 528.2 → 528. B: 20% of 1370 = 274, 2.5% of 1370 = 34.25 → 34. C: none.
    // Document taxes: vat20 528 + 274 = 802, city 34; tax 836; taxable 4500; total 5336.
    const totals = totalsOf(
      documentOf({
        tax_per_item_enabled: true,
        discount_per_item_enabled: true,
        discount: '100',
        taxes: [vat19], // ignored: taxes are per item
        lines: [
          line({ quantity: '3', price: 1000, discount_type: 'percentage', discount: '10', taxes: [vat20] }),
          line({ quantity: '1.5', price: 999, discount: '99', taxes: [vat20, city] }),
          line({ quantity: '1', price: 500 }),
        ],
      }),
    );
    expect(totals.lines).toEqual([
      { gross: 3000, discount_val: 300, total: 2700, document_discount_share: 59, taxable: 2641, taxes: [{ ...vat20, amount: 528 }], tax: 528 },
      {
        gross: 1499,
        discount_val: 99,
        total: 1400,
        document_discount_share: 30,
        taxable: 1370,
        taxes: [
          { ...vat20, amount: 274 },
          { ...city, amount: 34 },
        ],
        tax: 308,
      },
      { gross: 500, discount_val: 0, total: 500, document_discount_share: 11, taxable: 489, taxes: [], tax: 0 },
    ]);
    expect(totals.taxes).toEqual([
      { ...vat20, amount: 802 },
      { ...city, amount: 34 },
    ]);
    expect(totals).toMatchObject({ sub_total: 4600, discount_val: 100, taxable: 4500, tax: 836, total: 5336 });
  });

  it('taxes per rate: 500 lines of 0.01 at 19% per item give 0.95, rounded once', () => {
    // Base 500 × 1 = 500; 19% = 95. Rounding each line (0.19 → 0) would give 0.00.
    // Shares: 95 × 1 / 500 each (floor 0, equal remainders) → one cent to each of the first 95 lines.
    const totals = totalsOf(documentOf({ tax_per_item_enabled: true, lines: Array.from({ length: 500 }, () => line({ price: 1, taxes: [vat19] })) }));
    expect(totals.taxes).toEqual([{ ...vat19, amount: 95 }]);
    expect(totals).toMatchObject({ sub_total: 500, taxable: 500, tax: 95, total: 595 });
    expect(totals.lines.slice(0, 95).every((entry) => entry.tax === 1 && entry.taxes[0]?.amount === 1)).toBe(true);
    expect(totals.lines.slice(95).every((entry) => entry.tax === 0 && entry.taxes[0]?.amount === 0)).toBe(true);
  });

  it('taxes per rate round half away from zero once, and lines share the rate in line order', () => {
    // Three lines of ¥10 at 5%: base 30 → 1.5 → 2 (per line 0.5 → 1 each would give 3).
    // Shares 2 × 10 / 30 = 0.67 each (floor 0, equal remainders) → [1, 1, 0].
    const five: TaxRate = { tax_type_id: 'five', name: 'Tax', percent: '5', compound_tax: false };
    const totals = totalsOf(documentOf({ precision: 0, tax_per_item_enabled: true, lines: [10, 10, 10].map((price) => line({ price, taxes: [five] })) }));
    expect(totals.taxes).toEqual([{ ...five, amount: 2 }]);
    expect(totals.lines.map((entry) => entry.tax)).toEqual([1, 1, 0]);
    expect(totals).toMatchObject({ tax: 2, total: 32 });
  });

  it('a per-item compound tax applies to the sum of its lines plus their simple tax shares', () => {
    // Two lines of 3.33 with State 5% and Local 10% compound.
    // State: base 666 → 33.3 → 33; shares 16.5 each → [17, 16].
    // Local: bases [333 + 17, 333 + 16] = [350, 349], 699 → 69.9 → 70; shares 35.05 (floor 35) and 34.95
    // (floor 34, larger remainder) → [35, 35]. Tax 103, total 769 (line by line: 2 × (17 + 35) = 104).
    const state: TaxRate = { tax_type_id: 'state', name: 'State', percent: '5', compound_tax: false };
    const local: TaxRate = { tax_type_id: 'local', name: 'Local', percent: '10', compound_tax: true };
    const input = documentOf({ tax_per_item_enabled: true, lines: [line({ price: 333, taxes: [local, state] }), line({ price: 333, taxes: [state, local] })] });
    const totals = totalsOf(input);
    expect(totals.taxes).toEqual([
      { ...local, amount: 70 },
      { ...state, amount: 33 },
    ]);
    expect(totals.lines.map((entry) => entry.taxes.map((tax) => [tax.tax_type_id, tax.amount]))).toEqual([
      [
        ['local', 35],
        ['state', 17],
      ],
      [
        ['state', 16],
        ['local', 35],
      ],
    ]);
    expect(totals).toMatchObject({ sub_total: 666, tax: 103, total: 769 });
    // The same taxes at document level give the same amounts.
    expect(totalsOf({ ...input, tax_per_item_enabled: false, taxes: [local, state] })).toMatchObject({ tax: 103, total: 769 });
    expect(taxableAmounts(totals)).toEqual({
      taxes: [699, 666],
      lines: [
        [350, 333],
        [333, 349],
      ],
    });
  });

  it('works out the taxable amount of each tax line from the figures, at document level too', () => {
    const gst: TaxRate = { tax_type_id: 'gst', name: 'GST', percent: '5', compound_tax: false };
    const local: TaxRate = { tax_type_id: 'local', name: 'Local', percent: '8.5', compound_tax: true };
    // Document level: 10000 − 10% = 9000; GST 450; Local 8.5% of 9450 = 803.25 → 803.
    const totals = totalsOf(documentOf({ discount_type: 'percentage', discount: '10', taxes: [gst, local], lines: [line({ price: 6000 }), line({ price: 4000 })] }));
    expect(totals.taxes.map((tax) => tax.amount)).toEqual([450, 803]);
    expect(taxableAmounts(totals)).toEqual({ taxes: [9000, 9450], lines: [[], []] });
  });

  it('gives equal remainders to the earlier line first', () => {
    const totals = totalsOf(documentOf({ discount: '1', lines: [line({ price: 1000 }), line({ price: 1000 })] }));
    expect(totals.lines.map((entry) => entry.document_discount_share)).toEqual([1, 0]);
  });

  it('JPY (precision 0)', () => {
    // 3 × ¥1200 = 3600; −5% = 180; taxable 3420; 10% = 342; total 3762.
    const consumption: TaxRate = { tax_type_id: 'ct', name: 'Consumption tax', percent: '10', compound_tax: false };
    const totals = totalsOf(
      documentOf({ precision: 0, discount_type: 'percentage', discount: '5', taxes: [consumption], lines: [line({ quantity: '3', price: 1200 })] }),
    );
    expect(totals).toMatchObject({ sub_total: 3600, discount_val: 180, taxable: 3420, tax: 342, total: 3762 });
    expect(computeTotals(documentOf({ precision: 0, lines: [line({ price: 1 })] })).ok).toBe(true);
  });

  it('KWD (precision 3)', () => {
    // 2 × 1.250 KWD = 2500 fils; 5% = 125; total 2625. Minimum 0.500 KWD = 500 fils.
    const vat5: TaxRate = { tax_type_id: 'vat5', name: 'VAT', percent: '5', compound_tax: false };
    const totals = totalsOf(documentOf({ precision: 3, taxes: [vat5], lines: [line({ quantity: '2', price: 1250 })] }));
    expect(totals).toMatchObject({ sub_total: 2500, tax: 125, total: 2625 });
    expect(computeTotals(documentOf({ precision: 3, lines: [line({ price: 499 })] }))).toMatchObject({ ok: false, issues: [{ path: 'total', code: 'totalTooSmall' }], totals: { total: 499 } });
    expect(computeTotals(documentOf({ precision: 3, lines: [line({ price: 500 })] })).ok).toBe(true);
  });

  it('rounds half away from zero at .5 exactly', () => {
    // 0.5 × 101 = 50.5 → 51; 10% of 105 = 10.5 → 11.
    expect(totalsOf(documentOf({ lines: [line({ quantity: '0.5', price: 101 })] })).lines[0]?.gross).toBe(51);
    const tenPercent: TaxRate = { tax_type_id: 't10', name: 'Tax', percent: '10', compound_tax: false };
    expect(totalsOf(documentOf({ taxes: [tenPercent], lines: [line({ price: 105 })] }))).toMatchObject({ tax: 11, total: 116 });
    // 2.5% discount of 1020 = 25.5 → 26.
    expect(totalsOf(documentOf({ discount_type: 'percentage', discount: '2.5', lines: [line({ price: 1020 })] })).discount_val).toBe(26);
  });

  it('refuses a fixed discount larger than the subtotal and accepts one equal to an amount', () => {
    const lines = [line({ price: 1000 })];
    expect(computeTotals(documentOf({ discount: '1001', lines }))).toEqual({ ok: false, issues: [{ path: 'discount', code: 'invalidDiscount' }] });
    expect(computeTotals(documentOf({ discount: '1000', lines }))).toMatchObject({ ok: false, issues: [{ path: 'total', code: 'totalTooSmall' }], totals: { total: 0 } });
    expect(totalsOf(documentOf({ discount: '950', lines })).total).toBe(50);
  });

  it('refuses a total of 0.49 and accepts 0.50', () => {
    expect(computeTotals(documentOf({ lines: [line({ price: 49 })] }))).toMatchObject({ ok: false, issues: [{ path: 'total', code: 'totalTooSmall' }], totals: { sub_total: 49, total: 49 } });
    expect(totalsOf(documentOf({ lines: [line({ price: 50 })] })).total).toBe(50);
  });
});

describe('computeTotals: refusals', () => {
  it('needs at least one line', () => {
    expect(computeTotals(documentOf({ lines: [] }))).toEqual({ ok: false, issues: [{ path: 'items', code: 'noLines' }] });
  });

  it('checks line discounts only when discounts per item are on', () => {
    const lines = [line({ price: 1000, discount: '1001' }), line({ price: 1000, discount_type: 'percentage', discount: '100.5' })];
    expect(computeTotals(documentOf({ discount_per_item_enabled: true, lines }))).toEqual({
      ok: false,
      issues: [{ path: 'items.1.discount', code: 'invalidDiscount' }],
    });
    expect(computeTotals(documentOf({ discount_per_item_enabled: true, lines: [lines[0] ?? line({})] }))).toEqual({
      ok: false,
      issues: [{ path: 'items.0.discount', code: 'invalidDiscount' }],
    });
    expect(totalsOf(documentOf({ discount_per_item_enabled: false, lines })).sub_total).toBe(2000);
  });

  it('refuses malformed quantities, prices, discounts and percents with the field path', () => {
    const result = computeTotals(
      documentOf({
        tax_per_item_enabled: true,
        discount_per_item_enabled: true,
        discount_type: 'percentage',
        discount: '12.34567',
        lines: [
          line({ quantity: '0', price: 100 }),
          line({ quantity: '1.23456', price: 1.5 }),
          line({ quantity: '-1', price: -1, discount: '1.5' }),
          line({ quantity: 'abc', price: 100, taxes: [{ ...vat19, percent: '101' }, { ...vat19, percent: 'x' }] }),
        ],
      }),
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'items.0.quantity', code: 'invalidQuantity' },
        { path: 'items.1.quantity', code: 'invalidQuantity' },
        { path: 'items.1.price', code: 'invalidPrice' },
        { path: 'items.2.quantity', code: 'invalidQuantity' },
        { path: 'items.2.price', code: 'invalidPrice' },
        { path: 'items.2.discount', code: 'invalidDiscount' },
        { path: 'items.3.quantity', code: 'invalidQuantity' },
        { path: 'items.3.taxes.0.percent', code: 'invalidPercent' },
        { path: 'items.3.taxes.1.percent', code: 'invalidPercent' },
        { path: 'discount', code: 'invalidDiscount' },
      ],
    });
  });

  it('reads a fixed discount as whole minor units', () => {
    const lines = [line({ price: 1000 })];
    expect(totalsOf(documentOf({ discount: '250.00', lines })).discount_val).toBe(250);
    expect(computeTotals(documentOf({ discount: '12.5', lines }))).toEqual({ ok: false, issues: [{ path: 'discount', code: 'invalidDiscount' }] });
    expect(computeTotals(documentOf({ discount: '-5', lines }))).toEqual({ ok: false, issues: [{ path: 'discount', code: 'invalidDiscount' }] });
    expect(totalsOf(documentOf({ discount: ' 5 ', lines })).discount_val).toBe(5);
  });

  it('refuses a tax type given twice on one line or on the document', () => {
    const lines = [line({ price: 1000, taxes: [vat19, vat19] })];
    expect(computeTotals(documentOf({ tax_per_item_enabled: true, lines }))).toEqual({ ok: false, issues: [{ path: 'items.0.taxes.1.tax_type_id', code: 'duplicateTax' }] });
    expect(computeTotals(documentOf({ taxes: [vat19, { ...vat19 }], lines: [line({ price: 1000 })] }))).toEqual({ ok: false, issues: [{ path: 'taxes.1.tax_type_id', code: 'duplicateTax' }] });
    // The same tax type on two lines is one rate.
    expect(totalsOf(documentOf({ tax_per_item_enabled: true, lines: [line({ price: 1000, taxes: [vat19] }), line({ price: 1000, taxes: [vat19] })] })).taxes).toEqual([{ ...vat19, amount: 380 }]);
  });

  it('refuses document tax percents only when taxes are document-level', () => {
    const taxes = [{ ...vat19, percent: '19.12345' }];
    expect(computeTotals(documentOf({ taxes, lines: [line({ price: 100 })] }))).toEqual({ ok: false, issues: [{ path: 'taxes.0.percent', code: 'invalidPercent' }] });
    expect(computeTotals(documentOf({ tax_per_item_enabled: true, taxes, lines: [line({ price: 100 })] })).ok).toBe(true);
  });

  it('reports amounts beyond Number.MAX_SAFE_INTEGER', () => {
    expect(computeTotals(documentOf({ lines: [line({ price: 2 ** 60 })] }))).toEqual({ ok: false, issues: [{ path: 'items.0.price', code: 'amountTooLarge' }] });
    expect(computeTotals(documentOf({ lines: [line({ quantity: '2', price: Number.MAX_SAFE_INTEGER })] }))).toEqual({
      ok: false,
      issues: [
        { path: 'items.0.total', code: 'amountTooLarge' },
        { path: 'total', code: 'amountTooLarge' },
      ],
    });
    const half = Math.ceil(Number.MAX_SAFE_INTEGER / 2);
    expect(computeTotals(documentOf({ lines: [line({ price: half }), line({ price: half })] }))).toEqual({
      ok: false,
      issues: [{ path: 'total', code: 'amountTooLarge' }],
    });
    expect(totalsOf(documentOf({ lines: [line({ price: Number.MAX_SAFE_INTEGER })] })).total).toBe(Number.MAX_SAFE_INTEGER);
  });
});
