import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CardPaymentOptions, onlinePaymentMessages } from '@app/contracts';
import { makeInvoice, publicInvoice } from '../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };

/** The card-payment options of a business that takes card payments; `overrides` name what a test is about. */
function cardOptions(overrides: Partial<CardPaymentOptions> = {}): CardPaymentOptions {
  return { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null, ...overrides };
}

function invoicePage(token: string, invoice: ReturnType<typeof publicInvoice>) {
  return route('GET', `/api/v1/public/invoices/${token}`, () =>
    jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice, estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: `/api/v1/public/invoices/${token}/pdf` }),
  );
}

/**
 * The Pay button's presence. Paying itself (the card form of Stripe.js) runs against the fake
 * Stripe in the API tests (online-payments.test.ts), which confirm as Stripe.js does.
 */
describe('the Pay button of a public invoice', () => {
  it('is offered for what is due when the business takes card payments', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(
      tenant,
      invoicePage('tok-pay', invoice),
      route('GET', '/api/v1/public/invoices/tok-pay/card-payment', () => jsonResponse(200, { data: cardOptions() })),
    );
    renderApp('/public/invoices/view/tok-pay', null);

    expect(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay online' })).toBeInTheDocument();
  });

  it('says why there is none when the business cannot take card payments', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(
      tenant,
      invoicePage('tok-none', invoice),
      route('GET', '/api/v1/public/invoices/tok-none/card-payment', () =>
        jsonResponse(200, { data: cardOptions({ available: false, message: onlinePaymentMessages.notSetUp, publishable_key: null }) }),
      ),
    );
    renderApp('/public/invoices/view/tok-none', null);

    expect(await screen.findByText(onlinePaymentMessages.notSetUp, {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('is not offered on a paid invoice', async () => {
    const { requests } = mockFetch(tenant, invoicePage('tok-paid', publicInvoice(makeInvoice({ status: 'completed', display_status: 'completed', paid_status: 'paid', amount_paid: 11000, due_amount: 0 }))));
    renderApp('/public/invoices/view/tok-paid', null);

    expect(await screen.findByText('INV-000001', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/card-payment'))).toBe(false);
  });
});

describe('the share-link access choice', () => {
  it('lets a signed-in member of the customer business open the invoice in the app or pay as a guest', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(
      tenant,
      invoicePage('tok-member', invoice),
      route('GET', '/api/v1/public/invoices/tok-member/card-payment', () => jsonResponse(200, { data: cardOptions({ in_app: { business_id: 'biz-2', business_name: 'Globex Corporation', invoice_id: 'inv-1' } }) })),
    );
    renderApp('/public/invoices/view/tok-member', null);

    expect(await screen.findByRole('heading', { name: 'You are signed in' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText(/Globex Corporation receives this invoice in the app/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the app' })).toHaveAttribute('href', '/biz-2/customer/invoices/payment/inv-1');
    expect(screen.queryByRole('button', { name: 'Pay $110.00' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay as a guest' }));
    expect(await screen.findByRole('button', { name: 'Pay $110.00' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are signed in' })).not.toBeInTheDocument();
  });

  it('is not shown to a guest or anyone else the server does not name', async () => {
    const invoice = publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }));
    mockFetch(tenant, invoicePage('tok-guest', invoice), route('GET', '/api/v1/public/invoices/tok-guest/card-payment', () => jsonResponse(200, { data: cardOptions() })));
    renderApp('/public/invoices/view/tok-guest', null);

    expect(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are signed in' })).not.toBeInTheDocument();
  });
});
