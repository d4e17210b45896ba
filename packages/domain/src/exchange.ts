import { currencyById } from '@app/contracts';
import { roundHalfAwayFromZero } from './decimal';

/**
 * Exchange rates are decimal text with at most 10 decimals (numeric(20, 10) in the database):
 * units of the business currency per unit of another currency. They are held as integers scaled
 * by 10^10, so converting money never goes through a float.
 */
export const RATE_DECIMALS = 10;
export const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
/** The most decimals any currency has (ISO 4217 minor units go up to 4). */
const MAX_CURRENCY_PRECISION = 4;
/** Every converted amount is a numerator over this: room for the rate's and the widest currency's decimals. */
const CONVERSION_DENOMINATOR = RATE_SCALE * 10n ** BigInt(MAX_CURRENCY_PRECISION);

const ratePattern = /^(\d{1,10})(?:\.(\d{1,10}))?$/;
const signedDecimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/** '1.0842' → 10842000000n; null unless a plain decimal with at most 10 whole digits and 10 decimals, above zero. */
export function parseRate(text: string): bigint | null {
  const match = ratePattern.exec(text.trim());
  if (!match) return null;
  const scaled = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
}

/** 10842000000n → '1.0842': the stored form without trailing zeros. */
export function formatRate(scaled: bigint): string {
  const whole = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * Decimal text as the database prints a sum ('-12.5000000000', '340') → an integer scaled by
 * 10^10. Throws when the text has more than 10 decimals (a sum of minor units × rates never has).
 */
export function parseScaledSum(text: string): bigint {
  const match = signedDecimalPattern.exec(text.trim());
  const fraction = match?.[3] ?? '';
  if (!match || fraction.length > RATE_DECIMALS) throw new RangeError(`Expected a decimal with at most ${RATE_DECIMALS} decimals, got '${text}'`);
  const magnitude = BigInt(match[2] ?? '0') * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
  return match[1] === '-' ? -magnitude : magnitude;
}

function checkPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_CURRENCY_PRECISION) throw new RangeError(`Currency precision must be 0..${MAX_CURRENCY_PRECISION}, got ${precision}`);
}

/**
 * An exact running total in a target currency: parts in other currencies are added unrounded and
 * the total is rounded once (half away from zero), so twelve months of small conversions never
 * drift by a cent against the year's figure.
 */
export class ConvertedTotal {
  private numerator = 0n;

  constructor(private readonly targetPrecision: number) {
    checkPrecision(targetPrecision);
  }

  /** `rateScaledAmount` = minor units of a currency with `fromPrecision` × a rate scaled by 10^10 (see parseScaledSum). */
  addAtRate(rateScaledAmount: bigint, fromPrecision: number): this {
    checkPrecision(fromPrecision);
    this.numerator += rateScaledAmount * 10n ** BigInt(this.targetPrecision + MAX_CURRENCY_PRECISION - fromPrecision);
    return this;
  }

  /** Minor units already in the target currency. */
  addMinorUnits(minorUnits: bigint): this {
    this.numerator += minorUnits * CONVERSION_DENOMINATOR;
    return this;
  }

  add(other: ConvertedTotal): this {
    if (other.targetPrecision !== this.targetPrecision) throw new RangeError('Cannot add totals of different precisions');
    this.numerator += other.numerator;
    return this;
  }

  minorUnits(): bigint {
    return roundHalfAwayFromZero(this.numerator, CONVERSION_DENOMINATOR);
  }
}

/**
 * Sums of documents in one currency, as the database prints them: `amount` in that currency's
 * minor units; `atRate` the sum of each amount × the exchange rate stored on its document, or
 * null for documents stored without a rate (the two kinds are summed apart).
 */
export type CurrencySum = { currencyId: number; amount: string; atRate: string | null };

/**
 * Which rate converts a sum: `stored` takes the rate stored on the documents (the business's own
 * invoices and payments, else its current rate); `current` only the business's current rate
 * (invoices addressed to the business carry their issuer's rate, not its own).
 */
export type RateSource = 'stored' | 'current';

/**
 * The one conversion of money in many currencies into one (the business's): every figure that
 * adds up documents of several currencies (dashboard, invoice statistics, approval amounts) goes
 * through it, so each currency's decimals are honoured the same way everywhere. Sums are added
 * unrounded and rounded once per figure; a currency with no rate to use is left out and reported
 * by `unconvertedIds`.
 */
export class CurrencyConverter {
  private readonly unconverted = new Set<number>();
  private readonly precision: number;

  /** `currentRates`: units of the target currency per unit of another, scaled by 10^10 (parseRate). */
  constructor(
    readonly currencyId: number,
    private readonly currentRates: ReadonlyMap<number, bigint>,
  ) {
    this.precision = currencyById(currencyId)?.precision ?? 2;
  }

  /** An empty figure in the target currency. */
  total(): ConvertedTotal {
    return new ConvertedTotal(this.precision);
  }

  add(into: ConvertedTotal, sum: CurrencySum, rates: RateSource): void {
    if (sum.currencyId === this.currencyId) {
      into.addMinorUnits(parseWholeSum(sum.amount));
      return;
    }
    const from = currencyById(sum.currencyId)?.precision;
    const rate = this.currentRates.get(sum.currencyId);
    if (from !== undefined && rates === 'stored' && sum.atRate !== null) into.addAtRate(parseScaledSum(sum.atRate), from);
    else if (from !== undefined && rate !== undefined) into.addAtRate(parseWholeSum(sum.amount) * rate, from);
    else if (parseWholeSum(sum.amount) !== 0n) this.unconverted.add(sum.currencyId);
  }

  /** The sums as one figure in minor units of the target currency. */
  convert(sums: readonly CurrencySum[], rates: RateSource): number {
    const total = this.total();
    for (const sum of sums) this.add(total, sum, rates);
    return Number(total.minorUnits());
  }

  /** Currencies left out of some figure for want of a rate, in id order. */
  unconvertedIds(): number[] {
    return [...this.unconverted].sort((a, b) => a - b);
  }
}

/** A sum of minor units as the database prints it ('1250', '-300', '1250.0000000000'); a fraction of a minor unit is a defect. */
function parseWholeSum(text: string): bigint {
  const scaled = parseScaledSum(text);
  if (scaled % RATE_SCALE !== 0n) throw new RangeError(`Expected a whole number of minor units, got '${text}'`);
  return scaled / RATE_SCALE;
}
