import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardCharts, DashboardStats } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

// jsdom lays nothing out, so recharts measures its container as 0×0 and warns on every render.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
});

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const thisYear = new Date().getUTCFullYear();

function makeStats(year: number, overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    financial_year: { year, from: `${year}-01-01`, to: `${year}-12-31` },
    currency_id: 1,
    unconverted_currency_ids: [],
    total_amount_due: 125050,
    customer_count: 12,
    estimate_count: 4,
    invoice_count: 31,
    total_sales: 987600,
    total_purchases: 45000,
    ...overrides,
  };
}

function makeCharts(year: number, overrides: Partial<DashboardCharts> = {}): DashboardCharts {
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: `${year}-${String(index + 1).padStart(2, '0')}`,
    sales: index === 2 ? 110000 : 0,
    receipts: index === 2 ? 55000 : 0,
    purchases: 0,
    payments_made: index === 3 ? 20000 : 0,
  }));
  return {
    financial_year: { year, from: `${year}-01-01`, to: `${year}-12-31` },
    currency_id: 1,
    unconverted_currency_ids: [],
    months,
    totals: { sales: 110000, receipts: 55000, purchases: 0, payments_made: 20000, net_income: 35000 },
    recent_invoices: [
      {
        id: 'inv-1',
        invoice_number: 'INV-000001',
        customer_name: 'Globex Corporation',
        invoice_date: `${year}-03-10`,
        due_date: `${year}-04-09`,
        currency_id: 1,
        total: 110000,
        due_amount: 55000,
        status: 'sent',
        display_status: 'overdue',
        paid_status: 'partially_paid',
      },
    ],
    recent_estimates: [],
    ...overrides,
  };
}

describe('dashboard', () => {
  it('shows the financial year figures, both monthly charts as tables, the overview and the recent documents', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/business/stats', (request) => jsonResponse(200, makeStats(Number(request.search.get('year'))))),
      route('GET', '/api/v1/business/charts/data', (request) => jsonResponse(200, makeCharts(Number(request.search.get('year'))))),
    );
    renderApp('/dashboard', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'view-customer'] }));

    const cards = await screen.findByRole('list', { name: 'Figures for the financial year' }, lazyLoad);
    expect(within(cards).getByRole('link', { name: 'Amount due: $1,250.50' })).toHaveAttribute('href', '/invoices');
    expect(within(cards).getByRole('link', { name: 'Customers: 12' })).toHaveAttribute('href', '/customers');
    // No view-estimate ability: the card shows, without a link.
    expect(within(cards).queryByRole('link', { name: /Estimates/ })).not.toBeInTheDocument();
    expect(within(cards).getByText('Total sales').nextSibling).toHaveTextContent('$9,876.00');
    expect(within(cards).getByText('Total purchases').nextSibling).toHaveTextContent('$450.00');

    const sales = await screen.findByRole('table', { name: 'Sales and receipts' });
    expect(within(sales).getByRole('row', { name: `Mar ${thisYear} $1,100.00 $550.00` })).toBeInTheDocument();
    const purchases = screen.getByRole('table', { name: 'Purchases and payments' });
    expect(within(purchases).getByRole('row', { name: `Apr ${thisYear} $0.00 $200.00` })).toBeInTheDocument();
    const overview = screen.getByRole('region', { name: 'Business overview' });
    expect(within(overview).getByText('Net income').nextSibling).toHaveTextContent('$350.00');

    const recent = screen.getByRole('table', { name: 'Recent invoices' });
    expect(within(recent).getByRole('link', { name: 'INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');
    expect(within(recent).getByRole('cell', { name: '$550.00' })).toBeInTheDocument();
    // In its column on wide screens, under the customer on a phone (CSS shows one of them).
    expect(within(recent).getAllByText('Overdue')).toHaveLength(2);
    expect(screen.getByText('No estimates yet.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/business/stats')?.search.get('type')).toBe('all');
  });

  it('asks for the chosen financial year and keeps it in the URL', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/business/stats', (request) => jsonResponse(200, makeStats(Number(request.search.get('year'))))),
      route('GET', '/api/v1/business/charts/data', (request) => jsonResponse(200, makeCharts(Number(request.search.get('year'))))),
    );
    const { router } = renderApp('/dashboard', makeSession());

    const select = await screen.findByLabelText('Financial year', {}, lazyLoad);
    expect(select).toHaveValue(String(thisYear));
    await userEvent.setup().selectOptions(select, String(thisYear - 2));

    await waitFor(() => expect(router.state.location.search).toBe(`?year=${thisYear - 2}`));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/business/charts/data' && r.search.get('year') === String(thisYear - 2))).toBe(true));
    expect(await screen.findByRole('row', { name: `Mar ${thisYear - 2} $1,100.00 $550.00` })).toBeInTheDocument();
  });

  it('says when the year is empty and which currencies have no exchange rate', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/business/stats', () => jsonResponse(200, makeStats(thisYear, { unconverted_currency_ids: [3], total_sales: 0 }))),
      route('GET', '/api/v1/business/charts/data', () =>
        jsonResponse(200, makeCharts(thisYear, { totals: { sales: 0, receipts: 0, purchases: 0, payments_made: 0, net_income: 0 }, recent_invoices: [] })),
      ),
    );
    renderApp('/dashboard', makeSession({ current_user_abilities: ['dashboard', 'manage-business-settings'] }));

    expect(await screen.findByText('Nothing in this financial year yet', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText(/There is no exchange rate for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter exchange rates' })).toHaveAttribute('href', '/settings/exchange-rates');
  });

  it('shows an error with a retry when the figures cannot be loaded', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/business/stats', () => jsonResponse(403, { message: 'This action is unauthorized.' })),
      route('GET', '/api/v1/business/charts/data', () => jsonResponse(200, makeCharts(thisYear))),
    );
    renderApp('/dashboard', makeSession());

    const alert = await screen.findByRole('alert', {}, lazyLoad);
    expect(within(alert).getByText('This action is unauthorized.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
