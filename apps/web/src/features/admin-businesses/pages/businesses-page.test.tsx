import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBusinessResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const globex: AdminBusinessResource = {
  ...acme,
  id: 'b-1',
  name: 'Globex Corporation',
  disabled: true,
  type: 'vendor',
  billing_address: null,
  shipping_address: null,
  bank_info: null,
  owner: { id: 'u-9', name: 'Hank', email: 'hank@globex.example.com', status: 'invited' },
};

function platformSession(abilities: string[], landlord = true) {
  const base = makeSession();
  return makeSession({
    current_user: { ...base.current_user, is_platform_user: true },
    current_user_platform_abilities: abilities,
    config: { ...base.config, tenant: { ...base.config.tenant, is_landlord: landlord } },
  });
}

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

describe('admin businesses', () => {
  it('reads the tab from the URL and deletes only after the exact name is typed', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf,
      route('GET', '/api/v1/platform/businesses', () => jsonResponse(200, { data: [globex], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, business_total_count: 3 } })),
      route('DELETE', '/api/v1/platform/businesses/b-1', () => jsonResponse(200, { success: true })),
    );
    renderApp('/admin/businesses?tab=disabled', platformSession(['view-business', 'delete-business']));
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Globex Corporation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Disabled' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.find((r) => r.path === '/api/v1/platform/businesses')?.search.get('status')).toBe('disabled');

    await user.click(screen.getByRole('button', { name: 'Actions for Globex Corporation' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete business' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Business name'), 'Globex');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Business name'), ' Corporation');
    await user.click(confirm);

    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ name: 'Globex Corporation' });
  });

  it('hides the tenants menu entry outside the landlord tenant', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/businesses', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, business_total_count: 0 } })),
    );
    const first = renderApp('/admin/businesses', platformSession(['*']));
    expect(await screen.findByRole('link', { name: 'Tenants' })).toBeInTheDocument();
    expect(await screen.findByText('No businesses yet.')).toBeInTheDocument();
    first.unmount();

    renderApp('/admin/businesses', platformSession(['*'], false));
    expect(await screen.findByRole('link', { name: 'Businesses' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tenants' })).not.toBeInTheDocument();
  });
});
