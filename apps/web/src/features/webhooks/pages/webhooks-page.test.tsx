import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { ALL_WEBHOOK_ABILITIES, catalogue, csrf, lazyLoad, page, platformSession, tenant, webhook } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const invalidUrl = 'The URL must be a valid public address.';

describe('webhook endpoints list', () => {
  it('lists the endpoints, creates one with chosen events, maps the refused URL onto its field and shows the secret once', async () => {
    let attempts = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/webhooks', () =>
        jsonResponse(200, page([webhook(), webhook({ id: 'wh-2', url: 'https://b.example.com/hook', description: null, events: ['invoice.paid', 'payment.created'], status: 'disabled', failing_since: '2026-11-18T08:00:00Z' })])),
      ),
      route('GET', '/api/v1/platform/webhook-events', () => jsonResponse(200, catalogue)),
      route('POST', '/api/v1/platform/webhooks', () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(422, { message: invalidUrl, errors: { url: [invalidUrl] } })
          : jsonResponse(201, { data: webhook({ id: 'wh-3', url: 'https://c.example.com/hook', events: ['invoice.paid'] }), secret: 'whsec_c2VjcmV0LW9uY2U=' });
      }),
    );
    renderApp('/admin/webhooks', platformSession(ALL_WEBHOOK_ABILITIES));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', {}, lazyLoad);
    const first = within(table).getByRole('row', { name: /hooks\.example\.com/ });
    expect(within(first).getByText('All events')).toBeInTheDocument();
    expect(within(first).getByText('Enabled')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'https://hooks.example.com/in' })).toHaveAttribute('href', '/admin/webhooks/wh-1');
    const second = within(table).getByRole('row', { name: /b\.example\.com/ });
    expect(within(second).getByText('2 events')).toBeInTheDocument();
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByText(/^Failing since/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New endpoint' });
    await user.type(await within(dialog).findByLabelText(/^Endpoint URL/), 'https://c.example.com/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /^All events/ }));
    const invoices = within(dialog).getByRole('group', { name: 'Invoices' });
    await user.click(within(invoices).getByRole('checkbox', { name: /invoice\.paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(invalidUrl)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Endpoint URL/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' }, lazyLoad);
    expect(within(secretDialog).getByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0LW9uY2U=');
    expect(within(secretDialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(secretDialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/platform/webhooks').map((r) => r.body);
    expect(posts).toEqual([
      { url: 'https://c.example.com/hook', description: null, events: ['invoice.paid'], api_version: '2026-11-01' },
      { url: 'https://c.example.com/hook', description: null, events: ['invoice.paid'], api_version: '2026-11-01' },
    ]);

    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('offers no changes to a platform user who may only view, and shows the empty state', async () => {
    mockFetch(tenant, route('GET', '/api/v1/platform/webhooks', () => jsonResponse(200, page([]))));
    renderApp('/admin/webhooks', platformSession(['view-webhook']));
    expect(await screen.findByText('No webhook endpoints yet.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New endpoint' })).toBeNull();
  });

  it('sends a platform user without view-webhook to the 403 page', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/admin/webhooks', platformSession(['view-event']));
    expect(await screen.findByRole('heading', { name: 'Forbidden' }, lazyLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });

  it("is the business's settings section with the business routes and its own abilities", async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/business/webhooks', () => jsonResponse(200, page([webhook({ business_id: 'biz-1' })]))),
      route('GET', '/api/v1/platform/webhooks', () => jsonResponse(500, { message: 'wrong area' })),
    );
    renderApp('/settings/webhooks', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['view-webhook'] }));
    const table = await screen.findByRole('table', {}, lazyLoad);
    expect(within(table).getByRole('link', { name: 'https://hooks.example.com/in' })).toHaveAttribute('href', '/settings/webhooks/wh-1');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    expect(requests.some((r) => r.path === '/api/v1/platform/webhooks')).toBe(false);
    expect(screen.queryByRole('button', { name: 'New endpoint' })).toBeNull();
  });
});
