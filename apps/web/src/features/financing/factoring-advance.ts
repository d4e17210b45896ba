import { type FactoringLoanInfo, decimalToMinorUnits, financingMessages, messages } from '@app/contracts';
import { type MoneyFormat, amountTooSmallMessage, financingFee, minimumTotal } from '@app/domain';

/** What taking `principal` of an offer means: its fee, and what the business gets when its customer pays. */
export type AdvanceTerms = { principal: number; fee: number; reserve: number };

/**
 * The terms of an advance: the offer's own fee for the whole of it; for less, the fee at the
 * offer's rate for its periods rounded up to the minor unit (domain `financingFee`, the function
 * the server charges by). The reserve is what the invoice's payment leaves once both are repaid.
 */
export function advanceTerms(offer: FactoringLoanInfo, principal: number): AdvanceTerms {
  const fee = principal === offer.principal_amount ? offer.fee_amount : financingFee(principal, offer.fee_bps_per_30_days, offer.fee_periods);
  return { principal, fee, reserve: offer.invoice_amount - principal - fee };
}

/**
 * The advance typed, in minor units (null when it is not an amount), and why the server would
 * refuse it, in its own words (null when it would not): more than the offer, or less than the
 * currency's smallest payment. The server checks again; this spares the round trip.
 */
export function checkAdvance(text: string, offer: FactoringLoanInfo, currency: MoneyFormat): { amount: number | null; problem: string | null } {
  const parsed = decimalToMinorUnits(text, currency.precision);
  if (!parsed.ok) return { amount: null, problem: text.trim() === '' ? messages.required : messages.invalidAmount };
  const amount = Number(parsed.minor);
  if (amount > offer.principal_amount) return { amount, problem: financingMessages.amountAboveOffer };
  if (amount <= 0 || amount < Math.min(minimumTotal(currency.precision), offer.principal_amount)) return { amount, problem: amountTooSmallMessage(currency) };
  return { amount, problem: null };
}
