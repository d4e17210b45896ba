import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMovement, PaymentRefundResource } from '@app/contracts';
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
const charges: PaymentMovement[] = [
  { kind: 'charge', provider_id: 'ch_1', date: '2026-11-20T10:00:00.000Z', amount: 12_000, amount_reversed: 0, currency: 'usd', status: 'succeeded', destination: null, payment_method: 'card' },
];
const transfers: PaymentMovement[] = [
  { kind: 'application_fee', provider_id: 'fee_1', date: '2026-11-20T10:00:00.000Z', amount: 330, amount_reversed: 0, currency: 'usd', status: 'collected', destination: 'acct_1', payment_method: 'card' },
  { kind: 'transfer', provider_id: 'tr_1', date: '2026-11-20T10:00:00.000Z', amount: 11_670, amount_reversed: 0, currency: 'usd', status: 'paid', destination: 'acct_1', payment_method: 'card' },
];
const online = makePayment({ amount: 12_000, online: true, mode: null, payment_method_id: null, charges, transfers });
const refund = (status: PaymentRefundResource['status'], amount: number, booked: boolean): PaymentRefundResource => ({
  id: `ref-${status}`,
  payment_id: 'pay-1',
  provider_refund_id: `re_${status}`,
  amount,
  currency: 'usd',
  status,
  created_at: '2026-11-21T09:00:00.000Z',
  booked_at: booked ? '2026-11-21T09:00:05.000Z' : null,
});

describe('an online payment', () => {
  it('lists its transfers and charges, and refunds part of it', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: online })),
      route('POST', '/api/v1/payments/pay-1/refund', () =>
        jsonResponse(200, { data: { id: 'ref-1', payment_id: 'pay-1', provider_refund_id: 're_1', amount: 2_000, currency: 'usd', status: 'pending', created_at: '2026-11-20T11:00:00.000Z', booked_at: null } }),
      ),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: refunder }));
    const user = userEvent.setup();

    const chargeTable = await screen.findByRole('table', { name: 'Charges' }, lazyLoad);
    const chargeRows = within(chargeTable).getAllByRole('row').slice(1);
    expect(chargeRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Charge to the payerCard']);
    const rows = within(screen.getByRole('table', { name: 'Transfers' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Platform feePayout account acct_1', 'Transfer to your payout accountPayout account acct_1']);
    expect(within(rows[0] as HTMLElement).getByText('$3.30')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('$116.70')).toBeInTheDocument();
    // Nothing refunded yet: no refunds table.
    expect(screen.queryByRole('table', { name: 'Refunds' })).not.toBeInTheDocument();

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

  it('lists each refund with its status, a pending one held back from what can still be refunded', async () => {
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payments/pay-1', () =>
        jsonResponse(200, { data: { ...online, refunded_amount: 2_000, refunds: [refund('succeeded', 2_000, true), refund('pending', 3_000, false), refund('failed', 1_000, false)] } }),
      ),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: refunder }));
    const table = await screen.findByRole('table', { name: 'Refunds' }, lazyLoad);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(within(row).getAllByRole('cell')).slice(1).map((cell) => cell.textContent))).toEqual([
      ['Refunded', '$20.00'],
      ['Pending', '$30.00'],
      ['Failed', '$10.00'],
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    // $120.00 − $20.00 refunded − $30.00 pending; the failed one holds nothing back.
    expect(within(dialog).getByLabelText(/^Amount to refund/)).toHaveValue('70.00');
  });

  it('offers no refund to a member without the abilities, and says when the provider reported nothing yet', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: { ...online, charges: [], transfers: [] } })),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: ['view-payment', 'send-payment'] }));
    expect(await screen.findByText('The payment provider has not reported anything for this payment yet.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows what was refunded, and no refund once nothing is left', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/payments/pay-1', () => jsonResponse(200, { data: { ...online, refunded_amount: 12_000, status: 'refunded', refunds: [refund('succeeded', 12_000, true)] } })),
    );
    renderApp('/payments/pay-1/view', makeSession({ current_user_abilities: refunder }));
    expect(await screen.findByRole('table', { name: 'Charges' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
