import { parseScaledDecimal, percentOf } from './decimal';

/**
 * The tenant's platform fee on an online payment (issue 17: percent and fixed, 0 by default), taken
 * as the provider's application fee. `percent` is decimal text with at most 4 decimals ('2.9'),
 * `fixed` minor units. The percent part is rounded half away from zero (the money engine's one
 * rule, as for taxes and discounts); the whole fee never exceeds the payment, since the provider
 * refuses a fee above the amount and the business is never charged more than it received.
 */
export type PlatformFee = { percent: string; fixed: number };

export function platformFeeOf(amount: number, fee: PlatformFee): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`platformFeeOf: amount must be whole minor units, got ${amount}`);
  if (!Number.isSafeInteger(fee.fixed) || fee.fixed < 0) throw new RangeError(`platformFeeOf: fixed fee must be whole minor units, got ${fee.fixed}`);
  const percent = parseScaledDecimal(fee.percent);
  if (percent === null || percent > 1_000_000n) throw new RangeError(`platformFeeOf: percent must be between 0 and 100, got '${fee.percent}'`);
  const total = percentOf(BigInt(amount), percent) + BigInt(fee.fixed);
  return Number(total > BigInt(amount) ? BigInt(amount) : total);
}

/**
 * The application fee of a destination charge of `amount`: the platform fee plus `lenderShare`,
 * the part the platform keeps for the lender of a factored invoice (what the waterfall repays of
 * fee and principal; 0 without a loan). Never more than the amount: the lender's share is whole,
 * the platform fee takes what is left of the payment.
 */
export function applicationFeeOf(amount: number, fee: PlatformFee, lenderShare: number): number {
  if (!Number.isSafeInteger(lenderShare) || lenderShare < 0 || lenderShare > amount) throw new RangeError(`applicationFeeOf: the lender's share must be whole minor units within the amount, got ${lenderShare}`);
  return lenderShare + Math.min(platformFeeOf(amount, fee), amount - lenderShare);
}
