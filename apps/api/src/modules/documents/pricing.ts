import { type Currency, type DocumentItemRequest, type ResolvedBusinessSettings, currencyById, fieldsIgnoredByModes, messages } from '@app/contracts';
import { type DocumentTotals, type TaxRate, type TotalsIssueCode, computeTotals, totalTooSmallMessage } from '@app/domain';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { DocumentLineRow } from './document-resource';
import * as repo from './documents.repository';

/** The priced parts of a request: what the client typed; every amount is computed here. */
export type PricingRequest = {
  tax_per_item_enabled?: boolean | undefined;
  discount_per_item_enabled?: boolean | undefined;
  discount_type: 'fixed' | 'percentage';
  discount: string;
  taxes: { tax_type_id: string }[];
  items: (Omit<DocumentItemRequest, 'quantity' | 'discount' | 'discount_type' | 'taxes' | 'price'> & {
    quantity: string;
    price: number;
    discount_type: 'fixed' | 'percentage';
    discount: string;
    taxes: { tax_type_id: string }[];
  })[];
};

/** A line as the money engine priced it: the stored line's columns, its place and its taxes. */
export type PricedLine = DocumentLineRow & { position: number; taxes: PricedTax[] };
export type PricedTax = { id: string; taxTypeId: string; name: string; percent: string; compoundTax: boolean; amount: number };

export type PricedDocument = {
  currency: Currency;
  taxPerItemEnabled: boolean;
  discountPerItemEnabled: boolean;
  discountType: 'fixed' | 'percentage';
  discount: string;
  totals: DocumentTotals;
  lines: PricedLine[];
  /** One tax line per rate: document-level taxes, or the per-item rates with their totals. */
  taxes: PricedTax[];
};

const issueMessages: Record<Exclude<TotalsIssueCode, 'totalTooSmall'>, string> = {
  invalidDiscount: messages.invalidDiscount,
  invalidQuantity: messages.quantityGreaterThanZero,
  invalidPrice: messages.invalidPrice,
  invalidPercent: messages.invalidTaxRate,
  duplicateTax: messages.duplicateTax,
  amountTooLarge: messages.amountTooLarge,
  noLines: messages.required,
};

/** An issue's message; the minimum total is named in the document's currency. */
const issueMessage = (code: TotalsIssueCode, currency: Currency): string => (code === 'totalTooSmall' ? totalTooSmallMessage(currency) : issueMessages[code]);

/**
 * Checks every referenced tax type and catalogue item against the business, then computes all
 * amounts with the domain's money engine. Nothing the client computed is used.
 */
export async function priceDocument(tx: Tx, scope: BusinessScope, request: PricingRequest, settings: ResolvedBusinessSettings, currencyId: number): Promise<PricedDocument> {
  const currency = currencyById(currencyId);
  if (!currency) throw AppError.validation('customer_id', messages.invalidCustomer);
  const taxPerItem = request.tax_per_item_enabled ?? settings.tax_per_item_enabled;
  const discountPerItem = request.discount_per_item_enabled ?? settings.discount_per_item_enabled;
  const ignored = fieldsIgnoredByModes(request, { tax_per_item_enabled: taxPerItem, discount_per_item_enabled: discountPerItem });
  if (ignored.length > 0) {
    const fieldErrors = Object.fromEntries(ignored.map((field) => [field.path, [field.message]]));
    throw new AppError('validation', ignored[0]?.message ?? messages.required, 422, fieldErrors);
  }

  const taxTypeIds = new Set([...request.taxes.map((tax) => tax.tax_type_id), ...request.items.flatMap((line) => line.taxes.map((tax) => tax.tax_type_id))]);
  const taxTypes = new Map((await repo.findTaxTypes(tx, scope, [...taxTypeIds])).map((row) => [row.id, row]));
  const itemIds = request.items.flatMap((line) => (line.item_id ? [line.item_id] : []));
  const knownItems = await repo.existingItemIds(tx, scope, itemIds);

  const errors: Record<string, string[]> = {};
  const fail = (path: string, message: string) => {
    errors[path] ??= [message];
  };
  const rateOf = (taxTypeId: string, path: string): TaxRate[] => {
    const row = taxTypes.get(taxTypeId);
    if (!row) {
      fail(path, messages.invalidTaxType);
      return [];
    }
    return [{ tax_type_id: row.id, name: row.name, percent: row.percent, compound_tax: row.compoundTax }];
  };
  const documentTaxes = request.taxes.flatMap((tax, index) => rateOf(tax.tax_type_id, `taxes.${index}.tax_type_id`));
  const lines = request.items.map((line, index) => {
    if (line.item_id && !knownItems.has(line.item_id)) fail(`items.${index}.item_id`, messages.invalidItem);
    return {
      quantity: line.quantity,
      price: line.price,
      discount_type: line.discount_type,
      discount: discountPerItem ? line.discount : '0',
      taxes: line.taxes.flatMap((tax, taxIndex) => rateOf(tax.tax_type_id, `items.${index}.taxes.${taxIndex}.tax_type_id`)),
    };
  });
  if (Object.keys(errors).length > 0) throw new AppError('validation', Object.values(errors)[0]?.[0] ?? messages.required, 422, errors);

  const result = computeTotals({
    precision: currency.precision,
    tax_per_item_enabled: taxPerItem,
    discount_per_item_enabled: discountPerItem,
    discount_type: request.discount_type,
    discount: request.discount,
    taxes: documentTaxes,
    lines,
  });
  if (!result.ok) {
    for (const issue of result.issues) fail(issue.path, issueMessage(issue.code, currency));
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? messages.required, 422, errors);
  }
  const { totals } = result;
  const pricedTax = (tax: DocumentTotals['taxes'][number]): PricedTax => ({ id: newId(), taxTypeId: tax.tax_type_id, name: tax.name, percent: tax.percent, compoundTax: tax.compound_tax, amount: tax.amount });
  return {
    currency,
    taxPerItemEnabled: taxPerItem,
    discountPerItemEnabled: discountPerItem,
    discountType: request.discount_type,
    discount: request.discount,
    totals,
    taxes: totals.taxes.map(pricedTax),
    lines: request.items.map((line, index) => {
      const computed = totals.lines[index];
      if (!computed) throw new Error('The money engine returned fewer lines than it was given');
      return {
        id: newId(),
        position: index,
        itemId: line.item_id ?? null,
        name: line.name,
        description: line.description ?? null,
        unitName: line.unit_name ?? null,
        quantity: line.quantity,
        price: line.price,
        discountType: line.discount_type,
        discount: discountPerItem ? line.discount : '0',
        discountVal: computed.discount_val,
        total: computed.total,
        documentDiscountShare: computed.document_discount_share,
        tax: computed.tax,
        taxes: computed.taxes.map(pricedTax),
      };
    }),
  };
}

/** The columns every kind of document line stores for a priced line (its table adds the parent id). */
export function lineColumnValues({ taxes: _taxes, ...line }: PricedLine): Omit<PricedLine, 'taxes'> {
  return line;
}

/** Every tax line to store: the document's (lineId null) and each line's own, with the line they belong to. */
export function taxColumnValues(lines: PricedLine[], documentTaxes: PricedTax[]) {
  const row = (tax: PricedTax, lineId: string | null) => ({ lineId, id: tax.id, taxTypeId: tax.taxTypeId, name: tax.name, percent: tax.percent, compoundTax: tax.compoundTax, amount: tax.amount });
  return [...documentTaxes.map((tax) => row(tax, null)), ...lines.flatMap((line) => line.taxes.map((tax) => row(tax, line.id)))];
}
