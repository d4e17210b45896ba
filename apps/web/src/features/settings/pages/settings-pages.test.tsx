import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

describe('settings', () => {
  it('lists the implemented settings pages beside the page and fills a tax rate from the US state lookup', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('GET', '/api/v1/tax-types', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, tax_type_total_count: 0 } })),
      route('POST', '/api/m/sales-tax-us/current-tax', () =>
        jsonResponse(200, { data: { state: 'CA', state_name: 'California', rate: '7.25', kind: 'state_base_rate', source: 'Tax Foundation', as_of: '2025-01-01' } }),
      ),
      route('POST', '/api/v1/tax-types', () => jsonResponse(201, { data: { id: 't-1', name: 'CA', description: null, percent: '7.25', compound_tax: false, created_at: '' } })),
    );
    renderApp('/settings/tax-types', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['view-tax-type', 'create-tax-type'] }));
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Tax types' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Notes' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'New tax type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tax type' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'CA');
    await user.type(within(dialog).getByLabelText('US state'), 'California');
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Percent/)).toHaveValue('7.25'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/tax-types')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/tax-types')?.body).toMatchObject({ name: 'CA', percent: '7.25', compound_tax: false });
    expect(requests.find((r) => r.path === '/api/m/sales-tax-us/current-tax')?.body).toEqual({ state: 'California', country: 'US' });
  });
});

describe('a standalone tenant', () => {
  it.each(['/settings/account-settings', '/settings/business-info'])('sends %s to /403 (spec: one-tenant configuration)', async (path) => {
    mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)));
    const base = makeSession();
    const { router } = renderApp(path, makeSession({ config: { ...base.config, switches: { ...base.config.switches, standalone: true } } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('still opens the other settings', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/business/notification-settings', () => jsonResponse(200, { data: [] })),
    );
    const base = makeSession();
    const { router } = renderApp('/settings/notifications', makeSession({ current_user_abilities: ['manage-notifications'], config: { ...base.config, switches: { ...base.config.switches, standalone: true } } }));
    expect(await screen.findByRole('heading', { name: 'Notifications' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/notifications');
  });
});
