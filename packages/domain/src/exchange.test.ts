import { describe, expect, it } from 'vitest';
import { currencyByCode } from '@app/contracts';
import { ConvertedTotal, CurrencyConverter, type CurrencySum, formatRate, parseRate, parseScaledSum } from './exchange';

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

describe('CurrencyConverter', () => {
  const id = (code: string) => currencyByCode(code)?.id ?? 0;
  const [USD, JPY, KWD, BHD, EUR] = ['USD', 'JPY', 'KWD', 'BHD', 'EUR'].map(id) as [number, number, number, number, number];
  const rates = new Map([
    [JPY, parseRateOrThrow('0.0067')],
    [KWD, parseRateOrThrow('3.2512')],
    [BHD, parseRateOrThrow('2.6597')],
  ]);
  const sum = (currencyId: number, amount: string, atRate: string | null = null): CurrencySum => ({ currencyId, amount, atRate });

  it('reads each currency with its own decimals and rounds the figure once', () => {
    const converter = new CurrencyConverter(USD, rates);
    // ¥10,000 at 0.0067 = $67.00 (not $0.67); KD 7.345 at 3.2512 = $23.880064 (not $238.80); BD 0.750 at 2.6597 = $1.994775.
    expect(converter.convert([sum(JPY, '10000')], 'stored')).toBe(6700);
    expect(converter.convert([sum(KWD, '7345')], 'stored')).toBe(2388);
    expect(converter.convert([sum(BHD, '750')], 'stored')).toBe(199);
    expect(converter.convert([sum(JPY, '10000'), sum(KWD, '7345'), sum(BHD, '750'), sum(USD, '9999')], 'stored')).toBe(6700 + 2388 + 199 + 9999);
    // Rounded once: two sums of ¥1 are 0.67 cents each, 1.34 cents together: one cent, not two.
    expect(converter.convert([sum(JPY, '1'), sum(JPY, '1')], 'stored')).toBe(1);
    expect(converter.unconvertedIds()).toEqual([]);
  });

  it('prefers the rate stored on the documents unless asked for the current one', () => {
    const converter = new CurrencyConverter(USD, rates);
    // KD 7.345 stored at 3.3 (sum × rate as the database prints it) versus today's 3.2512.
    const stored = sum(KWD, '7345', '24238.5000000000');
    expect(converter.convert([stored], 'stored')).toBe(2424);
    expect(converter.convert([stored], 'current')).toBe(2388);
  });

  it('converts into a currency with three or no decimals', () => {
    const usd = new Map([[USD, parseRateOrThrow('0.3075')], [JPY, parseRateOrThrow('0.00205')]]);
    expect(new CurrencyConverter(KWD, usd).convert([sum(USD, '10000'), sum(JPY, '10001')], 'stored')).toBe(51252);
    expect(new CurrencyConverter(JPY, new Map([[USD, parseRateOrThrow('150.5')]])).convert([sum(USD, '100'), sum(JPY, '7')], 'stored')).toBe(158);
  });

  it('leaves out and reports currencies without a rate, but not empty sums', () => {
    const converter = new CurrencyConverter(USD, rates);
    expect(converter.convert([sum(EUR, '500'), sum(USD, '100'), sum(EUR, '0')], 'stored')).toBe(100);
    expect(converter.convert([sum(999_999, '5')], 'stored')).toBe(0);
    expect(converter.unconvertedIds()).toEqual([EUR, 999_999]);
    expect(() => converter.convert([sum(USD, '1.5')], 'stored')).toThrow(RangeError);
  });
});

function parseRateOrThrow(text: string): bigint {
  const rate = parseRate(text);
  if (rate === null) throw new Error(`bad rate ${text}`);
  return rate;
}
