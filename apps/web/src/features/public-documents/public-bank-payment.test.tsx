import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BankAccountDetails, PaymentTokenError } from '../../lib/payment-tokens';
import { csrf, makeInvoice, publicInvoice } from '../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * The payer's choice of card or bank account on the public invoice. The provider's script is
 * replaced here (jsdom cannot load Stripe.js); confirming against the fake Stripe as Stripe.js does
 * is covered by the API tests (bank-payments.test.ts).
 */
const payByBank = vi.fn<(clientSecret: string, details: BankAccountDetails) => Promise<'processing' | 'needs_verification'>>(async () => 'processing');
const verifyBankPayment = vi.fn<(clientSecret: string, code: string) => Promise<void>>(async () => undefined);
vi.mock('../../lib/payment-tokens', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/payment-tokens')>();
  return {
    ...original,
    paymentTokens: () => ({
      idNumberToken: async () => 'pii_test',
      bankAccountToken: async () => 'btok_test',
      cardForm: async () => ({ mount: () => undefined, pay: async () => undefined, destroy: () => undefined }),
      payByBank,
      verifyBankPayment,
    }),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  payByBank.mockClear();
  verifyBankPayment.mockReset();
});

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };
const options = (token: string, bankVerification: { amount: number } | null = null) =>
  route('GET', `/api/v1/public/invoices/${token}/card-payment`, () =>
    jsonResponse(200, { data: { available: true, message: null, publishable_key: 'pk_test_123', provider_script: null, partial_payments: false, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: bankVerification } }),
  );

function invoicePage(token: string, invoice: () => ReturnType<typeof publicInvoice>) {
  return route('GET', `/api/v1/public/invoices/${token}`, () =>
    jsonResponse(200, { model: 'invoice', business: { name: 'Acme Ltd', logo_url: null }, invoice: invoice(), estimate: null, can_approve: false, can_reject: false, converted_to_invoice: null, payments: [], pdf_url: `/api/v1/public/invoices/${token}/pdf` }),
  );
}

describe('paying a public invoice from a bank account', () => {
  it('checks the account, starts a bank payment, confirms it through the provider and shows it processing', async () => {
    let started = false;
    const invoice = () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent', payment_processing: started ? { amount: 11000, method: 'us_bank_account' } : null }));
    const { requests } = mockFetch(
      tenant,
      csrf,
      invoicePage('tok-bank', invoice),
      options('tok-bank'),
      route('POST', '/api/v1/public/invoices/tok-bank/card-payment', () => {
        started = true;
        return jsonResponse(200, { data: { client_secret: 'pi_1_secret_2', amount: 11000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'requires_payment_method' } });
      }),
    );
    renderApp('/public/invoices/view/tok-bank', null);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad));
    // The form loads when Pay is pressed.
    expect(await screen.findByRole('radio', { name: 'Card' }, lazyLoad)).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Bank account (US)' }));
    expect(screen.getByText(/you authorize Acme Ltd to debit \$110\.00/)).toBeInTheDocument();

    // Nothing starts until the account looks like one.
    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));
    expect(await screen.findByText('Enter the name on the account.')).toBeInTheDocument();
    expect(screen.getByText('A routing number has 9 digits.')).toBeInTheDocument();
    expect(screen.getByText('An account number has 4 to 17 digits.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Bank Buyer Inc.');
    await user.click(screen.getByRole('radio', { name: 'Company' }));
    await user.type(screen.getByRole('textbox', { name: /Routing number/ }), '110000000');
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));

    expect(await screen.findByText(/A bank payment of \$110\.00 is processing/)).toBeInTheDocument();
    const start = requests.find((request) => request.method === 'POST');
    expect(start?.body).toEqual({ method: 'us_bank_account' });
    expect(payByBank).toHaveBeenCalledWith('pi_1_secret_2', { accountHolderName: 'Bank Buyer Inc.', accountHolderType: 'company', routingNumber: '110000000', accountNumber: '000123456789' });
    // The refreshed invoice carries the processing mark: its badge shows, and no Pay button.
    await waitFor(() => expect(screen.getAllByText('Processing').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('asks for the microdeposit code when the provider wants the account verified, shows its refusal, and processes once verified', async () => {
    payByBank.mockResolvedValueOnce('needs_verification');
    verifyBankPayment.mockRejectedValueOnce(new PaymentTokenError('The descriptor code provided does not match the code sent to the bank account. You have 2 verification attempts remaining.', 'payment_method_microdeposit_verification_descriptor_code_mismatch'));
    mockFetch(
      tenant,
      csrf,
      invoicePage('tok-verify', () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }))),
      options('tok-verify'),
      route('POST', '/api/v1/public/invoices/tok-verify/card-payment', () => jsonResponse(200, { data: { client_secret: 'pi_3_secret_4', amount: 11000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'requires_payment_method' } })),
    );
    renderApp('/public/invoices/view/tok-verify', null);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pay $110.00' }, lazyLoad));
    // The form loads when Pay is pressed.
    await user.click(await screen.findByRole('radio', { name: 'Bank account (US)' }, lazyLoad));
    await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Routing number/ }), '110000000');
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Pay $110.00 now' }));

    expect(await screen.findByRole('heading', { name: 'Verify your bank account' })).toBeInTheDocument();
    expect(screen.getByText(/In 1–2 business days it appears on your bank statement with a 6-character code starting with "SM"/)).toBeInTheDocument();
    expect(screen.getByText(/Your payment of \$110\.00 starts once the account is verified/)).toBeInTheDocument();
    expect(screen.queryByText(/is processing/)).not.toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Verification code/ });
    // A code of another shape never reaches the provider.
    await user.type(code, 'SM1');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-character code starting with SM from your bank statement.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(verifyBankPayment).not.toHaveBeenCalled();
    // The provider's refusal is shown; another try is allowed.
    await user.clear(code);
    await user.type(code, 'sm22bb');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 2 verification attempts remaining.');
    expect(verifyBankPayment).toHaveBeenCalledWith('pi_3_secret_4', 'SM22BB');
    await user.clear(code);
    await user.type(code, 'SM11AA');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByText(/A bank payment of \$110\.00 is processing/)).toBeInTheDocument();
    expect(verifyBankPayment).toHaveBeenLastCalledWith('pi_3_secret_4', 'SM11AA');
  });

  it('asks for the code of the payment still waiting when the page is opened again, getting its secret from the server', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      invoicePage('tok-later', () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }))),
      options('tok-later', { amount: 11000 }),
      route('POST', '/api/v1/public/invoices/tok-later/card-payment', () => jsonResponse(200, { data: { client_secret: 'pi_5_secret_6', amount: 11000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'requires_action' } })),
    );
    renderApp('/public/invoices/view/tok-later', null);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Verify your bank account' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText(/come back with the code/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Verification code/ }), 'SM11AA');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByText(/A bank payment of \$110\.00 is processing/)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ method: 'us_bank_account' });
    expect(verifyBankPayment).toHaveBeenCalledWith('pi_5_secret_6', 'SM11AA');
    expect(payByBank).not.toHaveBeenCalled();
  });

  it('starts over after too many wrong codes, and lets the payer pay another way', async () => {
    verifyBankPayment.mockRejectedValueOnce(new PaymentTokenError('You have exceeded the number of allowed verification attempts.', 'payment_method_microdeposit_verification_attempts_exceeded'));
    mockFetch(
      tenant,
      csrf,
      invoicePage('tok-spent', () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }))),
      options('tok-spent', { amount: 11000 }),
      route('POST', '/api/v1/public/invoices/tok-spent/card-payment', () => jsonResponse(200, { data: { client_secret: 'pi_7_secret_8', amount: 11000, currency: 'usd', publishable_key: 'pk_test_123', method: 'us_bank_account', status: 'requires_action' } })),
    );
    renderApp('/public/invoices/view/tok-spent', null);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Verification code/ }, lazyLoad), 'SM00CC');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have exceeded the number of allowed verification attempts.');
    // Back to the form: card or another bank account.
    expect(screen.getByRole('radio', { name: 'Card' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Verification code/ })).not.toBeInTheDocument();
  });

  it('lets the payer leave the waiting bank account for another way to pay', async () => {
    mockFetch(tenant, csrf, invoicePage('tok-other', () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent' }))), options('tok-other', { amount: 11000 }));
    renderApp('/public/invoices/view/tok-other', null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay another way' }, lazyLoad));
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $110.00 now' })).toBeInTheDocument();
  });

  it('shows a payment already processing and offers no second one', async () => {
    const { requests } = mockFetch(tenant, invoicePage('tok-busy', () => publicInvoice(makeInvoice({ status: 'sent', display_status: 'sent', payment_processing: { amount: 5000, method: 'us_bank_account' } }))), options('tok-busy'));
    renderApp('/public/invoices/view/tok-busy', null);

    expect(await screen.findByText(/A bank payment of \$50\.00 is processing/, {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getAllByText('Processing').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
