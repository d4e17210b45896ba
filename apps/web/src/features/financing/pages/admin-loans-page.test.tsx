import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanStats } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeLoan } from '../../../test/financing-fixtures';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const stats: LoanStats = {
  balances: [],
  exposure: [
    { business_id: '0190a3c4-0000-7000-8000-0000000000b1', business_name: 'Acme Ltd', currency_code: 'USD', principal_balance: 80_000 },
    { business_id: '0190a3c4-0000-7000-8000-0000000000b2', business_name: 'Umbrella Inc', currency_code: 'USD', principal_balance: 30_000 },
  ],
};
const acmeLoan = makeLoan({ business_id: '0190a3c4-0000-7000-8000-0000000000b1' });
const umbrellaLoan = makeLoan({ id: 'loan-2', business_id: '0190a3c4-0000-7000-8000-0000000000b2', business_name: 'Umbrella Inc', status: 'late', invoice: { id: 'inv-2', invoice_number: 'INV-000002', counterparty_name: 'Initech', total: 40_000 } });
const pageOf = (data: unknown[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length } });

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

describe('admin loans', () => {
  it("lists every business's loans and the exposure per business, and narrows the list to a business, a product and a status", async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/platform/loan-stats', () => jsonResponse(200, stats)),
      route('GET', '/api/v1/platform/loans', (request) => {
        const business = request.search.get('business_id');
        return jsonResponse(200, pageOf([acmeLoan, umbrellaLoan].filter((loan) => business === null || loan.business_id === business)));
      }),
    );
    const { router } = renderApp('/admin/loans', platformSession(['view-balance-sheet']));

    expect(await screen.findByRole('heading', { name: 'Loans', level: 1 }, lazyLoad)).toBeInTheDocument();
    const exposure = await screen.findByRole('region', { name: 'Principal owed in USD' });
    expect(within(exposure).getByRole('row', { name: /Acme Ltd/ })).toHaveTextContent('$800.00');
    expect(within(exposure).getByRole('row', { name: /Umbrella Inc/ })).toHaveTextContent('$300.00');
    expect(await screen.findByRole('button', { name: 'Show the schedule of the loan on INV-000002' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View invoice/ })).not.toBeInTheDocument();

    await userEvent.click(within(exposure).getByRole('button', { name: 'Show only the loans of Umbrella Inc' }));
    await waitFor(() => expect(router.state.location.search).toContain('business=0190a3c4-0000-7000-8000-0000000000b2'));
    expect(await screen.findByText('Business: Umbrella Inc')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show the schedule of the loan on INV-000001' })).not.toBeInTheDocument());

    await userEvent.selectOptions(screen.getByLabelText('Product'), 'bnpl');
    // The next choice is made on the page as rendered with the first one.
    await waitFor(() => expect(screen.getByLabelText('Product')).toHaveValue('bnpl'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'late');
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/v1/platform/loans' && r.search.get('product') === 'bnpl' && r.search.get('status') === 'late' && r.search.get('business_id') === umbrellaLoan.business_id)).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'All businesses' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('business='));
  });

  it('shows the empty states and an error with a retry', async () => {
    let failing = true;
    mockFetch(
      tenant,
      route('GET', '/api/v1/platform/loan-stats', () => (failing ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { balances: [], exposure: [] }))),
      route('GET', '/api/v1/platform/loans', () => jsonResponse(200, pageOf([]))),
    );
    renderApp('/admin/loans', platformSession(['view-balance-sheet']));
    expect(await screen.findByText('No loans yet.', {}, lazyLoad)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    failing = false;
    await userEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('No business owes principal.')).toBeInTheDocument();
  });

  it('is in the admin menu for view-balance-sheet holders only, and sends others to the 403 page', async () => {
    mockFetch(tenant, route('GET', '/api/v1/events', () => jsonResponse(200, { ...pageOf([]), meta: { ...pageOf([]).meta, event_total_count: 0 } })));
    const { router } = renderApp('/admin/loans', platformSession(['view-event']));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.queryByRole('link', { name: 'Loans' })).not.toBeInTheDocument();
  });
});
