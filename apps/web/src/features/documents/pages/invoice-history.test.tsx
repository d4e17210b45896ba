import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { claimPage, makePayment, paymentPage } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const sent = makeInvoice({ status: 'viewed', display_status: 'viewed', created_at: '2026-03-01T09:00:00Z', sent_at: '2026-03-01T10:00:00Z', viewed_at: '2026-03-02T08:30:00Z' });
// Paid the day the reminder went out: a day without a time follows that day's timestamps.
const payment = makePayment({ id: 'pay-1', payment_number: 'PAY-000001', payment_date: '2026-03-04', amount: 5000, mode: { id: 'mode-1', name: 'Bank transfer' } });
const reminder = { reminder_id: 'rem-1', type: 'after_due', days: 3, sent_to: 'billing@globex.example', sent_at: '2026-03-04T07:00:00Z' };

function mockInvoiceWithHistory() {
  return mockFetch(
    tenant,
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: sent })),
    route('GET', '/api/v1/invoices/inv-1/reminders', () => jsonResponse(200, { data: [reminder] })),
    route('GET', '/api/v1/payments/claims', () => claimPage([])),
    (request) => (request.path === '/api/v1/payments' && request.search.get('invoice_id') === 'inv-1' && request.search.get('tab') === 'received' ? paymentPage([payment], { received: 1 }) : undefined),
  );
}

describe('invoice history', () => {
  it('lists the payments received with number, date, amount, mode and a link to the receipt', async () => {
    mockInvoiceWithHistory();
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice', 'view-payment'] }));

    const payments = await screen.findByRole('region', { name: 'Payments' }, lazyLoad);
    expect(await within(payments).findByRole('link', { name: 'Receipt PAY-000001' }, lazyLoad)).toHaveAttribute('href', '/payments/pay-1/view');
    expect(within(payments).getByText('$50.00')).toBeInTheDocument();
    expect(within(payments).getByText(/04 Mar 2026 · Bank transfer/)).toBeInTheDocument();
  });

  it('puts sending, the first view, reminders and payments on the timeline, oldest first', async () => {
    mockInvoiceWithHistory();
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice', 'view-payment'] }));

    const timeline = (await screen.findByRole('heading', { name: 'Timeline' }, lazyLoad)).closest('div');
    if (!timeline) throw new Error('no timeline card');
    expect(await within(timeline).findByText('Payment PAY-000001', {}, lazyLoad)).toBeInTheDocument();
    const titles = within(timeline)
      .getAllByText(/^(Created|Sent|Viewed by the customer|Payment reminder sent|Payment PAY-000001)$/)
      .map((node) => node.textContent);
    expect(titles).toEqual(['Created', 'Sent', 'Viewed by the customer', 'Payment reminder sent', 'Payment PAY-000001']);
    expect(within(timeline).getByText('$50.00 · Bank transfer')).toBeInTheDocument();
  });

  it('leaves payments off for a member who may not view them', async () => {
    const { requests } = mockInvoiceWithHistory();
    renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice'] }));

    expect(await screen.findByText('Payment reminder sent', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByText('Payment PAY-000001')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v1/payments')).toBe(false);
  });
});
