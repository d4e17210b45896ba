import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SavedPaymentMethodResource, settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const modes = route('GET', '/api/v1/payments/methods', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, payment_mode_total_count: 0 } }));

const never = { debit_returned_at: null, debit_return_reason: null };
const visa: SavedPaymentMethodResource = { id: 'pm-1', name: 'Visa •••• 4242', type: 'card', expiry_date: '12/2030', is_default: true, ...never, created_at: '2026-11-20T10:00:00Z' };
const bank: SavedPaymentMethodResource = { id: 'pm-2', name: 'STRIPE TEST BANK •••• 6789', type: 'us_bank_account', expiry_date: null, is_default: false, ...never, created_at: '2026-11-19T10:00:00Z' };

/** Adding a card (Stripe.js `confirmCardSetup`) runs against the fake Stripe in the API tests (saved-methods.test.ts). */
describe('saved payment methods in settings', () => {
  it('lists them beside the payment modes, sets a default and deletes after confirming', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      modes,
      route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: [visa, bank] })),
      route('POST', '/api/v1/business/payment-methods/pm-2/set-as-default', () => jsonResponse(200, { data: { ...bank, is_default: true } })),
      route('DELETE', '/api/v1/business/payment-methods/pm-1', () => jsonResponse(200, { success: true })),
    );
    const abilities = ['view-payment-methods', 'create-payment-method', 'edit-payment-method', 'delete-payment-method'];
    renderApp('/settings/payment-methods', makeSession({ setting_menu: [...settingMenu], current_user_abilities: abilities }));
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Saved payment methods' }, lazyLoad);
    const table = await within(section).findByRole('table');
    expect(within(table).getByRole('row', { name: /Visa •••• 4242 Default Card 12\/2030/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /STRIPE TEST BANK •••• 6789 US bank account —/ })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add a payment method' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Set STRIPE TEST BANK •••• 6789 as default' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/pm-2/set-as-default'))).toBe(true));

    await user.click(within(table).getByRole('button', { name: 'Delete Visa •••• 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this payment method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/pm-1'))).toBe(true));
  });

  it('shows only the list to a member who may only view', async () => {
    mockFetch(tenant, csrf, modes, route('GET', '/api/v1/business/payment-methods', () => jsonResponse(200, { data: [] })));
    renderApp('/settings/payment-methods', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['view-payment-methods'] }));

    const section = await screen.findByRole('region', { name: 'Saved payment methods' }, lazyLoad);
    expect(await within(section).findByText('No saved payment methods yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a payment method' })).not.toBeInTheDocument();
  });
});
