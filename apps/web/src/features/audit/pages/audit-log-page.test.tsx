import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const entry: AuditLogResource = {
  id: 'a1',
  model: 'business',
  model_id: 'biz-1',
  action: 'updated',
  business_id: 'biz-1',
  user: { id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  changes: { name: { before: 'Acme', after: 'Acme Ltd' } },
  ip: '127.0.0.1',
  created_at: '2025-03-01T10:00:00Z',
};

describe('company audit log', () => {
  it('filters through the URL and opens a row to show before and after', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/audit-logs', () => jsonResponse(200, { data: [entry], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1, audit_log_total_count: 1 } })),
    );
    const { router } = renderApp('/audit-log?model=business', makeSession({ current_user_abilities: ['view-audit-log'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Show 1 field' }));
    const changes = await screen.findByRole('table', { name: 'Changes to business' });
    expect(within(changes).getByText('Acme')).toBeInTheDocument();
    expect(within(changes).getByText('Acme Ltd')).toBeInTheDocument();
    expect(requests[requests.length - 1]?.search.get('model')).toBe('business');

    await user.selectOptions(screen.getByLabelText('Action'), 'updated');
    await waitFor(() => expect(requests.some((r) => r.search.get('action') === 'updated')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await waitFor(() => expect(router.state.location.search).toContain('user_id=user-1'));
    await waitFor(() => expect(requests.some((r) => r.search.get('user_id') === 'user-1')).toBe(true));
    expect(screen.getByText('Only Ada Lovelace')).toBeInTheDocument();
  });
});
