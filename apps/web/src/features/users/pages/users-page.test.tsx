import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import type { RoleResource, TeamUserResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

describe('invite user', () => {
  it('sends the email and role name, maps a 422 onto the field and confirms success', async () => {
    let attempts = 0;
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/roles', () =>
        jsonResponse(200, rolePage([role({ id: 'r1', name: 'admin', abilities: ['view-user', 'create-user', 'manage-role'] }), role({ id: 'r2', name: 'viewer', abilities: ['view-user'] })])),
      ),
      route('POST', '/api/v1/users', () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(422, { message: 'Invalid', errors: { email: [messages.alreadyOnExternalTeam] } })
          : jsonResponse(201, { message: messages.invitationSent, data: member({ status: 'invited' }) });
      }),
    );
    renderApp('/users', makeSession({ current_user_abilities: ['view-user', 'create-user'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Role' }));
    // The admin role holds manage-role, which this user lacks: it cannot be chosen.
    expect(await screen.findByRole('option', { name: 'admin' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(await screen.findByRole('option', { name: 'viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(messages.alreadyOnExternalTeam));

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/users').map((r) => r.body)).toEqual([
      { email: 'grace@example.com', role: 'viewer' },
      { email: 'grace@example.com', role: 'viewer' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument());
  });

  it('requires a role', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/roles', () => jsonResponse(200, rolePage([role({ id: 'r1', name: 'admin', abilities: ['view-user'] })]))),
    );
    renderApp('/users', makeSession({ current_user_abilities: ['view-user', 'create-user'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(messages.required));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/users')).toBe(false);
  });
});

const member = (overrides: Partial<TeamUserResource>): TeamUserResource => ({
  id: 'u2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatar: null,
  status: 'active',
  role: { id: 'r2', name: 'viewer' },
  is_owner: false,
  created_at: '2025-02-01T00:00:00Z',
  ...overrides,
});

const role = (overrides: Partial<RoleResource>): RoleResource => ({
  id: 'r1',
  name: 'admin',
  description: null,
  scope: 'business',
  abilities: [],
  is_system: false,
  users_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  ...overrides,
});

const rolePage = (data: RoleResource[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 500, total: data.length, role_total_count: data.length } });

const page = (data: TeamUserResource[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, user_total_count: 2 } });

describe('team list', () => {
  it('reads the tab from the URL, switches tabs and disables a member after confirming', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/users', (r) =>
        jsonResponse(200, page(r.search.get('status') === 'disabled' ? [] : [member({}), member({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', is_owner: true, role: { id: 'r1', name: 'owner' } })])),
      ),
      route('POST', '/api/v1/users/u2/disable', () => jsonResponse(200, { data: member({ status: 'disabled' }) })),
    );
    const { router } = renderApp('/users?tab=active&highlight=u2', makeSession({ current_user_abilities: ['view-user', 'edit-user', 'delete-user'] }));
    const user = userEvent.setup();

    const row = (await screen.findByText('grace@example.com')).closest('tr');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(requests.find((r) => r.path === '/api/v1/users')?.search.get('status')).toBe('active');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    // No actions on one's own row (the owner, signed in).
    expect(screen.queryByRole('button', { name: 'Actions for Ada Lovelace' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable user' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Grace Hopper was disabled')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/users/u2/disable')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Disabled' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=disabled'));
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
  });
});
