import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { ALL_WEBHOOK_ABILITIES, catalogue, csrf, lazyLoad, logDetail, logEntry, page, platformSession, tenant, webhook } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const counts = { succeeded_count: 3, failed_count: 2 };

describe('webhook endpoint page', () => {
  it('shows the delivery log with counted tabs kept in the URL', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/platform/webhooks/wh-1', () => jsonResponse(200, { data: webhook() })),
      route('GET', '/api/v1/platform/webhooks/wh-1/logs', (request) =>
        request.search.get('status') === 'failed'
          ? jsonResponse(200, page([logEntry({ id: 'log-2', status: 'failed', response_status: null, error: 'Connection refused' })], counts))
          : jsonResponse(200, page([logEntry()], counts)),
      ),
    );
    const { router } = renderApp('/admin/webhooks/wh-1', platformSession(['view-webhook']));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Delivery log' }, lazyLoad)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (5)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Succeeded (3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'invoice.paid' })).toHaveAttribute('href', '/admin/webhooks/wh-1/logs/log-1');
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Failed (2)' }));
    expect(await screen.findByText('Connection refused')).toBeInTheDocument();
    expect(router.state.location.search).toContain('tab=failed');
    expect(requests.some((r) => r.path === '/api/v1/platform/webhooks/wh-1/logs' && r.search.get('status') === 'failed')).toBe(true);
  });

  it('opens the failed tab from the URL', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/business/webhooks/wh-1', () => jsonResponse(200, { data: webhook({ business_id: 'biz-1' }) })),
      route('GET', '/api/v1/business/webhooks/wh-1/logs', () => jsonResponse(200, page([], counts))),
    );
    renderApp('/settings/webhooks/wh-1?tab=failed', makeSession({ current_user_abilities: ['view-webhook'] }));
    expect(await screen.findByRole('tab', { name: 'Failed (2)' }, lazyLoad)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No failed deliveries.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/business/webhooks/wh-1/logs').map((r) => r.search.get('status'))).toEqual(['failed']);
  });

  it('disables the endpoint, rotates the secret with an overlap and shows the new secret once', async () => {
    let current = webhook();
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/webhooks/wh-1', () => jsonResponse(200, { data: current })),
      route('GET', '/api/v1/platform/webhooks/wh-1/logs', () => jsonResponse(200, page([], { succeeded_count: 0, failed_count: 0 }))),
      route('POST', '/api/v1/platform/webhooks/wh-1/disable', () => {
        current = webhook({ status: 'disabled' });
        return jsonResponse(200, { data: current });
      }),
      route('POST', '/api/v1/platform/webhooks/wh-1/rotate-secret', () =>
        jsonResponse(200, { data: webhook({ previous_secret_expires_at: '2026-11-22T10:00:00Z' }), secret: 'whsec_bmV3LXNlY3JldA==' }),
      ),
    );
    renderApp('/admin/webhooks/wh-1', platformSession(ALL_WEBHOOK_ABILITIES));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Disable' }, lazyLoad));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret' });
    const overlap = within(dialog).getByLabelText(/^Overlap/);
    await user.clear(overlap);
    await user.type(overlap, '48');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_bmV3LXNlY3JldA==');
    expect(requests.find((r) => r.path === '/api/v1/platform/webhooks/wh-1/rotate-secret')?.body).toEqual({ overlap_hours: 48 });
  });

  it('edits the endpoint in the form it was made with, keeping what was not changed, and shows the saved values', async () => {
    let current = webhook({ events: ['invoice.created'] });
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/webhooks/wh-1', () => jsonResponse(200, { data: current })),
      route('GET', '/api/v1/business/webhooks/wh-1/logs', () => jsonResponse(200, page([], { succeeded_count: 0, failed_count: 0 }))),
      route('GET', '/api/v1/business/webhook-events', () => jsonResponse(200, catalogue)),
      route('PUT', '/api/v1/business/webhooks/wh-1', () => {
        current = webhook({ ...current, url: 'https://hooks.example.com/moved', events: ['invoice.created', 'invoice.paid'] });
        return jsonResponse(200, { data: current });
      }),
    );
    renderApp('/settings/webhooks/wh-1', makeSession({ current_user_abilities: ['view-webhook', 'edit-webhook'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit endpoint' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = await within(dialog).findByLabelText(/^Endpoint URL/);
    expect(url).toHaveValue('https://hooks.example.com/in');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Accounting sync');
    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/moved');
    const invoices = within(dialog).getByRole('group', { name: 'Invoices' });
    expect(within(invoices).getByRole('checkbox', { name: /invoice\.created/ })).toBeChecked();
    await user.click(within(invoices).getByRole('checkbox', { name: /invoice\.paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit endpoint' })).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { url: 'https://hooks.example.com/moved', description: 'Accounting sync', events: ['invoice.created', 'invoice.paid'], api_version: '2026-11-01' },
    ]);
    expect(await screen.findByText('https://hooks.example.com/moved')).toBeInTheDocument();
  });

  it('deletes the endpoint after confirmation and goes back to the list', async () => {
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/webhooks/wh-1', () => jsonResponse(200, { data: webhook() })),
      route('GET', '/api/v1/platform/webhooks/wh-1/logs', () => jsonResponse(200, page([], { succeeded_count: 0, failed_count: 0 }))),
      route('DELETE', '/api/v1/platform/webhooks/wh-1', () => jsonResponse(200, { success: true })),
      route('GET', '/api/v1/platform/webhooks', () => jsonResponse(200, page([]))),
    );
    const { router } = renderApp('/admin/webhooks/wh-1', platformSession(ALL_WEBHOOK_ABILITIES));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete endpoint' }, lazyLoad));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/webhooks'));
  });
});

describe('webhook log page', () => {
  it('shows the attempt with its headers and pretty-printed body, and replays it', async () => {
    let detailReads = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/webhooks/wh-1/logs/log-1', () => {
        detailReads += 1;
        return jsonResponse(200, { data: logDetail() });
      }),
      route('POST', '/api/v1/platform/webhooks/wh-1/logs/log-1/replay', () => jsonResponse(202, { message: 'The event will be sent again.' })),
    );
    renderApp('/admin/webhooks/wh-1/logs/log-1', platformSession(ALL_WEBHOOK_ABILITIES));
    const user = userEvent.setup();

    const body = await screen.findByTestId('webhook-request-body', {}, lazyLoad);
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe(JSON.stringify(JSON.parse(logDetail().request_body), null, 2));
    expect(body.querySelector('img')).toBeNull();
    expect(screen.getByTestId('webhook-response-body')).toHaveTextContent('upstream exploded');
    const headers = screen.getByRole('table', { name: 'Request headers' });
    expect(within(headers).getByRole('row', { name: 'webhook-signature v1,abc' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ev-1' })).toHaveAttribute('href', '/admin/events/sent/ev-1');

    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('The event will be sent again.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/replay'))).toHaveLength(1);
    await vi.waitFor(() => expect(detailReads).toBe(2));
  });

  it('offers no replay without edit-webhook', async () => {
    mockFetch(tenant, route('GET', '/api/v1/business/webhooks/wh-1/logs/log-1', () => jsonResponse(200, { data: logDetail({ response_body: null }) })));
    renderApp('/settings/webhooks/wh-1/logs/log-1', makeSession({ current_user_abilities: ['view-webhook'] }));
    expect(await screen.findByText('No response was received.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/settings/webhooks/wh-1');
  });
});
