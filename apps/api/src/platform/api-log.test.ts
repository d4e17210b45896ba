import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness } from '../../test/harness';
import { apiLogs } from '../db/schema';
import { inTenant } from '../db/tenant-tx';
import { ApiLogWriter, type ApiLogRecord } from './api-log';
import { TRUNCATED } from './redaction';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

function entry(tenantId: string, url: string, requestBody: unknown): ApiLogRecord {
  return {
    tenantId,
    userId: null,
    businessId: null,
    method: 'POST',
    url,
    responseCode: 200,
    requestBody,
    responseBody: null,
    ip: '127.0.0.1',
    os: null,
    appName: null,
    appVersion: null,
    client: null,
    timezone: null,
    loadTimeMs: 1,
    responseSize: 0,
    createdAt: new Date(),
  };
}

function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

describe('API log writer', () => {
  it('reports a row it cannot prepare from its timer, drops it and writes the rest', async () => {
    const errors: unknown[] = [];
    const writer = new ApiLogWriter(h.app.db, (error) => errors.push(error), 5);
    const hostile = Object.defineProperty({}, 'field', {
      enumerable: true,
      get() {
        throw new Error('unreadable body');
      },
    });
    writer.record(entry(h.landlordId, '/api/v1/writer-hostile', hostile));
    writer.record(entry(h.landlordId, '/api/v1/writer-fine', { name: 'fine' }));
    for (let i = 0; i < 100 && errors.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    await writer.flush();
    expect(errors.map((error) => (error instanceof Error ? error.message : String(error)))).toEqual(['unreadable body']);
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs).where(eq(apiLogs.tenantId, h.landlordId)));
    expect(rows.map((row) => row.url)).toContain('/api/v1/writer-fine');
    expect(rows.map((row) => row.url)).not.toContain('/api/v1/writer-hostile');
  });

  it('refuses a request whose JSON body is nested 5,000 levels deep before the log sees it, and the server answers on', async () => {
    const admin = h.client();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    // An unknown route: no schema strips the body before the log sees it.
    const deep = await h.server.inject({
      method: 'POST',
      url: '/api/v1/deeply-nested-body',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(admin.cookies.get('XSRF-TOKEN') ?? ''),
      },
      payload: `{"settings":${nested(5_000)}}`,
    });
    expect(deep.statusCode).toBe(422);
    await h.app.apiLog.flush();
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs).where(eq(apiLogs.url, '/api/v1/deeply-nested-body')));
    const logged = rows.find((row) => row.method === 'POST');
    expect(logged?.responseCode).toBe(422);
    expect(logged?.requestBody).toBeNull();
    expect((await admin.get('/api/v1/me')).status).toBe(200);
  });

  it('stores every row of a batch with NUL characters and lone surrogates, and retries a refused batch row by row', async () => {
    const errors: unknown[] = [];
    const writer = new ApiLogWriter(h.app.db, (error) => errors.push(error));
    writer.record({ ...entry(h.landlordId, '/api/v1/batch-nul\u0000', { name: 'nul \u0000 inside', ['key\u0000']: ['\ud800 alone'] }), client: 'agent \udc00 \u0000' });
    writer.record(entry(h.landlordId, '/api/v1/batch-plain', { name: 'plain' }));
    await writer.flush();
    expect(errors).toEqual([]);
    // A row the database refuses whatever its text (an integer out of range) costs only itself.
    writer.record({ ...entry(h.landlordId, '/api/v1/batch-refused', { name: 'refused' }), loadTimeMs: 2 ** 40 });
    writer.record(entry(h.landlordId, '/api/v1/batch-after', { name: 'after' }));
    await writer.flush();
    expect(errors.map((error) => (error instanceof Error ? error.message : String(error)))).toEqual(['API log row for POST /api/v1/batch-refused could not be written']);

    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs).where(like(apiLogs.url, '/api/v1/batch-%')));
    expect(rows.map((row) => row.url).sort()).toEqual(['/api/v1/batch-after', '/api/v1/batch-nul\ufffd', '/api/v1/batch-plain']);
    const nul = rows.find((row) => row.url.startsWith('/api/v1/batch-nul'));
    expect(nul?.requestBody).toEqual({ name: 'nul \ufffd inside', ['key\ufffd']: ['\ufffd alone'] });
    expect(nul?.client).toBe('agent \ufffd \ufffd');
  });

  it('never stores a password nested 20 levels deep, in the table or on the admin detail page', async () => {
    const admin = h.client();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const secret = 'Nested-Passw0rd-At-Level-20';
    let body: Record<string, unknown> = { password: secret, note: `Bearer ${secret}` };
    for (let level = 0; level < 20; level += 1) body = { [`level${level}`]: body };
    expect((await admin.post('/api/v1/nested-secret', body)).status).toBe(404);
    await h.app.apiLog.flush();

    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs).where(eq(apiLogs.url, '/api/v1/nested-secret')));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]?.requestBody);
    expect(stored).toContain(TRUNCATED);
    expect(stored).not.toContain(secret);
    const detail = await admin.get(`/api/v1/platform/logs/${rows[0]?.id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).toContain(TRUNCATED);
    expect(JSON.stringify(detail.body)).not.toContain(secret);
  });
});
