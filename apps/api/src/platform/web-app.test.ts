import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { CSP_NONCE_PLACEHOLDER } from './web-app';

const script = 'export const title = "Ledgerline";\n'.repeat(40);
const shell = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`;

/**
 * A build as the web app's Vite config writes it: each compressible asset with its `.br` and `.gz`
 * copies, and one asset too small to be worth a copy. The shell gets copies too here, which the
 * build never writes, to show the server would not send them.
 */
function fixtureDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-web-compressed-'));
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(assets);
  fs.writeFileSync(path.join(dir, 'index.html'), shell);
  fs.writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(shell));
  fs.writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(shell));
  fs.writeFileSync(path.join(assets, 'index-abc123.js'), script);
  fs.writeFileSync(path.join(assets, 'index-abc123.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, 'index-abc123.js.gz'), gzipSync(script));
  fs.writeFileSync(path.join(assets, 'tiny-abc123.js'), 'x()');
  return dir;
}

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

  it('never sends the shell from a file, compressed or not: it is rendered with a fresh nonce', async () => {
    for (const url of ['/login', '/index.html', '/index.html.gz', '/index.html.br']) {
      const answer = await get(url, 'gzip, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBeUndefined();
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body, url).toMatch(/<meta property="csp-nonce" nonce="[A-Za-z0-9+/=]{24}">/);
      expect(answer.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });

  it('leaves API answers uncompressed', async () => {
    const answer = await h.server.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { host: 'localhost', 'accept-encoding': 'gzip, br' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
