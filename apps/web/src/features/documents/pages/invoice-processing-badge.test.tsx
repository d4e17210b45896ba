import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { currencyByCode } from '@app/contracts';
import { invoicePage, invoiceStats, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => window.localStorage.clear());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const session = makeSession({ current_business: { ...acme, is_customer: false, is_vendor: true }, current_user_abilities: ['view-invoice'], current_business_currency: currencyByCode('USD') ?? null });

describe("the vendor's invoice list", () => {
  it('shows a bank payment on its way as Processing beside the paid status, which stays Unpaid', async () => {
    const processing = makeInvoice({ id: 'inv-2', invoice_number: 'INV-000002', status: 'sent', display_status: 'sent', payment_processing: { amount: 11000, method: 'us_bank_account' } });
    mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice({ status: 'sent', display_status: 'sent' }), processing])));
    renderApp('/invoices', session);

    const row = (await screen.findByRole('link', { name: 'INV-000002' }, lazyLoad)).closest('tr');
    if (!row) throw new Error('no row for INV-000002');
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'INV-000001' }).closest('tr');
    if (!other) throw new Error('no row for INV-000001');
    expect(within(other).queryByText('Processing')).not.toBeInTheDocument();
  });
});

describe("the vendor's invoice view", () => {
  it('shows a bank payment on its way as Processing while the amount stays due', async () => {
    const invoice = makeInvoice({ status: 'sent', display_status: 'sent', payment_processing: { amount: 11000, method: 'us_bank_account' } });
    mockFetch(tenant, route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })));
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Totals' })).getByRole('row', { name: 'Amount due $110.00' })).toBeInTheDocument();
  });
});
