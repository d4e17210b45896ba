import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type LoanProduct, type LoanStats, type LoanTransactionResource, loanTransactionsResponseSchema } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeLoan, makeMovement } from '../../../test/financing-fixtures';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const viewer = makeSession({ current_user_abilities: ['dashboard', 'view-balance-sheet', 'view-invoice'] });

const stats: LoanStats = {
  balances: [
    { product: 'factoring', currency_code: 'USD', principalBalance: 80_000, feeBalance: 4_800, totalBalance: 84_800, open_loans: 1, repaid_loans: 2 },
    { product: 'bnpl', currency_code: 'EUR', principalBalance: 25_000, feeBalance: 750, totalBalance: 25_750, open_loans: 1, repaid_loans: 0 },
  ],
  exposure: [],
};
const bnplLoan = makeLoan({ id: 'loan-2', product: 'bnpl', currency_code: 'EUR', invoice: { id: 'inv-9', invoice_number: 'BILL-7', counterparty_name: 'Initech GmbH', total: 25_000 }, principal_amount: 25_000, fee_amount: 750, principal_balance: 25_000, fee_balance: 750, total_balance: 25_750, schedule: [{ kind: 'repayment', date: '2026-06-01', amount: 25_750, done: false }] });
const listMeta = { current_page: 1, last_page: 1, per_page: 15, total: 1 };

/** The read API over the fixtures: each list answers for the product asked; movements page by cursor. */
function financingRoutes(movements: Partial<Record<LoanProduct, LoanTransactionResource[][]>> = {}) {
  const page = (product: LoanProduct, after: string | null) => {
    const pages = movements[product] ?? [[]];
    const index = after === null ? 0 : Number(after.replace('cursor-', ''));
    return loanTransactionsResponseSchema.parse({ data: pages[index] ?? [], meta: { next_cursor: index + 1 < pages.length ? `cursor-${String(index + 1)}` : null, per_page: 25 } });
  };
  return mockFetch(
    tenant,
    route('GET', '/api/v1/loan-stats', (request) => jsonResponse(200, { ...stats, balances: stats.balances.filter((balance) => balance.product === request.search.get('product')) })),
    route('GET', '/api/v1/loans', (request) => jsonResponse(200, { data: request.search.get('product') === 'bnpl' ? [bnplLoan] : [makeLoan()], meta: listMeta })),
    route('GET', '/api/v1/loan-transactions', (request) => jsonResponse(200, page(request.search.get('product') === 'bnpl' ? 'bnpl' : 'factoring', request.search.get('after')))),
    route('GET', '/api/v1/approved-invoice-amount', () => jsonResponse(200, { invoice_approval_amount: 0, amounts: [{ currency_code: 'USD', amount: 250_000, invoice_count: 3 }] })),
  );
}

const asked = (requests: { path: string; search: URLSearchParams }[], path: string) => requests.filter((request) => request.path === path).map((request) => request.search.get('product'));

describe('loan balance', () => {
  it('opens on buy now, pay later and switches to factoring, the tab in the URL', async () => {
    const { requests } = financingRoutes();
    const { router } = renderApp('/loan-balance', viewer);

    expect(await screen.findByRole('heading', { name: 'Loan balance' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Buy now, pay later' })).toHaveAttribute('aria-selected', 'true');
    const bnplBalance = await screen.findByRole('region', { name: 'Outstanding in EUR' });
    expect(bnplBalance).toHaveTextContent('Principal250,00 €Fee7,50 €Total257,50 €');
    expect(await screen.findByRole('button', { name: 'Show the schedule of the loan on BILL-7' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Approved invoices you could finance' })).not.toBeInTheDocument();
    expect(asked(requests, '/api/v1/loans')).toEqual(['bnpl']);

    await userEvent.click(screen.getByRole('tab', { name: 'Factoring' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=factoring'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Factoring' })).toHaveAttribute('aria-selected', 'true'));
    const factoringBalance = await screen.findByRole('region', { name: 'Outstanding in USD' });
    expect(factoringBalance).toHaveTextContent('Principal$800.00Fee$48.00Total$848.00');
    expect(factoringBalance).toHaveTextContent('1 open, 2 repaid');
    const approved = await screen.findByRole('region', { name: 'Approved invoices you could finance' });
    expect(await within(approved).findByText('$2,500.00')).toBeInTheDocument();
    expect(within(approved).getByText('on 3 approved invoices')).toBeInTheDocument();
    expect(asked(requests, '/api/v1/loans')).toEqual(['bnpl', 'factoring']);
    expect(asked(requests, '/api/v1/loan-stats')).toEqual(['bnpl', 'factoring']);
  });

  it('lists the loans from the contract and opens a loan\'s schedule from its row, by keyboard too', async () => {
    financingRoutes({ factoring: [[makeMovement(), makeMovement({ id: 'mv-2', kind: 'fee', principal_amount: 0, fee_amount: 4_800, cash_amount: 0 })]] });
    renderApp('/loan-balance?tab=factoring', viewer);

    const toggle = await screen.findByRole('button', { name: 'Show the schedule of the loan on INV-000001' }, lazyLoad);
    const loans = screen.getAllByRole('table')[0];
    if (!loans) throw new Error('the loans table is shown');
    const row = within(loans).getByRole('row', { name: /INV-000001/ });
    expect(row).toHaveTextContent('Globex Corporation');
    expect(row).toHaveTextContent('Funded');
    expect(row).toHaveTextContent('$800.00$48.00$848.0030 Apr 2026');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const schedule = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(schedule).toHaveTextContent('02 Mar 2026: advance of $800.00 (done)');
    expect(schedule).toHaveTextContent('30 Apr 2026: repayment of $848.00 (planned)');
    expect(schedule).toHaveTextContent('30 Apr 2026: reserve released of $152.00 (planned)');
    expect(within(schedule ?? document.body).getByRole('link', { name: 'View invoice INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');

    await userEvent.click(row);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    const movements = await screen.findByRole('region', { name: 'Movements' });
    expect(within(movements).getAllByRole('row').map((movement) => movement.textContent)).toEqual([
      'DateInvoiceMovementStatusPrincipalFeeCash',
      '02 Mar 2026INV-000001AdvancePosted+$800.00—+$800.00',
      '02 Mar 2026INV-000001FeePosted—+$48.00—',
    ]);
    expect(within(movements).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more movements after the cursor the last page answered', async () => {
    const first = [makeMovement({ id: 'mv-3', kind: 'repayment', principal_amount: -30_000, fee_amount: -4_800, cash_amount: 0, effective_date: '2026-04-01' })];
    const second = [makeMovement()];
    const { requests } = financingRoutes({ factoring: [first, second] });
    renderApp('/loan-balance?tab=factoring', viewer);

    const movements = await screen.findByRole('region', { name: 'Movements' }, lazyLoad);
    expect(await within(movements).findByRole('row', { name: /Repayment/ })).toHaveTextContent('−$300.00−$48.00—');
    await userEvent.click(within(movements).getByRole('button', { name: 'Load more' }));
    expect(await within(movements).findByRole('row', { name: /Advance/ })).toBeInTheDocument();
    expect(within(movements).getByRole('row', { name: /Repayment/ })).toBeInTheDocument();
    expect(within(movements).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/v1/loan-transactions').map((request) => request.search.get('after'))).toEqual([null, 'cursor-1']);
  });

  it('says when nothing is owed, nothing is listed, and what the server refused', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/loan-stats', () => jsonResponse(200, { balances: [], exposure: [] })),
      route('GET', '/api/v1/loans', () => jsonResponse(200, { data: [], meta: { ...listMeta, total: 0 } })),
      route('GET', '/api/v1/loan-transactions', () => jsonResponse(422, { message: 'Financing is not available for this business.' })),
    );
    renderApp('/loan-balance', viewer);

    expect(await screen.findByText('Nothing is outstanding.', {}, lazyLoad)).toBeInTheDocument();
    expect(await screen.findByText('No loans yet.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Movements' })).findByRole('alert')).toHaveTextContent('Financing is not available for this business.');
  });

  it('repays a BNPL loan early with another saved card, and shows a refusal in the server\'s words', async () => {
    let answer = 409;
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/loan-stats', () => jsonResponse(200, { balances: [], exposure: [] })),
      route('GET', '/api/v1/loans', () => jsonResponse(200, { data: [bnplLoan], meta: listMeta })),
      route('GET', '/api/v1/loan-transactions', () => jsonResponse(200, { data: [], meta: { next_cursor: null, per_page: 25 } })),
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: [{ id: 'pm-row-2', name: 'Mastercard •••• 4444', type: 'card', is_default: false, expiry_date: '12/2030', debit_returned_at: null, debit_return_reason: null, created_at: '2026-11-01T00:00:00Z' }] })),
      route('POST', '/api/v1/business/bnpl/loans/loan-2/repay', () =>
        answer === 409 ? jsonResponse(409, { message: 'A repayment of this loan is already on its way.' }) : jsonResponse(200, { data: { ...bnplLoan, status: 'repaid', principal_balance: 0, fee_balance: 0, total_balance: 0 } }),
      ),
    );
    renderApp('/loan-balance', makeSession({ current_user_abilities: ['dashboard', 'view-balance-sheet', 'manage-business-settings', 'view-invoice', 'view-payment-methods'] }));

    await userEvent.click(await screen.findByRole('button', { name: 'Show the schedule of the loan on BILL-7' }, lazyLoad));
    await userEvent.click(await screen.findByRole('button', { name: 'Repay 257,50 € now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repay the loan on BILL-7' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Charge' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mastercard •••• 4444' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Charge 257,50 €' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A repayment of this loan is already on its way.');

    answer = 200;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Charge 257,50 €' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const repays = requests.filter((request) => request.path === '/api/v1/business/bnpl/loans/loan-2/repay');
    expect(repays.map((request) => request.body)).toEqual([{ selectedPaymentMethod: 'pm-row-2' }, { selectedPaymentMethod: 'pm-row-2' }]);
  });

  it('sends a user without view-balance-sheet to /403', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/loan-balance', makeSession({ current_user_abilities: ['dashboard', 'view-invoice'] }));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });
});
