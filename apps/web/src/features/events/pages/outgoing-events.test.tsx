import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutgoingEventDetail } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { lazyLoad, page, platformSession, tenant } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const sent: OutgoingEventDetail = {
  id: 'ev-1',
  type: 'invoice.paid',
  api_version: '2026-11-01',
  business: { id: 'biz-1', name: 'Acme Ltd' },
  source: 'biz-1',
  status: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  payload: { type: 'invoice.paid', data: { id: 'inv-1', note: '<img src=x onerror=alert(1)>' } },
  deliveries: [
    { webhook_id: 'wh-1', webhook_business_id: null, url: 'https://tenant.example.com/hook', status: 'failed', attempts: 8, next_attempt_at: null, last_response_status: 500 },
    { webhook_id: 'wh-9', webhook_business_id: 'biz-1', url: 'https://acme.example.com/hook', status: 'pending', attempts: 1, next_attempt_at: '2026-11-20T10:05:00Z', last_response_status: null },
  ],
};
const listed = { id: sent.id, type: sent.type, api_version: sent.api_version, business: sent.business, source: sent.source, status: sent.status, created_at: sent.created_at };

describe('sent events', () => {
  it('switches the events page to what the product sent, with its columns and the status filter in the URL', async () => {
    const { requests } = mockFetch(
      tenant,
      route('GET', '/api/v1/events', () => jsonResponse(200, page([], { event_total_count: 0 }))),
      route('GET', '/api/v1/platform/outgoing-events', () => jsonResponse(200, page([listed]))),
    );
    const { router } = renderApp('/admin/events', platformSession(['view-event']));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: 'Sent' }, lazyLoad));
    const link = await screen.findByRole('link', { name: 'invoice.paid' });
    expect(link).toHaveAttribute('href', '/admin/events/sent/ev-1');
    const row = link.closest('tr');
    expect(row).not.toBeNull();
    if (row) for (const text of ['ev-1', 'Acme Ltd', 'Failed']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(router.state.location.search).toContain('direction=sent');

    await user.selectOptions(screen.getByLabelText('Status'), 'no_endpoints');
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/v1/platform/outgoing-events' && r.search.get('status') === 'no_endpoints')).toBe(true));
    expect(router.state.location.search).toContain('status=no_endpoints');
  });

  it('shows one sent event with its payload as text and its deliveries, linking the tenant endpoint only', async () => {
    mockFetch(tenant, route('GET', '/api/v1/platform/outgoing-events/ev-1', () => jsonResponse(200, { data: sent })));
    renderApp('/admin/events/sent/ev-1', platformSession(['view-event']));

    const payload = await screen.findByTestId('outgoing-event-payload-body', {}, lazyLoad);
    expect(payload.textContent).toBe(JSON.stringify(sent.payload, null, 2));
    expect(payload.querySelector('img')).toBeNull();
    const deliveries = screen.getByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByRole('link', { name: 'https://tenant.example.com/hook' })).toHaveAttribute('href', '/admin/webhooks/wh-1');
    expect(within(deliveries).queryByRole('link', { name: 'https://acme.example.com/hook' })).toBeNull();
    expect(within(deliveries).getByRole('row', { name: /tenant\.example\.com.*Failed 8 — 500/ })).toBeInTheDocument();
  });
});
