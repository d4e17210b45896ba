import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyByCode } from '@app/contracts';
import { csrf, invoicePage, invoiceStats, makeEstimate, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

/** Lazy route chunks and the first toast (which loads the notifications chunk) can take longer than the default second. */
const lazyLoad = { timeout: 15_000 };
beforeEach(() => window.localStorage.clear());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const abilities = ['view-invoice', 'create-invoice', 'edit-invoice', 'delete-invoice', 'send-invoice'];
const session = (kind: { is_customer: boolean; is_vendor: boolean }, held = abilities) =>
  makeSession({ current_business: { ...acme, ...kind }, current_user_abilities: held, current_business_currency: currencyByCode('USD') ?? null });
const listRequests = (requests: { method: string; path: string; search: URLSearchParams }[]) => requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/invoices');

describe('invoice lists by business kind', () => {
  it('a business that only sells gets the outgoing list without a direction switch', async () => {
    const { requests } = mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice()])));
    const { router } = renderApp('/invoices', session({ is_customer: false, is_vendor: true }));

    expect(await screen.findByRole('link', { name: 'INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/outgoing');
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Draft', 'Open', 'Paid']);
    expect(listRequests(requests).at(-1)?.search.get('type')).toBe('outgoing');
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
  });

  it('shows a void invoice as void, with no paid status and a dash for the amount due', async () => {
    const voided = makeInvoice({ id: 'inv-2', invoice_number: 'INV-000002', status: 'void', display_status: 'void', paid_status: null, due_amount: 0 });
    mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice(), voided])));
    renderApp('/invoices', session({ is_customer: false, is_vendor: true }));

    const row = (await screen.findByRole('link', { name: 'INV-000002' }, lazyLoad)).closest('tr');
    if (!row) throw new Error('no row for INV-000002');
    expect(within(row).getByText('Void')).toBeInTheDocument();
    expect(within(row).queryByText('Unpaid')).not.toBeInTheDocument();
    expect(within(row).getByLabelText('No payment due')).toHaveTextContent('—');
    expect(within(row).getAllByRole('cell').at(-2)).toHaveTextContent('—');
  });

  it('a business that only buys gets the incoming list, even when it asks for the outgoing one', async () => {
    const incoming = makeInvoice({ direction: 'incoming', business: { id: 'biz-9', name: 'Initech' }, status: 'open', display_status: 'open', allowed_actions: ['approve', 'reject'] });
    const { requests } = mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([incoming])));
    const { router } = renderApp('/invoices/outgoing', session({ is_customer: true, is_vendor: false }));

    expect(await screen.findByRole('cell', { name: 'Initech' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/incoming');
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Open', 'Paid']);
    expect(screen.getByRole('columnheader', { name: 'Vendor' })).toBeInTheDocument();
    // The receiver reads an invoice waiting for payment as Due (spec section 4's display status).
    expect(within(screen.getByRole('row', { name: /Initech/ })).getByText('Due')).toBeInTheDocument();
    // Nothing to delete in a received list, so no selection and no 'New invoice'.
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(listRequests(requests).every((r) => r.search.get('type') === 'incoming')).toBe(true);
  });

  it('a business that does both switches direction, and keeps the status tab and filters in the URL', async () => {
    const { requests } = mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice()])));
    const { router } = renderApp('/invoices', session({ is_customer: true, is_vendor: true }));
    const user = userEvent.setup();

    const switcher = await screen.findByRole('radiogroup', { name: 'Direction' }, lazyLoad);
    expect(router.state.location.pathname).toBe('/invoices/outgoing');
    // The stats cards, in the business currency.
    expect(await screen.findByText('$110.00', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('$200.00', { selector: 'p' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Draft' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tab_status')).toBe('draft'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.search.get('tab_status')).toBe('draft'));

    await user.type(screen.getByLabelText('Invoice number'), 'INV-7');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('number')).toBe('INV-7'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.search.get('invoice_number')).toBe('INV-7'));

    await user.click(within(switcher).getByText('Incoming'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/incoming'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.search.get('type')).toBe('incoming'));
  });

  it('shows how many invoices match, and "1,000+" with pages to go on when a number search stopped counting', async () => {
    const { requests } = mockFetch(
      tenant,
      invoiceStats,
      route('GET', '/api/v1/invoices', (request) =>
        request.search.get('invoice_number') ? invoicePage([makeInvoice()], 5000, { total: 1000, last_page: 67, total_is_lower_bound: true }) : invoicePage([makeInvoice()], 5000, { total: 5000, last_page: 334 }),
      ),
    );
    const { router } = renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }));
    const user = userEvent.setup();

    expect(await screen.findByRole('status', {}, lazyLoad)).toHaveTextContent('5,000 invoices');
    await user.type(screen.getByRole('textbox', { name: 'Invoice number' }), '00');
    await waitFor(() => expect(screen.getByText('1,000+ invoices')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.search.get('page')).toBe('2'));
  });

  it('shows the empty state with a New invoice button when the business has no invoices', async () => {
    mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([], 0)));
    renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }));

    expect(await screen.findByText('No invoices yet', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New invoice' }).every((link) => link.getAttribute('href') === '/invoices/create')).toBe(true);
  });
});

describe('invoice statistics', () => {
  it('shows the figures in the currency the server counted them in and names the currencies left out', async () => {
    const kwd = currencyByCode('KWD')?.id ?? 0;
    const jpy = currencyByCode('JPY')?.id ?? 0;
    const stats = route('GET', '/api/v1/invoices/stats', () => jsonResponse(200, { inDraft: 0, totalPaid: 500, totalDue: 51252, totalOverDue: 30750, currency_id: kwd, unconverted_currency_ids: [jpy] }));
    mockFetch(tenant, stats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice()])));
    renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }));

    expect(await screen.findByText('KD51.252', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('KD30.750')).toBeInTheDocument();
    expect(screen.getByText('Some amounts are left out')).toBeInTheDocument();
    expect(screen.getByText(/There is no exchange rate for JPY/)).toBeInTheDocument();
  });
});

describe('upload', () => {
  it('opens the upload form from the outgoing list', async () => {
    mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice()])));
    renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload invoices' }, lazyLoad));
    expect(await screen.findByRole('dialog', { name: 'Upload invoices' }, lazyLoad)).toBeInTheDocument();
  });
});

describe('bulk delete', () => {
  it('selects every row, confirms and deletes them in one call', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      invoiceStats,
      route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice(), makeInvoice({ id: 'inv-2', invoice_number: 'INV-000002' })])),
      route('POST', '/api/v1/invoices/delete', () => jsonResponse(200, { success: true, count: 2 })),
    );
    renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }));
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'INV-000002' }, lazyLoad)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invoice' });
    expect(within(dialog).getByText('Delete the 2 selected invoices? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(requests.find((r) => r.path === '/api/v1/invoices/delete')?.body).toEqual({ ids: ['inv-1', 'inv-2'] }));
    expect(await screen.findByText('2 invoices deleted', {}, lazyLoad)).toBeInTheDocument();
  });

  it('offers no selection to a user without delete-invoice, and only the actions they hold in the row menu', async () => {
    mockFetch(tenant, invoiceStats, route('GET', '/api/v1/invoices', () => invoicePage([makeInvoice()])));
    renderApp('/invoices/outgoing', session({ is_customer: false, is_vendor: true }, ['view-invoice']));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for INV-000001' }, lazyLoad));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View']);
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });
});

describe('estimate lists', () => {
  it('the bare path reopens the list last used', async () => {
    window.localStorage.setItem('ledgerline.estimates.last_list', 'incoming:approved');
    const estimate = makeEstimate({ direction: 'incoming', business: { id: 'biz-9', name: 'Initech' } });
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/estimates', () =>
        jsonResponse(200, { data: [estimate], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, estimate_total_count: 1 } }),
      ),
    );
    const { router } = renderApp('/estimates', makeSession({ current_user_abilities: ['view-estimate'] }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/estimates/incoming'));
    expect(new URLSearchParams(router.state.location.search).get('tab_status')).toBe('approved');
    expect(await screen.findByRole('link', { name: 'EST-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.find((r) => r.path === '/api/v1/estimates')?.search.get('tab_status')).toBe('approved');
  });
});
