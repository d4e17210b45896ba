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
