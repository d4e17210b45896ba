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
  subject_label: 'Acme Ltd',
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

    const show = await screen.findByRole('button', { name: 'Show 1 field' });
    expect(screen.getByRole('cell', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(screen.queryByText('biz-1')).not.toBeInTheDocument();
    await user.click(show);
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

  it('shows the internal id only for a row nothing names', async () => {
    const unnamed = { ...entry, id: 'a2', model: 'business_settings', subject_label: null, changes: { time_zone: { before: 'UTC', after: 'Europe/Warsaw' } } };
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/audit-logs', () => jsonResponse(200, { data: [entry, unnamed], meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, audit_log_total_count: 2 } })),
    );
    renderApp('/audit-log', makeSession({ current_user_abilities: ['view-audit-log'] }));

    expect(await screen.findByRole('cell', { name: 'Acme Ltd' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByText('biz-1')).toHaveLength(1);
  });
});
