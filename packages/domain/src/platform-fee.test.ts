import { describe, expect, it } from 'vitest';
import { applicationFeeOf, platformFeeOf } from './platform-fee';

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

describe('applicationFeeOf', () => {
  const fee = { percent: '2.5', fixed: 30 };

  it('is the platform fee alone without a lender share', () => {
    expect(applicationFeeOf(12_000, fee, 0)).toBe(platformFeeOf(12_000, fee));
  });

  it('adds the lender share to the platform fee', () => {
    expect(applicationFeeOf(12_000, fee, 5_000)).toBe(5_000 + 330);
  });

  it('keeps the lender share whole and the platform fee within what is left of the payment', () => {
    expect(applicationFeeOf(12_000, fee, 11_900)).toBe(12_000);
    expect(applicationFeeOf(12_000, fee, 12_000)).toBe(12_000);
  });

  it('refuses a share that is not money within the amount', () => {
    expect(() => applicationFeeOf(1_000, fee, 1_001)).toThrow(RangeError);
    expect(() => applicationFeeOf(1_000, fee, -1)).toThrow(RangeError);
    expect(() => applicationFeeOf(1_000, fee, 1.5)).toThrow(RangeError);
  });
});
