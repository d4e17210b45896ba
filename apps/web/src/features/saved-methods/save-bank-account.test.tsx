import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SavedPaymentMethodResource, settingMenu } from '@app/contracts';
import { type BankAccountDetails, PaymentTokenError } from '../../lib/payment-tokens';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/**
 * Saving a US bank account typed by hand, in settings and through a payment-method link. The
 * provider's script is replaced here (jsdom cannot load Stripe.js); `confirmUsBankAccountSetup`
 * against the fake Stripe is covered by the fake's own tests (stripe-js-payments.test.ts) and the
 * API tests (auto-pay-bank.test.ts).
 */
const saveBank = vi.fn<(clientSecret: string, details: BankAccountDetails) => Promise<{ id: string; status: 'saved' | 'needs_verification'; verifyUrl: string | null }>>(async () => ({ id: 'seti_1', status: 'saved', verifyUrl: null }));
const verifyBankSetup = vi.fn<(clientSecret: string, code: string) => Promise<string>>(async () => 'seti_1');
vi.mock('../../lib/payment-tokens', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/payment-tokens')>();
  return {
    ...original,
    paymentTokens: () => ({
      idNumberToken: async () => 'pii_test',
      bankAccountToken: async () => 'btok_test',
      cardForm: async () => ({ mount: () => undefined, pay: async () => undefined, save: async () => 'seti_card', destroy: () => undefined }),
      payByBank: async () => 'processing',
      saveBank,
      verifyBankSetup,
    }),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  saveBank.mockClear();
  verifyBankSetup.mockReset();
});

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const modes = route('GET', '/api/v1/payments/methods', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, payment_mode_total_count: 0 } }));
const setup = { client_secret: 'seti_1_secret_2', publishable_key: 'pk_test_123', provider_script: null };
const bank: SavedPaymentMethodResource = { id: 'pm-2', name: 'STRIPE TEST BANK •••• 6789', type: 'us_bank_account', expiry_date: null, is_default: true, debit_returned_at: null, debit_return_reason: null, created_at: '2026-11-19T10:00:00Z' };
const abilities = ['view-payment-methods', 'create-payment-method', 'edit-payment-method', 'delete-payment-method'];

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Buyer Inc.');
  await user.click(screen.getByRole('radio', { name: 'Company' }));
  await user.type(screen.getByRole('textbox', { name: /Routing number/ }), '110000000');
  await user.type(screen.getByRole('textbox', { name: /Account number/ }), '000123456789');
}

describe('saving a bank account', () => {
  it('checks the account, confirms the setup through the provider, then tells the server, in settings', async () => {
    let saved = false;
    const { requests } = mockFetch(
      tenant,
      csrf,
      modes,
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: saved ? [bank] : [] })),
      route('POST', '/api/v1/business/payment-methods/setup', () => jsonResponse(200, { data: setup })),
      route('POST', '/api/v1/business/payment-methods/confirm', () => {
        saved = true;
        return jsonResponse(200, { data: bank });
      }),
    );
    renderApp('/settings/payment-methods', makeSession({ setting_menu: [...settingMenu], current_user_abilities: abilities }));
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Saved payment methods' }, lazyLoad);
    await user.click(within(section).getByRole('button', { name: 'Add a payment method' }));
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'US bank account' }));
    expect(screen.getByText(/you authorize the businesses that invoice you to debit it/)).toBeInTheDocument();

    // Nothing goes to the provider until the account looks like one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save bank account' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter the name on the account.')).toBeInTheDocument();
    expect(saveBank).not.toHaveBeenCalled();

    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/api/v1/business/payment-methods/confirm')?.body).toEqual({ setup_intent_id: 'seti_1' }));
    expect(saveBank).toHaveBeenCalledWith('seti_1_secret_2', { accountHolderName: 'Buyer Inc.', accountHolderType: 'company', routingNumber: '110000000', accountNumber: '000123456789' });
    // The numbers went to the provider's script only.
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain('000123456789');
    expect(await within(section).findByRole('row', { name: /STRIPE TEST BANK •••• 6789 Default US bank account/ })).toBeInTheDocument();
  });

  it('asks for the microdeposit code when the provider wants the account verified, and saves it only once verified', async () => {
    saveBank.mockResolvedValueOnce({ id: 'seti_1', status: 'needs_verification', verifyUrl: 'https://payments.stripe.example/microdeposit/seti_1' });
    verifyBankSetup.mockRejectedValueOnce(new PaymentTokenError('The descriptor code provided does not match the code sent to the bank account. You have 2 verification attempts remaining.', 'payment_method_microdeposit_verification_descriptor_code_mismatch'));
    verifyBankSetup.mockResolvedValueOnce('seti_1');
    let saved = false;
    const { requests } = mockFetch(
      tenant,
      csrf,
      modes,
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: saved ? [bank] : [] })),
      route('POST', '/api/v1/business/payment-methods/setup', () => jsonResponse(200, { data: setup })),
      route('POST', '/api/v1/business/payment-methods/confirm', () => {
        saved = true;
        return jsonResponse(200, { data: bank });
      }),
    );
    renderApp('/settings/payment-methods', makeSession({ setting_menu: [...settingMenu], current_user_abilities: abilities }));
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Saved payment methods' }, lazyLoad);
    await user.click(within(section).getByRole('button', { name: 'Add a payment method' }));
    await user.click(screen.getByRole('radio', { name: 'US bank account' }));
    await fillAccount(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save bank account' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));

    expect(await screen.findByRole('heading', { name: 'Verify your bank account' })).toBeInTheDocument();
    expect(screen.getByText(/The account is saved once it is verified/)).toBeInTheDocument();
    // The code may come days later: the provider's own page takes it then, and our server saves the account from the provider's event.
    const later = screen.getByRole('link', { name: /verification page/ });
    expect(later).toHaveAttribute('href', 'https://payments.stripe.example/microdeposit/seti_1');
    expect(later).toHaveAttribute('rel', 'noopener noreferrer');
    expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(false);
    const code = screen.getByRole('textbox', { name: /Verification code/ });
    await user.type(code, 'SM22BB');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 2 verification attempts remaining.');
    expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(false);
    await user.clear(code);
    await user.type(code, 'SM11AA');
    await user.click(screen.getByRole('button', { name: 'Verify bank account' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/api/v1/business/payment-methods/confirm')?.body).toEqual({ setup_intent_id: 'seti_1' }));
    expect(verifyBankSetup).toHaveBeenLastCalledWith('seti_1_secret_2', 'SM11AA');
    expect(await within(section).findByRole('row', { name: /STRIPE TEST BANK •••• 6789 Default US bank account/ })).toBeInTheDocument();
  });

  it('marks an account whose automatic debit was returned, and lets it be chosen again', async () => {
    const returned = { ...bank, debit_returned_at: '2026-11-22T10:00:00Z', debit_return_reason: 'The customer’s account has insufficient funds to cover this payment.' };
    const { requests } = mockFetch(
      tenant,
      csrf,
      modes,
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: [returned] })),
      route('POST', '/api/v1/business/payment-methods/pm-2/set-as-default', () => jsonResponse(200, { data: bank })),
    );
    renderApp('/settings/payment-methods', makeSession({ setting_menu: [...settingMenu], current_user_abilities: abilities }));
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Saved payment methods' }, lazyLoad);
    const row = await within(section).findByRole('row', { name: /STRIPE TEST BANK •••• 6789 Default Debit returned/ });
    expect(within(row).getByText(/insufficient funds to cover this payment\.\): it is not debited automatically again until you set it as default again/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Set STRIPE TEST BANK •••• 6789 as default' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/pm-2/set-as-default'))).toBe(true));
  });

  it('is offered on a payment-method link, with the mandate naming the business that asks', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/public/payment-method-links/tok-bank', () =>
        jsonResponse(200, { data: { business_name: 'Acme Ltd', customer_name: 'Buyer Inc', expires_at: '2026-11-27T10:00:00.000Z', publishable_key: 'pk_test_123', provider_script: null } }),
      ),
      route('POST', '/api/v1/public/payment-method-links/tok-bank/setup', () => jsonResponse(200, { data: setup })),
      route('POST', '/api/v1/public/payment-method-links/tok-bank/confirm', () => jsonResponse(200, { data: bank })),
    );
    renderApp('/public/payment-method-links/tok-bank/payment-method', null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'US bank account' }, lazyLoad));
    expect(screen.getByText(/you authorize Acme Ltd to debit it/)).toBeInTheDocument();
    await fillAccount(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save bank account' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your payment method is saved. You can close this page.');
    expect(requests.find((r) => r.path === '/api/v1/public/payment-method-links/tok-bank/confirm')?.body).toEqual({ setup_intent_id: 'seti_1' });
  });
});
