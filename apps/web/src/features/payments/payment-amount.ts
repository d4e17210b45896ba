import { decimalToMinorUnits, messages } from '@app/contracts';
import { type MoneyFormat, amountTooSmallMessage, meetsPaymentMinimum } from '@app/domain';

/** The typed amount in minor units, or the message to show beside it. */
export type AmountCheck = { ok: true; minor: number } | { ok: false; message: string };

/**
 * Spec section 5: at least 0.50 of the currency unless it pays exactly what is still due on the
 * invoice (`due`, null without an invoice), at most 20 digits, never more than what is due. The
 * server checks all of it again, with the same domain rule.
 */
export function checkAmount(text: string, currency: MoneyFormat, due: number | null): AmountCheck {
  if (text.trim() === '') return { ok: false, message: messages.required };
  const parsed = decimalToMinorUnits(text, currency.precision);
  if (!parsed.ok) return { ok: false, message: parsed.reason === 'too_many_digits' ? messages.amountTooManyDigits : messages.invalidAmount };
  const minor = Number(parsed.minor);
  if (!Number.isSafeInteger(minor)) return { ok: false, message: messages.amountTooLarge };
  if (due !== null && minor > due) return { ok: false, message: messages.paymentExceedsDue };
  if (!meetsPaymentMinimum(minor, currency.precision, due)) return { ok: false, message: amountTooSmallMessage(currency) };
  return { ok: true, minor };
}
