import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ApiLogDetail } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const log: ApiLogDetail = {
  id: 'l-1',
  user: { id: 'u-1', name: 'Ada', email: 'ada@example.com' },
  business: null,
  method: 'POST',
  url: '/api/v1/login',
  response_code: 200,
  ip: '127.0.0.1',
  load_time_ms: 12,
  response_size: 20,
  api_client: null,
  created_at: '2025-03-04T10:00:00Z',
  os: null,
  app_name: null,
  app_version: null,
  client: 'test',
  timezone: null,
  request_body: { email: 'ada@example.com', password: '[REDACTED]', note: '<img src=x onerror=alert(1)>' },
  response_body: { two_factor: false },
};

describe('API log detail', () => {
  it('shows the bodies as formatted JSON text, never as HTML', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/platform/logs/l-1', () => jsonResponse(200, { data: log })),
    );
    const base = makeSession();
    renderApp('/admin/logs/l-1', makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: ['view-api-log'] }));

    const request = await screen.findByTestId('request-body');
    expect(request.tagName).toBe('PRE');
    expect(request.textContent).toBe(JSON.stringify(log.request_body, null, 2));
    expect(request.querySelector('img')).toBeNull();
    expect(screen.getByTestId('response-body').textContent).toContain('"two_factor": false');
  });
});
