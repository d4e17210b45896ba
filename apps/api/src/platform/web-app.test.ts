import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { CSP_NONCE_PLACEHOLDER } from './web-app';

const script = 'export const title = "Ledgerline";\n'.repeat(40);
const shellOf = (entry: string) =>
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/${entry}.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const shell = shellOf('index-abc123');
const publicShell = shellOf('public-def456');

/**
 * A build as the web app's Vite configs write it: the two shells (the login entry's index.html, the
 * public entry's public.html), each compressible asset with its `.br` and `.gz` copies, and one
 * asset too small to be worth a copy. The shells get copies too here, which the build never
 * writes, to show the server would not send them. `withPublicEntry: false` is a build from before
 * the public entry.
 */
function fixtureDist({ withPublicEntry = true } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-web-compressed-'));
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(assets);
  const shells = withPublicEntry ? { 'index.html': shell, 'public.html': publicShell } : { 'index.html': shell };
  for (const [name, html] of Object.entries(shells)) {
    fs.writeFileSync(path.join(dir, name), html);
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(html));
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(html));
  }
  fs.writeFileSync(path.join(assets, 'index-abc123.js'), script);
  fs.writeFileSync(path.join(assets, 'index-abc123.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, 'index-abc123.js.gz'), gzipSync(script));
  fs.writeFileSync(path.join(assets, 'tiny-abc123.js'), 'x()');
  return dir;
}

/** The nonce of the shell's `<meta property="csp-nonce">`. */
const nonceIn = (html: string) => /<meta property="csp-nonce" nonce="([^"]*)">/.exec(html)?.[1] ?? '';
/** Which entry a shell loads: the name of its module script. */
const entryIn = (html: string) => /<script type="module" src="\/assets\/([\w-]+)\.js"/.exec(html)?.[1];

describe('pre-compressed web assets', () => {
  let h: Harness;
  let dist: string;

  beforeAll(async () => {
    dist = fixtureDist();
    h = await createHarness({ webDist: dist });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    h.server.inject({ method: 'GET', url, headers: { host: 'localhost', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  /** What a shell is sent with: never compressed (its nonce is per response), never cached without asking. */
  function expectShellHeaders(headers: Record<string, unknown>, what: string): void {
    expect(headers['content-encoding'], what).toBeUndefined();
    expect(headers['content-type'], what).toBe('text/html; charset=utf-8');
    expect(headers['cache-control'], what).toBe('no-cache');
  }

  /** What every variant of an asset keeps: its type, its long cache, the resource policy. */
  function expectAssetHeaders(headers: Record<string, unknown>, what: string): void {
    expect(headers['content-type'], what).toBe('application/javascript; charset=utf-8');
    expect(headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
    expect(headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers.vary, what).toBe('accept-encoding');
  }

  it('sends the brotli copy to a browser that accepts it', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expectAssetHeaders(answer.headers, 'br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const answer = await get('/assets/index-abc123.js', 'gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expectAssetHeaders(answer.headers, 'gzip');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when no compression is accepted, or when the asset has no copy', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const answer = await get('/assets/index-abc123.js', acceptEncoding);
      expect(answer.statusCode, String(acceptEncoding)).toBe(200);
      expect(answer.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expectAssetHeaders(answer.headers, String(acceptEncoding));
      expect(answer.body).toBe(script);
    }
    const tiny = await get('/assets/tiny-abc123.js', 'gzip, br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expectAssetHeaders(tiny.headers, 'no copy');
    expect(tiny.body).toBe('x()');
  });

  it('never sends a shell from a file, compressed or not: each is rendered with a fresh nonce', async () => {
    const urls = ['/login', '/index.html', '/index.html.gz', '/index.html.br', '/public/invoices/view/abc', '/public.html', '/public.html.gz', '/public.html.br'];
    const nonces = new Set<string>();
    for (const url of urls) {
      const answer = await get(url, 'gzip, br');
      expect(answer.statusCode, url).toBe(200);
      expectShellHeaders(answer.headers, url);
      const nonce = nonceIn(answer.body);
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/=]{24}$/);
      expect(answer.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
      // The nonce on the shell's own tags is the one the page's policy names.
      expect(answer.body, url).toContain(`nonce="${nonce}"></script>`);
      expect(answer.headers['content-security-policy'], url).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(urls.length);
  });

  it('sends the public entry for the public pages and the login entry for every other page', async () => {
    const publicPages = ['/public/invoices/view/abc', '/public/estimates/view/abc', '/public/payments/view/abc', '/public/payment-method-links/view/abc', '/public/payment-method-links/abc/payment-method', '/public/onboarding/abc', '/public/anything?x=1'];
    for (const url of publicPages) expect(entryIn((await get(url)).body), url).toBe('public-def456');
    for (const url of ['/', '/login', '/dashboard', '/acme/customer/invoices/payment/1', '/publicity', '/public.html', '/admin/public/x']) {
      expect(entryIn((await get(url)).body), url).toBe('index-abc123');
    }
  });

  it('leaves API answers uncompressed, and answers an unknown API path under /public/ with JSON 404', async () => {
    const unknown = await get('/api/v1/public/nothing-here', 'gzip, br');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');

    const answer = await h.server.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { host: 'localhost', 'accept-encoding': 'gzip, br' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('a build without the public entry', () => {
  let h: Harness;
  let dist: string;

  beforeAll(async () => {
    dist = fixtureDist({ withPublicEntry: false });
    h = await createHarness({ webDist: dist });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the login entry, which routes the public pages too', async () => {
    const answer = await h.server.inject({ method: 'GET', url: '/public/invoices/view/abc', headers: { host: 'localhost' } });
    expect(answer.statusCode).toBe(200);
    expect(entryIn(answer.body)).toBe('index-abc123');
    expect(nonceIn(answer.body)).toMatch(/^[A-Za-z0-9+/=]{24}$/);
  });
});
