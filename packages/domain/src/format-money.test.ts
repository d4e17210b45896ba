import { describe, expect, it } from 'vitest';
import { formatMoney, type MoneyFormat } from './format-money';

const usd: MoneyFormat = { symbol: '$', precision: 2, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: false };
const eur: MoneyFormat = { symbol: '€', precision: 2, thousand_separator: '.', decimal_separator: ',', swap_currency_symbol: true };
const jpy: MoneyFormat = { symbol: '¥', precision: 0, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: false };
const kwd: MoneyFormat = { symbol: 'KD', precision: 3, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: true };

describe('formatMoney', () => {
  it('applies precision, separators and symbol position', () => {
    expect(formatMoney(123456, usd)).toBe('$1,234.56');
    expect(formatMoney(123456, eur)).toBe('1.234,56 €');
    expect(formatMoney(1234, jpy)).toBe('¥1,234');
    expect(formatMoney(1234567, kwd)).toBe('1,234.567 KD');
  });

  it('pads small amounts and keeps the sign in front', () => {
    expect(formatMoney(0, usd)).toBe('$0.00');
    expect(formatMoney(5, usd)).toBe('$0.05');
    expect(formatMoney(-5, usd)).toBe('-$0.05');
    expect(formatMoney(-50, eur)).toBe('-0,50 €');
    expect(formatMoney(7, kwd)).toBe('0.007 KD');
  });

  it('writes money as the spec messages do when asked: a space after a leading symbol, trailing zeros left out', () => {
    expect(formatMoney(50, usd, { spaceAfterSymbol: true })).toBe('$ 0.50');
    expect(formatMoney(50, usd, { spaceAfterSymbol: true, trimFraction: true })).toBe('$ 0.5');
    expect(formatMoney(123400, usd, { trimFraction: true })).toBe('$1,234');
    expect(formatMoney(1, jpy, { spaceAfterSymbol: true })).toBe('¥ 1');
    expect(formatMoney(50, eur, { spaceAfterSymbol: true, trimFraction: true })).toBe('0,5 €');
    expect(formatMoney(-50, usd, { spaceAfterSymbol: true })).toBe('-$ 0.50');
  });

  it('formats amounts beyond 2^53 exactly', () => {
    expect(formatMoney(12345678901234567890n, usd)).toBe('$123,456,789,012,345,678.90');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, jpy)).toBe('¥9,007,199,254,740,991');
  });
});
