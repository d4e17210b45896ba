import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EstimateDeposit } from '@app/contracts';
import type { LinkedBank } from '../../lib/bank-link';
import { csrf, makeEstimate, makePublicEstimate, publicEstimate } from '../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * Paying a public estimate's deposit from a bank linked through Plaid Link: the deposit's pay form
 * offers linking when the server says the tenant has a bank-link provider, asks the deposit's own
 * link token and sends only Link's public token with the deposit payment. Link is replaced here
 * (jsdom cannot load it); the server's side is in linked-bank-deposits.test.ts.
 */
const chosen: LinkedBank = { publicToken: 'public-sandbox-9', accountId: 'acc-9', accountName: 'Plaid Checking', mask: '0000', institutionName: 'First Platypus Bank' };
const openBankLink = vi.fn<(linkToken: string, scriptUrl: string | null) => Promise<LinkedBank | null>>(async () => chosen);
vi.mock('../../lib/bank-link', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/bank-link')>()), openBankLink }));

afterEach(() => {
  vi.restoreAllMocks();
  openBankLink.mockClear();
});

const lazyLoad = { timeout: 15_000 };
const options = { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: false, minimum_amount: 50, in_app: null, bank_link_available: true, bank_link_script: null, bank_verification: null };

function deposit(processing: number): EstimateDeposit {
  return { estimate_id: 'est-1', currency_id: 1, requested_amount: 5000, paid_amount: 0, processing_amount: processing, due_amount: 5000, payable: processing === 0, enabled: true, converted_invoice_id: null, payments: [] };
}

describe("paying a public estimate's deposit from a linked bank", () => {
  it("links the bank with the deposit's link token, sends only the public token and shows the debit processing", async () => {
    let started = false;
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('GET', '/api/v1/public/estimates/tok-dep', () => jsonResponse(200, makePublicEstimate({ estimate: publicEstimate(makeEstimate({ status: 'approved' })), can_approve: false, can_reject: false }))),
      route('GET', '/api/v1/public/estimates/tok-dep/deposit', () => jsonResponse(200, { data: { deposit: deposit(started ? 5000 : 0), options: started ? null : options } })),
      route('POST', '/api/v1/public/estimates/tok-dep/bank-link-token', () => jsonResponse(200, { data: { link_token: 'link-sandbox-9', expiration: '2026-11-20T14:00:00Z' } })),
      route('POST', '/api/v1/public/estimates/tok-dep/deposit-payment', () => {
        started = true;
        return jsonResponse(200, { data: { client_secret: 'pi_9_secret_9', amount: 5000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'processing' } });
      }),
    );
    renderApp('/public/estimates/view/tok-dep', null);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay deposit $50.00' }, lazyLoad));
    await user.click(await screen.findByRole('radio', { name: 'Bank account (US)' }, lazyLoad));
    await user.click(screen.getByRole('button', { name: 'Link your bank' }));
    expect(openBankLink).toHaveBeenCalledWith('link-sandbox-9', null);
    expect(await screen.findByText('First Platypus Bank')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Deposit Buyer LLC');
    await user.click(screen.getByRole('button', { name: 'Pay deposit $50.00 now' }));

    expect(await screen.findByText(/A bank payment of \$50\.00 is processing/)).toBeInTheDocument();
    const start = requests.find((request) => request.method === 'POST' && request.path.endsWith('/deposit-payment'));
    expect(start?.body).toEqual({ method: 'us_bank_account', bank_link: { public_token: 'public-sandbox-9', account_id: 'acc-9', account_holder_name: 'Deposit Buyer LLC' } });
  });
});
