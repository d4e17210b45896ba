import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardPaymentOptions, SavedPaymentMethodResource } from '@app/contracts';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** Stripe.js confirming the attempt the server made for a saved method: `payWithSaved` decides what each click gets. */
const payWithSaved = vi.fn<(clientSecret: string, method: string) => Promise<'succeeded' | 'processing'>>();
vi.mock('../../../lib/payment-tokens', () => {
  class PaymentTokenError extends Error {}
  return {
    PaymentTokenError,
    paymentTokens: () => ({ payWithSaved, cardForm: async () => ({ mount: () => undefined, destroy: () => undefined, pay: async () => undefined }) }),
  };
});

beforeEach(() => payWithSaved.mockReset());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const lazyLoad = { timeout: 15_000 };
const payer = makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'pay-invoice', 'approve-invoice', 'view-payment-methods'] });
const invoice = makeInvoice({ direction: 'incoming', status: 'sent', display_status: 'sent', allowed_actions: ['approve', 'reject'] });
const options: CardPaymentOptions = { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null };

function method(overrides: Partial<SavedPaymentMethodResource>): SavedPaymentMethodResource {
  return { id: 'pm-1', name: 'Visa •••• 4242', type: 'card', expiry_date: '12/2030', is_default: false, debit_returned_at: null, debit_return_reason: null, created_at: '2026-11-01T10:00:00Z', ...overrides };
}

function routes(saved: SavedPaymentMethodResource[], ...more: ReturnType<typeof route>[]) {
  return mockFetch(
    ...more,
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })),
    route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: options })),
    route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: saved })),
    route('POST', '/api/v1/invoices/inv-1/approve', () => jsonResponse(200, { status: 'approved' })),
    route('POST', '/api/v1/invoices/inv-1/card-payment', (request) => {
      const id = (request.body as { saved_method_id?: string }).saved_method_id;
      const type = saved.find((one) => one.id === id)?.type ?? 'card';
      return jsonResponse(200, { data: { client_secret: `pi_${id}_secret_1`, amount: invoice.due_amount, currency: 'usd', publishable_key: 'pk_test_123', method: type, status: 'requires_confirmation' } });
    }),
  );
}

describe('paying an incoming invoice with a saved method', () => {
  it('chooses the default method first, lets another be chosen, and confirms the attempt made for it', async () => {
    const { requests } = routes([method({}), method({ id: 'pm-2', name: 'STRIPE TEST BANK •••• 6789', type: 'us_bank_account', expiry_date: null, is_default: true })]);
    payWithSaved.mockResolvedValue('processing');
    renderApp('/customer/invoices/pay/inv-1', payer);

    expect(await screen.findByRole('heading', { name: 'Pay with a saved payment method' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'STRIPE TEST BANK •••• 6789 (default)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $110.00 with this method' }));
    expect(await screen.findByText(/Your bank payment of \$110\.00 is processing/)).toBeInTheDocument();
    expect(payWithSaved).toHaveBeenCalledWith('pi_pm-2_secret_1', 'us_bank_account');
    const started = requests.filter((request) => request.method === 'POST' && request.path.endsWith('/card-payment'));
    expect(started.map((request) => request.body)).toEqual([{ saved_method_id: 'pm-2' }]);
  });

  it("shows the provider's refusal and takes another try with another method", async () => {
    const { requests } = routes([method({ is_default: true }), method({ id: 'pm-3', name: 'Mastercard •••• 4444' })]);
    const { PaymentTokenError } = await import('../../../lib/payment-tokens');
    payWithSaved.mockRejectedValueOnce(new PaymentTokenError('Your card was declined.')).mockResolvedValueOnce('succeeded');
    renderApp('/customer/invoices/approve-pay/inv-1', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'pay-invoice', 'approve-invoice', 'view-payment-methods'] }));

    await userEvent.click(await screen.findByRole('button', { name: 'Pay $110.00 with this method' }, lazyLoad));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await userEvent.click(screen.getByRole('radio', { name: 'Mastercard •••• 4444' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $110.00 with this method' }));
    expect(await screen.findByText(/your payment of \$110\.00 went through/)).toBeInTheDocument();
    // Approve-and-pay approves once, before the first attempt.
    expect(requests.filter((request) => request.path.endsWith('/approve'))).toHaveLength(1);
    expect(requests.filter((request) => request.method === 'POST' && request.path.endsWith('/card-payment')).map((request) => request.body)).toEqual([{ saved_method_id: 'pm-1' }, { saved_method_id: 'pm-3' }]);
  });

  it('keeps saying what was paid once the invoice, read again, has nothing due', async () => {
    let paid = false;
    mockFetch(
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: paid ? { ...invoice, status: 'approved', paid_status: 'paid', amount_paid: invoice.total, due_amount: 0 } : invoice })),
      route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: options })),
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: [method({ is_default: true })] })),
      route('POST', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: { client_secret: 'pi_pm-1_secret_1', amount: invoice.due_amount, currency: 'usd', publishable_key: 'pk_test_123', method: 'card', status: 'requires_confirmation' } })),
    );
    // The provider's webhook marks the invoice paid before the page has shown the outcome.
    payWithSaved.mockImplementation(async () => {
      paid = true;
      return 'succeeded';
    });
    renderApp('/customer/invoices/pay/inv-1', payer);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $110.00 with this method' }, lazyLoad));
    expect(await screen.findByText('Nothing is due on this invoice.')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Pay with a saved payment method' });
    expect(section).toHaveTextContent(/your payment of \$110\.00 went through/);
  });

  it('says where to add a method when opened for one and none is saved, and shows nothing otherwise', async () => {
    routes([]);
    const { unmount } = renderApp('/customer/invoices/pay/inv-1?with=saved-method', payer);
    expect(await screen.findByText('No saved payment method yet', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a payment method' })).toHaveAttribute('href', '/settings/payment-methods');
    unmount();

    const { requests } = routes([]);
    renderApp('/customer/invoices/pay/inv-1', payer);
    expect(await screen.findByRole('textbox', { name: 'Amount' }, lazyLoad)).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/v1/business/payment-methods')).toBe(true));
    expect(screen.queryByText('No saved payment method yet')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pay with a saved payment method' })).toBeNull();
  });

  it('is not offered, nor asked for, without view-payment-methods', async () => {
    const { requests } = routes([method({ is_default: true })]);
    renderApp('/customer/invoices/pay/inv-1?with=saved-method', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'pay-invoice'] }));
    expect(await screen.findByRole('textbox', { name: 'Amount' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pay with a saved payment method' })).toBeNull();
    expect(requests.some((request) => request.path === '/api/v1/business/payment-methods')).toBe(false);
  });

  it('is what /{business}/customer/invoices/payment-method/{id} opens, once the business is selected', async () => {
    const globex = { ...acme, id: 'biz-2', name: 'Globex Corporation', slug: 'globex' };
    const companies = [...payer.companies, { id: globex.id, name: globex.name, slug: globex.slug, logo: null, role: 'owner' }];
    routes([method({ is_default: true })], route('GET', '/api/v1/bootstrap', () => jsonResponse(200, { ...payer, companies, current_business: globex })));
    const { router } = renderApp('/globex/customer/invoices/payment-method/inv-1', { ...payer, companies });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/customer/invoices/pay/inv-1?with=saved-method'), lazyLoad);
    expect(localStorage.getItem('selectedBusiness')).toBe('biz-2');
    expect(await screen.findByRole('radio', { name: 'Visa •••• 4242 (default)' }, lazyLoad)).toBeChecked();
  });
});
