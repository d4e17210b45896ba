import type { DiscountType } from '@app/contracts';
import { type MoneyFormat, formatMoney } from './format-money';

/** A tax line as the totals show it: the rate, the taxable amount it applies to and its tax. */
export type SummaryTax = { name: string; percent: string; taxable: number; amount: number };

export type SummaryInput = {
  sub_total: number;
  discount_type: DiscountType;
  /** As typed: the percent of a percentage discount. */
  discount: string;
  discount_val: number;
  taxes: readonly SummaryTax[];
  total: number;
};

export type SummaryRow =
  | { kind: 'sub_total'; amount: number }
  /** `percent` for a percentage discount, null for a fixed one; `amount` is deducted. */
  | { kind: 'discount'; percent: string | null; amount: number }
  | ({ kind: 'tax' } & SummaryTax)
  | { kind: 'total'; amount: number };

/**
 * The totals block of every view of a document (PDF, signed-in view, public page, form preview),
 * in order, so that what is shown re-adds: sub total, the document discount when there is one,
 * each rate's tax with the taxable amount it applies to, the total
 * (total = sub total − discount + Σ tax; each tax = its percent of its taxable amount, rounded once).
 */
export function summaryRows(document: SummaryInput): SummaryRow[] {
  const rows: SummaryRow[] = [{ kind: 'sub_total', amount: document.sub_total }];
  if (document.discount_val !== 0) rows.push({ kind: 'discount', percent: document.discount_type === 'percentage' ? document.discount : null, amount: document.discount_val });
  for (const tax of document.taxes) rows.push({ kind: 'tax', name: tax.name, percent: tax.percent, taxable: tax.taxable, amount: tax.amount });
  rows.push({ kind: 'total', amount: document.total });
  return rows;
}

/**
 * An amount taken off (the document discount and a line's share of it), the same everywhere:
 * the minus sign U+2212 before the formatted amount, '−$5.00', '−2.469,12 €'.
 */
export function formatDeduction(minor: number, currency: MoneyFormat): string {
  return `\u2212${formatMoney(minor, currency)}`;
}
