/**
 * Money is kept in minor units (cents for USD) and converted with string arithmetic only: a
 * float would turn 0.29 into 28.999… cents. Prices are bigint columns read as JS numbers, so the
 * largest storable amount is the largest exactly representable integer.
 */
export const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;
/** Spec: prices and amounts have at most 20 digits. */
export const MAX_AMOUNT_DIGITS = 20;

const MAX_MINOR_TEXT = String(MAX_MINOR_UNITS);

function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** Whether a string of digits is at most Number.MAX_SAFE_INTEGER (compared as text, never parsed first). */
export function digitsWithinSafeRange(digits: string): boolean {
  const plain = stripLeadingZeros(digits);
  return plain.length < MAX_MINOR_TEXT.length || (plain.length === MAX_MINOR_TEXT.length && plain <= MAX_MINOR_TEXT);
}

export type DecimalParse =
  | { ok: true; minor: string }
  | { ok: false; reason: 'invalid' | 'too_many_digits' | 'too_many_decimals' };

/** '12.5' at precision 2 → '1250'. A plain non-negative decimal with at most `precision` decimals. */
export function decimalToMinorUnits(amount: string, precision: number): DecimalParse {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || whole + fraction === '') return { ok: false, reason: 'invalid' };
  if (stripLeadingZeros(whole).length + fraction.length > MAX_AMOUNT_DIGITS) return { ok: false, reason: 'too_many_digits' };
  if (fraction.length > precision) return { ok: false, reason: 'too_many_decimals' };
  return { ok: true, minor: stripLeadingZeros(whole + fraction.padEnd(precision, '0')) };
}

/** 1250 at precision 2 → '12.50'. */
export function minorUnitsToDecimal(minor: number | string, precision: number): string {
  const digits = String(minor).padStart(precision + 1, '0');
  return precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}
