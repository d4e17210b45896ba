import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CardPaymentOptions, messages } from '@app/contracts';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** The provider's card form, as Stripe.js would answer: `confirm` decides what each Pay click gets. */
const confirm = vi.fn<(clientSecret: string) => Promise<void>>();
vi.mock('../../../lib/payment-tokens', () => {
  class PaymentTokenError extends Error {}
  return {
    PaymentTokenError,
    paymentTokens: () => ({ cardForm: async () => ({ mount: () => undefined, destroy: () => undefined, pay: (secret: string) => confirm(secret) }) }),
  };
});

beforeEach(() => confirm.mockReset());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const lazyLoad = { timeout: 15_000 };
const payer = makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'pay-invoice', 'approve-invoice'] });
const incoming = (overrides: Parameters<typeof makeInvoice>[0] = {}) =>
  makeInvoice({ direction: 'incoming', status: 'sent', display_status: 'sent', allowed_actions: ['approve', 'reject'], ...overrides });

function options(overrides: Partial<CardPaymentOptions> = {}): CardPaymentOptions {
  return { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null, ...overrides };
}

function payRoutes(invoice = incoming(), payOptions = options(), ...more: ReturnType<typeof route>[]) {
  return mockFetch(
    ...more,
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })),
    route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: payOptions })),
    route('POST', '/api/v1/invoices/inv-1/approve', () => jsonResponse(200, { status: 'approved' })),
    route('POST', '/api/v1/invoices/inv-1/card-payment', (request) => {
      const amount = (request.body as { amount?: number }).amount ?? invoice.due_amount;
      return jsonResponse(200, { data: { client_secret: `pi_1_secret_${amount}`, amount, currency: 'usd', publishable_key: 'pk_test_123', method: 'card', status: 'requires_payment_method' } });
    }),
  );
}

const amountField = () => screen.findByRole('textbox', { name: 'Amount' }, lazyLoad);

describe('the customer business pays an incoming invoice', () => {
  it('pays what is due, or part of it within the minimum and the amount due, in the server\'s words', async () => {
    const { requests } = payRoutes();
    confirm.mockResolvedValue(undefined);
    renderApp('/customer/invoices/pay/inv-1', payer);

    expect(await screen.findByRole('heading', { name: 'Pay invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    const amount = await amountField();
    expect(amount).toHaveValue('110.00');
    const started = () => requests.filter((request) => request.method === 'POST' && request.path.endsWith('/card-payment'));

    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $200.00 now' }));
    expect(await screen.findByText(messages.paymentExceedsDue)).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '0.20');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $0.20 now' }));
    expect(await screen.findByText('Amount must be more than $ 0.5')).toBeInTheDocument();
    expect(started()).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00 now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('your payment of $50.00 went through');
    expect(started().map((request) => request.body)).toEqual([{ amount: 5000, method: 'card' }]);
    expect(confirm).toHaveBeenCalledWith('pi_1_secret_5000');
  });

  it('pays exactly what is due where the tenant allows no partial payments', async () => {
    const { requests } = payRoutes(incoming(), options({ partial_payments: false }));
    confirm.mockResolvedValue(undefined);
    renderApp('/customer/invoices/pay/inv-1', payer);

    await userEvent.click(await screen.findByRole('button', { name: 'Pay $110.00 now' }, lazyLoad));
    expect(await screen.findByRole('status')).toHaveTextContent('$110.00');
    expect(screen.queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ method: 'card' });
  });

  it("shows the provider's decline and takes another try", async () => {
    payRoutes();
    confirm.mockRejectedValueOnce(new Error('Your card was declined.')).mockResolvedValueOnce(undefined);
    renderApp('/customer/invoices/pay/inv-1', payer);

    await userEvent.click(await screen.findByRole('button', { name: 'Pay $110.00 now' }, lazyLoad));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('went through');
  });

  it('keeps the confirmation when the refreshed invoice already reads paid', async () => {
    let paid = false;
    const invoice = incoming();
    const { requests } = mockFetch(
      route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: paid ? { ...invoice, paid_status: 'paid', amount_paid: invoice.total, due_amount: 0 } : invoice })),
      route('GET', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: options({ partial_payments: false }) })),
      route('POST', '/api/v1/invoices/inv-1/card-payment', () => jsonResponse(200, { data: { client_secret: 'pi_1_secret', amount: invoice.due_amount, currency: 'usd', publishable_key: 'pk_test_123', method: 'card', status: 'requires_payment_method' } })),
    );
    // The provider's event reaches the server before the page asks again.
    confirm.mockImplementation(async () => {
      paid = true;
    });
    renderApp('/customer/invoices/pay/inv-1', payer);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $110.00 now' }, lazyLoad));
    const invoiceReads = () => requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/invoices/inv-1');
    await waitFor(() => expect(invoiceReads().length).toBeGreaterThan(1));
    // The summary reads the refreshed invoice, paid, and the confirmation stays.
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Paid$110.00Amount due$0.00'));
    expect(screen.getByRole('status')).toHaveTextContent('your payment of $110.00 went through');
    expect(screen.queryByText('Nothing is due on this invoice.')).not.toBeInTheDocument();
  });

  it('says nothing is due on an invoice paid before the page opened', async () => {
    const invoice = incoming();
    payRoutes({ ...invoice, paid_status: 'paid', amount_paid: invoice.total, due_amount: 0 });
    renderApp('/customer/invoices/pay/inv-1', payer);
    expect(await screen.findByText('Nothing is due on this invoice.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('says why there is no pay form when the vendor takes no card payments', async () => {
    payRoutes(incoming(), options({ available: false, message: 'Online payments are not set up for this business', publishable_key: null }));
    renderApp('/customer/invoices/pay/inv-1', payer);
    expect(await screen.findByText('Online payments are not set up for this business', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('needs pay-invoice', async () => {
    payRoutes();
    const { router } = renderApp('/customer/invoices/pay/inv-1', makeSession({ current_user_abilities: ['dashboard', 'view-invoice'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), lazyLoad);
  });
});

describe('approve and pay', () => {
  it('approves, says the invoice is approved when the card is declined, and only pays on the next try', async () => {
    const { requests } = payRoutes();
    confirm.mockRejectedValueOnce(new Error('Your card was declined.')).mockResolvedValueOnce(undefined);
    renderApp('/customer/invoices/approve-pay/inv-1', payer);

    expect(await screen.findByRole('heading', { name: 'Approve and pay invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and pay $110.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByText('The invoice is approved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));
    expect(await screen.findByText(/went through/)).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('/approve'))).toHaveLength(1);
    expect(requests.filter((request) => request.method === 'POST' && request.path.endsWith('/card-payment'))).toHaveLength(2);
  });

  it('needs approve-invoice as well as pay-invoice', async () => {
    payRoutes();
    const { router } = renderApp('/customer/invoices/approve-pay/inv-1', makeSession({ current_user_abilities: ['dashboard', 'view-invoice', 'pay-invoice'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), lazyLoad);
  });
});

describe('the pay page with a business in the path', () => {
  it("opens the pay page of one of the user's businesses, by slug or id", async () => {
    payRoutes();
    const { router } = renderApp(`/${acme.slug}/customer/invoices/payment/inv-1`, payer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/invoices/pay/inv-1'), lazyLoad);
    expect(await screen.findByRole('heading', { name: 'Pay invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
  });

  it('selects another of the user\'s businesses first, as the business switcher does', async () => {
    const globex = { ...acme, id: 'biz-2', name: 'Globex Corporation', slug: 'globex' };
    const companies = [...payer.companies, { id: globex.id, name: globex.name, slug: globex.slug, logo: null, role: 'owner' }];
    const { requests } = payRoutes(incoming(), options(), route('GET', '/api/v1/bootstrap', () => jsonResponse(200, { ...payer, companies, current_business: globex })));
    const { router } = renderApp('/biz-2/customer/invoices/payment/inv-1', { ...payer, companies });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/invoices/pay/inv-1'), lazyLoad);
    expect(localStorage.getItem('selectedBusiness')).toBe('biz-2');
    expect(await screen.findByRole('button', { name: 'Switch business (current: Globex Corporation)' }, lazyLoad)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/v1/invoices/inv-1')?.headers.get('business')).toBe('biz-2');
  });

  it('refuses a business the user does not belong to', async () => {
    payRoutes();
    const { router } = renderApp('/someone-else/customer/invoices/payment/inv-1', payer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), lazyLoad);
  });
});
