import { describe, expect, it } from 'vitest';
import { currencies, currencyByCode } from '@app/contracts';
import { amountTooSmallMessage, totalTooSmallMessage } from './minimum-messages';

const currency = (code: string) => {
  const found = currencyByCode(code);
  if (!found) throw new Error(`no ${code}`);
  return found;
};

describe('minimum messages', () => {
  it('keep the spec words for dollars', () => {
    expect(totalTooSmallMessage(currency('USD'))).toBe('Total should be greater than $ 0.50');
    expect(amountTooSmallMessage(currency('USD'))).toBe('Amount must be more than $ 0.5');
  });

  it('name the minimum in the currency of the document, with its decimals and symbol', () => {
    expect(totalTooSmallMessage(currency('KWD'))).toBe('Total should be greater than KD 0.500');
    expect(totalTooSmallMessage(currency('BHD'))).toBe('Total should be greater than BD 0.500');
    expect(totalTooSmallMessage(currency('JPY'))).toBe('Total should be greater than ¥ 1');
    expect(totalTooSmallMessage(currency('EUR'))).toBe('Total should be greater than 0,50 €');
    expect(amountTooSmallMessage(currency('KWD'))).toBe('Amount must be more than KD 0.5');
    expect(amountTooSmallMessage(currency('JPY'))).toBe('Amount must be more than ¥ 1');
    expect(amountTooSmallMessage(currency('EUR'))).toBe('Amount must be more than 0,5 €');
  });

  it('never name dollars for another currency, nor leave the placeholder', () => {
    for (const other of currencies) {
      for (const message of [totalTooSmallMessage(other), amountTooSmallMessage(other)]) {
        if (!other.symbol.includes('$')) expect(message).not.toContain('$');
        expect(message).not.toContain('{');
        expect(message).toContain(other.symbol);
      }
    }
  });
});
