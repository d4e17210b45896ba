import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CardPaymentOptions, currencyByCode } from '@app/contracts';
import { invoicePage, invoiceStats, makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => window.localStorage.clear());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const buyer = (held: string[]) =>
  makeSession({ current_business: { ...acme, is_customer: true, is_vendor: false }, current_user_abilities: held, current_business_currency: currencyByCode('USD') ?? null });
const payer = buyer(['view-invoice', 'pay-invoice', 'approve-invoice']);
const received = (overrides: Parameters<typeof makeInvoice>[0] = {}) =>
  makeInvoice({ direction: 'incoming', business: { id: 'biz-9', name: 'Initech' }, status: 'sent', display_status: 'sent', allowed_actions: ['approve', 'reject'], ...overrides });

function options(available: boolean): CardPaymentOptions {
  return { available, message: available ? null : 'Online payments are not set up for this business', publishable_key: available ? 'pk_test_123' : null, provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null };
}

function viewRoutes(invoice = received(), available = true) {
  return mockFetch(
    tenant,
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })),
    route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: options(available) })),
    route('GET', '/api/v1/invoices/inv-1/payments', () => jsonResponse(200, { data: [] })),
  );
}

const optionRequests = (requests: { path: string }[]) => requests.filter((request) => request.path === '/api/v1/invoices/inv-1/card-payment');

describe('Pay and Approve and pay on an incoming invoice', () => {
  it('are offered on the view where the invoice is payable and the vendor takes card payments', async () => {
    viewRoutes();
    renderApp('/invoices/inv-1/view', payer);
    expect(await screen.findByRole('link', { name: 'Pay' }, lazyLoad)).toHaveAttribute('href', '/customer/invoices/pay/inv-1');
    expect(screen.getByRole('link', { name: 'Approve and pay' })).toHaveAttribute('href', '/customer/invoices/approve-pay/inv-1');
  });

  it('offer only Pay on an approved invoice', async () => {
    viewRoutes(received({ status: 'approved', display_status: 'approved', allowed_actions: [] }));
    renderApp('/invoices/inv-1/view', payer);
    expect(await screen.findByRole('link', { name: 'Pay' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Approve and pay' })).not.toBeInTheDocument();
  });

  it('are not offered when the vendor takes no card payments', async () => {
    const { requests } = viewRoutes(received(), false);
    renderApp('/invoices/inv-1/view', payer);
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    await waitFor(() => expect(optionRequests(requests)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('are not offered, nor asked for, on a paid invoice', async () => {
    const { requests } = viewRoutes(received({ status: 'completed', display_status: 'completed', paid_status: 'paid', amount_paid: 11000, due_amount: 0, allowed_actions: [] }));
    renderApp('/invoices/inv-1/view', payer);
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(optionRequests(requests)).toHaveLength(0);
  });

  it('are not offered, nor asked for, without pay-invoice', async () => {
    const { requests } = viewRoutes();
    renderApp('/invoices/inv-1/view', buyer(['view-invoice', 'approve-invoice']));
    expect(await screen.findByRole('button', { name: 'Approve' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(optionRequests(requests)).toHaveLength(0);
  });

  it('are in the incoming list row menu', async () => {
    mockFetch(
      tenant,
      invoiceStats,
      route('GET', '/api/v1/invoices', () => invoicePage([received()])),
      route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: options(true) })),
    );
    renderApp('/invoices/incoming', payer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for INV-000001' }, lazyLoad));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Pay', 'Approve and pay']));
  });
});
