/** Decimal strings (quantities, percentages) are held as integers scaled by 10^4: '2.5' → 25000n. */
export const DECIMAL_SCALE = 10_000n;

const decimalPattern = /^(\d+)(?:\.(\d{1,4}))?$/;
const minorUnitsPattern = /^(\d+)(?:\.0{1,4})?$/;

/** '2.5' → 25000n; null when the text is not a plain non-negative decimal with at most 4 decimals. */
export function parseScaledDecimal(text: string): bigint | null {
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(4, '0');
  return BigInt(whole) * DECIMAL_SCALE + BigInt(fraction);
}

/**
 * A whole number of minor units: '1250' → 1250n. Zero decimals are tolerated ('1250.00'), since
 * request schemas accept decimal text for every discount; any other fraction of a cent is refused.
 */
export function parseMinorUnits(text: string): bigint | null {
  const match = minorUnitsPattern.exec(text);
  return match ? BigInt(match[1] ?? '') : null;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (10.5 → 11,
 * −10.5 → −11). Integer arithmetic only, so no binary-float drift.
 */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('roundHalfAwayFromZero: denominator must not be 0');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** base × percent / 100, where percent is scaled by 10^4 (so 100 % = 1_000_000n), rounded half away. */
export function percentOf(base: bigint, scaledPercent: bigint): bigint {
  return roundHalfAwayFromZero(base * scaledPercent, 100n * DECIMAL_SCALE);
}
