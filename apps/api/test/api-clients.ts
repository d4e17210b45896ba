import { expect } from 'vitest';
import type { Harness, TestClient, TestResponse } from './harness';

export type RegisteredClient = { id: string; clientId: string; secret: string };

/** The admin registers an API client (business null: platform scope) and gets its one-time secret. */
export async function registerClient(admin: TestClient, name: string, businessId: string | null, abilities: string[]): Promise<RegisteredClient> {
  const created = await admin.post('/api/v1/platform/api-clients', { name, business_id: businessId, abilities });
  expect(created.status).toBe(201);
  const data = created.body.data as { id: string; client_id: string };
  return { id: data.id, clientId: data.client_id, secret: String(created.body.client_secret) };
}

/** POST /oauth/token with a form body, as an OAuth client library sends it. */
export function requestToken(h: Harness, fields: Record<string, string>, host?: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  return h.client(host).request('POST', '/oauth/token', new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });
}

/** A client presenting a fresh client-credentials token on `host`, with the business header given. */
export async function clientWithToken(h: Harness, client: RegisteredClient, business: string | null, host?: string): Promise<TestClient> {
  const issued = await requestToken(h, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }, host);
  expect(issued.status).toBe(200);
  const caller = h.client(host);
  caller.bearer = String(issued.body.access_token);
  caller.business = business;
  return caller;
}
