import { decimalToMinorUnits, messages } from '@app/contracts';
import { minimumTotal } from '@app/domain';

/** The typed amount in minor units, or the message to show beside it. */
export type AmountCheck = { ok: true; minor: number } | { ok: false; message: string };

/**
 * Spec section 5: at least 0.50 of the currency, at most 20 digits; with an invoice, never more
 * than what is still due on it (`maxMinor`). The server checks all of it again.
 */
export function checkAmount(text: string, precision: number, maxMinor: number | null): AmountCheck {
  if (text.trim() === '') return { ok: false, message: messages.required };
  const parsed = decimalToMinorUnits(text, precision);
  if (!parsed.ok) return { ok: false, message: parsed.reason === 'too_many_digits' ? messages.amountTooManyDigits : messages.invalidAmount };
  const minor = Number(parsed.minor);
  if (!Number.isSafeInteger(minor)) return { ok: false, message: messages.amountTooLarge };
  if (minor < minimumTotal(precision)) return { ok: false, message: messages.amountTooSmall };
  if (maxMinor !== null && minor > maxMinor) return { ok: false, message: messages.paymentExceedsDue };
  return { ok: true, minor };
}
