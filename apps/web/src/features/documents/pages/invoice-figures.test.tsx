import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

/**
 * Per-item VAT with a 10% document discount: Design 2 × 50.00 = 100.00 (share 10.00, VAT 10% of
 * 90.00 = 9.00), Hosting 20.00 (share 2.00, no tax); 120.00 − 12.00 + 9.00 = 117.00.
 */
function perItemInvoice() {
  const vat = { tax_type_id: 'tt-1', name: 'VAT', percent: '10', compound_tax: false };
  const base = makeInvoice();
  const line = base.items[0];
  if (!line) throw new Error('the fixture has a line');
  return makeInvoice({
    tax_per_item_enabled: true,
    discount_type: 'percentage',
    discount: '10',
    discount_val: 1200,
    sub_total: 12000,
    tax: 900,
    total: 11700,
    due_amount: 11700,
    taxes: [{ id: 'tax-1', ...vat, taxable: 9000, amount: 900 }],
    items: [
      { ...line, id: 'line-1', name: 'Design', unit_name: null, quantity: '2', price: 5000, total: 10000, document_discount_share: 1000, tax: 900, taxes: [{ id: 'tax-2', ...vat, taxable: 9000, amount: 900 }] },
      { ...line, id: 'line-2', name: 'Hosting', unit_name: null, quantity: '1', price: 2000, total: 2000, document_discount_share: 200, tax: 0, taxes: [] },
    ],
  });
}

describe('the figures of a document view', () => {
  it('show the discount as a deduction, each line share and taxable part, and each rate with its taxable amount', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: perItemInvoice() })),
    );
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));

    const totals = await screen.findByRole('table', { name: 'Totals' }, { timeout: 15_000 });
    expect(within(totals).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Subtotal$120.00',
      'Discount (10%)−$12.00',
      'Taxable amount, VAT (10%)$90.00',
      'VAT (10%)$9.00',
      'Total$117.00',
      'Amount paid$0.00',
      'Amount due$117.00',
    ]);
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getByRole('columnheader', { name: 'Document discount' })).toBeInTheDocument();
    const design = within(items).getByRole('row', { name: /Design/ });
    expect(within(design).getByRole('cell', { name: '−$10.00' })).toBeInTheDocument();
    expect(within(design).getByText('VAT 10%: $9.00 on $90.00')).toBeInTheDocument();
    expect(within(within(items).getByRole('row', { name: /Hosting/ })).getByRole('cell', { name: '−$2.00' })).toBeInTheDocument();
  });
});
