import { describe, expect, it } from 'vitest';
import { currencyByCode, messages } from '@app/contracts';
import { checkAmount } from './payment-amount';

const currency = (code: string) => {
  const found = currencyByCode(code);
  if (!found) throw new Error(`no ${code}`);
  return found;
};

describe('checkAmount', () => {
  it('takes a last instalment under the minimum when it pays exactly what is due', () => {
    expect(checkAmount('0.20', currency('USD'), 20)).toEqual({ ok: true, minor: 20 });
    expect(checkAmount('0.20', currency('USD'), 120)).toEqual({ ok: false, message: 'Amount must be more than $ 0.5' });
    expect(checkAmount('0.20', currency('USD'), null)).toEqual({ ok: false, message: 'Amount must be more than $ 0.5' });
    expect(checkAmount('0.21', currency('USD'), 20)).toEqual({ ok: false, message: messages.paymentExceedsDue });
  });

  it('names the minimum in the currency of the payment', () => {
    expect(checkAmount('0.499', currency('KWD'), 1000)).toEqual({ ok: false, message: 'Amount must be more than KD 0.5' });
    expect(checkAmount('0.250', currency('KWD'), 250)).toEqual({ ok: true, minor: 250 });
    expect(checkAmount('0', currency('JPY'), null)).toEqual({ ok: false, message: 'Amount must be more than ¥ 1' });
  });
});
