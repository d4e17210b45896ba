import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type MoneyFormat, roundHalfAwayFromZero } from '@app/domain';

/**
 * Test helper (not used by the app): the figures a rendered invoice or estimate shows, read back
 * from `pdftotext -raw`, and the checks that they re-add the way a reader would check them.
 */

export type ShownTax = { name: string; percent: string; taxable: number; amount: number };
export type ShownLine = { name: string; amount: number; discountShare: number; taxes: ShownTax[] };
export type ShownFigures = { lines: ShownLine[]; subTotal: number; discount: number; taxes: ShownTax[]; total: number };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A money pattern of the currency (with an optional minus sign), and its reader into minor units. */
function moneyReader(currency: MoneyFormat) {
  const symbol = escape(currency.symbol);
  const digits = `[\\d${escape(currency.thousand_separator)}${escape(currency.decimal_separator)}]+`;
  const unsigned = currency.swap_currency_symbol ? `${digits} ${symbol}` : `${symbol}${digits}`;
  const read = (text: string): number => Number(text.replace(/[^\d]/g, ''));
  return { pattern: `−?${unsigned}`, unsigned, read };
}

/** The figures of a rendered PDF whose item lines are named `lineNames` (each name once, in order). */
export async function figuresOfPdf(pdf: Buffer, currency: MoneyFormat, lineNames: readonly string[]): Promise<ShownFigures> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-figures-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await fs.writeFile(file, pdf);
    // -raw keeps content order, so the lines of one table cell stay together.
    const { stdout } = await promisify(execFile)('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
    return figuresOf(stdout, currency, lineNames);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function figuresOf(rawText: string, currency: MoneyFormat, lineNames: readonly string[]): ShownFigures {
  const money = moneyReader(currency);
  const amountOf = (label: string): number => {
    const match = new RegExp(`^${escape(label)} (${money.pattern})$`, 'm').exec(rawText);
    if (!match?.[1]) throw new Error(`no "${label}" row in the PDF text`);
    return money.read(match[1]);
  };
  const [items = '', totals = ''] = rawText.split(/^Subtotal /m);
  const lineTax = new RegExp(`(${money.pattern})\\n(.+?) \\(([\\d.]+)%\\) on (${money.pattern})`, 'g');
  const blocks = lineNames.map((name, index) => {
    const start = items.indexOf(`\n${name} `);
    const next = lineNames[index + 1];
    return items.slice(start, next === undefined ? undefined : items.indexOf(`\n${next} `));
  });
  // The share column comes after the line discount column, and only when lines have a share (read
  // as the line's last deduction: the documents checked give every line a share).
  const sharesShown = /^Item .*Doc\. discount/m.test(items);
  const lines = blocks.map((block, index): ShownLine => {
    const amounts = [...block.matchAll(new RegExp(money.pattern, 'g'))].map((match) => match[0]);
    const deductions = amounts.filter((amount) => amount.startsWith('−'));
    return {
      name: lineNames[index] ?? '',
      amount: money.read(amounts.at(-1) ?? ''),
      discountShare: sharesShown ? money.read(deductions.at(-1) ?? '0') : 0,
      taxes: [...block.matchAll(lineTax)].map((match) => ({ name: match[2] ?? '', percent: match[3] ?? '', taxable: money.read(match[4] ?? ''), amount: money.read(match[1] ?? '') })),
    };
  });
  // Taxes and their taxable amounts are never negative: the discount row (a deduction) is not one of them.
  const rateRow = new RegExp(`^(Taxable amount, )?(.+?) \\(([\\d.]+)%\\) (${money.unsigned})$`, 'gm');
  const rateRows = [...totals.matchAll(rateRow)];
  const taxableOf = (name: string) => money.read(rateRows.find((match) => match[1] && match[2] === name)?.[4] ?? '');
  return {
    lines,
    subTotal: amountOf('Subtotal'),
    discount: /^Discount/m.test(totals) ? money.read(new RegExp(`^Discount.* (${money.pattern})$`, 'm').exec(totals)?.[1] ?? '') : 0,
    taxes: rateRows.filter((match) => !match[1]).map((match) => ({ name: match[2] ?? '', percent: match[3] ?? '', taxable: taxableOf(match[2] ?? ''), amount: money.read(match[4] ?? '') })),
    total: amountOf('Total'),
  };
}

/** percent × taxable / 100, rounded once, half away from zero. */
function taxOn(taxable: number, percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(roundHalfAwayFromZero(BigInt(taxable) * BigInt(whole + fraction), 100n * 10n ** BigInt(fraction.length)));
}

const add = (values: number[]): number => values.reduce((sum, value) => sum + value, 0);

/**
 * What taxes on one base apply to: the base itself (simple taxes), or the base plus those simple
 * taxes (compound taxes; the PDF does not say which is which, so anything else is a problem).
 */
function baseProblems(what: string, base: number, taxes: readonly ShownTax[]): string[] {
  const simpleTaxes = add(taxes.filter((tax) => tax.taxable === base).map((tax) => tax.amount));
  return taxes.filter((tax) => tax.taxable !== base && tax.taxable !== base + simpleTaxes).map((tax) => `${what} ${tax.name}: applies to ${tax.taxable}, the base is ${base} (${base + simpleTaxes} with its simple taxes)`);
}

/**
 * Every way the shown figures must re-add, as a list of what does not (empty when all do): total =
 * sub total − discount + taxes; each rate = its percent of its taxable amount, rounded once; with
 * per-item taxes, each rate's taxable amount and tax = the sums of the lines' parts and shares,
 * the discount = the sum of the lines' shares, and a line's taxes apply to its amount less its
 * share of the discount; with document taxes, they apply to the sub total less the discount.
 */
export function reAddProblems(figures: ShownFigures): string[] {
  const problems: string[] = [];
  const check = (what: string, shown: number, expected: number) => {
    if (shown !== expected) problems.push(`${what}: shown ${shown}, re-adds to ${expected}`);
  };
  check('total', figures.total, figures.subTotal - figures.discount + add(figures.taxes.map((tax) => tax.amount)));
  for (const rate of figures.taxes) check(`${rate.name} tax`, rate.amount, taxOn(rate.taxable, rate.percent));
  if (!figures.lines.some((line) => line.taxes.length > 0)) return [...problems, ...baseProblems('document', figures.subTotal - figures.discount, figures.taxes)];
  for (const rate of figures.taxes) {
    const parts = figures.lines.flatMap((line) => line.taxes.filter((tax) => tax.name === rate.name));
    check(`${rate.name} taxable amount`, rate.taxable, add(parts.map((part) => part.taxable)));
    check(`${rate.name} line shares`, rate.amount, add(parts.map((part) => part.amount)));
  }
  check('discount', figures.discount, add(figures.lines.map((line) => line.discountShare)));
  for (const line of figures.lines) problems.push(...baseProblems(line.name, line.amount - line.discountShare, line.taxes));
  return problems;
}
