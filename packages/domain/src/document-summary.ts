import { type MoneyFormat, formatMoney } from './format-money';

/** A rate as the totals show it: its tax and the taxable amount it applies to. */
export type SummaryTax = { name: string; percent: string; taxable: number; amount: number };

export type SummaryInput = { sub_total: number; discount_val: number; taxes: readonly SummaryTax[]; total: number };

export type SummaryRow =
  | { kind: 'sub_total'; amount: number }
  /** The document discount, deducted (each view labels it with its percent when it has one). */
  | { kind: 'discount'; amount: number }
  /** What the rate named applies to, on the row before its tax. */
  | { kind: 'taxable'; name: string; percent: string; amount: number }
  | { kind: 'tax'; name: string; percent: string; amount: number }
  | { kind: 'total'; amount: number };

/**
 * The totals rows of every view of a document (PDF, signed-in view, public page, form preview),
 * in order, so that what is shown re-adds: sub total, the document discount when there is one,
 * for each rate its taxable amount then its tax, the total. total = sub total − discount + Σ tax,
 * and each tax is its percent of its taxable amount, rounded once.
 */
export function summaryRows(document: SummaryInput): SummaryRow[] {
  const rows: SummaryRow[] = [{ kind: 'sub_total', amount: document.sub_total }];
  if (document.discount_val !== 0) rows.push({ kind: 'discount', amount: document.discount_val });
  for (const tax of document.taxes) {
    rows.push({ kind: 'taxable', name: tax.name, percent: tax.percent, amount: tax.taxable });
    rows.push({ kind: 'tax', name: tax.name, percent: tax.percent, amount: tax.amount });
  }
  rows.push({ kind: 'total', amount: document.total });
  return rows;
}

/**
 * An amount taken off (the document discount, a line's discount and its share of the document
 * discount), the same everywhere: the minus sign U+2212 before the formatted amount, '−$5.00',
 * '−2.469,12 €'.
 */
export function formatDeduction(minor: number, currency: MoneyFormat): string {
  return `\u2212${formatMoney(minor, currency)}`;
}
