import type { BootstrapResponse, WebhookLogDetail, WebhookLogResource, WebhookResource } from '@app/contracts';
import { jsonResponse, route } from './fetch-mock';
import { makeSession, tenantConfig } from './fixtures';

export const lazyLoad = { timeout: 15_000 };
export const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
export const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

export const ALL_WEBHOOK_ABILITIES = ['view-webhook', 'create-webhook', 'edit-webhook', 'delete-webhook'];

export function platformSession(abilities: string[]): BootstrapResponse {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

export function webhook(overrides: Partial<WebhookResource> = {}): WebhookResource {
  return {
    id: 'wh-1',
    business_id: null,
    url: 'https://hooks.example.com/in',
    description: 'Accounting sync',
    events: ['*'],
    api_version: '2026-11-01',
    status: 'enabled',
    disabled_reason: null,
    failing_since: null,
    previous_secret_expires_at: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export const catalogue = {
  data: [
    { type: 'invoice.created', description: 'An invoice was created.' },
    { type: 'invoice.paid', description: 'Payments now cover the whole invoice.' },
    { type: 'payment.created', description: 'A payment was recorded.' },
  ],
  api_versions: ['2026-11-01'],
};

export const page = <T>(data: T[], extra: Record<string, number> = {}) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, ...extra } });

export function logEntry(overrides: Partial<WebhookLogResource> = {}): WebhookLogResource {
  return {
    id: 'log-1',
    webhook_id: 'wh-1',
    event_id: 'ev-1',
    event_type: 'invoice.paid',
    message_id: 'msg_1',
    attempt: 1,
    trigger: 'scheduled',
    status: 'succeeded',
    response_status: 200,
    duration_ms: 42,
    error: null,
    created_at: '2026-11-20T10:00:05Z',
    ...overrides,
  };
}

export function logDetail(overrides: Partial<WebhookLogDetail> = {}): WebhookLogDetail {
  return {
    ...logEntry({ status: 'failed', response_status: 500 }),
    url: 'https://hooks.example.com/in',
    request_headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-signature': 'v1,abc' },
    request_body: JSON.stringify({ type: 'invoice.paid', data: { id: 'inv-1', note: '<img src=x onerror=alert(1)>' } }),
    response_body: 'upstream exploded',
    response_truncated: false,
    ...overrides,
  };
}
