import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, createHarness } from '../../test/harness';
import { accessLogs } from '../db/schema';

/** The address a sign-in is recorded (and rate-limited) under, for the given forwarding headers. */
async function signInAddress(h: Harness, headers: Record<string, string>): Promise<string | null> {
  const client = h.client();
  await client.csrf();
  const response = await client.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false }, headers);
  expect(response.status).toBe(200);
  const [latest] = await h.app.db.select({ ip: accessLogs.ip }).from(accessLogs).orderBy(desc(accessLogs.loggedInAt)).limit(1);
  return latest?.ip ?? null;
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ trustProxy: true });
  });
  afterAll(async () => h.close());

  it('takes the client address the proxy wrote, not one the client wrote before it', async () => {
    expect(await signInAddress(h, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await signInAddress(h, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
  });

  it('takes the scheme from the last X-Forwarded-Proto entry', async () => {
    const response = await h.server.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { host: 'localhost', 'x-forwarded-proto': 'http, https' } });
    expect(String(response.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    const plain = await h.server.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { host: 'localhost', 'x-forwarded-proto': 'https, http' } });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });
});

describe('without TRUST_PROXY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it('ignores X-Forwarded-For and X-Forwarded-Proto', async () => {
    expect(await signInAddress(h, { 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1');
    const response = await h.server.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { host: 'localhost', 'x-forwarded-proto': 'https' } });
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });
});
