import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
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
        jsonResponse(200, { data: [{ id: 'r1', name: 'admin', description: null }, { id: 'r2', name: 'viewer', description: null }] }),
      ),
      route('POST', '/api/v1/users', () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(422, { message: 'Invalid', errors: { email: [messages.alreadyOnExternalTeam] } })
          : jsonResponse(201, { data: { id: 'u2' } });
      }),
    );
    renderApp('/users', makeSession({ current_user_abilities: ['view-user', 'create-user'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(messages.alreadyOnExternalTeam));

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/users').map((r) => r.body)).toEqual([
      { email: 'grace@example.com', role: 'viewer' },
      { email: 'grace@example.com', role: 'viewer' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument());
  });

  it('requires a role', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/roles', () => jsonResponse(200, { data: [{ id: 'r1', name: 'admin', description: null }] })),
    );
    renderApp('/users', makeSession({ current_user_abilities: ['view-user', 'create-user'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(messages.required));
    expect(requests.some((r) => r.path === '/api/v1/users')).toBe(false);
  });
});
