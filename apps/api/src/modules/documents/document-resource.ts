import type { DocumentDirection, DocumentItemResource, DocumentParty, DocumentTaxResource } from '@app/contracts';
import { taxableAmounts } from '@app/domain';
import type { DocumentCustomer } from './documents.repository';

/** The stored columns every document line has (invoice_items, estimate_items). */
export type DocumentLineRow = {
  id: string;
  itemId: string | null;
  name: string;
  description: string | null;
  unitName: string | null;
  quantity: string;
  price: number;
  discountType: 'fixed' | 'percentage';
  discount: string;
  discountVal: number;
  total: number;
  documentDiscountShare: number;
  tax: number;
};

/** The stored columns every tax line has (invoice_taxes, estimate_taxes). */
export type DocumentTaxLineRow = { id: string; taxTypeId: string; name: string; percent: string; compoundTax: boolean; amount: number };

/** numeric(…, 4) comes back as '10.0000': the user typed '10'. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export function partyOf(customer: DocumentCustomer | undefined, fallbackId: string, businessId: string): DocumentParty {
  if (!customer) return { id: fallbackId, name: '', email: null, business_id: businessId, billing_address: null, shipping_address: null };
  return {
    id: customer.id,
    name: customer.displayName || customer.name,
    email: customer.email,
    business_id: customer.counterpartyBusinessId,
    billing_address: customer.billingAddress ?? null,
    shipping_address: customer.shippingAddress ?? null,
  };
}

function taxResource(row: DocumentTaxLineRow, taxable: number): DocumentTaxResource {
  return { id: row.id, tax_type_id: row.taxTypeId, name: row.name, percent: trimDecimal(row.percent), compound_tax: row.compoundTax, taxable, amount: row.amount };
}

const taxFigure = (row: DocumentTaxLineRow) => ({ tax_type_id: row.taxTypeId, compound_tax: row.compoundTax, amount: row.amount });

/**
 * Lines with their own tax lines, and the document-level tax lines (`lineOf` null); each tax line
 * with the taxable amount it applies to, worked out from the stored figures.
 */
export function lineResources<Tax extends DocumentTaxLineRow>(items: readonly DocumentLineRow[], taxes: readonly Tax[], lineOf: (tax: Tax) => string | null): { items: DocumentItemResource[]; taxes: DocumentTaxResource[] } {
  const itemTaxes = new Map<string, Tax[]>();
  const documentTaxes: Tax[] = [];
  for (const tax of taxes) {
    const lineId = lineOf(tax);
    if (lineId === null) documentTaxes.push(tax);
    else itemTaxes.set(lineId, [...(itemTaxes.get(lineId) ?? []), tax]);
  }
  const taxesOf = (item: DocumentLineRow) => itemTaxes.get(item.id) ?? [];
  const lines = items.map((item) => ({ taxable: item.total - item.documentDiscountShare, taxes: taxesOf(item).map(taxFigure) }));
  const taxable = taxableAmounts({ taxable: lines.reduce((sum, line) => sum + line.taxable, 0), taxes: documentTaxes.map(taxFigure), lines });
  return {
    taxes: documentTaxes.map((tax, index) => taxResource(tax, taxable.taxes[index] ?? 0)),
    items: items.map((item, itemIndex) => ({
      id: item.id,
      item_id: item.itemId,
      name: item.name,
      description: item.description,
      unit_name: item.unitName,
      quantity: trimDecimal(item.quantity),
      price: item.price,
      discount_type: item.discountType,
      discount: trimDecimal(item.discount),
      discount_val: item.discountVal,
      total: item.total,
      document_discount_share: item.documentDiscountShare,
      tax: item.tax,
      taxes: taxesOf(item).map((tax, index) => taxResource(tax, taxable.lines[itemIndex]?.[index] ?? 0)),
    })),
  };
}

/** The stored columns every document row has (`documentColumns`). */
export type DocumentHeaderRow = CopiedDocument & {
  id: string;
  businessId: string;
  customerBusinessId: string;
  sequenceNumber: number | null;
  customerSequenceNumber: number | null;
  currencyId: number;
  exchangeRate: string | null;
  templateName: string;
  discountVal: number;
  subTotal: number;
  tax: number;
  total: number;
  sentAt: Date | null;
  viewedAt: Date | null;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The customer fields of a document's answer. */
export function customerFields(row: { customerId: string; customerBusinessId: string }, customer: DocumentCustomer | undefined) {
  return { customer_id: row.customerId, customer: partyOf(customer, row.customerId, row.customerBusinessId), customer_business_id: row.customerBusinessId };
}

/** The notes, modes and stored amounts of a document's answer (recurring templates included). */
export function documentAmounts(row: CopiedDocument & { discountVal: number; subTotal: number; tax: number; total: number }) {
  return {
    notes: row.notes,
    tax_per_item_enabled: row.taxPerItemEnabled,
    discount_per_item_enabled: row.discountPerItemEnabled,
    discount_type: row.discountType,
    discount: trimDecimal(row.discount),
    discount_val: row.discountVal,
    sub_total: row.subTotal,
    tax: row.tax,
    total: row.total,
  };
}

/** The answer fields every document kind shares, from its stored columns and who looks at it. */
export function documentHeader<Action extends string>(row: DocumentHeaderRow, view: { direction: DocumentDirection; businessName: string; customer: DocumentCustomer | undefined }, allowedActions: Action[]) {
  return {
    id: row.id,
    direction: view.direction,
    business: { id: row.businessId, name: view.businessName },
    ...customerFields(row, view.customer),
    sequence_number: row.sequenceNumber,
    customer_sequence_number: row.customerSequenceNumber,
    currency_id: row.currencyId,
    exchange_rate: row.exchangeRate,
    template_name: row.templateName,
    ...documentAmounts(row),
    allowed_actions: allowedActions,
    sent_at: row.sentAt?.toISOString() ?? null,
    viewed_at: row.viewedAt?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored fields a copy of a document starts from (clone, estimate → invoice). */
export type CopiedDocument = {
  customerId: string;
  notes: string | null;
  taxPerItemEnabled: boolean;
  discountPerItemEnabled: boolean;
  discountType: 'fixed' | 'percentage';
  discount: string;
};

/**
 * The request fields that recreate a document's customer, notes, discounts, taxes and lines; the
 * caller adds its dates and number and parses the result, so every amount is priced again.
 */
export function copiedRequest<Tax extends DocumentTaxLineRow>(source: CopiedDocument, items: readonly DocumentLineRow[], taxes: readonly Tax[], lineOf: (tax: Tax) => string | null) {
  const taxTypesOf = (lineId: string | null) => taxes.filter((tax) => lineOf(tax) === lineId).map((tax) => ({ tax_type_id: tax.taxTypeId }));
  return {
    customer_id: source.customerId,
    notes: source.notes,
    tax_per_item_enabled: source.taxPerItemEnabled,
    discount_per_item_enabled: source.discountPerItemEnabled,
    discount_type: source.discountType,
    discount: trimDecimal(source.discount),
    taxes: source.taxPerItemEnabled ? [] : taxTypesOf(null),
    items: items.map((item) => ({
      item_id: item.itemId,
      name: item.name,
      description: item.description,
      unit_name: item.unitName,
      quantity: trimDecimal(item.quantity),
      price: item.price,
      discount_type: item.discountType,
      discount: trimDecimal(item.discount),
      taxes: taxTypesOf(item.id),
    })),
  };
}
