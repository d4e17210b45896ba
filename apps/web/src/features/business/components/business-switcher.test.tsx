import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { storage } from '../../../lib/storage';

afterEach(() => vi.restoreAllMocks());


describe('business switcher', () => {
  it('creates a business from the Add business modal and switches to it', async () => {
    const created = { ...acme, id: 'biz-2', name: 'Beta Co', business_type: 'non_profit' as const, business_structure: 'unincorporated_non_profit' as const };
    const base = makeSession();
    const session = makeSession({
      main_menu: [...base.main_menu, { title: 'navigation.customers', link: '/customers', icon: 'users', ability: 'view-customer', group: 'main' }],
      current_business: acme,
      companies: [{ id: 'biz-1', name: 'Acme Ltd', slug: 'acme', logo: null, role: 'owner' }],
    });
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('POST', '/api/v1/businesses/create', () => jsonResponse(201, { data: created })),
      route('GET', '/api/v1/bootstrap', (r) =>
        jsonResponse(200, r.headers.get('business') === 'biz-2' ? { ...session, current_business: created } : session),
      ),
    );
    const { router } = renderApp('/users', makeSession({ ...session, current_user_abilities: ['dashboard', 'view-user'] }));
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('business-switcher'));
    await user.click(await screen.findByRole('menuitem', { name: 'Add business' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add business' });
    await user.type(within(dialog).getByLabelText('Business name'), 'Beta Co');
    await user.selectOptions(within(dialog).getByLabelText('Business type'), 'non_profit');
    expect(within(dialog).getByLabelText('Business structure')).toHaveValue('incorporated_non_profit');
    await user.selectOptions(within(dialog).getByLabelText('Business structure'), 'unincorporated_non_profit');
    await user.click(within(dialog).getByRole('button', { name: 'Create business' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.path === '/api/v1/businesses/create')?.body).toEqual({
      name: 'Beta Co',
      business_type: 'non_profit',
      business_structure: 'unincorporated_non_profit',
      currency_id: 1,
    });
    expect(storage.getSelectedBusiness()).toBe('biz-2');
    expect(await screen.findByRole('heading', { name: 'Beta Co' })).toBeInTheDocument();
  });
});
