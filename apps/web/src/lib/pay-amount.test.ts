import { describe, expect, it } from 'vitest';
import { currencyByCode, messages } from '@app/contracts';
import { amountText, checkAmount } from './pay-amount';

const usd = currencyByCode('USD')?.id ?? 0;
const jpy = currencyByCode('JPY')?.id ?? 0;

describe('the amount of an online payment', () => {
  it('starts at what is due, in the currency’s decimals', () => {
    expect(amountText(12_345, usd)).toBe('123.45');
    expect(amountText(500, jpy)).toBe('500');
  });

  it('is at least the minimum unless it settles what is due, and never more than what is due', () => {
    const rules = { due: 120, minimum: 50, currencyId: usd };
    expect(checkAmount('1.20', rules)).toEqual({ amount: 120, problem: null });
    expect(checkAmount('0.50', rules)).toEqual({ amount: 50, problem: null });
    expect(checkAmount('0.49', rules)).toEqual({ amount: 49, problem: 'Amount must be more than $ 0.5' });
    expect(checkAmount('0', rules)).toEqual({ amount: 0, problem: 'Amount must be more than $ 0.5' });
    expect(checkAmount('1.21', rules)).toEqual({ amount: 121, problem: messages.paymentExceedsDue });
    expect(checkAmount('', rules)).toEqual({ amount: null, problem: messages.required });
    expect(checkAmount('1.234', rules)).toEqual({ amount: null, problem: messages.invalidAmount });
  });

  it('settles a due amount under the minimum in one payment', () => {
    expect(checkAmount('0.20', { due: 20, minimum: 50, currencyId: usd })).toEqual({ amount: 20, problem: null });
  });

  it('follows a currency without decimals', () => {
    expect(checkAmount('1', { due: 500, minimum: 1, currencyId: jpy })).toEqual({ amount: 1, problem: null });
    expect(checkAmount('1.5', { due: 500, minimum: 1, currencyId: jpy }).problem).toBe(messages.invalidAmount);
  });
});
