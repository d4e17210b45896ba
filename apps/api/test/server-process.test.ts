import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_FILE } from './global-setup';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPostgresTestDatabase } from './harness';

/**
 * The server as `npm start` runs it (main.ts, from the sources through tsx), in its own process:
 * what only a real process shows, that a hostile body leaves it listening and that SIGTERM ends it
 * in time although a connection is busy.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const STOP_LIMIT_MS = 10_000;

type Answer = { status: number; body: string; cookies: Record<string, string> };

class ServerProcess {
  readonly output: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  port = 0;
  private readonly cookies: Record<string, string> = {};
  private wake: () => void = () => undefined;

  constructor(readonly child: ChildProcess) {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        this.output.push(chunk.toString('utf8'));
        this.wake();
      });
    }
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Resolves once the server logged `ready`, with the port it listens on. */
  async ready(): Promise<void> {
    for (;;) {
      const text = this.output.join('');
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text)?.[1];
      if (port && text.includes('"msg":"ready"')) {
        this.port = Number(port);
        return;
      }
      if (this.child.exitCode !== null) throw new Error(`The server exited before it was ready:\n${text}`);
      await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), this.exited]);
    }
  }

  /** A request on the landlord's host with this client's cookies and XSRF token; `body` as raw text. */
  request(method: string, url: string, body?: string, agent?: http.Agent): Promise<Answer> {
    const headers: Record<string, string> = { host: 'localhost', accept: 'application/json' };
    if (Object.keys(this.cookies).length > 0) headers.cookie = Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.cookies['XSRF-TOKEN']) headers['x-xsrf-token'] = decodeURIComponent(this.cookies['XSRF-TOKEN']);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: this.port, method, path: url, headers, agent: agent ?? false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const eq = pair.indexOf('=');
            this.cookies[pair.slice(0, eq)] = pair.slice(eq + 1);
          }
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: { ...this.cookies } });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }
}

function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

let server: ServerProcess;
let cleanup: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-process-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_KEY: 'test-app-key-0123456789-0123456789-abcdef',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    LOG_LEVEL: 'info',
  };
  // Either database starts from the migrated template, as every API test's does.
  let dropDatabase: () => Promise<void> = async () => undefined;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  } else {
    const template = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) });
    await template.close();
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = new ServerProcess(child);
  cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await server.exited;
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await server.ready();
}, 180_000);

afterAll(async () => {
  await cleanup();
});

describe('the server process', () => {
  it('answers a 5,000-level body with 422, writes its API log afterwards and keeps listening', async () => {
    expect((await server.request('GET', '/api/v1/csrf-cookie')).status).toBe(204);
    const deep = await server.request('POST', '/api/v1/login', `{"email":"a@example.com","password":"x","settings":${nested(5_000)}}`);
    expect(deep.status).toBe(422);
    // Within the parser's limits, deeper than the log's redaction, with a NUL: the log must still store it.
    const odd = await server.request('POST', '/api/v1/login', `{"email":"not-an-email","password":"x","note":"\\u0000","settings":${nested(60)}}`);
    expect(odd.status).toBe(422);
    expect((await server.request('POST', '/api/v1/login', JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false }))).status).toBe(200);

    // The log is written on a one-second timer: read it back until all three sign-in attempts are there.
    let codes: number[] = [];
    for (let attempt = 0; attempt < 100 && codes.length < 3; attempt += 1) {
      const logs = await server.request('GET', '/api/v1/platform/logs?method=POST&limit=50');
      codes = (JSON.parse(logs.body) as { data: { url: string; response_code: number }[] }).data.filter((row) => row.url === '/api/v1/login').map((row) => row.response_code);
      if (codes.length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(codes.sort()).toEqual([200, 422, 422]);
    expect((await server.request('GET', '/readyz')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output.join('')).not.toMatch(/"level":(50|60)/);
  });

  it('ends within 10 s of SIGTERM although a keep-alive connection is open and an upload has stalled', async () => {
    const keepAlive = new http.Agent({ keepAlive: true });
    expect((await server.request('GET', '/readyz', undefined, keepAlive)).status).toBe(200);
    // A sign-in whose body never arrives: the request is in flight, its handler waiting for the body.
    const stalled = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    const { cookies } = await server.request('GET', '/api/v1/csrf-cookie');
    const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    stalled.write(
      `POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n` +
        `Cookie: ${cookie}\r\nX-XSRF-TOKEN: ${decodeURIComponent(cookies['XSRF-TOKEN'] ?? '')}\r\n\r\n{"email":`,
    );
    const stalledClosed = new Promise((resolve) => stalled.once('close', resolve));
    stalled.on('error', () => undefined);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const stopMs = Date.now() - signalledAt;
    await stalledClosed;
    keepAlive.destroy();

    expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output.join('')).toContain('"msg":"stopped"');
  }, 30_000);
});
