import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PublicLinkResponse } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../test/harness';
import { createCustomer, createInvoice } from '../../test/documents';
import { ownerWithBusiness } from '../../test/team';
import { tenants } from '../db/schema';

/** Scripts a page may run: its own, and the payment and bank-link providers' (content-security-policy.ts, THIRD_PARTY_SOURCES). */
const PAGE_SCRIPT_SOURCES = ["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com'];
import { tokenOfUrl } from '../modules/document-delivery/delivery-test-helpers';
import { CSP_NONCE_PLACEHOLDER } from './web-app';

type Headers = Record<string, string | string[] | number | undefined>;
type Answer = { status: number; headers: Headers; body: string };

/** A build of the web app as Vite writes it: the shell with nonce placeholders and one hashed asset. */
function fixtureDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" ${nonce}><script type="module" crossorigin src="/assets/index-abc123.js" ${nonce}></script>` +
      `<link rel="stylesheet" crossorigin href="/assets/index-abc123.css" ${nonce}></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'document.title = "Ledgerline";');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), 'body { margin: 0; }');
  return dir;
}

function header(headers: Headers, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join('\n') : String(value ?? '');
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The headers every answer carries, whatever produced it. */
function expectHardened(answer: Answer, what: string): void {
  expect(header(answer.headers, 'x-content-type-options'), what).toBe('nosniff');
  expect(header(answer.headers, 'x-frame-options'), what).toBe('DENY');
  expect(header(answer.headers, 'referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(directives(header(answer.headers, 'content-security-policy')).get('frame-ancestors'), what).toEqual(["'none'"]);
}

function expectResourcePolicy(answer: Answer, what: string): void {
  expect(header(answer.headers, 'content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
}

async function raw(h: Harness, url: string, { host = 'localhost', client, extra = {} }: { host?: string; client?: TestClient; extra?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host, ...extra };
  if (client && client.cookies.size > 0) headers.cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  const response = await h.server.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

describe('browser hardening headers over plain HTTP', () => {
  let h: Harness;
  let dist: string;
  let owner: TestClient;

  beforeAll(async () => {
    dist = fixtureDist();
    h = await createHarness({ webDist: dist });
    owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Header Works');
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('authenticated API JSON: hardened and never stored', async () => {
    const me = await owner.get('/api/v1/me');
    const answer = { status: me.status, headers: me.headers, body: '' };
    expect(me.status).toBe(200);
    expectHardened(answer, 'GET /me');
    expectResourcePolicy(answer, 'GET /me');
    expect(header(me.headers, 'cache-control')).toBe('no-store');
    expect(me.headers['strict-transport-security']).toBeUndefined();
  });

  it('public API JSON, a public document and its PDF: hardened and never stored', async () => {
    const config = await raw(h, '/api/v1/tenant-config');
    expect(config.status).toBe(200);
    expectHardened(config, 'tenant-config');
    expect(header(config.headers, 'cache-control')).toBe('no-store');

    const customer = await createCustomer(owner, 'Header Customer');
    const invoice = await createInvoice(owner, customer.id);
    expect((await owner.post(`/api/v1/invoices/${invoice.id}/mark-sent`)).status).toBe(200);
    const link = (await owner.post(`/api/v1/invoices/${invoice.id}/links`)).body as PublicLinkResponse;
    const token = tokenOfUrl(link.url);
    const document = await raw(h, `/api/v1/public/invoices/${token}`);
    expect(document.status).toBe(200);
    expectHardened(document, 'public invoice');
    expectResourcePolicy(document, 'public invoice');
    expect(header(document.headers, 'cache-control')).toBe('no-store');

    const pdf = await raw(h, `/api/v1/public/invoices/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(header(pdf.headers, 'content-type')).toBe('application/pdf');
    expectHardened(pdf, 'public PDF');
    expectResourcePolicy(pdf, 'public PDF');
    expect(header(pdf.headers, 'cache-control')).toBe('no-store');

    const page = await raw(h, `/public/invoices/view/${token}`);
    expect(page.status).toBe(200);
    expect(header(page.headers, 'content-type')).toMatch(/^text\/html/);
    expectHardened(page, 'public document page');
    // The public page takes payments: Stripe.js may load, and nothing else from outside.
    expect(directives(header(page.headers, 'content-security-policy')).get('script-src')).toEqual(PAGE_SCRIPT_SOURCES);
  });

  it('app shell: a strict page policy whose style nonce is new for every response and fills the placeholders', async () => {
    const first = await raw(h, '/dashboard');
    const second = await raw(h, '/index.html');
    const nonces = [first, second].map((answer) => {
      expect(answer.status).toBe(200);
      expectHardened(answer, 'shell');
      expect(header(answer.headers, 'cache-control')).toBe('no-cache');
      const policy = directives(header(answer.headers, 'content-security-policy'));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(PAGE_SCRIPT_SOURCES);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      const elementSources = policy.get('style-src-elem') ?? [];
      expect(elementSources).toHaveLength(2);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(elementSources[1] ?? '')?.[1] ?? '';
      expect(nonce).not.toBe('');
      expect(answer.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(answer.body.match(new RegExp(`nonce="${nonce.replace(/[+/=]/g, '\\$&')}"`, 'g'))).toHaveLength(3);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('the tenant’s logo URLs are the only other image origins of its pages', async () => {
    await h.app.db.update(tenants).set({ loginLogo: 'https://cdn.example.com/brand/login.png', dashboardLogo: 'javascript:alert(1)' }).where(eq(tenants.id, h.landlordId));
    h.app.tenants.forget();
    try {
      const shell = await raw(h, '/login');
      expect(directives(header(shell.headers, 'content-security-policy')).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    } finally {
      await h.app.db.update(tenants).set({ loginLogo: null, dashboardLogo: null }).where(eq(tenants.id, h.landlordId));
      h.app.tenants.forget();
    }
  });

  it('static assets keep their long cache and get the resource policy', async () => {
    const script = await raw(h, '/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expectHardened(script, 'asset');
    expectResourcePolicy(script, 'asset');
    expect(header(script.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('not-found and error answers, and answers sent by the pipeline itself', async () => {
    const unknownApi = await raw(h, '/api/v1/no-such-route');
    expect(unknownApi.status).toBe(404);
    const unknownHost = await raw(h, '/dashboard', { host: 'nobody.example' });
    expect(unknownHost.status).toBe(404);
    const unauthenticated = await raw(h, '/api/v1/me');
    expect(unauthenticated.status).toBe(401);
    const health = await raw(h, '/healthz');
    const guest = h.client();
    await guest.csrf();
    const invalid = await guest.post('/api/v1/login', { email: 'not-an-email' });
    expect(invalid.status).toBe(422);
    const csrf = await guest.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { 'x-xsrf-token': 'wrong' });
    expect(csrf.status).toBe(419);
    const answers: [string, Answer][] = [
      ['unknown API route', unknownApi],
      ['unknown host', unknownHost],
      ['401', unauthenticated],
      ['healthz', health],
      ['422', { status: invalid.status, headers: invalid.headers, body: '' }],
      ['419', { status: csrf.status, headers: csrf.headers, body: '' }],
    ];
    for (const [what, answer] of answers) {
      expectHardened(answer, what);
      expectResourcePolicy(answer, what);
      expect(header(answer.headers, 'cache-control'), what).toBe('no-store');
    }
  });

  it('cookies keep their plain names, without Secure, when the request is not over TLS', async () => {
    const client = h.client();
    const issued = await client.get('/api/v1/csrf-cookie', { 'x-forwarded-proto': 'https' });
    const cookies = header(issued.headers, 'set-cookie').split('\n');
    expect(cookies.map((line) => line.split('=')[0])).toEqual(['session', 'XSRF-TOKEN']);
    expect(cookies[0]).toMatch(/; HttpOnly/);
    expect(cookies[1]).not.toMatch(/HttpOnly/);
    for (const line of cookies) {
      expect(line).toMatch(/; Path=\/;/);
      expect(line).toMatch(/SameSite=Lax/);
      expect(line).not.toMatch(/Secure|Domain=/);
    }
    expect(issued.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a TLS proxy (TRUST_PROXY and X-Forwarded-Proto: https)', () => {
  let h: Harness;
  let dist: string;
  const tls = { 'x-forwarded-proto': 'https' };

  beforeAll(async () => {
    dist = fixtureDist();
    h = await createHarness({ webDist: dist, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sets __Host- cookies, Secure, and signs in and out with them', async () => {
    const client = h.client();
    const issued = await client.get('/api/v1/csrf-cookie', tls);
    const cookies = header(issued.headers, 'set-cookie').split('\n');
    expect(cookies.map((line) => line.split('=')[0])).toEqual(['__Host-session', '__Host-XSRF-TOKEN']);
    for (const line of cookies) {
      expect(line).toMatch(/; Path=\/;/);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/);
    }
    expect(header(issued.headers, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const login = await client.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false }, tls);
    expect(login.status).toBe(200);
    expect([...client.cookies.keys()].sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-session']);
    const me = await client.get('/api/v1/me', tls);
    expect(me.status).toBe(200);
    expect(header(me.headers, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    // Over TLS only the prefixed name counts: the same session under the plain name is not read.
    const planted = await h.server.inject({ method: 'GET', url: '/api/v1/me', headers: { host: 'localhost', ...tls, cookie: `session=${client.cookies.get('__Host-session') ?? ''}` } });
    expect(planted.statusCode).toBe(401);

    const logout = await client.post('/api/v1/logout', {}, tls);
    expect(logout.status).toBe(204);
    const cleared = header(logout.headers, 'set-cookie').split('\n');
    expect(cleared.map((line) => line.split('=')[0])).toEqual(['__Host-session', '__Host-XSRF-TOKEN']);
    for (const line of cleared) expect(line).toMatch(/; Secure/);
    expect((await client.get('/api/v1/me', tls)).status).toBe(401);
  });

  it('the app shell asks the browser to upgrade insecure loads', async () => {
    const shell = await raw(h, '/login', { extra: tls });
    expect(shell.status).toBe(200);
    expect(directives(header(shell.headers, 'content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    expect(header(shell.headers, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('plain HTTP to the same server keeps plain cookies and sends no HSTS', async () => {
    const issued = await h.client().get('/api/v1/csrf-cookie');
    expect(header(issued.headers, 'set-cookie').split('\n').map((line) => line.split('=')[0])).toEqual(['session', 'XSRF-TOKEN']);
    expect(issued.headers['strict-transport-security']).toBeUndefined();
  });
});
