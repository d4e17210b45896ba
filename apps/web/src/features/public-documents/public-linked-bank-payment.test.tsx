import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LinkedBank } from '../../lib/bank-link';
import { csrf, makeInvoice, publicInvoice } from '../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * Paying a public invoice from a bank linked through Plaid Link. Link is replaced here (jsdom cannot
 * load it); the fake Link against the fake Plaid runs in the browser journey, and the server's
 * exchange and debit in the API tests (linked-bank-payments.test.ts).
 */
const chosen: LinkedBank = { publicToken: 'public-sandbox-1', accountId: 'acc-1', accountName: 'Plaid Checking', mask: '0000', institutionName: 'First Platypus Bank' };
const openBankLink = vi.fn<(linkToken: string, scriptUrl: string | null) => Promise<LinkedBank | null>>(async () => chosen);
vi.mock('../../lib/bank-link', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/bank-link')>()), openBankLink }));

afterEach(() => {
  vi.restoreAllMocks();
  openBankLink.mockClear();
});

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };
const options = route('GET', '/api/v1/public/invoices/tok-link/card-payment', () =>
  jsonResponse(200, { data: { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: false, minimum_amount: 50, in_app: null, bank_link_available: true, bank_link_script: null, bank_verification: null } }),
);

describe('paying a public invoice from a linked bank', () => {
  it('links the bank, shows it with the mandate, sends only the public token and shows the debit processing', async () => {
    let started = false;
    const invoice = () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent', payment_processing: started ? { amount: 11000, method: 'us_bank_account' } : null }));
    const { requests } = mockFetch(
      tenant,
      csrf,
      options,
      route('GET', '/api/v1/public/invoices/tok-link', () =>
        jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice: invoice(), estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: '/api/v1/public/invoices/tok-link/pdf' }),
      ),
      route('POST', '/api/v1/public/invoices/tok-link/bank-link-token', () => jsonResponse(200, { data: { link_token: 'link-sandbox-1', expiration: '2026-11-20T14:00:00Z' } })),
      route('POST', '/api/v1/public/invoices/tok-link/card-payment', () => {
        started = true;
        return jsonResponse(200, { data: { client_secret: 'pi_1_secret_2', amount: 11000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'processing' } });
      }),
    );
    renderApp('/public/invoices/view/tok-link', null);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad));
    // The form loads when Pay is pressed.
    await user.click(await screen.findByRole('radio', { name: 'Bank account (US)' }, lazyLoad));
    expect(screen.getByRole('radio', { name: 'Link your bank' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));
    expect(await screen.findByText('Link your bank first, or enter its details by hand.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link your bank' }));
    expect(openBankLink).toHaveBeenCalledWith('link-sandbox-1', null);
    expect(await screen.findByText('First Platypus Bank')).toBeInTheDocument();
    expect(screen.getByText('Plaid Checking ending in 0000')).toBeInTheDocument();
    expect(screen.getByText(/you authorize Acme Ltd to debit \$110\.00/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));
    expect(await screen.findByText('Enter the name on the account.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Bank Buyer Inc.');
    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));

    expect(await screen.findByText(/A bank payment of \$110\.00 is processing/)).toBeInTheDocument();
    const start = requests.find((request) => request.method === 'POST' && request.path.endsWith('/card-payment'));
    expect(start?.body).toEqual({ method: 'us_bank_account', bank_link: { public_token: 'public-sandbox-1', account_id: 'acc-1', account_holder_name: 'Bank Buyer Inc.' } });
  });

  it('offers entering the details by hand instead', async () => {
    mockFetch(
      tenant,
      csrf,
      options,
      route('GET', '/api/v1/public/invoices/tok-link', () =>
        jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice: publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' })), estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: '/api/v1/public/invoices/tok-link/pdf' }),
      ),
    );
    renderApp('/public/invoices/view/tok-link', null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad));
    // The form loads when Pay is pressed.
    await user.click(await screen.findByRole('radio', { name: 'Bank account (US)' }, lazyLoad));
    await user.click(screen.getByRole('radio', { name: 'Enter details by hand' }));
    expect(screen.getByRole('textbox', { name: /Routing number/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link your bank' })).toBeNull();
  });
});
