import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type RoleResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const viewer: RoleResource = { id: 'r4', name: 'viewer', description: null, scope: 'business', abilities: ['view-user'], is_system: false, users_count: 2, created_at: '2025-01-01T00:00:00Z' };
const owner: RoleResource = { ...viewer, id: 'r1', name: 'owner', abilities: ['*'], is_system: true, users_count: 1 };
const list = { data: [owner, viewer], meta: { current_page: 1, last_page: 1, per_page: 15, total: 2, role_total_count: 2 } };

function csrf() {
  return route('GET', '/api/v1/csrf-cookie', () => {
    document.cookie = 'XSRF-TOKEN=token; path=/';
    return new Response(null, { status: 204 });
  });
}

describe('business roles page', () => {
  it('creates a role with a whole permission group, after the at-least-one rule', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf(),
      route('GET', '/api/v1/roles', () => jsonResponse(200, list)),
      route('POST', '/api/v1/roles', () => jsonResponse(201, { data: { ...viewer, id: 'r9', name: 'Clerk' } })),
    );
    renderApp('/settings/roles', makeSession({ current_user_abilities: ['view-role', 'manage-role', 'view-user', 'create-user', 'edit-user', 'delete-user'] }));
    const user = userEvent.setup();

    expect(await screen.findByText('viewer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit owner' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByLabelText('Name'), 'Clerk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.selectAtLeastOne)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'All of Users' }));
    expect(within(dialog).getByRole('checkbox', { name: 'delete-user' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'delete-user' }));
    expect(within(dialog).getByRole('checkbox', { name: 'All of Users' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Role created')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/roles')?.body as { name: string; abilities: string[] };
    expect(sent.name).toBe('Clerk');
    expect([...sent.abilities].sort()).toEqual(['create-user', 'edit-user', 'view-user']);
  });

  it('shows the server refusal to delete a role in use', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf(),
      route('GET', '/api/v1/roles', () => jsonResponse(200, list)),
      route('DELETE', '/api/v1/roles/r4', () => jsonResponse(422, { message: messages.roleInUse, errors: { role: [messages.roleInUse] } })),
    );
    renderApp('/settings/roles', makeSession({ current_user_abilities: ['view-role', 'manage-role', 'view-user'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete viewer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete role' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(messages.roleInUse)).toBeInTheDocument();
  });

  it('offers changes only to roles within the user\'s own abilities, and only those abilities to pick', async () => {
    const manager: RoleResource = { ...viewer, id: 'r5', name: 'manager', abilities: ['view-user', 'delete-user'] };
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/roles', () => jsonResponse(200, { ...list, data: [owner, viewer, manager] })),
    );
    renderApp('/settings/roles', makeSession({ current_user_abilities: ['view-role', 'manage-role', 'view-user'] }));
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Edit viewer' })).toBeInTheDocument();
    expect(screen.getByText('manager')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit manager' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete manager' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByRole('checkbox', { name: 'view-user' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'delete-user' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'All of Users' }));
    expect(within(dialog).getByRole('checkbox', { name: 'view-user' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'delete-user' })).not.toBeChecked();
  });

  it('hides changes from those who may only view', async () => {
    mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)), route('GET', '/api/v1/roles', () => jsonResponse(200, list)));
    renderApp('/settings/roles', makeSession({ current_user_abilities: ['view-role'] }));
    expect(await screen.findByText('viewer')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Delete viewer' })).not.toBeInTheDocument();
  });
});
