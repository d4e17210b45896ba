import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMovement } from '@app/contracts';
import { csrf } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { makePayment } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
// Refunding takes the money off the invoice, as deleting does: send-payment and delete-invoice.
const refunder = ['view-payment', 'send-payment', 'delete-invoice'];

/** A $120.00 card payment: the charge, the platform's $3.30 fee and the $116.70 transfer. */
const online = makePayment({ amount: 12_000, online: true, mode: null, payment_method_id: null });
const movements: PaymentMovement[] = [
  { kind: 'charge', provider_id: 'ch_1', date: '2026-11-20T10:00:00.000Z', amount: 12_000, amount_reversed: 0, currency: 'usd', status: 'succeeded', destination: null, payment_method: 'card' },
  { kind: 'application_fee', provider_id: 'fee_1', date: '2026-11-20T10:00:00.000Z', amount: 330, amount_reversed: 0, currency: 'usd', status: 'collected', destination: 'acct_1', payment_method: null },
  { kind: 'transfer', provider_id: 'tr_1', date: '2026-11-20T10:00:00.000Z', amount: 11_670, amount_reversed: 0, currency: 'usd', status: 'paid', destination: 'acct_1', payment_method: null },
];

describe('an online payment', () => {
  it('lists its transfers and charges, and refunds part of it', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: online })),
      route('GET', '/api/v1/payments/pay-1/transfers', () => jsonResponse(200, { data: movements })),
      route('POST', '/api/v1/payments/pay-1/refund', () =>
        jsonResponse(200, { data: { id: 'ref-1', payment_id: 'pay-1', provider_refund_id: 're_1', amount: 2_000, currency: 'usd', status: 'pending', created_at: '2026-11-20T11:00:00.000Z', booked_at: null } }),
      ),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: refunder }));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Transfers and charges' }, lazyLoad);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Charge to the payer', 'Platform feePayout account acct_1', 'Transfer to your payout accountPayout account acct_1']);
    expect(within(rows[1] as HTMLElement).getByText('$3.30')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('$116.70')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByLabelText(/^Amount to refund/);
    // All that is left, by default.
    expect(amount).toHaveValue('120.00');
    await user.clear(amount);
    await user.type(amount, '120.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The refund is more than what is left of the payment.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/api/v1/payments/pay-1/refund')?.body).toEqual({ amount: 2_000 }));
    expect(await screen.findByText(/Refund requested/, {}, lazyLoad)).toBeInTheDocument();
  });

  it('offers no refund to a member without the abilities, and says when the provider reported nothing yet', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: online })),
      route('GET', '/api/v1/payments/pay-1/transfers', () => jsonResponse(200, { data: [] })),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: ['view-payment', 'send-payment'] }));
    expect(await screen.findByText('The payment provider has not reported anything for this payment yet.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows what was refunded, and no refund once nothing is left', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: { ...online, refunded_amount: 12_000, status: 'refunded' } })),
      route('GET', '/api/v1/payments/pay-1/transfers', () => jsonResponse(200, { data: movements })),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: refunder }));
    expect(await screen.findByRole('table', { name: 'Transfers and charges' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
