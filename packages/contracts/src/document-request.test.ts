import { describe, expect, it } from 'vitest';
import { fieldsIgnoredByModes, invoiceRequestSchema } from './documents';
import { itemRequestSchema } from './items';
import { messages } from './messages';

const vat = '5c2e8a1b-7d34-4f6a-8b90-1e2d3c4b5a69';
const city = '0b6f4f9e-3a52-4c1d-9d7e-2f1a4c8b9e10';
const invoice = (overrides: Record<string, unknown>) => ({ customer_id: city, invoice_date: '2026-03-01', items: [{ name: 'A', price: 100 }], ...overrides });

describe('tax selections', () => {
  it('refuse a tax type twice, whatever its case, on lines, documents and item defaults', () => {
    const twice = [{ tax_type_id: vat }, { tax_type_id: city }, { tax_type_id: vat.toUpperCase() }];
    const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
    expect(issuesOf(invoiceRequestSchema.safeParse(invoice({ taxes: twice })))).toEqual([['taxes.2.tax_type_id', messages.duplicateTax]]);
    expect(issuesOf(invoiceRequestSchema.safeParse(invoice({ items: [{ name: 'A', price: 100, taxes: twice }] })))).toEqual([['items.0.taxes.2.tax_type_id', messages.duplicateTax]]);
    expect(issuesOf(itemRequestSchema.safeParse({ name: 'Pen', price: 100, taxes: twice }))).toEqual([['taxes.2.tax_type_id', messages.duplicateTax]]);
    expect(invoiceRequestSchema.safeParse(invoice({ taxes: [{ tax_type_id: vat }, { tax_type_id: city }] })).success).toBe(true);
  });
});

describe('fieldsIgnoredByModes', () => {
  const off = { tax_per_item_enabled: false, discount_per_item_enabled: false };
  const on = { tax_per_item_enabled: true, discount_per_item_enabled: true };
  const request = {
    taxes: [{ tax_type_id: vat }],
    items: [
      { taxes: [{ tax_type_id: vat }], discount: '10' },
      { taxes: [], discount: '0.0000' },
    ],
  };

  it('names what each mode would ignore, with the setting', () => {
    expect(fieldsIgnoredByModes(request, off)).toEqual([
      { path: 'items.0.taxes', message: 'Line taxes need "Tax per item" enabled.' },
      { path: 'items.0.discount', message: 'Line discounts need "Discount per item" enabled.' },
    ]);
    expect(fieldsIgnoredByModes(request, on)).toEqual([{ path: 'taxes', message: messages.documentTaxesNeedNoTaxPerItem }]);
  });

  it('finds nothing in a request that fits its modes', () => {
    expect(fieldsIgnoredByModes({ taxes: [], items: request.items }, on)).toEqual([]);
    expect(fieldsIgnoredByModes({ taxes: request.taxes, items: [{ taxes: [], discount: '0' }] }, off)).toEqual([]);
  });
});
