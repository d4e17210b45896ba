/**
 * The platform lender's offer rule: how much is advanced against an approved invoice and at what
 * fee, from the tenant's risk policy and the paying business's history on the network. Amounts
 * are integer minor units; rates are basis points (1/100 of a percent).
 */

export type RiskPolicy = {
  /** The share of the invoice's amount due that is advanced at most (8000 = 80%). */
  advanceRateBps: number;
  /** The fee for each started 30 days, as a share of the principal (300 = 3%). */
  feePer30DaysBps: number;
  /** The most principal outstanding at once for the business that asks (its open loans included). */
  maxExposurePerBusiness: number;
  /** The most principal outstanding at once on invoices the same customer business must pay. */
  maxExposurePerCustomer: number;
  /** How many invoices the paying business must have paid on the network before it is lent against. */
  minPaidInvoices: number;
};

/**
 * The policy of a tenant that never set one (docs/design-notes.md, "The platform lender's offer
 * rule"): 80 % advance, 3 % fee per started 30 days, 100,000.00 principal outstanding per
 * borrowing business and 50,000.00 on one paying customer's invoices (minor units of the
 * invoice's currency), no paid invoices asked.
 */
export const DEFAULT_RISK_POLICY: RiskPolicy = { advanceRateBps: 8_000, feePer30DaysBps: 300, maxExposurePerBusiness: 10_000_000, maxExposurePerCustomer: 5_000_000, minPaidInvoices: 0 };

/** What the network knows of the business that will pay the invoice: invoices it paid, and how many of those after their due date. */
export type PayerHistory = { paidInvoices: number; paidLate: number };

/** Principal already outstanding: the asking business's, and on the paying customer's invoices. */
export type Exposure = { business: number; customer: number };

export type OfferRefusal = 'no_history' | 'late_payer' | 'exposure' | 'too_small' | 'nothing_due';

export type FinancingOffer = { principal: number; fee: number; periods: number; advanceRateBps: number; feeBps: number };

/**
 * The history tiers, from the share of invoices the payer paid late: up to 10% changes nothing;
 * up to 25% lowers the advance by 10 points and raises the fee by 0.5 point; up to 50% lowers
 * it by 25 points and raises the fee by 1 point; above 50% there is no offer.
 */
const TIERS: readonly { lateShareBps: number; advanceCutBps: number; feeAddBps: number }[] = [
  { lateShareBps: 1_000, advanceCutBps: 0, feeAddBps: 0 },
  { lateShareBps: 2_500, advanceCutBps: 1_000, feeAddBps: 50 },
  { lateShareBps: 5_000, advanceCutBps: 2_500, feeAddBps: 100 },
];

/** Started 30-day periods in `days` (at least one: an advance repaid tomorrow still costs one period). */
export function feePeriods(days: number): number {
  return Math.max(1, Math.ceil(days / 30));
}

/** The fee on `principal` for `periods` periods at `feeBps`, rounded up to the minor unit. */
export function financingFee(principal: number, feeBps: number, periods: number): number {
  return Math.ceil((principal * feeBps * periods) / 10_000);
}

/**
 * The offer for an invoice with `dueAmount` left to pay, financed for `days` (until its due date
 * for factoring, the deferral for BNPL). The principal is the advance rate's share of the amount
 * due, cut to what the exposure limits leave and so that principal and fee together never exceed
 * the amount due (the invoice's payment repays both). `minimum` is the smallest principal worth
 * lending (the currency's minimum payment).
 */
export function financingOffer(input: { dueAmount: number; days: number; policy: RiskPolicy; history: PayerHistory; exposure: Exposure; minimum: number }): { ok: true; offer: FinancingOffer } | { ok: false; reason: OfferRefusal } {
  const { dueAmount, days, policy, history, exposure, minimum } = input;
  if (dueAmount <= 0) return { ok: false, reason: 'nothing_due' };
  if (history.paidInvoices < policy.minPaidInvoices) return { ok: false, reason: 'no_history' };
  const lateShareBps = history.paidInvoices === 0 ? 0 : Math.floor((history.paidLate * 10_000) / history.paidInvoices);
  const tier = TIERS.find((candidate) => lateShareBps <= candidate.lateShareBps);
  if (!tier) return { ok: false, reason: 'late_payer' };
  const advanceRateBps = Math.max(policy.advanceRateBps - tier.advanceCutBps, 0);
  const feeBps = policy.feePer30DaysBps + tier.feeAddBps;
  const periods = feePeriods(days);
  const headroom = Math.min(policy.maxExposurePerBusiness - exposure.business, policy.maxExposurePerCustomer - exposure.customer);
  let principal = Math.min(Math.floor((dueAmount * advanceRateBps) / 10_000), headroom);
  // The largest principal whose fee still fits in the amount due beside it.
  while (principal > 0 && principal + financingFee(principal, feeBps, periods) > dueAmount) {
    principal = Math.min(principal - 1, Math.floor((dueAmount * 10_000) / (10_000 + feeBps * periods)));
  }
  if (headroom < Math.max(minimum, 1)) return { ok: false, reason: 'exposure' };
  if (principal < Math.max(minimum, 1)) return { ok: false, reason: 'too_small' };
  return { ok: true, offer: { principal, fee: financingFee(principal, feeBps, periods), periods, advanceRateBps, feeBps } };
}

export type BnplOffer = { principal: number; fee: number; periods: number; feeBps: number };

/**
 * The platform lender's BNPL offer: the vendor is paid the whole amount due now, and the customer
 * business that defers owes it back with the fee after `days`. The borrower is the payer here, so
 * its own history on the network sets the fee tier (as for factoring's payer; above 50% paid late
 * there is no offer), and the principal must fit both limits: the borrower's principal out as a
 * business and as a customer on financed invoices. The fee comes on top of the principal.
 */
export function bnplOffer(input: { dueAmount: number; days: number; policy: RiskPolicy; history: PayerHistory; exposure: Exposure; minimum: number }): { ok: true; offer: BnplOffer } | { ok: false; reason: OfferRefusal } {
  const { dueAmount, days, policy, history, exposure, minimum } = input;
  if (dueAmount <= 0) return { ok: false, reason: 'nothing_due' };
  if (history.paidInvoices < policy.minPaidInvoices) return { ok: false, reason: 'no_history' };
  const lateShareBps = history.paidInvoices === 0 ? 0 : Math.floor((history.paidLate * 10_000) / history.paidInvoices);
  const tier = TIERS.find((candidate) => lateShareBps <= candidate.lateShareBps);
  if (!tier) return { ok: false, reason: 'late_payer' };
  if (dueAmount < Math.max(minimum, 1)) return { ok: false, reason: 'too_small' };
  if (exposure.business + dueAmount > policy.maxExposurePerBusiness || exposure.customer + dueAmount > policy.maxExposurePerCustomer) return { ok: false, reason: 'exposure' };
  const feeBps = policy.feePer30DaysBps + tier.feeAddBps;
  const periods = feePeriods(days);
  return { ok: true, offer: { principal: dueAmount, fee: financingFee(dueAmount, feeBps, periods), periods, feeBps } };
}
