import { decimalToMinorUnits, digitsWithinSafeRange, messages } from '@app/contracts';

/**
 * How the import reads amounts and dates typed in other tools.
 *
 * Amounts: a point or a comma may be the decimal separator; the other one (or a space or an
 * apostrophe) groups thousands. `1234.5`, `1,234.50`, `1.234,50`, `1 234,50` and `1234,5` are
 * read; a single separator followed by exactly three digits (`1,000`, `1.000`) is refused as
 * ambiguous, since it is a thousand in one locale and one in another.
 * Dates: ISO `YYYY-MM-DD` (the XLSX reader gives date cells so); `DD.MM.YYYY` and
 * `DD/MM/YYYY` (day first, as most of the world writes them); anything else is refused.
 */
export type Parsed = { ok: true; value: string } | { ok: false; reason: 'ambiguous' | 'invalid' };

const GROUPED_POINT_DECIMAL = /^-?\d{1,3}([, ']\d{3})+(\.\d+)?$/;
const GROUPED_COMMA_DECIMAL = /^-?\d{1,3}([. ']\d{3})+(,\d+)?$/;
const PLAIN = /^-?\d+([.,]\d+)?$/;
const AMBIGUOUS = /^-?\d{1,3}[.,]\d{3}$/;

/** The amount as a plain decimal text (`1234.50`), the form the money parsers read. */
export function readAmount(text: string): Parsed {
  const compact = text.replace(/^[^\d-]+|[^\d]+$/g, '').trim();
  if (AMBIGUOUS.test(compact)) return { ok: false, reason: 'ambiguous' };
  if (PLAIN.test(compact)) return { ok: true, value: compact.replace(',', '.') };
  if (GROUPED_POINT_DECIMAL.test(compact)) return { ok: true, value: compact.replace(/[, ']/g, '') };
  if (GROUPED_COMMA_DECIMAL.test(compact)) return { ok: true, value: compact.replace(/[. ']/g, '').replace(',', '.') };
  return { ok: false, reason: 'invalid' };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

/** The date as `YYYY-MM-DD`, or the text unchanged for the date schema to refuse. */
export function readDate(text: string): string {
  if (ISO.test(text)) return text;
  const match = DAY_FIRST.exec(text);
  if (!match) return text;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** What an amount's problems are called where it is read (a price, a payment's amount). */
export type AmountMessages = { invalid: string; tooManyDigits: string; tooLarge: string };

/** An amount typed in a file as minor units of a currency of `precision` decimals, with the decimal text it was read as. */
export function readMinorUnits(text: string, precision: number, problems: AmountMessages): { ok: true; minor: number; shown: string } | { ok: false; message: string } {
  const amount = readAmount(text);
  if (!amount.ok) return { ok: false, message: amount.reason === 'ambiguous' ? messages.importAmountAmbiguous : problems.invalid };
  const minor = decimalToMinorUnits(amount.value, precision);
  if (!minor.ok) return { ok: false, message: minor.reason === 'too_many_digits' ? problems.tooManyDigits : problems.invalid };
  if (!digitsWithinSafeRange(minor.minor)) return { ok: false, message: problems.tooLarge };
  return { ok: true, minor: Number(minor.minor), shown: amount.value };
}
