import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformUserResource, RoleResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const role = (id: string, name: string, abilities: string[]): RoleResource => ({ id, name, description: null, scope: 'platform', abilities, is_system: false, users_count: 1, created_at: '2025-01-01T00:00:00Z' });
const PEOPLE_ABILITIES = ['view-platform-user', 'create-platform-user', 'edit-platform-user'];
const roles = [role('r1', 'super admin', ['*']), role('r2', 'support', ['view-platform-user', 'view-business']), role('r3', 'people admin', PEOPLE_ABILITIES)];
const user = (id: string, name: string, roleRef: { id: string; name: string }): PlatformUserResource => ({ id, name, email: `${id}@example.com`, phone: null, status: 'active', role: roleRef, created_at: '2025-01-01T00:00:00Z' });

function peopleAdminSession() {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: PEOPLE_ABILITIES });
}

describe('platform users', () => {
  it('offers only roles within the signed-in user’s abilities, and keeps the role of a stronger user', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/roles', () => jsonResponse(200, { data: roles, meta: { current_page: 1, last_page: 1, per_page: 500, total: 3, role_total_count: 3 } })),
      route('GET', '/api/v1/platform/users', () =>
        jsonResponse(200, { data: [user('u2', 'Sam Support', { id: 'r2', name: 'support' }), user('u3', 'Pat People', { id: 'r3', name: 'people admin' })], meta: { current_page: 1, last_page: 1, per_page: 15, total: 2, user_total_count: 2 } }),
      ),
    );
    renderApp('/admin/users', peopleAdminSession());
    const actor = userEvent.setup();

    await actor.click(await screen.findByRole('button', { name: 'Invite user' }));
    const invite = await screen.findByRole('dialog', { name: 'Invite user' });
    await actor.click(await within(invite).findByRole('combobox', { name: /Role/ }));
    expect(await screen.findByRole('option', { name: 'super admin' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'support' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'people admin' })).not.toHaveAttribute('aria-disabled', 'true');
    await actor.keyboard('{Escape}');
    await actor.click(within(invite).getByRole('button', { name: 'Cancel' }));

    await actor.click(await screen.findByRole('button', { name: 'Edit Sam Support' }));
    const editStronger = await screen.findByRole('dialog', { name: 'Edit' });
    const roleField = await within(editStronger).findByRole('combobox', { name: /Role/ });
    expect(roleField).toBeDisabled();
    expect(roleField).toHaveValue('support');
    expect(within(editStronger).getByText(/permissions you do not hold yourself/)).toBeInTheDocument();
  });

  it('deletes a team member after confirmation', async () => {
    const deleted: string[] = [];
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/users', () =>
        jsonResponse(200, { data: [user('u2', 'Sam Support', { id: 'r2', name: 'support' })], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, user_total_count: 1 } }),
      ),
      route('DELETE', '/api/v1/platform/users/u2', (request) => {
        deleted.push(request.path);
        return jsonResponse(200, { success: true });
      }),
    );
    const base = makeSession();
    renderApp('/admin/users', makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: [...PEOPLE_ABILITIES, 'delete-platform-user'] }));
    const actor = userEvent.setup();

    await actor.click(await screen.findByRole('button', { name: 'Delete Sam Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText(/Sam Support\? They leave the internal team/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['/api/v1/platform/users/u2']);
  });

  it('shows no delete action without delete-platform-user', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/users', () =>
        jsonResponse(200, { data: [user('u2', 'Sam Support', { id: 'r2', name: 'support' })], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, user_total_count: 1 } }),
      ),
    );
    renderApp('/admin/users', peopleAdminSession());
    expect(await screen.findByRole('button', { name: 'Edit Sam Support' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Sam Support' })).not.toBeInTheDocument();
  });
});
