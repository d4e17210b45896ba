import { formatDeduction, formatMoney } from '@app/domain';
import type { Content, ContentStack, ContentTable, ContentText, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import type { PdfDocumentModel, PdfLine, PdfParty, PdfTaxLine } from './document-model';
import { labelOf, labelOr, type PdfLayout } from './templates';

/** Building blocks shared by every template; a layout only changes their colours and table layout. */

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

/** The logo, when the business has one and the template shows it (the model's logo is then null). */
export function logoBlock(model: PdfDocumentModel, alignment: 'left' | 'right' = 'left'): Content[] {
  return model.business.logo ? [{ image: LOGO_IMAGE, fit: [160, 64], alignment, margin: [0, 0, 0, 8] }] : [];
}

function partyBlock(heading: string, party: PdfParty, layout: PdfLayout): Content {
  return {
    stack: [
      { text: heading.toUpperCase(), style: 'caption', color: layout.muted_color },
      { ...wrapLongWords(party.name), bold: true, margin: [0, 2, 0, 2] },
      ...party.lines.map((line) => ({ ...wrapLongWords(line), color: layout.muted_color })),
    ],
  };
}

/** Bill To / Ship To (Received From on receipts), side by side, as the template shows them; nothing when the document has neither. */
export function partiesRow(model: PdfDocumentModel, layout: PdfLayout): Content[] {
  const billToHeading = labelOf(layout, model.kind === 'payment' ? 'received_from' : 'bill_to');
  const parties: Content[] = [];
  if (model.billTo && layout.show_bill_to) parties.push(partyBlock(billToHeading, model.billTo, layout));
  if (model.shipTo && layout.show_ship_to) parties.push(partyBlock(labelOf(layout, 'ship_to'), model.shipTo, layout));
  if (parties.length === 0) return [];
  return [{ columns: parties, columnGap: 24, margin: [0, 0, 0, 18] }];
}

/** The document's dated fields as label/value rows; null when it has none (pdfmake rejects an empty table). */
export function fieldsTable(model: PdfDocumentModel, layout: PdfLayout, alignment: 'left' | 'right'): ContentTable | null {
  if (model.fields.length === 0) return null;
  return {
    table: {
      widths: ['auto', 'auto'],
      body: model.fields.map((field) => [
        { text: labelOr(layout, field.key, field.label), color: layout.muted_color },
        { text: field.value, alignment: alignment, bold: true },
      ]),
    },
    layout: 'noBorders',
  };
}

function rowFill(rowIndex: number, layout: PdfLayout): string | null {
  if (layout.table === 'striped') {
    if (rowIndex === 0) return layout.accent_color;
    return rowIndex % 2 === 0 ? layout.stripe_color : null;
  }
  return null;
}

function itemsLayout(layout: PdfLayout): CustomTableLayout {
  return {
    hLineWidth: (rowIndex, node) => {
      if (layout.table === 'striped') return 0;
      const rowCount = node.table.body.length;
      return rowIndex === 1 || rowIndex === rowCount ? 1 : rowIndex === 0 ? 0 : 0.5;
    },
    vLineWidth: () => 0,
    hLineColor: (rowIndex) => (rowIndex === 1 ? layout.accent_color : layout.rule_color),
    fillColor: (rowIndex) => rowFill(rowIndex, layout),
    paddingTop: () => 5,
    paddingBottom: () => 5,
    paddingLeft: (columnIndex) => (columnIndex === 0 ? 4 : 8),
    paddingRight: () => 4,
  };
}

type ItemColumn = { header: string; width: number | 'auto' | '*'; alignment: 'left' | 'right'; cell: (line: PdfLine) => ContentStack | ContentText };

function itemColumns(model: PdfDocumentModel, layout: PdfLayout): ItemColumn[] {
  const money = moneyOf(model);
  const hasDiscount = model.lines.some((line) => line.discount_label !== null || line.discount_val !== 0);
  const hasTax = model.lines.some((line) => line.taxes.length > 0);
  // With per-item taxes, each line is taxed after its share of the document discount: shown so the tax re-adds.
  const hasDiscountShare = hasTax && model.lines.some((line) => line.discount_share !== 0);
  const columns: ItemColumn[] = [
    {
      header: labelOf(layout, 'item'),
      width: '*',
      alignment: 'left',
      cell: (line) => ({
        stack: [{ text: line.name, bold: true }, ...(line.description ? [{ text: line.description, fontSize: 8, color: layout.muted_color }] : [])],
      }),
    },
    { header: labelOf(layout, 'quantity'), width: 'auto', alignment: 'right', cell: (line) => ({ text: line.quantity }) },
    { header: labelOf(layout, 'price'), width: 'auto', alignment: 'right', cell: (line) => ({ text: money(line.price) }) },
  ];
  if (hasDiscount) {
    columns.push({
      header: labelOf(layout, 'discount'),
      width: 'auto',
      alignment: 'right',
      cell: (line) => ({
        stack: [{ text: deduction(model, line.discount_val) }, ...(line.discount_label ? [{ text: line.discount_label, fontSize: 8, color: layout.muted_color }] : [])],
      }),
    });
  }
  if (hasDiscountShare) {
    columns.push({ header: labelOf(layout, 'document_discount'), width: 'auto', alignment: 'right', cell: (line) => ({ text: deduction(model, line.discount_share) }) });
  }
  if (hasTax) {
    columns.push({
      header: labelOf(layout, 'tax'),
      width: 'auto',
      alignment: 'right',
      cell: (line) => ({
        stack: line.taxes.flatMap((tax) => [{ text: money(tax.amount) }, { text: lineTaxLabel(model, tax), fontSize: 8, color: layout.muted_color }]),
      }),
    });
  }
  columns.push({ header: labelOf(layout, 'amount'), width: 'auto', alignment: 'right', cell: (line) => ({ text: money(line.total), bold: true }) });
  return columns;
}

/** The per-item table; its header row repeats on every page and an item never splits across pages. */
export function itemsTable(model: PdfDocumentModel, layout: PdfLayout): Content[] {
  if (model.lines.length === 0) return [];
  const columns = itemColumns(model, layout);
  const headerColor = layout.table === 'striped' ? layout.text_on_accent_color : layout.accent_color;
  const header: TableCell[] = columns.map((column) => ({ text: column.header, style: 'tableHeader', color: headerColor, alignment: column.alignment }));
  const rows: TableCell[][] = model.lines.map((line) => columns.map((column) => ({ ...column.cell(line), alignment: column.alignment })));
  return [
    {
      table: { headerRows: 1, dontBreakRows: true, widths: columns.map((column) => column.width), body: [header, ...rows] },
      layout: itemsLayout(layout),
      margin: [0, 0, 0, 12],
    },
  ];
}

function summaryLayout(layout: PdfLayout, emphasisedRows: ReadonlySet<number>): CustomTableLayout {
  return {
    hLineWidth: (rowIndex) => (emphasisedRows.has(rowIndex) ? 1 : 0),
    vLineWidth: () => 0,
    hLineColor: () => layout.accent_color,
    fillColor: (rowIndex, node) => (rowIndex === node.table.body.length - 1 && layout.table === 'striped' ? layout.stripe_color : null),
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
export function totalsBlock(model: PdfDocumentModel, layout: PdfLayout): Content {
  const money = moneyOf(model);
  const row = (label: string, value: string, strong = false): TableCell[] => [
    { text: label, bold: strong, color: strong ? layout.accent_color : layout.muted_color },
    { text: value, bold: strong, alignment: 'right' },
  ];
  const body: TableCell[][] = [row(labelOf(layout, 'subtotal'), money(model.sub_total))];
  if (model.discount_val !== 0) {
    const discount = labelOf(layout, 'discount');
    body.push(row(model.discount_rate ? `${discount} (${model.discount_rate})` : discount, deduction(model, model.discount_val)));
  }
  for (const tax of model.taxes) body.push(row(`${labelOf(layout, 'taxable_amount')}, ${taxLabel(tax)}`, money(tax.taxable)), row(taxLabel(tax), money(tax.amount)));
  const totalRow = body.length;
  body.push(row(labelOf(layout, 'total'), money(model.total), true));
  if (model.amount_paid !== null) body.push(row(labelOf(layout, 'amount_paid'), money(model.amount_paid)));
  if (model.amount_due !== null) body.push(row(labelOf(layout, 'amount_due'), money(model.amount_due), true));
  const emphasised = new Set([totalRow]);
  if (model.amount_due !== null) emphasised.add(body.length - 1);
  return {
    columns: [
      { width: '*', text: '' },
      { width: 'auto', table: { widths: ['auto', 'auto'], body }, layout: summaryLayout(layout, emphasised) },
    ],
    margin: [0, 0, 0, 18],
  };
}

/** Receipts: one boxed amount instead of the totals block. */
export function amountBlock(model: PdfDocumentModel, layout: PdfLayout): Content {
  return {
    table: {
      widths: ['*', 'auto'],
      body: [
        [
          { text: labelOf(layout, 'amount_received'), color: layout.text_on_accent_color, fontSize: 12, margin: [4, 6, 0, 6] },
          { text: moneyOf(model)(model.total), color: layout.text_on_accent_color, fontSize: 16, bold: true, alignment: 'right', margin: [0, 4, 4, 4] },
        ],
      ],
    },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, fillColor: () => layout.accent_color },
    margin: [0, 0, 0, 18],
  };
}

export function notesBlock(model: PdfDocumentModel, layout: PdfLayout): Content[] {
  if (!model.notes || !layout.show_notes) return [];
  return [{ stack: [{ text: labelOf(layout, 'notes').toUpperCase(), style: 'caption', color: layout.muted_color, margin: [0, 0, 0, 4] }, { text: model.notes }] }];
}
