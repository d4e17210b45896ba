import type { DiscountType } from '@app/contracts';
import { spreadProRata } from './allocation';
import { DECIMAL_SCALE, parseMinorUnits, parseScaledDecimal, percentOf, roundHalfAwayFromZero } from './decimal';
import { type AppliedTax, type ChargedTax, type TaxRate, taxesPerRate } from './tax-rates';

// The rate type lives with the per-rate arithmetic, which totals builds on; it is part of the totals
// input, so it is offered here as well.
export type { TaxRate };

export { roundHalfAwayFromZero };
export type { DiscountType };

export type LineInput = {
  /** Decimal string > 0, at most 4 decimals, e.g. '1', '2.5'. */
  quantity: string;
  /** Minor units, ≥ 0. */
  price: number;
  discount_type: DiscountType;
  /** fixed: minor units as digits; percentage: decimal percent 0..100 (≤ 4 decimals). '' or '0' = none. */
  discount: string;
  /** Used only when tax_per_item_enabled. */
  taxes: TaxRate[];
};
export type DocumentInput = {
  /** Currency precision (0, 2, 3): only used for the minimum total. */
  precision: number;
  tax_per_item_enabled: boolean;
  /** When false, line discounts are ignored (treated as none). */
  discount_per_item_enabled: boolean;
  discount_type: DiscountType;
  /** Same encoding as on a line. */
  discount: string;
  /** Document-level taxes, used only when tax_per_item_enabled is false. */
  taxes: TaxRate[];
  lines: LineInput[];
};
export type TaxLineResult = { tax_type_id: string; name: string; percent: string; compound_tax: boolean; amount: number };
export type LineResult = {
  /** round_half_away(quantity × price). */
  gross: number;
  /** The line's own discount in minor units. */
  discount_val: number;
  /** gross − discount_val (the spec's item `total`). */
  total: number;
  /** This line's pro-rata share of the document discount. */
  document_discount_share: number;
  /** total − document_discount_share. */
  taxable: number;
  /** This line's shares of the per-item rates it carries (empty when not tax_per_item_enabled). */
  taxes: TaxLineResult[];
  tax: number;
};
export type DocumentTotals = {
  lines: LineResult[];
  /** Σ line.total. */
  sub_total: number;
  /** Document discount in minor units. */
  discount_val: number;
  /** sub_total − discount_val. */
  taxable: number;
  /** One line per rate (tax type, first-seen order): its percent of its taxable amounts, rounded once. */
  taxes: TaxLineResult[];
  tax: number;
  /** taxable + tax. */
  total: number;
};
export type TotalsIssueCode = 'invalidDiscount' | 'invalidQuantity' | 'invalidPrice' | 'invalidPercent' | 'duplicateTax' | 'totalTooSmall' | 'amountTooLarge' | 'noLines';
export type TotalsIssue = { path: string; code: TotalsIssueCode };
/** A total under the minimum still comes with the computed totals, so a form can show them beside the message. */
export type TotalsResult = { ok: true; totals: DocumentTotals } | { ok: false; issues: TotalsIssue[]; totals?: DocumentTotals };

const HUNDRED_PERCENT = 100n * DECIMAL_SCALE;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The spec's minimum payable total, 0.50 in major units, in minor units rounded up: USD 50, JPY 1, KWD 500. */
export function minimumTotal(precision: number): number {
  if (!Number.isInteger(precision) || precision < 0 || precision > 6) throw new RangeError(`minimumTotal: unsupported precision ${precision}`);
  const fiveTenths = 5n * 10n ** BigInt(precision);
  return Number((fiveTenths + 9n) / 10n);
}

type ParsedDiscount = { kind: 'fixed'; amount: bigint } | { kind: 'percentage'; percent: bigint };
type ParsedLine = { quantity: bigint; price: bigint; discount: ParsedDiscount; taxes: ChargedTax[] };
type PricedLine = { taxes: ChargedTax[]; gross: bigint; discount: bigint; total: bigint };

const noDiscount: ParsedDiscount = { kind: 'fixed', amount: 0n };

function parseDiscount(type: DiscountType, text: string): ParsedDiscount | null {
  const trimmed = text.trim();
  if (trimmed === '') return noDiscount;
  if (type === 'fixed') {
    const amount = parseMinorUnits(trimmed);
    return amount === null ? null : { kind: 'fixed', amount };
  }
  const percent = parseScaledDecimal(trimmed);
  return percent === null || percent > HUNDRED_PERCENT ? null : { kind: 'percentage', percent };
}

/** The discount amount on `base`, or null when a fixed discount exceeds it. */
function discountAmount(discount: ParsedDiscount, base: bigint): bigint | null {
  if (discount.kind === 'percentage') return percentOf(base, discount.percent);
  return discount.amount > base ? null : discount.amount;
}

/** A tax type given twice on one base would be charged twice: refused at the repeat. */
function parseTaxes(taxes: TaxRate[], pathPrefix: string, issues: TotalsIssue[]): ChargedTax[] {
  const seen = new Set<string>();
  return taxes.flatMap((rate, index) => {
    const percent = parseScaledDecimal(rate.percent.trim());
    if (percent === null || percent > HUNDRED_PERCENT) {
      issues.push({ path: `${pathPrefix}taxes.${index}.percent`, code: 'invalidPercent' });
      return [];
    }
    if (seen.has(rate.tax_type_id)) {
      issues.push({ path: `${pathPrefix}taxes.${index}.tax_type_id`, code: 'duplicateTax' });
      return [];
    }
    seen.add(rate.tax_type_id);
    return [{ rate, percent }];
  });
}

function parseLine(line: LineInput, index: number, input: DocumentInput, issues: TotalsIssue[]): ParsedLine | null {
  const prefix = `items.${index}.`;
  const before = issues.length;
  const quantity = parseScaledDecimal(line.quantity.trim());
  if (quantity === null || quantity === 0n) issues.push({ path: `${prefix}quantity`, code: 'invalidQuantity' });
  if (!Number.isInteger(line.price) || line.price < 0) issues.push({ path: `${prefix}price`, code: 'invalidPrice' });
  else if (!Number.isSafeInteger(line.price)) issues.push({ path: `${prefix}price`, code: 'amountTooLarge' });
  const discount = input.discount_per_item_enabled ? parseDiscount(line.discount_type, line.discount) : noDiscount;
  if (discount === null) issues.push({ path: `${prefix}discount`, code: 'invalidDiscount' });
  const taxes = input.tax_per_item_enabled ? parseTaxes(line.taxes, prefix, issues) : [];
  if (issues.length > before || quantity === null || discount === null) return null;
  return { quantity, price: BigInt(line.price), discount, taxes };
}

/** Converts to number, recording an amountTooLarge issue (once per path) when beyond MAX_SAFE_INTEGER. */
function toSafeNumber(value: bigint, path: string, issues: TotalsIssue[]): number {
  if (value > MAX_SAFE && !issues.some((issue) => issue.path === path)) issues.push({ path, code: 'amountTooLarge' });
  return Number(value);
}

function taxLine(tax: AppliedTax, path: string, issues: TotalsIssue[]): TaxLineResult {
  const { tax_type_id, name, percent, compound_tax } = tax.rate;
  return { tax_type_id, name, percent, compound_tax, amount: toSafeNumber(tax.amount, path, issues) };
}

const sum = (values: bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

/**
 * The one money engine (docs/architecture.md, Money rules): line totals, line and document discounts, the
 * document discount spread over the lines before tax, taxes per rate (each rate's percent of the
 * sum of its taxable amounts, rounded once, half away from zero; lines carry their allocated
 * shares), and the minimum payable total. All arithmetic is on bigint minor units.
 */
export function computeTotals(input: DocumentInput): TotalsResult {
  const issues: TotalsIssue[] = [];
  if (input.lines.length === 0) issues.push({ path: 'items', code: 'noLines' });
  const parsedLines = input.lines.map((line, index) => parseLine(line, index, input, issues));
  const documentDiscount = parseDiscount(input.discount_type, input.discount);
  if (documentDiscount === null) issues.push({ path: 'discount', code: 'invalidDiscount' });
  const documentTaxes = input.tax_per_item_enabled ? [] : parseTaxes(input.taxes, '', issues);
  if (issues.length > 0 || documentDiscount === null) return { ok: false, issues };

  const lines = parsedLines.filter((line): line is ParsedLine => line !== null);
  const priced: PricedLine[] = [];
  lines.forEach((line, index) => {
    const gross = roundHalfAwayFromZero(line.quantity * line.price, DECIMAL_SCALE);
    const discount = discountAmount(line.discount, gross);
    if (discount === null) issues.push({ path: `items.${index}.discount`, code: 'invalidDiscount' });
    else priced.push({ taxes: line.taxes, gross, discount, total: gross - discount });
  });
  const subTotal = sum(priced.map((line) => line.total));
  const discountVal = discountAmount(documentDiscount, subTotal);
  if (discountVal === null) issues.push({ path: 'discount', code: 'invalidDiscount' });
  if (issues.length > 0 || discountVal === null) return { ok: false, issues };

  const shares = spreadProRata(discountVal, priced.map((line) => line.total));
  const discounted = priced.map((line, index) => {
    const share = shares[index] ?? 0n;
    return { ...line, share, taxable: line.total - share };
  });
  const taxable = subTotal - discountVal;
  const perRate = input.tax_per_item_enabled ? taxesPerRate(discounted) : taxesPerRate([{ taxable, taxes: documentTaxes }]);
  const taxed = discounted.map((line, index) => ({ ...line, taxes: input.tax_per_item_enabled ? (perRate.lines[index] ?? []) : [] }));
  const taxes = perRate.rates;
  const tax = sum(taxes.map((entry) => entry.amount));
  const total = taxable + tax;

  const lineResults = taxed.map((line, index): LineResult => {
    const path = `items.${index}.total`;
    return {
      gross: toSafeNumber(line.gross, path, issues),
      discount_val: toSafeNumber(line.discount, path, issues),
      total: toSafeNumber(line.total, path, issues),
      document_discount_share: toSafeNumber(line.share, path, issues),
      taxable: toSafeNumber(line.taxable, path, issues),
      taxes: line.taxes.map((entry) => taxLine(entry, path, issues)),
      tax: toSafeNumber(sum(line.taxes.map((entry) => entry.amount)), path, issues),
    };
  });
  const totals: DocumentTotals = {
    lines: lineResults,
    sub_total: toSafeNumber(subTotal, 'total', issues),
    discount_val: toSafeNumber(discountVal, 'total', issues),
    taxable: toSafeNumber(taxable, 'total', issues),
    taxes: taxes.map((entry) => taxLine(entry, 'total', issues)),
    tax: toSafeNumber(tax, 'total', issues),
    total: toSafeNumber(total, 'total', issues),
  };
  if (issues.length > 0) return { ok: false, issues };
  if (total < BigInt(minimumTotal(input.precision))) return { ok: false, issues: [{ path: 'total', code: 'totalTooSmall' }], totals };
  return { ok: true, totals };
}
