import { describe, expect, it } from 'vitest';
import { decimalToMinorUnits, digitsWithinSafeRange, minorUnitsToDecimal } from './money';

describe('money', () => {
  it('converts decimals to minor units without floating point', () => {
    expect(decimalToMinorUnits('0.29', 2)).toEqual({ ok: true, minor: '29' });
    expect(decimalToMinorUnits('12.5', 2)).toEqual({ ok: true, minor: '1250' });
    expect(decimalToMinorUnits('007', 2)).toEqual({ ok: true, minor: '700' });
    expect(decimalToMinorUnits('.5', 2)).toEqual({ ok: true, minor: '50' });
    expect(decimalToMinorUnits('15', 0)).toEqual({ ok: true, minor: '15' });
    expect(decimalToMinorUnits('1.234', 3)).toEqual({ ok: true, minor: '1234' });
    expect(decimalToMinorUnits('1.234', 2)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(decimalToMinorUnits('-1', 2)).toEqual({ ok: false, reason: 'invalid' });
    expect(decimalToMinorUnits('1e5', 2)).toEqual({ ok: false, reason: 'invalid' });
    expect(decimalToMinorUnits('', 2)).toEqual({ ok: false, reason: 'invalid' });
    expect(decimalToMinorUnits('123456789012345678901', 0)).toEqual({ ok: false, reason: 'too_many_digits' });
  });

  it('formats minor units and knows the exact range', () => {
    expect(minorUnitsToDecimal(5, 2)).toBe('0.05');
    expect(minorUnitsToDecimal(123456, 2)).toBe('1234.56');
    expect(minorUnitsToDecimal(7, 0)).toBe('7');
    expect(digitsWithinSafeRange('9007199254740991')).toBe(true);
    expect(digitsWithinSafeRange('9007199254740992')).toBe(false);
    expect(digitsWithinSafeRange('00009007199254740991')).toBe(true);
    expect(digitsWithinSafeRange('10000000000000000')).toBe(false);
  });
});
