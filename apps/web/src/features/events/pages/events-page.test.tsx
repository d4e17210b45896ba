import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderEventDetail } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const event: ProviderEventDetail = {
  id: 'e-1',
  event_name: 'account.updated',
  provider_event_id: 'evt_1Abc',
  source: 'stripe',
  status: 'processed',
  method: 'POST',
  url: '/api/v1/webhooks/payment-provider',
  account: 'acct_1Xyz',
  livemode: false,
  created_at: '2026-11-20T10:00:00Z',
  received_at: '2026-11-20T10:00:01Z',
  processed_at: '2026-11-20T10:00:02Z',
  attempts: 1,
  last_error: null,
  payload: { id: 'evt_1Abc', type: 'account.updated', data: { object: { id: 'acct_1Xyz', note: '<img src=x onerror=alert(1)>' } } },
};

const listed = {
  id: event.id,
  event_name: event.event_name,
  provider_event_id: event.provider_event_id,
  source: event.source,
  status: event.status,
  method: event.method,
  url: event.url,
  account: event.account,
  livemode: event.livemode,
  created_at: event.created_at,
  received_at: event.received_at,
  processed_at: event.processed_at,
};
const page = (data: unknown[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length, event_total_count: data.length } });

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

describe('events', () => {
  it('lists events with the spec columns and filters by status in the URL', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/events', () => jsonResponse(200, page([listed]))),
    );
    renderApp('/admin/events', platformSession(['view-event']));
    const link = await screen.findByRole('link', { name: 'account.updated' });
    expect(link.getAttribute('href')).toBe('/admin/events/e-1');
    const row = link.closest('tr');
    expect(row).not.toBeNull();
    if (row) {
      for (const text of ['evt_1Abc', 'stripe', 'Processed', 'POST', '/api/v1/webhooks/payment-provider']) expect(within(row).getByText(text)).toBeTruthy();
    }
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/v1/events' && r.search.get('status') === 'failed')).toBe(true));
  });

  it('shows the empty and the error states', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/events', (request) => (request.search.get('status') === 'failed' ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, page([])))),
    );
    renderApp('/admin/events', platformSession(['view-event']));
    expect(await screen.findByText('No events match.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows one event with its payload as formatted text, never as HTML', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/events/e-1', () => jsonResponse(200, { data: event })),
    );
    renderApp('/admin/events/e-1', platformSession(['view-event']));
    const payload = await screen.findByTestId('event-payload-body');
    expect(payload.tagName).toBe('PRE');
    expect(payload.textContent).toBe(JSON.stringify(event.payload, null, 2));
    expect(payload.querySelector('img')).toBeNull();
    expect(screen.getByText('acct_1Xyz')).toBeTruthy();
  });

  it('sends a platform user without view-event to the 403 page', async () => {
    mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)));
    const { router } = renderApp('/admin/events', platformSession(['view-api-log']));
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/403');
  });
});
