import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExchangeRateResource, currencyByCode, messages, settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const eur = currencyByCode('EUR');
const gbp = currencyByCode('GBP');
if (!eur || !gbp) throw new Error('EUR and GBP are in the currency catalogue');

const rate = (overrides: Partial<ExchangeRateResource> = {}): ExchangeRateResource => ({ currency_id: eur.id, currency_code: 'EUR', rate: '1.0842', updated_at: '2026-03-01T10:00:00Z', ...overrides });

describe('exchange rates settings', () => {
  it('shows each rate against the business currency, refuses a bad rate and saves a new one', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/exchange-rates', () => jsonResponse(200, { data: [rate()], business_currency_id: 1 })),
      route('PUT', `/api/v1/exchange-rates/${gbp.id}`, () => jsonResponse(200, { data: rate({ currency_id: gbp.id, currency_code: 'GBP', rate: '1.27' }) })),
    );
    renderApp('/settings/exchange-rates', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['manage-business-settings'] }));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Exchange rates' }, lazyLoad);
    expect(within(table).getByRole('cell', { name: '1 EUR = 1.0842 USD' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Exchange rates' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'New exchange rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New exchange rate' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Currency/ }));
    // The business currency and currencies that have a rate already are not offered.
    expect(screen.queryByRole('option', { name: 'USD – US Dollar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'EUR – Euro' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: `GBP – ${gbp.name}` }));
    expect(within(dialog).getByText('How many USD one GBP is worth.')).toBeInTheDocument();

    const input = within(dialog).getByLabelText(/^Rate/);
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.invalidExchangeRate)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '1.27');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Exchange rate saved', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ rate: '1.27' }]);
  });

  it('deletes a rate after confirmation', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/exchange-rates', () => jsonResponse(200, { data: [rate()], business_currency_id: 1 })),
      route('DELETE', `/api/v1/exchange-rates/${eur.id}`, () => jsonResponse(200, { success: true })),
    );
    renderApp('/settings/exchange-rates', makeSession({ current_user_abilities: ['manage-business-settings'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete the EUR rate' }, lazyLoad));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete exchange rate' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE' && r.path === `/api/v1/exchange-rates/${eur.id}`)).toHaveLength(1));
    expect(await screen.findByText('Exchange rate deleted', {}, lazyLoad)).toBeInTheDocument();
  });

  it('needs the manage-business-settings ability', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/settings/exchange-rates', makeSession({ current_user_abilities: ['dashboard'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
