import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClientResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const sync: ApiClientResource = {
  id: 'c1',
  name: 'Bookkeeping sync',
  client_id: 'lc_abc',
  business: { id: '0190a0a0-0000-7000-8000-000000000001', name: 'Acme' },
  abilities: ['view-customer'],
  created_at: '2026-03-04T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
};

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

const page = (data: ApiClientResource[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, api_client_total_count: data.length } });

const common = [
  route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
  route('GET', '/api/v1/csrf-cookie', () => {
    document.cookie = 'XSRF-TOKEN=token; path=/';
    return new Response(null, { status: 204 });
  }),
];

describe('API clients', () => {
  it('shows the empty state, then registers a client with only abilities the admin holds and shows its secret once', async () => {
    let clients: ApiClientResource[] = [];
    const { requests } = mockFetch(
      ...common,
      route('GET', '/api/v1/platform/api-clients', () => jsonResponse(200, page(clients))),
      route('GET', '/api/v1/platform/api-clients/options', () =>
        jsonResponse(200, { data: { platform_abilities: ['manage-api-client'], businesses: [{ id: '0190a0a0-0000-7000-8000-000000000001', name: 'Acme', abilities: ['view-customer', 'view-invoice'] }] } }),
      ),
      route('POST', '/api/v1/platform/api-clients', () => {
        clients = [sync];
        return jsonResponse(201, { data: sync, client_secret: 'the-one-time-secret' });
      }),
    );
    renderApp('/admin/api-clients', platformSession(['manage-api-client']));
    const user = userEvent.setup();

    expect(await screen.findByText('No API clients yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register client' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bookkeeping sync');
    // The platform scope offers the admin's platform abilities only.
    expect(await within(dialog).findByRole('checkbox', { name: 'manage-api-client' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'manage-tenant' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(/^Business/), '0190a0a0-0000-7000-8000-000000000001');
    expect(within(dialog).queryByRole('checkbox', { name: 'manage-api-client' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'create-customer' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'view-customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Register client' }));

    expect(await within(dialog).findByTestId('api-client-secret')).toHaveTextContent('the-one-time-secret');
    expect(within(dialog).getByTestId('api-client-id')).toHaveTextContent('lc_abc');
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const posted = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/platform/api-clients');
    expect(posted?.body).toEqual({ name: 'Bookkeeping sync', business_id: '0190a0a0-0000-7000-8000-000000000001', abilities: ['view-customer'] });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Bookkeeping sync')).toBeInTheDocument();
    expect(screen.queryByText('the-one-time-secret')).toBeNull();
  });

  it('revokes a client after confirmation', async () => {
    const { requests } = mockFetch(
      ...common,
      route('GET', '/api/v1/platform/api-clients', () => jsonResponse(200, page([sync]))),
      route('POST', '/api/v1/platform/api-clients/c1/revoke', () => jsonResponse(200, { data: { ...sync, revoked_at: '2026-03-05T10:00:00Z' } })),
    );
    renderApp('/admin/api-clients', platformSession(['manage-api-client']));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke Bookkeeping sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke' });
    expect(requests.some((r) => r.path.endsWith('/revoke'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/platform/api-clients/c1/revoke')).toBe(true));
  });

  it('says so when the list cannot be loaded', async () => {
    mockFetch(...common, route('GET', '/api/v1/platform/api-clients', () => jsonResponse(500, { message: 'Server Error' })));
    renderApp('/admin/api-clients', platformSession(['manage-api-client']));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
