import { and, asc, eq, inArray } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert';
import type { Tx } from '../../db/client';
import { estimateItems, estimateTaxes, invoiceItems, invoiceTaxes, recurringInvoiceItems, recurringInvoiceTaxes } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';
import type { DocumentLineRow, DocumentTaxLineRow } from './document-resource';
import { type PricedLine, type PricedTax, lineColumnValues, taxColumnValues } from './pricing';

/**
 * The line and tax tables of each document kind: the same columns (`lineColumns`, `taxLineColumns`)
 * plus the column naming the document and, on tax lines, the line they belong to.
 */
const lineTables = {
  invoice: {
    items: invoiceItems,
    itemDocument: invoiceItems.invoiceId,
    taxes: invoiceTaxes,
    taxDocument: invoiceTaxes.invoiceId,
    taxLine: invoiceTaxes.invoiceItemId,
    itemRow: (documentId: string) => ({ invoiceId: documentId }),
    taxRow: (documentId: string, lineId: string | null) => ({ invoiceId: documentId, invoiceItemId: lineId }),
  },
  estimate: {
    items: estimateItems,
    itemDocument: estimateItems.estimateId,
    taxes: estimateTaxes,
    taxDocument: estimateTaxes.estimateId,
    taxLine: estimateTaxes.estimateItemId,
    itemRow: (documentId: string) => ({ estimateId: documentId }),
    taxRow: (documentId: string, lineId: string | null) => ({ estimateId: documentId, estimateItemId: lineId }),
  },
  recurring_invoice: {
    items: recurringInvoiceItems,
    itemDocument: recurringInvoiceItems.recurringInvoiceId,
    taxes: recurringInvoiceTaxes,
    taxDocument: recurringInvoiceTaxes.recurringInvoiceId,
    taxLine: recurringInvoiceTaxes.recurringInvoiceItemId,
    itemRow: (documentId: string) => ({ recurringInvoiceId: documentId }),
    taxRow: (documentId: string, lineId: string | null) => ({ recurringInvoiceId: documentId, recurringInvoiceItemId: lineId }),
  },
};

/** The document kinds that have lines. */
export type LineKind = keyof typeof lineTables;

/** A stored line, with the document it belongs to. */
export type StoredLine = DocumentLineRow & { documentId: string };
/** A stored tax line, with its document and its line (null for a document-level tax). */
export type StoredTaxLine = DocumentTaxLineRow & { documentId: string; lineId: string | null };

/** The columns of a stored line, read back with the document each belongs to. */
function lineFields(kind: LineKind) {
  const tables = lineTables[kind];
  const line = tables.items;
  return {
    documentId: tables.itemDocument,
    id: line.id,
    itemId: line.itemId,
    name: line.name,
    description: line.description,
    unitName: line.unitName,
    quantity: line.quantity,
    price: line.price,
    discountType: line.discountType,
    discount: line.discount,
    discountVal: line.discountVal,
    total: line.total,
    documentDiscountShare: line.documentDiscountShare,
    tax: line.tax,
  };
}

function taxFields(kind: LineKind) {
  const tables = lineTables[kind];
  const tax = tables.taxes;
  return { documentId: tables.taxDocument, lineId: tables.taxLine, id: tax.id, taxTypeId: tax.taxTypeId, name: tax.name, percent: tax.percent, compoundTax: tax.compoundTax, amount: tax.amount };
}

/** Tax lines are read ordered by id (`loadLines`); ids are uuids, whose lowercase text sorts as the database sorts them. */
const byId = (left: { id: string }, right: { id: string }) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);

/** The lines (by position) and tax lines (by id) of the documents of one kind. */
export async function loadLines(tx: Tx, kind: LineKind, tenantId: string, documentIds: readonly string[]): Promise<{ items: StoredLine[]; taxes: StoredTaxLine[] }> {
  if (documentIds.length === 0) return { items: [], taxes: [] };
  const tables = lineTables[kind];
  const line = tables.items;
  const items = await tx
    .select(lineFields(kind))
    .from(line)
    .where(and(eq(line.tenantId, tenantId), inArray(tables.itemDocument, [...documentIds])))
    .orderBy(asc(line.position));
  const tax = tables.taxes;
  const taxes = await tx
    .select(taxFields(kind))
    .from(tax)
    .where(and(eq(tax.tenantId, tenantId), inArray(tables.taxDocument, [...documentIds])))
    .orderBy(asc(tax.id));
  return { items, taxes };
}

/** Quantities and discounts are numeric(…, 4): the database answers '02.5' as '2.5000'. */
const NUMERIC_SCALE = 4;

/** A decimal as a numeric(…, 4) column answers it; the request schema admits only plain digits with at most 4 decimals. */
function asStoredNumeric(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(NUMERIC_SCALE, '0')}`;
}

/** A stored line's columns, without its position (lines are answered in position order). */
const storedLine = ({ position: _position, ...line }: ReturnType<typeof lineColumnValues>): DocumentLineRow => line;

/**
 * The lines and tax lines of a new document, in one statement (the lines in a CTE), answered as
 * `loadLines` would read them back: numeric columns as the database writes them, tax lines by id.
 */
export async function insertLines(tx: Tx, kind: LineKind, scope: BusinessScope, documentId: string, lines: PricedLine[], documentTaxes: PricedTax[]): Promise<{ items: StoredLine[]; taxes: StoredTaxLine[] }> {
  const tables = lineTables[kind];
  const { items, taxes, itemRows, taxRows } = lineRowsOf(kind, scope, documentId, lines, documentTaxes);
  const insertItems = tx.insert(tables.items).values(itemRows);
  if (taxRows.length === 0) {
    if (items.length > 0) await insertItems;
  } else if (items.length === 0) {
    await tx.insert(tables.taxes).values(taxRows);
  } else {
    // A data-modifying CTE runs whether or not the statement reads it; the tax lines' keys on their lines are checked at its end.
    await tx.with(tx.$with('inserted_items').as(insertItems.returning({ id: tables.items.id }))).insert(tables.taxes).values(taxRows);
  }
  return {
    items: items.map((item) => ({ documentId, ...storedLine(item) })),
    taxes: taxes.map((tax) => ({ documentId, ...tax })).sort(byId),
  };
}

/** The line and tax rows of one document as stored, and the values they were made of. */
function lineRowsOf(kind: LineKind, scope: BusinessScope, documentId: string, lines: PricedLine[], documentTaxes: PricedTax[]) {
  const tables = lineTables[kind];
  const base = { tenantId: scope.tenantId, businessId: scope.businessId };
  const items = lines.map((line) => ({ ...lineColumnValues(line), quantity: asStoredNumeric(line.quantity), discount: asStoredNumeric(line.discount) }));
  const taxes = taxColumnValues(lines, documentTaxes);
  return {
    items,
    taxes,
    itemRows: items.map((item) => ({ ...base, ...tables.itemRow(documentId), ...item })),
    taxRows: taxes.map(({ lineId, ...tax }) => ({ ...base, ...tax, ...tables.taxRow(documentId, lineId) })),
  };
}

/**
 * The lines and tax lines of many new documents (an import's), each table in statements of a
 * thousand rows carried as one JSON parameter (db/bulk-insert.ts); the lines go first, so the tax
 * lines' keys on them hold.
 */
export async function insertLinesOfMany(tx: Tx, kind: LineKind, scope: BusinessScope, documents: readonly { documentId: string; lines: PricedLine[]; taxes: PricedTax[] }[]): Promise<void> {
  const tables = lineTables[kind];
  const rows = documents.map((document) => lineRowsOf(kind, scope, document.documentId, document.lines, document.taxes));
  await insertRows(tx, tables.items, rows.flatMap((row) => row.itemRows));
  await insertRows(tx, tables.taxes, rows.flatMap((row) => row.taxRows));
}

/** Replaces the lines and tax lines of a document with freshly priced ones. */
export async function replaceLines(tx: Tx, kind: LineKind, scope: BusinessScope, documentId: string, lines: PricedLine[], documentTaxes: PricedTax[]): Promise<{ items: StoredLine[]; taxes: StoredTaxLine[] }> {
  const tables = lineTables[kind];
  await tx.delete(tables.taxes).where(and(eq(tables.taxes.tenantId, scope.tenantId), eq(tables.taxDocument, documentId)));
  await tx.delete(tables.items).where(and(eq(tables.items.tenantId, scope.tenantId), eq(tables.itemDocument, documentId)));
  return insertLines(tx, kind, scope, documentId, lines, documentTaxes);
}

/** Usage check: the catalogue items among `ids` that lines of this kind name. */
export async function itemsUsedOnLines(tx: Tx, kind: LineKind, scope: BusinessScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const line = lineTables[kind].items;
  const rows = await tx
    .selectDistinct({ id: line.itemId })
    .from(line)
    .where(and(eq(line.tenantId, scope.tenantId), eq(line.businessId, scope.businessId), inArray(line.itemId, [...ids])));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/** Usage check: the tax types among `ids` that tax lines of this kind name. */
export async function taxTypesUsedOnLines(tx: Tx, kind: LineKind, scope: BusinessScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const tax = lineTables[kind].taxes;
  const rows = await tx
    .selectDistinct({ id: tax.taxTypeId })
    .from(tax)
    .where(and(eq(tax.tenantId, scope.tenantId), eq(tax.businessId, scope.businessId), inArray(tax.taxTypeId, [...ids])));
  return new Set(rows.map((row) => row.id));
}
