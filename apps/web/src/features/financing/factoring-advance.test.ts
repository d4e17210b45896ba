import { describe, expect, it } from 'vitest';
import { type FactoringLoanInfo, currencyByCode, financingMessages, messages } from '@app/contracts';
import { financingFee } from '@app/domain';
import { advanceTerms, checkAdvance } from './factoring-advance';

const usd = currencyByCode('USD');
if (!usd) throw new Error('USD is a known currency');

/** $1,000.00 invoice, $800.00 offered at 3% per started 30 days for 2 periods. */
const offer: FactoringLoanInfo = {
  id: 'offer-1',
  invoice_amount: 100_000,
  principal_amount: 80_000,
  fee_amount: 4_800,
  fee_bps_per_30_days: 300,
  fee_periods: 2,
  reserve_amount: 15_200,
  terms_url: null,
  expires_at: '2026-04-01T00:00:00Z',
};

describe('advanceTerms', () => {
  it("keeps the offer's own figures for the whole advance", () => {
    expect(advanceTerms(offer, 80_000)).toEqual({ principal: 80_000, fee: 4_800, reserve: 15_200 });
  });

  it('recomputes the fee of a smaller advance, rounded up to the cent, and the reserve with it', () => {
    // 333.33 × 3% × 2 = 19.9998 → 20.00
    expect(advanceTerms(offer, 33_333)).toEqual({ principal: 33_333, fee: 2_000, reserve: 100_000 - 33_333 - 2_000 });
    for (const principal of [1, 50, 12_345, 79_999]) {
      const terms = advanceTerms(offer, principal);
      expect(terms.fee).toBe(financingFee(principal, 300, 2));
      expect(terms.fee * 10_000).toBeGreaterThanOrEqual(principal * 300 * 2);
      expect(terms.principal + terms.fee + terms.reserve).toBe(offer.invoice_amount);
    }
  });
});

describe('checkAdvance', () => {
  it('takes any amount from the minimum up to the offer', () => {
    expect(checkAdvance('800', offer, usd)).toEqual({ amount: 80_000, problem: null });
    expect(checkAdvance('0.50', offer, usd)).toEqual({ amount: 50, problem: null });
  });

  it("refuses more than the offer, less than the minimum, and what is not an amount, in the server's words", () => {
    expect(checkAdvance('800.01', offer, usd)).toEqual({ amount: 80_001, problem: financingMessages.amountAboveOffer });
    expect(checkAdvance('0.49', offer, usd).problem).toBe('Amount must be more than $ 0.5');
    expect(checkAdvance('0', offer, usd).problem).toBe('Amount must be more than $ 0.5');
    expect(checkAdvance('', offer, usd)).toEqual({ amount: null, problem: messages.required });
    expect(checkAdvance('1.234', offer, usd)).toEqual({ amount: null, problem: messages.invalidAmount });
  });
});
