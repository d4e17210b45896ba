import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

function platformUser(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

function settingsApi() {
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/platform/security-settings', () => jsonResponse(200, { data: { personal_token_max_days: 365 } })),
    route('PUT', '/api/v1/platform/security-settings', (r) => {
      const days = (r.body as { personal_token_max_days: number }).personal_token_max_days;
      return days > 3650
        ? jsonResponse(422, { message: messages.tokenLifetimeRange, errors: { personal_token_max_days: [messages.tokenLifetimeRange] } })
        : jsonResponse(200, { data: { personal_token_max_days: days } });
    }),
  );
}

describe('admin settings: security', () => {
  it('lets a super admin change the maximum token lifetime', async () => {
    const { requests } = settingsApi();
    renderApp('/admin/settings', platformUser(['*']));
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Security' });
    const lifetime = await within(form).findByLabelText('Maximum lifetime of a personal access token');
    expect(lifetime).toHaveValue('365 days');
    await user.clear(lifetime);
    await user.type(lifetime, '90');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ personal_token_max_days: 90 });
  });

  it('shows the contract message for a lifetime out of range without saving', async () => {
    const { requests } = settingsApi();
    renderApp('/admin/settings', platformUser(['*']));
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Security' });
    const lifetime = await within(form).findByLabelText('Maximum lifetime of a personal access token');
    await user.clear(lifetime);
    await user.type(lifetime, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lifetime).toHaveAccessibleDescription(expect.stringContaining(messages.tokenLifetimeRange)));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the settings read-only to support and not at all without view-platform-setting', async () => {
    settingsApi();
    const support = renderApp('/admin/settings', platformUser(['edit-platform-user', 'view-platform-setting']));
    const form = await screen.findByRole('form', { name: 'Security' });
    expect(await within(form).findByLabelText('Maximum lifetime of a personal access token')).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    support.unmount();

    renderApp('/admin/settings', platformUser(['edit-platform-user', 'view-business']));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Security' })).not.toBeInTheDocument();
  });

  it('sends a platform user without edit-platform-user to the forbidden page (spec section 2)', async () => {
    settingsApi();
    const { router } = renderApp('/admin/settings', platformUser(['view-platform-setting', 'view-business']));
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });
});
