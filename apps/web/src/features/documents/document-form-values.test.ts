import { describe, expect, it } from 'vitest';
import { type EstimateResource, type InvoiceResource, currencyByCode, messages } from '@app/contracts';
import { buildRequest, emptyLine, formPathOf, liveTotals, validateDocument, valuesFromResource } from './document-form-values';

const customerId = '0b6f4f9e-3a52-4c1d-9d7e-2f1a4c8b9e10';
const taxTypeId = '5c2e8a1b-7d34-4f6a-8b90-1e2d3c4b5a69';
const vat = { id: 't-1', tax_type_id: taxTypeId, name: 'VAT', percent: '19', compound_tax: false, taxable: 0, amount: 0 };

/** What both kinds of resource share. */
const shared = {
  id: 'doc-1',
  direction: 'outgoing',
  business: { id: 'biz-1', name: 'Acme Ltd' },
  customer_id: customerId,
  customer: { id: customerId, name: 'Globex', email: null, business_id: 'biz-2', billing_address: null, shipping_address: null },
  customer_business_id: 'biz-2',
  sequence_number: 7,
  customer_sequence_number: null,
  currency_id: 1,
  exchange_rate: null,
  template_name: 'invoice1',
  notes: 'Thanks',
  tax_per_item_enabled: true,
  discount_per_item_enabled: true,
  discount_type: 'fixed',
  discount: '250',
  discount_val: 250,
  sub_total: 0,
  tax: 0,
  total: 0,
  taxes: [],
  items: [
    {
      id: 'line-1',
      item_id: null,
      name: 'Design',
      description: null,
      unit_name: 'hour',
      quantity: '2.5',
      price: 12_050,
      discount_type: 'percentage',
      discount: '12.5',
      discount_val: 0,
      total: 0,
      document_discount_share: 0,
      tax: 0,
      taxes: [vat],
    },
  ],
  attachments: [],
  allowed_actions: ['edit'],
  sent_at: null,
  viewed_at: null,
  approved_at: null,
  rejected_at: null,
  created_at: '',
  updated_at: '',
} satisfies Omit<EstimateResource, 'estimate_number' | 'reference_number' | 'estimate_date' | 'expiry_date' | 'status' | 'converted_invoice_id'>;

function invoice(): InvoiceResource {
  return {
    ...shared,
    invoice_number: 'INV-000007',
    invoice_date: '2026-03-01',
    due_date: null,
    status: 'draft',
    display_status: 'draft',
    paid_status: 'unpaid',
    amount_paid: 0,
    due_amount: 0,
    payment_processing: null,
    source: 'app',
    estimate_id: null,
    loan_status: null,
  };
}

const flags = { tax_per_item_enabled: true, discount_per_item_enabled: true };

describe('document form values', () => {
  it('maps a stored invoice to decimal text and back to the same request amounts', () => {
    const values = valuesFromResource(invoice(), 2);
    expect(values).toMatchObject({ number: 'INV-000007', date: '2026-03-01', due_date: '', discount: '2.50', items: [{ price: '120.50', quantity: '2.5', discount: '12.5' }] });
    const { body, errors } = buildRequest('invoice', values, flags, 2, false);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      invoice_number: 'INV-000007',
      invoice_date: '2026-03-01',
      due_date: null,
      discount: '250',
      items: [{ price: 12_050, discount_type: 'percentage', discount: '12.5', unit_name: 'hour', taxes: [{ tax_type_id: taxTypeId }] }],
    });
  });

  it('keeps a zero-decimal currency exact and uses the estimate field names', () => {
    const estimate: EstimateResource = { ...shared, estimate_number: 'EST-1', reference_number: 'PO-9', estimate_date: '2026-03-02', expiry_date: '2026-04-01', status: 'draft', converted_invoice_id: null };
    const values = valuesFromResource(estimate, 0);
    expect(values.items[0]?.price).toBe('12050');
    const { body } = buildRequest('estimate', values, flags, 0, true);
    expect(body).toMatchObject({ estimate_number: 'EST-1', reference_number: 'PO-9', estimate_date: '2026-03-02', expiry_date: '2026-04-01', send_estimate: true });
    expect(formPathOf('estimate', 'expiry_date')).toBe('due_date');
    expect(formPathOf('estimate', 'items.0.taxes.1.tax_type_id')).toBe('items.0.taxes');
    expect(formPathOf('invoice', 'items.2.discount')).toBe('items.2.discount');
  });

  it('validates with the request schema and reports amount problems on their fields', () => {
    const values = { ...valuesFromResource(invoice(), 2), customer_id: null, items: [{ ...emptyLine(), name: '', price: '1.234', quantity: '0' }] };
    expect(validateDocument('invoice', values, flags, 2)).toMatchObject({
      customer_id: messages.required,
      'items.0.name': messages.required,
      'items.0.price': messages.priceTooManyDecimals,
      'items.0.quantity': messages.quantityGreaterThanZero,
    });
    const usd = currencyByCode('USD');
    if (!usd) throw new Error('USD is in the currency list');
    const oversized = { ...values, discount: '', items: [{ ...emptyLine(), name: 'Pen', price: '1.00', discount: '2.00' }] };
    expect(liveTotals(oversized, flags, usd).issues).toEqual({ 'items.0.discount': messages.invalidDiscount });
  });

  it('names the minimum total in the currency of the document, as the server does', () => {
    const kwd = currencyByCode('KWD');
    const usd = currencyByCode('USD');
    if (!kwd || !usd) throw new Error('KWD and USD are in the currency list');
    const small = (price: string) => ({ ...valuesFromResource(invoice(), 3), discount: '', items: [{ ...emptyLine(), name: 'Stamp', price }] });
    expect(liveTotals(small('0.499'), flags, kwd).issues).toEqual({ total: 'Total should be greater than KD 0.500' });
    expect(liveTotals(small('0.500'), flags, kwd).issues).toEqual({});
    expect(liveTotals(small('0.49'), flags, usd).issues).toEqual({ total: 'Total should be greater than $ 0.50' });
  });

  it('sends nothing the modes ignore, so the server has nothing to refuse', () => {
    const values = valuesFromResource(invoice(), 2);
    const off = { tax_per_item_enabled: false, discount_per_item_enabled: false };
    const { body } = buildRequest('invoice', { ...values, taxes: [{ tax_type_id: taxTypeId, name: 'VAT', percent: '19', compound_tax: false }] }, off, 2, false);
    expect(body.items).toEqual([expect.objectContaining({ discount_type: 'fixed', discount: '0', taxes: [] })]);
    expect(body.taxes).toEqual([{ tax_type_id: taxTypeId }]);
    expect(validateDocument('invoice', values, off, 2)).toEqual({});
    expect(buildRequest('invoice', { ...values, taxes: [{ tax_type_id: taxTypeId, name: 'VAT', percent: '19', compound_tax: false }] }, flags, 2, false).body.taxes).toEqual([]);
  });

  it('lists a tax type stored twice only once, so an edit never charges it twice', () => {
    const stored = invoice();
    const twice = { ...stored, items: stored.items.map((item) => ({ ...item, taxes: [vat, { ...vat, id: 't-2' }] })) };
    expect(valuesFromResource(twice, 2).items[0]?.taxes).toEqual([{ tax_type_id: taxTypeId, name: 'VAT', percent: '19', compound_tax: false }]);
    const duplicated = { ...valuesFromResource(invoice(), 2), items: [{ ...emptyLine(), name: 'Pen', price: '1.00', taxes: [vat, vat] }] };
    expect(validateDocument('invoice', duplicated, flags, 2)).toEqual({ 'items.0.taxes': messages.duplicateTax });
  });
});
