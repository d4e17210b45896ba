import { formatDeduction, formatMoney } from '@app/domain';
import type { Content, ContentStack, ContentTable, ContentText, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import type { PdfDocumentModel, PdfLine, PdfParty, PdfTaxLine } from './document-model';
import type { PdfTheme } from './templates';

/** Building blocks shared by every template; a theme only changes their colours and table layout. */

export const LOGO_IMAGE = 'logo';

function moneyOf(model: PdfDocumentModel): (minor: number) => string {
  return (minor) => formatMoney(minor, model.currency);
}

function taxLabel(tax: PdfTaxLine): string {
  return `${tax.name} (${tax.percent}%)`;
}

/** A discount, as everywhere: '−$5.00'; nothing when there is none. */
function deduction(model: PdfDocumentModel, minor: number): string {
  return minor === 0 ? '' : formatDeduction(minor, model.currency);
}

/** A line's tax label with what it applies to, so each line's part of a rate can be added up. */
function lineTaxLabel(model: PdfDocumentModel, tax: PdfTaxLine): string {
  return `${taxLabel(tax)} on ${moneyOf(model)(tax.taxable)}`;
}

/** A run this long without a space is an address or a link: it does not fit a column as one word. */
const UNBREAKABLE_RUN = /\S{28,}/;

/**
 * Breaks a line anywhere only when it holds such a run (as overflow-wrap:anywhere does on the
 * page), so a long email stays in its column instead of pushing the dates off the page; other
 * lines keep breaking between words.
 */
export function wrapLongWords(text: string): ContentText {
  return UNBREAKABLE_RUN.test(text) ? { text, wordBreak: 'break-all' } : { text };
}

export function logoBlock(model: PdfDocumentModel): Content[] {
  return model.business.logo ? [{ image: LOGO_IMAGE, fit: [160, 64], margin: [0, 0, 0, 8] }] : [];
}

function partyBlock(heading: string, party: PdfParty, theme: PdfTheme): Content {
  return {
    stack: [
      { text: heading.toUpperCase(), style: 'caption', color: theme.muted },
      { ...wrapLongWords(party.name), bold: true, margin: [0, 2, 0, 2] },
      ...party.lines.map((line) => ({ ...wrapLongWords(line), color: theme.muted })),
    ],
  };
}

/** Bill To / Ship To (Received From on receipts), side by side; nothing when the document has neither. */
export function partiesRow(model: PdfDocumentModel, theme: PdfTheme): Content[] {
  const billToHeading = model.kind === 'payment' ? 'Received From' : 'Bill To';
  const parties: Content[] = [];
  if (model.billTo) parties.push(partyBlock(billToHeading, model.billTo, theme));
  if (model.shipTo) parties.push(partyBlock('Ship To', model.shipTo, theme));
  if (parties.length === 0) return [];
  return [{ columns: parties, columnGap: 24, margin: [0, 0, 0, 18] }];
}

/** The document's dated fields as label/value rows; null when it has none (pdfmake rejects an empty table). */
export function fieldsTable(model: PdfDocumentModel, theme: PdfTheme, alignment: 'left' | 'right'): ContentTable | null {
  if (model.fields.length === 0) return null;
  return {
    table: {
      widths: ['auto', 'auto'],
      body: model.fields.map((field) => [
        { text: field.label, color: theme.muted },
        { text: field.value, alignment: alignment, bold: true },
      ]),
    },
    layout: 'noBorders',
  };
}

function rowFill(rowIndex: number, theme: PdfTheme): string | null {
  if (theme.table === 'striped') {
    if (rowIndex === 0) return theme.accent;
    return rowIndex % 2 === 0 ? theme.stripe : null;
  }
  return null;
}

function itemsLayout(theme: PdfTheme): CustomTableLayout {
  return {
    hLineWidth: (rowIndex, node) => {
      if (theme.table === 'striped') return 0;
      const rowCount = node.table.body.length;
      return rowIndex === 1 || rowIndex === rowCount ? 1 : rowIndex === 0 ? 0 : 0.5;
    },
    vLineWidth: () => 0,
    hLineColor: (rowIndex) => (rowIndex === 1 ? theme.accent : theme.rule),
    fillColor: (rowIndex) => rowFill(rowIndex, theme),
    paddingTop: () => 5,
    paddingBottom: () => 5,
    paddingLeft: (columnIndex) => (columnIndex === 0 ? 4 : 8),
    paddingRight: () => 4,
  };
}

type ItemColumn = { header: string; width: number | 'auto' | '*'; alignment: 'left' | 'right'; cell: (line: PdfLine) => ContentStack | ContentText };

function itemColumns(model: PdfDocumentModel, theme: PdfTheme): ItemColumn[] {
  const money = moneyOf(model);
  const hasDiscount = model.lines.some((line) => line.discount_label !== null || line.discount_val !== 0);
  const hasTax = model.lines.some((line) => line.taxes.length > 0);
  // With per-item taxes, each line is taxed after its share of the document discount: shown so the tax re-adds.
  const hasDiscountShare = hasTax && model.lines.some((line) => line.discount_share !== 0);
  const columns: ItemColumn[] = [
    {
      header: 'Item',
      width: '*',
      alignment: 'left',
      cell: (line) => ({
        stack: [{ text: line.name, bold: true }, ...(line.description ? [{ text: line.description, fontSize: 8, color: theme.muted }] : [])],
      }),
    },
    { header: 'Quantity', width: 'auto', alignment: 'right', cell: (line) => ({ text: line.quantity }) },
    { header: 'Price', width: 'auto', alignment: 'right', cell: (line) => ({ text: money(line.price) }) },
  ];
  if (hasDiscount) {
    columns.push({
      header: 'Discount',
      width: 'auto',
      alignment: 'right',
      cell: (line) => ({
        stack: [{ text: deduction(model, line.discount_val) }, ...(line.discount_label ? [{ text: line.discount_label, fontSize: 8, color: theme.muted }] : [])],
      }),
    });
  }
  if (hasDiscountShare) {
    columns.push({ header: 'Doc. discount', width: 'auto', alignment: 'right', cell: (line) => ({ text: deduction(model, line.discount_share) }) });
  }
  if (hasTax) {
    columns.push({
      header: 'Tax',
      width: 'auto',
      alignment: 'right',
      cell: (line) => ({
        stack: line.taxes.flatMap((tax) => [{ text: money(tax.amount) }, { text: lineTaxLabel(model, tax), fontSize: 8, color: theme.muted }]),
      }),
    });
  }
  columns.push({ header: 'Amount', width: 'auto', alignment: 'right', cell: (line) => ({ text: money(line.total), bold: true }) });
  return columns;
}

/** The per-item table; its header row repeats on every page and an item never splits across pages. */
export function itemsTable(model: PdfDocumentModel, theme: PdfTheme): Content[] {
  if (model.lines.length === 0) return [];
  const columns = itemColumns(model, theme);
  const headerColor = theme.table === 'striped' ? theme.onAccent : theme.accent;
  const header: TableCell[] = columns.map((column) => ({ text: column.header, style: 'tableHeader', color: headerColor, alignment: column.alignment }));
  const rows: TableCell[][] = model.lines.map((line) => columns.map((column) => ({ ...column.cell(line), alignment: column.alignment })));
  return [
    {
      table: { headerRows: 1, dontBreakRows: true, widths: columns.map((column) => column.width), body: [header, ...rows] },
      layout: itemsLayout(theme),
      margin: [0, 0, 0, 12],
    },
  ];
}

function summaryLayout(theme: PdfTheme, emphasisedRows: ReadonlySet<number>): CustomTableLayout {
  return {
    hLineWidth: (rowIndex) => (emphasisedRows.has(rowIndex) ? 1 : 0),
    vLineWidth: () => 0,
    hLineColor: () => theme.accent,
    fillColor: (rowIndex, node) => (rowIndex === node.table.body.length - 1 && theme.table === 'striped' ? theme.stripe : null),
    paddingTop: () => 4,
    paddingBottom: () => 4,
    paddingLeft: () => 8,
    paddingRight: () => 4,
  };
}

/**
 * Subtotal, discount (a deduction, '−'), for each tax the taxable amount it applies to and the tax,
 * total, then paid and due when the document has them; right-aligned under the items. The same
 * rows as every other view (domain `summaryRows`), so the figures re-add.
 */
export function totalsBlock(model: PdfDocumentModel, theme: PdfTheme): Content {
  const money = moneyOf(model);
  const row = (label: string, value: string, strong = false): TableCell[] => [
    { text: label, bold: strong, color: strong ? theme.accent : theme.muted },
    { text: value, bold: strong, alignment: 'right' },
  ];
  const body: TableCell[][] = [row('Subtotal', money(model.sub_total))];
  if (model.discount_label !== null) body.push(row(model.discount_label, deduction(model, model.discount_val)));
  for (const tax of model.taxes) body.push(row(`Taxable amount, ${taxLabel(tax)}`, money(tax.taxable)), row(taxLabel(tax), money(tax.amount)));
  const totalRow = body.length;
  body.push(row('Total', money(model.total), true));
  if (model.amount_paid !== null) body.push(row('Amount Paid', money(model.amount_paid)));
  if (model.amount_due !== null) body.push(row('Amount Due', money(model.amount_due), true));
  const emphasised = new Set([totalRow]);
  if (model.amount_due !== null) emphasised.add(body.length - 1);
  return {
    columns: [
      { width: '*', text: '' },
      { width: 'auto', table: { widths: ['auto', 'auto'], body }, layout: summaryLayout(theme, emphasised) },
    ],
    margin: [0, 0, 0, 18],
  };
}

/** Receipts: one boxed amount instead of the totals block. */
export function amountBlock(model: PdfDocumentModel, theme: PdfTheme): Content {
  return {
    table: {
      widths: ['*', 'auto'],
      body: [
        [
          { text: 'Amount Received', color: theme.onAccent, fontSize: 12, margin: [4, 6, 0, 6] },
          { text: moneyOf(model)(model.total), color: theme.onAccent, fontSize: 16, bold: true, alignment: 'right', margin: [0, 4, 4, 4] },
        ],
      ],
    },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, fillColor: () => theme.accent },
    margin: [0, 0, 0, 18],
  };
}

export function notesBlock(model: PdfDocumentModel, theme: PdfTheme): Content[] {
  if (!model.notes) return [];
  return [{ stack: [{ text: 'NOTES', style: 'caption', color: theme.muted, margin: [0, 0, 0, 4] }, { text: model.notes }] }];
}
