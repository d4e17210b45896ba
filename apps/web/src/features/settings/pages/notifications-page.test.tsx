import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, notificationEvents, settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const stored = notificationEvents.map((event) => ({ event, recipients: event === 'invoice.paid' ? ['books@example.com'] : [] }));

describe('settings → notifications', () => {
  it('lists every event with its addresses, shows a bad address on its event and saves the choice', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/notification-settings', () => jsonResponse(200, { data: stored })),
      route('PUT', '/api/v1/business/notification-settings', (request) => jsonResponse(200, { data: (request.body as { settings: unknown }).settings })),
    );
    renderApp('/settings/notifications', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['manage-notifications'] }));
    const user = userEvent.setup();

    const paid = await screen.findByRole('combobox', { name: 'Invoice paid' }, lazyLoad);
    expect(within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('books@example.com')).toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('name@example.com')).toHaveLength(notificationEvents.length);

    const viewed = screen.getByRole('combobox', { name: 'Invoice viewed' });
    await user.type(viewed, 'not-an-address,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.incorrectEmail)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    // Backspace in the empty field takes the last address off.
    await user.type(viewed, '{Backspace}');
    expect(screen.queryByText('not-an-address')).not.toBeInTheDocument();
    await user.type(viewed, 'sales@example.com,');
    await user.type(paid, 'boss@example.com,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'PUT')?.body as { settings: { event: string; recipients: string[] }[] };
    expect(body.settings.filter((s) => s.recipients.length > 0)).toEqual([
      { event: 'invoice.viewed', recipients: ['sales@example.com'] },
      { event: 'invoice.paid', recipients: ['books@example.com', 'boss@example.com'] },
    ]);
  });

  it('needs the manage-notifications ability', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/settings/notifications', makeSession({ current_user_abilities: ['manage-business-settings'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
