import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportResponse } from '@app/contracts';
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
const session = () => makeSession({ current_user_abilities: ['dashboard', 'view-report'] });

function makeReport(overrides: Partial<ReportResponse> = {}): ReportResponse {
  return {
    report: 'profit_and_loss',
    basis: 'accrual',
    range: 'this_month',
    from: '2026-06-01',
    to: '2026-06-30',
    currency_id: 1,
    unconverted_currency_ids: [],
    columns: ['amount'],
    rows: [
      { key: 'sales', label: '', kind: 'line', values: [41000] },
      { key: 'purchases', label: '', kind: 'line', values: [6000] },
      { key: 'gross_profit', label: '', kind: 'subtotal', values: [35000] },
      { key: 'financing_fees', label: '', kind: 'line', values: [200] },
      { key: 'net_profit', label: '', kind: 'total', values: [34800] },
    ],
    ...overrides,
  };
}

describe('ReportsPage', () => {
  it('shows the profit and loss of this month and keeps the choices in the URL', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/business/reports/profit_and_loss', (request) => jsonResponse(200, makeReport({ basis: request.search.get('basis') === 'cash' ? 'cash' : 'accrual' }))),
      route('GET', '/api/v1/business/reports/sales_by_customer', () =>
        jsonResponse(
          200,
          makeReport({
            report: 'sales_by_customer',
            columns: ['net', 'tax', 'total'],
            rows: [
              { key: null, label: 'Alpha', kind: 'line', values: [29000, 2900, 31900] },
              { key: 'total', label: '', kind: 'total', values: [29000, 2900, 31900] },
            ],
          }),
        ),
      ),
    );
    const { router } = renderApp('/reports', session());

    const table = await screen.findByRole('table', { name: 'Profit and loss' }, lazyLoad);
    expect(within(table).getByRole('row', { name: 'Net profit $348.00' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Financing fees $2.00' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/business/reports/profit_and_loss')?.search.get('range')).toBe('this_month');

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await waitFor(() => expect(router.state.location.search).toContain('basis=cash'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/business/reports/profit_and_loss' && r.search.get('basis') === 'cash')).toBe(true));

    await user.click(screen.getByRole('tab', { name: 'Sales by customer' }));
    const customers = await screen.findByRole('table', { name: 'Sales by customer' });
    expect(within(customers).getByRole('row', { name: 'Alpha $290.00 $29.00 $319.00' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('report=sales_by_customer');
  });

  it('asks for a custom range only once both dates are there', async () => {
    const { requests } = mockFetch(tenant, route('GET', '/api/v1/business/reports/taxes', () => jsonResponse(200, makeReport({ report: 'taxes', columns: ['collected', 'paid', 'net'], rows: [{ key: 'total', label: '', kind: 'total', values: [0, 0, 0] }] }))));
    renderApp('/reports?report=taxes&range=custom&from=2026-01-01', session());

    expect(await screen.findByText('Choose the first and the last day of the period.', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/business/reports/taxes')).toBe(false);
    await userEvent.setup().type(screen.getByLabelText('To'), '2026-03-31');
    expect(await screen.findByText('Nothing was sold, bought or paid in this period.')).toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/api/v1/business/reports/taxes');
    expect([asked?.search.get('from'), asked?.search.get('to')]).toEqual(['2026-01-01', '2026-03-31']);
  });

  it('shows an error with a retry when the report cannot be loaded', async () => {
    mockFetch(tenant, route('GET', '/api/v1/business/reports/profit_and_loss', () => jsonResponse(403, { message: 'This action is unauthorized.' })));
    renderApp('/reports', session());

    const alert = await screen.findByRole('alert', {}, lazyLoad);
    expect(within(alert).getByText('This action is unauthorized.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
