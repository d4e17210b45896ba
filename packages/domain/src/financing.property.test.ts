import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PayerHistory, type RiskPolicy, bnplOffer, feePeriods, financingFee, financingOffer } from './financing';

const RUNS = 1000;

const policyArb: fc.Arbitrary<RiskPolicy> = fc.record({
  advanceRateBps: fc.integer({ min: 0, max: 10_000 }),
  feePer30DaysBps: fc.integer({ min: 0, max: 2_000 }),
  maxExposurePerBusiness: fc.integer({ min: 0, max: 10 ** 10 }),
  maxExposurePerCustomer: fc.integer({ min: 0, max: 10 ** 10 }),
  minPaidInvoices: fc.integer({ min: 0, max: 20 }),
});
const historyArb: fc.Arbitrary<PayerHistory> = fc.integer({ min: 0, max: 200 }).chain((paidInvoices) => fc.record({ paidInvoices: fc.constant(paidInvoices), paidLate: fc.integer({ min: 0, max: paidInvoices }) }));
const inputArb = fc.record({
  dueAmount: fc.integer({ min: 0, max: 10 ** 10 }),
  days: fc.integer({ min: 0, max: 400 }),
  policy: policyArb,
  history: historyArb,
  exposure: fc.record({ business: fc.integer({ min: 0, max: 10 ** 10 }), customer: fc.integer({ min: 0, max: 10 ** 10 }) }),
  minimum: fc.constantFrom(1, 50, 100),
});

describe('the offer rule', () => {
  it('never advances more than the rate allows, never passes an exposure limit, and principal and fee fit in the amount due', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = financingOffer(input);
        if (!result.ok) return;
        const { principal, fee, periods, advanceRateBps, feeBps } = result.offer;
        expect(principal).toBeGreaterThanOrEqual(input.minimum);
        expect(principal).toBeLessThanOrEqual(Math.floor((input.dueAmount * input.policy.advanceRateBps) / 10_000));
        expect(principal).toBeLessThanOrEqual(Math.floor((input.dueAmount * advanceRateBps) / 10_000));
        expect(input.exposure.business + principal).toBeLessThanOrEqual(input.policy.maxExposurePerBusiness);
        expect(input.exposure.customer + principal).toBeLessThanOrEqual(input.policy.maxExposurePerCustomer);
        expect(principal + fee).toBeLessThanOrEqual(input.dueAmount);
        expect(fee).toBe(financingFee(principal, feeBps, periods));
        expect(periods).toBe(feePeriods(input.days));
        expect(Number.isSafeInteger(principal) && Number.isSafeInteger(fee)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives a payer with a worse record no larger advance and no lower fee', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 50 }), (input, moreLate) => {
        const better = financingOffer(input);
        const paidLate = Math.min(input.history.paidInvoices, input.history.paidLate + moreLate);
        const worse = financingOffer({ ...input, history: { ...input.history, paidLate } });
        if (!worse.ok) return;
        expect(better.ok).toBe(true);
        if (!better.ok) return;
        expect(worse.offer.principal).toBeLessThanOrEqual(better.offer.principal);
        expect(worse.offer.feeBps).toBeGreaterThanOrEqual(better.offer.feeBps);
      }),
      { numRuns: RUNS },
    );
  });

  it('takes the largest principal that fits: one unit more would break a limit or the amount due', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = financingOffer(input);
        if (!result.ok) return;
        const { principal, periods, feeBps, advanceRateBps } = result.offer;
        const next = principal + 1;
        const breaks =
          next > Math.floor((input.dueAmount * advanceRateBps) / 10_000) ||
          input.exposure.business + next > input.policy.maxExposurePerBusiness ||
          input.exposure.customer + next > input.policy.maxExposurePerCustomer ||
          next + financingFee(next, feeBps, periods) > input.dueAmount;
        expect(breaks).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the history tiers', () => {
  const policy: RiskPolicy = { advanceRateBps: 8_000, feePer30DaysBps: 300, maxExposurePerBusiness: 10 ** 9, maxExposurePerCustomer: 10 ** 9, minPaidInvoices: 3 };
  const offer = (paidInvoices: number, paidLate: number, days = 45) =>
    financingOffer({ dueAmount: 100_000, days, policy, history: { paidInvoices, paidLate }, exposure: { business: 0, customer: 0 }, minimum: 50 });

  it('follow the documented steps', () => {
    expect(offer(2, 0)).toEqual({ ok: false, reason: 'no_history' });
    // 80% advanced, 3% for each of two started 30-day periods.
    expect(offer(10, 1)).toEqual({ ok: true, offer: { principal: 80_000, fee: 4_800, periods: 2, advanceRateBps: 8_000, feeBps: 300 } });
    expect(offer(10, 2)).toMatchObject({ ok: true, offer: { principal: 70_000, feeBps: 350 } });
    expect(offer(10, 5)).toMatchObject({ ok: true, offer: { principal: 55_000, feeBps: 400 } });
    expect(offer(10, 6)).toEqual({ ok: false, reason: 'late_payer' });
    expect(offer(10, 0, 0)).toMatchObject({ ok: true, offer: { periods: 1, fee: 2_400 } });
  });

  it('cut the advance to what the exposure limits leave, and refuse when nothing is left', () => {
    const near = financingOffer({ dueAmount: 100_000, days: 30, policy, history: { paidInvoices: 10, paidLate: 0 }, exposure: { business: 10 ** 9 - 20_000, customer: 0 }, minimum: 50 });
    expect(near).toMatchObject({ ok: true, offer: { principal: 20_000 } });
    const full = financingOffer({ dueAmount: 100_000, days: 30, policy, history: { paidInvoices: 10, paidLate: 0 }, exposure: { business: 0, customer: 10 ** 9 }, minimum: 50 });
    expect(full).toEqual({ ok: false, reason: 'exposure' });
    expect(financingOffer({ dueAmount: 0, days: 30, policy, history: { paidInvoices: 10, paidLate: 0 }, exposure: { business: 0, customer: 0 }, minimum: 50 })).toEqual({ ok: false, reason: 'nothing_due' });
    expect(financingOffer({ dueAmount: 40, days: 30, policy, history: { paidInvoices: 10, paidLate: 0 }, exposure: { business: 0, customer: 0 }, minimum: 50 })).toEqual({ ok: false, reason: 'too_small' });
  });
});

describe('the BNPL offer', () => {
  const policy: RiskPolicy = { advanceRateBps: 8_000, feePer30DaysBps: 300, maxExposurePerBusiness: 10 ** 9, maxExposurePerCustomer: 10 ** 9, minPaidInvoices: 0 };

  it('lends the whole amount due, the fee on top, within both limits', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = bnplOffer(input);
        if (!result.ok) return;
        const { principal, fee, periods, feeBps } = result.offer;
        expect(principal).toBe(input.dueAmount);
        expect(fee).toBe(financingFee(principal, feeBps, periods));
        expect(periods).toBe(feePeriods(input.days));
        expect(feeBps).toBeGreaterThanOrEqual(input.policy.feePer30DaysBps);
        expect(input.exposure.business + principal).toBeLessThanOrEqual(input.policy.maxExposurePerBusiness);
        expect(input.exposure.customer + principal).toBeLessThanOrEqual(input.policy.maxExposurePerCustomer);
      }),
      { numRuns: RUNS },
    );
  });

  it('follows the history tiers and refuses what does not fit', () => {
    const offer = (paidInvoices: number, paidLate: number, exposure = 0) =>
      bnplOffer({ dueAmount: 100_000, days: 90, policy: { ...policy, minPaidInvoices: 3 }, history: { paidInvoices, paidLate }, exposure: { business: exposure, customer: 0 }, minimum: 50 });
    // The whole 100,000, 3% for each of three started 30-day periods.
    expect(offer(10, 1)).toEqual({ ok: true, offer: { principal: 100_000, fee: 9_000, periods: 3, feeBps: 300 } });
    expect(offer(10, 2)).toMatchObject({ ok: true, offer: { feeBps: 350, fee: 10_500 } });
    expect(offer(2, 0)).toEqual({ ok: false, reason: 'no_history' });
    expect(offer(10, 6)).toEqual({ ok: false, reason: 'late_payer' });
    expect(offer(10, 0, 10 ** 9 - 99_999)).toEqual({ ok: false, reason: 'exposure' });
    expect(bnplOffer({ dueAmount: 40, days: 90, policy, history: { paidInvoices: 0, paidLate: 0 }, exposure: { business: 0, customer: 0 }, minimum: 50 })).toEqual({ ok: false, reason: 'too_small' });
  });
});
