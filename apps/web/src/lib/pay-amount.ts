import { decimalToMinorUnits, minorUnitsToDecimal, sharedMessages as messages } from '@app/contracts';
import { amountTooSmallMessage } from '@app/domain';
import { moneyFormatOf } from './money';

/** The rules of a payment's amount on an invoice: `due` and `minimum` in minor units of the invoice's currency. */
export type AmountRules = { due: number; minimum: number; currencyId: number };

/** What the amount field starts with: the amount due, as plain decimal text. */
export function amountText(due: number, currencyId: number): string {
  return minorUnitsToDecimal(due, moneyFormatOf(currencyId).precision);
}

/**
 * The amount typed, in minor units (null when it is not an amount), and why the server would
 * refuse it, in the server's own words (the same rules as `settlePayment`; null when it would not):
 * at least the minimum unless it settles what is due, never more than what is due. The server
 * checks again; this only spares a round trip.
 */
export function checkAmount(text: string, rules: AmountRules): { amount: number | null; problem: string | null } {
  const currency = moneyFormatOf(rules.currencyId);
  const parsed = decimalToMinorUnits(text, currency.precision);
  if (!parsed.ok) return { amount: null, problem: text.trim() === '' ? messages.required : messages.invalidAmount };
  const amount = Number(parsed.minor);
  if (amount > rules.due) return { amount, problem: messages.paymentExceedsDue };
  if (amount <= 0 || (amount < rules.minimum && amount !== rules.due)) return { amount, problem: amountTooSmallMessage(currency) };
  return { amount, problem: null };
}
