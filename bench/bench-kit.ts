/**
 * What the HTTP benchmarks share: signing in like the browser, load runs with autocannon in
 * another process, the two database kinds (PGlite in a fresh data directory, a throwaway
 * PostgreSQL database), a bare driver for baselines, and the figures table.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Database, openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { prebuiltStatementName, prebuiltTexts } from '../apps/api/src/db/prebuilt';

export const ROOT = process.env.BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Bench-Passw0rd!';
export const HOST_HEADER = 'localhost';
export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 1;
export const DURATION_SECONDS = 5;

export const problems: string[] = [];

export function problem(where: string, error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  problems.push(`${where}: ${text}`);
  console.error(`\n!! ${where} failed: ${text}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP helpers

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** `rawBody` is sent as given (a signed webhook's exact bytes); otherwise `body` is sent as JSON. */
export function request(port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown, rawBody?: string): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        // A connection per request: a kept-alive one can be closed by the server's keep-alive
        // timeout while a long seed holds the event loop, and the next request then meets a reset.
        agent: false,
        headers: { host: HOST_HEADER, accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(response: HttpResponse): void {
    for (const line of response.headers['set-cookie'] ?? []) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The Cookie header of a signed-in session and the XSRF token its unsafe requests must echo. */
export type Session = { cookie: string; xsrf: string };

/** Signs in like the browser does: CSRF cookie, then login with the XSRF header. */
export async function signIn(port: number): Promise<Session> {
  const jar = new CookieJar();
  const csrf = await request(port, 'GET', '/api/v1/csrf-cookie');
  if (csrf.status !== 204) throw new Error(`GET /api/v1/csrf-cookie answered ${csrf.status}: ${csrf.body}`);
  jar.absorb(csrf);
  const xsrf = jar.get('XSRF-TOKEN');
  if (!xsrf) throw new Error('No XSRF-TOKEN cookie');
  const login = await request(port, 'POST', '/api/v1/login', { cookie: jar.header(), 'x-xsrf-token': decodeURIComponent(xsrf) }, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false });
  if (login.status !== 200) throw new Error(`POST /api/v1/login answered ${login.status}: ${login.body}`);
  jar.absorb(login);
  if (!jar.get('session')) throw new Error('No session cookie after login');
  // Login issues the session's own token; the pre-login one no longer matches.
  const sessionXsrf = jar.get('XSRF-TOKEN');
  if (!sessionXsrf) throw new Error('No XSRF-TOKEN cookie after login');
  return { cookie: jar.header(), xsrf: decodeURIComponent(sessionXsrf) };
}

export function listeningPort(server: FastifyInstance): number {
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('Server is not listening on a TCP port');
  return address.port;
}

// ---------------------------------------------------------------------------------------------
// The bare baseline's driver: SQL text straight to PGlite or pg, no ORM, no request pipeline.

export type Row = unknown[];
export type Query = (text: string, params: unknown[]) => Promise<Row[]>;
export type RawDb = { tx<T>(work: (query: Query) => Promise<T>): Promise<T>; close(): Promise<void> };

export function rawPglite(pglite: PGlite): RawDb {
  return {
    tx: (work) => pglite.transaction((t) => work(async (text, params) => (await t.query<Row>(text, params, { rowMode: 'array' })).rows)),
    close: async () => undefined,
  };
}

export function rawPostgres(url: string): RawDb {
  // Same pool size as the app's (openPostgres default).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async tx(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The statements the app prebuilds are named (prepared once per connection) here as there.
        const result = await work(async (text, values) => {
          const name = prebuiltTexts.has(text) ? prebuiltStatementName(text) : undefined;
          return (await client.query<Row>({ text, values, rowMode: 'array', ...(name ? { name } : {}) })).rows;
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// Load runs

export type LoadResult = { rps: number; total: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number };
export type Measured = { kind: string; route: string; result: LoadResult | null; note?: string };
/** A request with a body (without one, measure sends GETs and expects 200); `connections` overrides CONNECTIONS. */
export type LoadRequest = { method: string; body: unknown; expectStatus: number; connections?: number };

function runLoad(url: string, headers: Record<string, string>, load?: LoadRequest): Promise<LoadResult> {
  const options = {
    url,
    headers,
    connections: load?.connections ?? CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    durationSeconds: DURATION_SECONDS,
    ...(load ? { method: load.method, body: JSON.stringify(load.body) } : {}),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/load.mjs'), JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line) return reject(new Error(`load generator exited ${code}: ${out}`));
      try {
        resolve(JSON.parse(line) as LoadResult);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

export async function measure(kind: string, route: string, port: number, urlPath: string, headers: Record<string, string>, load?: LoadRequest): Promise<Measured> {
  process.stdout.write(`  ${kind.padEnd(10)} ${route.padEnd(34)} `);
  const sent = load ? { ...headers, 'content-type': 'application/json' } : headers;
  const check = await request(port, load?.method ?? 'GET', urlPath, sent, load?.body);
  const expected = load?.expectStatus ?? 200;
  let note: string | undefined;
  if (check.status !== expected) {
    note = `check request answered ${check.status}: ${check.body.slice(0, 200)}`;
    console.log(`\n    !! ${note}`);
  }
  const result = await runLoad(`http://127.0.0.1:${port}${urlPath}`, { host: HOST_HEADER, ...sent }, load);
  console.log(`${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  non-2xx ${result.non2xx}`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const extra = `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
    note = note ? `${note}; ${extra}` : extra;
    console.log(`    !! ${extra}`);
  }
  return { kind, route, result, ...(note ? { note } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Database kinds

export type OpenedKind = { database: Database; raw: (database: Database) => RawDb; env: Record<string, string>; cleanup(): Promise<void> };
export type Kind = { name: string; open(dataDir: string): Promise<OpenedKind> };

export const pgliteKind: Kind = {
  name: 'PGlite',
  async open(dataDir) {
    const database = await openEmbedded(dataDir);
    return {
      database,
      env: {},
      raw: (db) => {
        if (!db.pglite) throw new Error('Expected a PGlite database');
        return rawPglite(db.pglite);
      },
      cleanup: async () => undefined,
    };
  },
};

/** BENCH_KINDS=postgres (or pglite) runs one database kind only: the million-invoice run is for PostgreSQL. */
export function kindWanted(name: 'pglite' | 'postgres'): boolean {
  const chosen = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',').map((entry) => entry.trim().toLowerCase());
  return chosen.includes(name);
}

export function postgresServerUrl(): string | null {
  if (!kindWanted('postgres')) return null;
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (configured) return configured;
  const ready = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' });
  return ready.status === 0 ? 'postgres://postgres@127.0.0.1:5432/postgres' : null;
}

export function postgresKind(serverUrl: string): Kind {
  return {
    name: 'PostgreSQL',
    async open() {
      const name = `bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const target = new URL(serverUrl);
      target.pathname = `/${name}`;
      const url = target.toString();
      console.log(`  (throwaway database ${name} on ${target.host})`);
      return {
        database: openPostgres(url),
        env: { DATABASE_URL: url },
        raw: () => rawPostgres(url),
        async cleanup() {
          const dropper = new pg.Client({ connectionString: serverUrl });
          await dropper.connect();
          try {
            // pg's Pool.end() resolves before its sockets are closed; a backend still alive when
            // DROP … WITH (FORCE) terminates it makes that client emit an unhandled 'error'.
            for (let i = 0; i < 200; i += 1) {
              const open = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
              if ((open.rows[0] as { n: number } | undefined)?.n === 0) break;
              await sleep(25);
            }
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

export function printLoadTable(title: string, measured: Measured[]): void {
  console.log('\n== %s (autocannon: %d connections, %d s after a %d s warm-up, loopback)', title, CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS);
  const header = ['kind', 'route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'];
  const rows = measured.map((m) => [m.kind, m.route, m.result ? m.result.rps.toFixed(0) : '-', m.result ? String(m.result.p50) : '-', m.result ? String(m.result.p99) : '-', m.result ? String(m.result.non2xx) : '-']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export function printLoadNotes(heading: string, measured: Measured[]): void {
  const notes = measured.filter((m) => m.note);
  if (notes.length > 0) {
    console.log(`\n${heading}`);
    for (const m of notes) console.log(`  ${m.kind} ${m.route}: ${m.note}`);
  }
}
