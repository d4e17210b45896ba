import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

describe('header search', () => {
  it('debounces, lists users and opens the chosen one highlighted on the users page', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/search', () => jsonResponse(200, { users: [{ id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', avatar: null }], customers: [], vendors: [] })),
      route('GET', '/api/v1/users', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, user_total_count: 0 } })),
    );
    const { router } = renderApp('/dashboard', makeSession({ current_user_abilities: ['dashboard', 'view-user'] }));
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'gra');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/search').map((r) => r.search.get('search'))).toEqual(['gra']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toContain('highlight=u2');
  });

  it('lists customers and vendors and opens the chosen one', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/search', () =>
        jsonResponse(200, { users: [], customers: [{ id: 'c1', name: 'Globex', email: 'globex@example.com', avatar: null }], vendors: [{ id: 'v1', name: 'Paper Co', email: null, avatar: null }] }),
      ),
      route('GET', '/api/v1/vendors/v1', () => jsonResponse(404, { message: 'Not Found' })),
    );
    const { router } = renderApp('/dashboard', makeSession({ current_user_abilities: ['dashboard', 'view-customer', 'view-vendor'] }));
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'co');
    expect(await screen.findByRole('option', { name: /Globex/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Paper Co/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendors/v1/view'));
  });

  it('Enter without a chosen hit opens the users page filtered by the text', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/search', () => jsonResponse(200, { users: [], customers: [], vendors: [] })),
      route('GET', '/api/v1/users', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, user_total_count: 0 } })),
    );
    const { router } = renderApp('/dashboard', makeSession({ current_user_abilities: ['dashboard', 'view-user'] }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'nobody{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('nobody');
  });
});
