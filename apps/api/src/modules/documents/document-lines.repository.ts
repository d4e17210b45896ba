import { and, asc, eq, inArray } from 'drizzle-orm';
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

/** The lines (by position) and tax lines (by id) of the documents of one kind. */
export async function loadLines(tx: Tx, kind: LineKind, tenantId: string, documentIds: readonly string[]): Promise<{ items: StoredLine[]; taxes: StoredTaxLine[] }> {
  if (documentIds.length === 0) return { items: [], taxes: [] };
  const tables = lineTables[kind];
  const line = tables.items;
  const items = await tx
    .select({
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
    })
    .from(line)
    .where(and(eq(line.tenantId, tenantId), inArray(tables.itemDocument, [...documentIds])))
    .orderBy(asc(line.position));
  const tax = tables.taxes;
  const taxes = await tx
    .select({ documentId: tables.taxDocument, lineId: tables.taxLine, id: tax.id, taxTypeId: tax.taxTypeId, name: tax.name, percent: tax.percent, compoundTax: tax.compoundTax, amount: tax.amount })
    .from(tax)
    .where(and(eq(tax.tenantId, tenantId), inArray(tables.taxDocument, [...documentIds])))
    .orderBy(asc(tax.id));
  return { items, taxes };
}

/** The lines and tax lines of a new document. */
export async function insertLines(tx: Tx, kind: LineKind, scope: BusinessScope, documentId: string, lines: PricedLine[], documentTaxes: PricedTax[]): Promise<void> {
  const tables = lineTables[kind];
  const base = { tenantId: scope.tenantId, businessId: scope.businessId };
  if (lines.length > 0) {
    await tx.insert(tables.items).values(lines.map((line) => ({ ...base, ...tables.itemRow(documentId), ...lineColumnValues(line) })));
  }
  const taxRows = taxColumnValues(lines, documentTaxes);
  if (taxRows.length > 0) {
    await tx.insert(tables.taxes).values(taxRows.map(({ lineId, ...tax }) => ({ ...base, ...tax, ...tables.taxRow(documentId, lineId) })));
  }
}

/** Replaces the lines and tax lines of a document with freshly priced ones. */
export async function replaceLines(tx: Tx, kind: LineKind, scope: BusinessScope, documentId: string, lines: PricedLine[], documentTaxes: PricedTax[]): Promise<void> {
  const tables = lineTables[kind];
  await tx.delete(tables.taxes).where(and(eq(tables.taxes.tenantId, scope.tenantId), eq(tables.taxDocument, documentId)));
  await tx.delete(tables.items).where(and(eq(tables.items.tenantId, scope.tenantId), eq(tables.itemDocument, documentId)));
  await insertLines(tx, kind, scope, documentId, lines, documentTaxes);
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
