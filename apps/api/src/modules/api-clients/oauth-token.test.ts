import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { type RegisteredClient, clientWithToken, registerClient, requestToken } from '../../../test/api-clients';
import { ownerWithBusiness } from '../../../test/team';

let h: Harness;
let admin: TestClient;
let businessA: string;
let businessB: string;
let reader: RegisteredClient;

beforeAll(async () => {
  h = await createHarness();
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Client Business A');
  businessA = admin.business ?? '';
  const second = await admin.post('/api/v1/businesses/create', { name: 'Client Business B' });
  businessB = (second.body.data as { id: string }).id;
  admin.business = null;
  reader = await registerClient(admin, 'Customer reader', businessA, ['view-customer']);
});
afterAll(async () => {
  await h.close();
});

const grant = (client: RegisteredClient) => ({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret });
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('POST /oauth/token (client credentials)', () => {
  it('issues a short-lived bearer token for client_secret_post, client_secret_basic and a JSON body, never cached', async () => {
    const posted = await requestToken(h, grant(reader));
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'view-customer' });
    expect(posted.headers['cache-control']).toBe('no-store');
    const viaBasic = await requestToken(h, { grant_type: 'client_credentials' }, undefined, { authorization: basic(reader.clientId, reader.secret) });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body.access_token).not.toBe(posted.body.access_token);
    const json = await h.client().post('/oauth/token', grant(reader));
    expect(json.status).toBe(200);
  });

  it('answers the RFC 6749 error shapes', async () => {
    const wrongSecret = await requestToken(h, { ...grant(reader), client_secret: 'not-the-secret' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(String(wrongSecret.headers['www-authenticate'])).toMatch(/^Basic /);
    const unknownClient = await requestToken(h, { ...grant(reader), client_id: 'lc_nobody' });
    expect(unknownClient.status).toBe(401);
    const badBasic = await requestToken(h, { grant_type: 'client_credentials' }, undefined, { authorization: basic(reader.clientId, 'wrong') });
    expect(badBasic.body.error).toBe('invalid_client');
    const noCredentials = await requestToken(h, { grant_type: 'client_credentials' });
    expect(noCredentials.status).toBe(401);
    const password = await requestToken(h, { ...grant(reader), grant_type: 'password' });
    expect(password.status).toBe(400);
    expect(password.body.error).toBe('unsupported_grant_type');
    const missingGrant = await requestToken(h, { client_id: reader.clientId, client_secret: reader.secret });
    expect(missingGrant.status).toBe(400);
    expect(missingGrant.body.error).toBe('invalid_request');
    const repeated = await h.client().request('POST', '/oauth/token', `grant_type=client_credentials&client_id=${reader.clientId}&client_id=other&client_secret=${reader.secret}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('invalid_request');
    const both = await requestToken(h, grant(reader), undefined, { authorization: basic(reader.clientId, reader.secret) });
    expect(both.body.error).toBe('invalid_request');
  });
});

describe('calling the API with a client token', () => {
  it('may call what its abilities allow and nothing else', async () => {
    const caller = await clientWithToken(h, reader, businessA);
    expect((await caller.get('/api/v1/customers')).status).toBe(200);
    expect((await caller.get('/api/v1/business')).status).toBe(200);
    // Its creator owns the business; the client holds view-customer only.
    expect((await caller.post('/api/v1/customers', { name: 'Created by a client' })).status).toBe(403);
    expect((await caller.get('/api/v1/invoices')).status).toBe(403);
    // Its creator's platform abilities ('*') are not the client's, nor are the account routes.
    expect((await caller.get('/api/v1/platform/api-clients')).status).toBe(403);
    expect((await caller.get('/api/v1/me')).status).toBe(403);
    expect((await caller.post('/api/v1/me/tokens', { name: 'Escape', expires_in_days: 1 })).status).toBe(403);
  });

  it('holds only the abilities its token was granted with `scope`, and is refused a scope beyond the client (RFC 6749 section 3.3)', async () => {
    const writer = await registerClient(admin, 'Customer writer', businessA, ['view-customer', 'create-customer']);
    const readOnly = await requestToken(h, { ...grant(writer), scope: 'view-customer' });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.scope).toBe('view-customer');
    const caller = h.client();
    caller.bearer = String(readOnly.body.access_token);
    caller.business = businessA;
    expect((await caller.get('/api/v1/customers')).status).toBe(200);
    expect((await caller.post('/api/v1/customers', { name: 'Not with a read-only token' })).status).toBe(403);

    const full = await requestToken(h, { ...grant(writer), scope: ' ' });
    expect(full.body.scope).toBe('view-customer create-customer');
    caller.bearer = String(full.body.access_token);
    expect((await caller.post('/api/v1/customers', { name: 'Created with the full token' })).status).toBe(201);

    // The creator owns the business, but the client was never granted delete-customer.
    const beyond = await requestToken(h, { ...grant(writer), scope: 'view-customer delete-customer' });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toEqual({ error: 'invalid_scope', error_description: 'The client was not granted: delete-customer.' });
    // Credentials are checked before the scope: a wrong secret is invalid_client whatever it asks for.
    expect((await requestToken(h, { ...grant(writer), client_secret: 'wrong', scope: 'delete-customer' })).body.error).toBe('invalid_client');
  });

  it('is refused in another business of its creator and without the business header (cross-business)', async () => {
    const caller = await clientWithToken(h, reader, businessB);
    expect((await caller.get('/api/v1/customers')).status).toBe(403);
    caller.business = null;
    expect((await caller.get('/api/v1/customers')).status).toBe(403);
  });

  it('a platform client calls the platform routes it was given', async () => {
    const logs = await registerClient(admin, 'Log reader', null, ['view-api-log']);
    const caller = await clientWithToken(h, logs, null);
    expect((await caller.get('/api/v1/platform/logs')).status).toBe(200);
    expect((await caller.get('/api/v1/platform/users')).status).toBe(403);
    caller.business = businessA;
    expect((await caller.get('/api/v1/customers')).status).toBe(403);
  });

  it('stops working on the next request once its client is revoked, and gets no new token', async () => {
    const doomed = await registerClient(admin, 'Doomed', businessA, ['view-customer']);
    const caller = await clientWithToken(h, doomed, businessA);
    expect((await caller.get('/api/v1/customers')).status).toBe(200);
    expect((await admin.post(`/api/v1/platform/api-clients/${doomed.id}/revoke`)).status).toBe(200);
    expect((await caller.get('/api/v1/customers')).status).toBe(401);
    expect((await requestToken(h, grant(doomed))).status).toBe(401);
  });

  it("is useless on another tenant's host: neither its token nor its credentials work there (cross-tenant)", async () => {
    const issued = await requestToken(h, grant(reader));
    const elsewhere = h.client(OTHER_HOST);
    elsewhere.bearer = String(issued.body.access_token);
    expect((await elsewhere.get('/api/v1/platform/api-clients')).status).toBe(401);
    elsewhere.business = businessA;
    expect((await elsewhere.get('/api/v1/customers')).status).toBe(401);
    const credentials = await requestToken(h, grant(reader), OTHER_HOST);
    expect(credentials.status).toBe(401);
    expect(credentials.body.error).toBe('invalid_client');
  });
});
