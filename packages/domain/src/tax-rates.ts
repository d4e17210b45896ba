import { spreadProRata } from './allocation';
import { percentOf } from './decimal';

/** percent: decimal string, at most 4 decimals, 0..100, e.g. '9.975'. */
export type TaxRate = { tax_type_id: string; name: string; percent: string; compound_tax: boolean };

/** A tax to charge on a base: the rate as given and its percent scaled by 10^4. */
export type ChargedTax = { rate: TaxRate; percent: bigint };
/** A base (a line, or the whole document for document-level taxes) with its taxes, each tax type once. */
export type TaxedBase = { taxable: bigint; taxes: readonly ChargedTax[] };
/** A tax as applied: per rate, its whole base and amount; per line, the line's base and its share of the rate's amount. */
export type AppliedTax = { rate: TaxRate; taxable: bigint; amount: bigint };

type TaxOnBase = { compound_tax: boolean; amount: bigint };

/**
 * What a tax applies to on one base: the base's taxable amount, plus, for a compound tax, the
 * base's simple taxes (compound taxes never stack on each other).
 */
function baseOf(taxable: bigint, taxes: readonly TaxOnBase[], compound: boolean): bigint {
  if (!compound) return taxable;
  return taxes.reduce((sum, tax) => (tax.compound_tax ? sum : sum + tax.amount), taxable);
}

const add = (values: readonly bigint[]): bigint => values.reduce((sum, value) => sum + value, 0n);

type RateGroup = { rate: TaxRate; percent: bigint; members: { base: number; position: number }[] };

/**
 * Taxes per rate (EN 16931 BR-CO-17): each tax type's amount is its percent of the sum of the bases
 * that carry it, rounded once, half away from zero. Simple taxes come first; a compound tax's base
 * on a line then includes that line's shares of its simple taxes. Each base's share of a rate is
 * allocated pro rata to its base by largest remainder, so the shares add up to the rate's amount.
 * Rates come in the order first seen (base by base, tax by tax); a rate's name, percent and
 * compound flag are those of its first occurrence.
 */
export function taxesPerRate(bases: readonly TaxedBase[]): { rates: AppliedTax[]; lines: AppliedTax[][] } {
  const groups = new Map<string, RateGroup>();
  bases.forEach((base, baseIndex) =>
    base.taxes.forEach((tax, position) => {
      const group = groups.get(tax.rate.tax_type_id) ?? { rate: tax.rate, percent: tax.percent, members: [] };
      group.members.push({ base: baseIndex, position });
      groups.set(tax.rate.tax_type_id, group);
    }),
  );
  const lines: AppliedTax[][] = bases.map((base) => base.taxes.map((tax) => ({ rate: tax.rate, taxable: 0n, amount: 0n })));
  const rates = new Map<string, AppliedTax>();
  const apply = (group: RateGroup) => {
    const weights = group.members.map((member) => {
      const applied = (lines[member.base] ?? []).map((tax) => ({ compound_tax: tax.rate.compound_tax, amount: tax.amount }));
      return baseOf(bases[member.base]?.taxable ?? 0n, applied, group.rate.compound_tax);
    });
    const taxable = add(weights);
    const amount = percentOf(taxable, group.percent);
    const shares = spreadProRata(amount, weights);
    group.members.forEach((member, index) => {
      const line = lines[member.base];
      const tax = line?.[member.position];
      if (line && tax) line[member.position] = { rate: tax.rate, taxable: weights[index] ?? 0n, amount: shares[index] ?? 0n };
    });
    rates.set(group.rate.tax_type_id, { rate: group.rate, taxable, amount });
  };
  const all = [...groups.values()];
  all.filter((group) => !group.rate.compound_tax).forEach(apply);
  all.filter((group) => group.rate.compound_tax).forEach(apply);
  return { rates: all.flatMap((group) => rates.get(group.rate.tax_type_id) ?? []), lines };
}

/** A tax line as computed or stored: which tax type, whether compound, its amount in minor units. */
export type TaxFigure = { tax_type_id: string; compound_tax: boolean; amount: number };
/** The figures of a document the taxable amounts are worked out from (computed totals or stored rows). */
export type TaxedDocumentFigures = {
  /** Sub total minus the document discount. */
  taxable: number;
  /** Per rate (document-level taxes, or per-item taxes summed per tax type). */
  taxes: readonly TaxFigure[];
  /** Each line's taxable amount (its total minus its share of the document discount) and its own tax lines. */
  lines: readonly { taxable: number; taxes: readonly TaxFigure[] }[];
};

/**
 * The taxable amount each tax line applied to, from the figures alone, by the rule above: per-item
 * taxes (some line has tax lines) sum the bases of the lines that carry the tax type, document-level
 * taxes apply to the document's taxable amount; a compound tax adds the simple taxes of its base.
 * For documents priced by the engine, every rate's amount is its percent of this, rounded once.
 * `taxes` follows `document.taxes`, `lines` each line's tax lines (empty for document-level taxes).
 */
export function taxableAmounts(document: TaxedDocumentFigures): { taxes: number[]; lines: number[][] } {
  const onBase = (taxable: number, taxes: readonly TaxFigure[]) => {
    const amounts = taxes.map((tax) => ({ compound_tax: tax.compound_tax, amount: BigInt(tax.amount) }));
    return taxes.map((tax) => Number(baseOf(BigInt(taxable), amounts, tax.compound_tax)));
  };
  const perItem = document.lines.some((line) => line.taxes.length > 0);
  if (!perItem) return { taxes: onBase(document.taxable, document.taxes), lines: document.lines.map(() => []) };
  const lines = document.lines.map((line) => onBase(line.taxable, line.taxes));
  const byType = new Map<string, number>();
  document.lines.forEach((line, lineIndex) =>
    line.taxes.forEach((tax, position) => byType.set(tax.tax_type_id, (byType.get(tax.tax_type_id) ?? 0) + (lines[lineIndex]?.[position] ?? 0))),
  );
  return { taxes: document.taxes.map((tax) => byType.get(tax.tax_type_id) ?? 0), lines };
}
