import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMailResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const failed: OutboxMailResource = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Your invitation',
  text: 'Hello <b>Ada</b>\n<script>alert(1)</script>',
  html: '<p>Hello <b>Ada</b></p>',
  status: 'failed',
  attempts: 3,
  last_error: 'Connection refused',
  created_at: '2025-03-04T10:00:00Z',
  sent_at: null,
};

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

describe('outbox', () => {
  it('lists mails by status from the URL, shows the text as plain text and retries a failed one', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/platform/outbox', () => jsonResponse(200, { data: [failed], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, outbox_total_count: 1 } })),
      route('POST', '/api/v1/platform/outbox/m1/retry', () => jsonResponse(200, { success: true })),
    );
    renderApp('/admin/outbox?status=failed', platformSession(['view-platform-setting', 'edit-platform-setting']));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Your invitation' }));

    const drawer = await screen.findByRole('dialog', { name: 'Your invitation' });
    const text = within(drawer).getByTestId('outbox-mail-text');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(failed.text);
    expect(text.querySelector('b, script')).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/platform/outbox/m1/retry')).toBe(true));
    const listCall = requests.find((r) => r.path === '/api/v1/platform/outbox');
    expect(listCall?.search.get('status')).toBe('failed');
    expect(listCall?.search.get('page')).toBe('1');
  });

  it('shows a held reset mail with its link masked and offers only a retry to its recipient', async () => {
    const held: OutboxMailResource = {
      ...failed,
      id: 'm2',
      subject: 'Reset your password',
      text: 'Open this link:\n\nhttp://localhost/reset-password/[REDACTED]?email=ada%40example.com',
      html: null,
      status: 'held',
      attempts: 0,
      last_error: null,
    };
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/platform/outbox', () => jsonResponse(200, { data: [held], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, outbox_total_count: 1 } })),
      route('POST', '/api/v1/platform/outbox/m2/retry', () => jsonResponse(200, { success: true })),
    );
    renderApp('/admin/outbox?status=held', platformSession(['edit-platform-setting']));
    const user = userEvent.setup();

    expect(await screen.findByText(/Without a mail server, mail waits here sealed until one is configured/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Reset your password' }));
    const drawer = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(within(drawer).getByTestId('outbox-mail-text').textContent).toBe(held.text);
    expect(within(drawer).getByText(/They are never shown here/)).toBeInTheDocument();
    const retry = within(drawer).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAccessibleDescription('Retry sends this email, links included, to ada@example.com only.');

    await user.click(retry);
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/platform/outbox/m2/retry')).toBe(true));
  });

  it('refuses the outbox to users who may only view platform settings, as support does', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/outbox', () => jsonResponse(200, { data: [failed], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, outbox_total_count: 1 } })),
    );
    renderApp('/admin/outbox', platformSession(['view-platform-setting']));

    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/platform/outbox')).toBe(false);
  });
});
