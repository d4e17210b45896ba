import { describe, expect, it } from 'vitest';
import { ConvertedTotal, formatRate, parseRate, parseScaledSum } from './exchange';

describe('parseRate and formatRate', () => {
  it('reads rates with up to ten decimals and prints them without trailing zeros', () => {
    expect(parseRate('1.0842')).toBe(10_842_000_000n);
    expect(parseRate('0.0000000001')).toBe(1n);
    expect(parseRate('9999999999.9999999999')).toBe(99_999_999_999_999_999_999n);
    expect(formatRate(10_842_000_000n)).toBe('1.0842');
    expect(formatRate(20_000_000_000n)).toBe('2');
    expect(formatRate(1n)).toBe('0.0000000001');
  });

  it('refuses zero, negative, malformed and too precise rates', () => {
    for (const text of ['0', '0.0', '-1', '1.00000000001', '12345678901', 'abc', '', '1e3', '.5']) expect(parseRate(text), text).toBeNull();
  });
});

describe('parseScaledSum', () => {
  it('scales database sums by 10^10', () => {
    expect(parseScaledSum('340')).toBe(3_400_000_000_000n);
    expect(parseScaledSum('12.5000000000')).toBe(125_000_000_000n);
    expect(parseScaledSum('-0.25')).toBe(-2_500_000_000n);
    expect(() => parseScaledSum('1.00000000001')).toThrow(RangeError);
    expect(() => parseScaledSum('x')).toThrow(RangeError);
  });
});

describe('ConvertedTotal', () => {
  it('adds amounts already in the target currency exactly', () => {
    expect(new ConvertedTotal(2).addMinorUnits(12_345n).addMinorUnits(5n).minorUnits()).toBe(12_350n);
  });

  it('converts between precisions and rounds once, half away from zero', () => {
    // 100.00 EUR at 1.0842 → 108.42 USD.
    expect(new ConvertedTotal(2).addAtRate(10_000n * parseRateOrThrow('1.0842'), 2).minorUnits()).toBe(10_842n);
    // ¥1,000 at 0.0067 → $6.70 (JPY has no decimals).
    expect(new ConvertedTotal(2).addAtRate(1_000n * parseRateOrThrow('0.0067'), 0).minorUnits()).toBe(670n);
    // 1.000 KWD at 3.25 → $3.25 (KWD has three decimals).
    expect(new ConvertedTotal(2).addAtRate(1_000n * parseRateOrThrow('3.25'), 3).minorUnits()).toBe(325n);
    // $1.00 at 150.5 into yen → ¥151 (150.5 rounds up).
    expect(new ConvertedTotal(0).addAtRate(100n * parseRateOrThrow('150.5'), 2).minorUnits()).toBe(151n);
  });

  it('does not drift when many small conversions are added', () => {
    // Twelve times 0.01 EUR at 1.25 is 0.15 USD; rounding each part first would give 0.12.
    const year = new ConvertedTotal(2);
    for (let month = 0; month < 12; month += 1) year.addAtRate(1n * parseRateOrThrow('1.25'), 2);
    expect(year.minorUnits()).toBe(15n);
    expect(new ConvertedTotal(2).add(year).addMinorUnits(1n).minorUnits()).toBe(16n);
  });

  it('refuses precisions outside 0..4', () => {
    expect(() => new ConvertedTotal(5)).toThrow(RangeError);
    expect(() => new ConvertedTotal(2).addAtRate(1n, -1)).toThrow(RangeError);
    expect(() => new ConvertedTotal(2).add(new ConvertedTotal(0))).toThrow(RangeError);
  });
});

function parseRateOrThrow(text: string): bigint {
  const rate = parseRate(text);
  if (rate === null) throw new Error(`bad rate ${text}`);
  return rate;
}
