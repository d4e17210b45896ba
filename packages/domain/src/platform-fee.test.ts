import { describe, expect, it } from 'vitest';
import { platformFeeOf } from './platform-fee';

describe('platformFeeOf', () => {
  it('is nothing by default', () => {
    expect(platformFeeOf(12345, { percent: '0', fixed: 0 })).toBe(0);
  });

  it('adds the percent of the amount, rounded half away from zero, to the fixed part', () => {
    // 2.9 % of $100.00 = 290 cents, plus 30.
    expect(platformFeeOf(10000, { percent: '2.9', fixed: 30 })).toBe(320);
    // 2.5 % of 1010 = 25.25 → 25; of 1030 = 25.75 → 26; of 1020 = 25.5 → 26 (half away).
    expect(platformFeeOf(1010, { percent: '2.5', fixed: 0 })).toBe(25);
    expect(platformFeeOf(1030, { percent: '2.5', fixed: 0 })).toBe(26);
    expect(platformFeeOf(1020, { percent: '2.5', fixed: 0 })).toBe(26);
    expect(platformFeeOf(9999, { percent: '0.0001', fixed: 0 })).toBe(0);
  });

  it('never takes more than the payment', () => {
    expect(platformFeeOf(50, { percent: '10', fixed: 100 })).toBe(50);
    expect(platformFeeOf(1000, { percent: '100', fixed: 0 })).toBe(1000);
  });

  it('refuses a percent or amount that is not money', () => {
    expect(() => platformFeeOf(1000, { percent: '100.5', fixed: 0 })).toThrow(RangeError);
    expect(() => platformFeeOf(1000, { percent: '-1', fixed: 0 })).toThrow(RangeError);
    expect(() => platformFeeOf(10.5, { percent: '1', fixed: 0 })).toThrow(RangeError);
    expect(() => platformFeeOf(1000, { percent: '1', fixed: -1 })).toThrow(RangeError);
  });
});
