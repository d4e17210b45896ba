/**
 * API benchmark (ARCHITECTURE section 9). Prints figures; never fails on speed.
 *
 * For PGlite, and for PostgreSQL when one is reachable: the real app (buildApp) and a bare
 * Fastify server running the same SQL, side by side, loaded by autocannon from another process.
 * Then restart-to-ready of the built server on an existing data directory.
 * Bundled and started by bench/run.mjs (BENCH_ROOT = the repository root).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type AppDb, type Database, openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { businesses, businessUsers, roles, sessions, users } from '../apps/api/src/db/schema';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { sha256 } from '../apps/api/src/platform/crypto';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';

const ROOT = process.env.BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'Bench-Passw0rd!';
const HOST_HEADER = 'localhost';
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const DURATION_SECONDS = 5;
const STARTUP_RUNS = 3;

const problems: string[] = [];

function problem(where: string, error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  problems.push(`${where}: ${text}`);
  console.error(`\n!! ${where} failed: ${text}\n`);
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(port: number, method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
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

/** Signs in like the browser does: CSRF cookie, then login with the XSRF header. Returns the Cookie header. */
async function signIn(port: number): Promise<string> {
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
  return jar.header();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function listeningPort(server: FastifyInstance): number {
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('Server is not listening on a TCP port');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The bare baseline: the same SQL text the app's repositories send, straight to the driver.

type Row = unknown[];
type Query = (text: string, params: unknown[]) => Promise<Row[]>;
type RawDb = { tx<T>(work: (query: Query) => Promise<T>): Promise<T>; close(): Promise<void> };

function rawPglite(pglite: PGlite): RawDb {
  return {
    tx: (work) => pglite.transaction((t) => work(async (text, params) => (await t.query<Row>(text, params, { rowMode: 'array' })).rows)),
    close: async () => undefined,
  };
}

function rawPostgres(url: string): RawDb {
  // Same pool size as the app's (openPostgres default).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async tx(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(async (text, values) => (await client.query<Row>({ text, values, rowMode: 'array' })).rows);
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

type Statement = { text: string; params: (values: Record<string, unknown>) => unknown[] };

/** Drizzle renders the query (so the text is the app's, byte for byte); placeholders become named values. */
function statement(built: { toSQL(): { sql: string; params: unknown[] } }, names: Record<string, string>): Statement {
  const { sql: text, params } = built.toSQL();
  const order = params.map((p) => (typeof p === 'string' && p in names ? names[p] : null));
  return {
    text,
    params: (values) => params.map((p, i) => (order[i] ? values[order[i] as string] : p)),
  };
}

/** The statements behind GET /api/v1/me and GET /api/v1/bootstrap (auth.repository, businesses.repository, tenant-tx). */
function appStatements(db: AppDb) {
  const T = '00000000-0000-4000-8000-00000000000a';
  const S = 'session-id-placeholder';
  const U = '00000000-0000-4000-8000-00000000000b';
  const B = '00000000-0000-4000-8000-00000000000c';
  const NOW = '2000-01-01T00:00:00.000Z';
  const names = { [T]: 'tenantId', [S]: 'sessionId', [U]: 'userId', [B]: 'businessId', [NOW]: 'now' };
  return {
    // db/tenant-tx.ts
    tenantContext: statement({ toSQL: () => new PgDialect().sqlToQuery(sql`select set_config('app.tenant_id', ${T}, true), set_config('role', 'app_user', true)`) }, names),
    // auth.repository findLiveSession
    liveSession: statement(
      db
        .select({ session: sessions, user: users, platformAbilities: roles.abilities })
        .from(sessions)
        .leftJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
        .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
        .where(and(eq(sessions.tenantId, T), eq(sessions.id, S), gt(sessions.expiresAt, new Date(NOW))))
        .limit(1),
      names,
    ),
    // auth.repository findMembership
    membership: statement(
      db
        .select({ isOwner: businessUsers.isOwner, abilities: roles.abilities, business: businesses })
        .from(businessUsers)
        .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
        .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
        .where(and(eq(businessUsers.tenantId, T), eq(businessUsers.userId, U), eq(businessUsers.businessId, B), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
        .limit(1),
      names,
    ),
    // businesses.repository listUserCompanies(…, 0, 50)
    companies: statement(
      db
        .select({ id: businesses.id, name: businesses.name, slug: businesses.slug, logo: businesses.logo, role: roles.name })
        .from(businessUsers)
        .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
        .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
        .where(and(eq(businessUsers.tenantId, T), eq(businessUsers.userId, U), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
        .orderBy(asc(businesses.name), asc(businesses.id))
        .offset(0)
        .limit(50),
      names,
    ),
  };
}

const sessionColumns = Object.keys(getTableColumns(sessions)).length;
const userColumnNames = Object.keys(getTableColumns(users));
const businessColumnNames = Object.keys(getTableColumns(businesses));

function asObject(names: string[], row: Row, offset = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    out[name] = row[offset + i];
  });
  return out;
}

function sessionCookieOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /(?:^|;\s*)session=([^;]+)/.exec(header);
  return match?.[1] ?? null;
}

/** Each bare route runs exactly the statements and transactions of the real route. */
async function buildBareServer(database: Database, raw: RawDb, tenantId: string): Promise<FastifyInstance> {
  const q = appStatements(database.db);
  const server = Fastify({ logger: false });
  const run = (query: Query, st: Statement, values: Record<string, unknown>) => query(st.text, st.params(values));

  type Auth = { userId: string; sessionUser: Record<string, unknown> } | null;
  async function authenticate(query: Query, cookieHeader: string | undefined): Promise<Auth> {
    const cookie = sessionCookieOf(cookieHeader);
    if (!cookie) return null;
    await run(query, q.tenantContext, { tenantId });
    const rows = await run(query, q.liveSession, { tenantId, sessionId: sha256(cookie), now: new Date().toISOString() });
    const row = rows[0];
    if (!row) return null;
    const user = asObject(userColumnNames, row, sessionColumns);
    if (user.status !== 'active') return null;
    return { userId: String(user.id), sessionUser: user };
  }

  async function membership(query: Query, userId: string, businessId: string | undefined) {
    if (!businessId) return null;
    const rows = await run(query, q.membership, { tenantId, userId, businessId });
    return rows[0] ? { isOwner: rows[0][0], abilities: rows[0][1], business: asObject(businessColumnNames, rows[0], 2) } : null;
  }

  async function companiesOf(query: Query, userId: string) {
    const rows = await run(query, q.companies, { tenantId, userId });
    return rows.map(([id, name, slug, logo, role]) => ({ id, name, slug, logo, role }));
  }

  const businessHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

  server.get('/me', async (req, reply) => {
    const auth = await raw.tx((query) => authenticate(query, req.headers.cookie));
    if (!auth) return reply.status(401).send({ message: 'Unauthenticated.' });
    return { data: auth.sessionUser };
  });

  server.get('/bootstrap', async (req, reply) => {
    const businessId = businessHeader(req.headers.business);
    const auth = await raw.tx(async (query) => {
      const found = await authenticate(query, req.headers.cookie);
      return found ? { ...found, member: await membership(query, found.userId, businessId) } : null;
    });
    if (!auth) return reply.status(401).send({ message: 'Unauthenticated.' });
    const companies = await raw.tx(async (query) => {
      await run(query, q.tenantContext, { tenantId });
      return companiesOf(query, auth.userId);
    });
    return { current_user: auth.sessionUser, companies, current_business: auth.member?.business ?? null, current_user_abilities: auth.member?.abilities ?? [] };
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

// ---------------------------------------------------------------------------------------------
// Load runs

type LoadResult = { rps: number; total: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number };
type Measured = { kind: string; route: string; result: LoadResult | null; note?: string };

function runLoad(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const options = { url, headers, connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, durationSeconds: DURATION_SECONDS };
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

async function measure(kind: string, route: string, port: number, urlPath: string, headers: Record<string, string>): Promise<Measured> {
  process.stdout.write(`  ${kind.padEnd(10)} ${route.padEnd(34)} `);
  const check = await request(port, 'GET', urlPath, headers);
  let note: string | undefined;
  if (check.status !== 200) {
    note = `check request answered ${check.status}: ${check.body.slice(0, 200)}`;
    console.log(`\n    !! ${note}`);
  }
  const result = await runLoad(`http://127.0.0.1:${port}${urlPath}`, { host: HOST_HEADER, ...headers });
  console.log(`${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  non-2xx ${result.non2xx}`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const extra = `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
    note = note ? `${note}; ${extra}` : extra;
    console.log(`    !! ${extra}`);
  }
  return { kind, route, result, ...(note ? { note } : {}) };
}

// ---------------------------------------------------------------------------------------------
// One database kind

type Kind = { name: string; open(dataDir: string): Promise<{ database: Database; raw: (database: Database) => RawDb; env: Record<string, string>; cleanup(): Promise<void> }> };

async function benchKind(kind: Kind): Promise<Measured[]> {
  console.log(`\n== ${kind.name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-bench-'));
  const closers: (() => Promise<unknown>)[] = [];
  const measured: Measured[] = [];
  try {
    const opened = await kind.open(dataDir);
    closers.push(opened.cleanup);
    const { database } = opened;
    closers.unshift(() => database.close());
    await database.migrate();
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
    const app = createAppContext({ env, database, jobs: new InlineQueue(), transport: null });
    closers.unshift(() => app.apiLog.flush());
    await ensureInitialData(app);
    const landlord = await findLandlord(app.db);
    if (!landlord) throw new Error('Seeding made no landlord tenant');

    const real = await buildApp(app);
    closers.unshift(() => real.close());
    await real.listen({ port: 0, host: '127.0.0.1' });
    const realPort = listeningPort(real);

    const cookie = await signIn(realPort);
    const me = await request(realPort, 'GET', '/api/v1/me', { cookie });
    if (me.status !== 200) throw new Error(`GET /api/v1/me answered ${me.status}: ${me.body}`);
    const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
    const business = await createBusinessService(app).create({ tenantId: landlord.id, userId, businessId: null, ip: null }, userId, { name: 'Bench Co' });

    const raw = opened.raw(database);
    closers.unshift(() => raw.close());
    const bare = await buildBareServer(database, raw, landlord.id);
    closers.unshift(() => bare.close());
    const barePort = listeningPort(bare);

    const k = kind.name;
    const withBusiness = { cookie, business: business.id };
    measured.push(await measure(k, 'real GET /api/v1/me', realPort, '/api/v1/me', { cookie }));
    measured.push(await measure(k, 'bare /me (same SQL)', barePort, '/me', { cookie }));
    measured.push(await measure(k, 'real GET /api/v1/bootstrap', realPort, '/api/v1/bootstrap', withBusiness));
    measured.push(await measure(k, 'bare /bootstrap (same SQL)', barePort, '/bootstrap', withBusiness));
  } catch (error) {
    problem(`${kind.name} benchmark`, error);
  } finally {
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        problem(`${kind.name} clean-up`, error);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return measured;
}

const pgliteKind: Kind = {
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

function postgresServerUrl(): string | null {
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (configured) return configured;
  const ready = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' });
  return ready.status === 0 ? 'postgres://postgres@127.0.0.1:5432/postgres' : null;
}

function postgresKind(serverUrl: string): Kind {
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
// Restart to ready

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), 0);
}

function ensureApiBuilt(): void {
  const bundle = path.join(ROOT, 'apps/api/dist/main.js');
  const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'apps/api/src')), newestMtime(path.join(ROOT, 'packages/contracts/src')));
  if (built >= sources) return;
  console.log(`  building the API (${built ? 'stale' : 'missing'}) ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@app/api'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w @app/api failed (exit ${result.status})`);
}

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_EMAIL, ADMIN_PASSWORD };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'MAIL_HOST', 'DEMO', 'WEB_DIST']) delete env[name];
  return env;
}

type Started = { child: ChildProcess; output: () => string };

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  // Own process group, so `npm start` can be stopped with everything it started.
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitReady(started: Started, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited (${started.child.exitCode}) before it was ready:\n${started.output().slice(-3000)}`);
    try {
      const response = await request(port, 'GET', '/readyz');
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${started.output().slice(-3000)}`);
}

async function stop(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) return;
  process.kill(-pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 20_000);
  await exited;
  clearTimeout(timer);
  // npm start: wait for the whole group (the server itself) to be gone, so the data directory lock is free.
  for (let i = 0; i < 400; i += 1) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await sleep(25);
  }
}

function readyLogMs(output: string): number | null {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; ms?: number };
      if (entry.msg === 'ready' && typeof entry.ms === 'number') return entry.ms;
    } catch {
      // not a log line
    }
  }
  return null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

type StartupResult = { label: string; wall: number[]; logged: (number | null)[] };

async function timeStarts(label: string, command: string, args: string[], dataDir: string, port: number): Promise<StartupResult> {
  const result: StartupResult = { label, wall: [], logged: [] };
  for (let i = 0; i < STARTUP_RUNS; i += 1) {
    const t0 = performance.now();
    const started = startProcess(command, args, serverEnv(dataDir, port));
    try {
      await waitReady(started, port, 60_000);
      const wall = performance.now() - t0;
      result.wall.push(wall);
      result.logged.push(readyLogMs(started.output()));
      console.log(`  ${label} run ${i + 1}: ${wall.toFixed(0)} ms to /readyz 200 (server's own 'ready' ms: ${result.logged.at(-1) ?? '?'})`);
    } finally {
      await stop(started);
    }
  }
  return result;
}

async function benchStartup(): Promise<StartupResult[]> {
  console.log('\n== Restart to ready (PGlite, existing data directory)');
  const results: StartupResult[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-bench-start-'));
  try {
    ensureApiBuilt();
    const port = await freePort();
    const entry = path.join(ROOT, 'apps/api/dist/main.js');
    const nodeArgs = ['--enable-source-maps', entry];
    const t0 = performance.now();
    const first = startProcess(process.execPath, nodeArgs, serverEnv(dataDir, port));
    try {
      await waitReady(first, port, 120_000);
      console.log(`  first start (fresh data directory: initdb, migrations, seed): ${(performance.now() - t0).toFixed(0)} ms`);
    } finally {
      await stop(first);
    }
    results.push(await timeStarts('node apps/api/dist/main.js', process.execPath, nodeArgs, dataDir, port));

    // The real `npm start`, only when it would not build first (that would time the build).
    const stale = spawnSync(process.execPath, ['-e', "import('./scripts/lib/stale.mjs').then((m) => process.exit(m.staleTargets().length ? 1 : 0))"], { cwd: ROOT });
    if (stale.status === 0) results.push(await timeStarts('npm start', 'npm', ['start', '--silent'], dataDir, port));
    else console.log('  (npm start not timed: a build is missing or stale, so it would build first; run `npm run build`)');
  } catch (error) {
    problem('startup benchmark', error);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------

function printTable(measured: Measured[]): void {
  console.log('\n== API routes (autocannon: %d connections, %d s after a %d s warm-up, loopback)', CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS);
  const header = ['kind', 'route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'];
  const rows = measured.map((m) => [m.kind, m.route, m.result ? m.result.rps.toFixed(0) : '-', m.result ? String(m.result.p50) : '-', m.result ? String(m.result.p99) : '-', m.result ? String(m.result.non2xx) : '-']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));

  console.log('\nreal vs bare (req/s ratio real/bare; the budget is real costing at most 2x bare, i.e. ratio >= 0.50)');
  for (const kind of [...new Set(measured.map((m) => m.kind))]) {
    for (const route of ['me', 'bootstrap']) {
      const real = measured.find((m) => m.kind === kind && m.route.startsWith('real') && m.route.endsWith(`/${route}`))?.result;
      for (const variant of ['same SQL']) {
        const bare = measured.find((m) => m.kind === kind && m.route === `bare /${route} (${variant})`)?.result;
        if (!real || !bare || bare.rps === 0) continue;
        const ratio = real.rps / bare.rps;
        console.log(`  ${kind.padEnd(10)} /${route.padEnd(10)} vs bare (${variant}): ${ratio.toFixed(2)}  (real costs ${(1 / ratio).toFixed(2)}x bare)`);
      }
    }
  }
  const notes = measured.filter((m) => m.note);
  if (notes.length > 0) {
    console.log('\nResponses that were not all 200:');
    for (const m of notes) console.log(`  ${m.kind} ${m.route}: ${m.note}`);
  }
}

async function main(): Promise<void> {
  console.log(`Ledgerline benchmark — Node ${process.version}, ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? ''}`);
  const measured: Measured[] = [];
  measured.push(...(await benchKind(pgliteKind)));
  const pgUrl = postgresServerUrl();
  if (pgUrl) measured.push(...(await benchKind(postgresKind(pgUrl))));
  else console.log('\n== PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run a server on 127.0.0.1:5432)');

  const startup = await benchStartup();

  printTable(measured);
  if (startup.length > 0) {
    console.log('\n== Restart to ready on an existing PGlite data directory (budget < 3000 ms)');
    for (const s of startup) {
      const logged = s.logged.filter((v): v is number => v !== null);
      console.log(`  ${s.label.padEnd(28)} runs ${s.wall.map((w) => w.toFixed(0)).join(', ')} ms; median ${median(s.wall).toFixed(0)} ms${logged.length ? ` (server's own 'ready' ms median ${median(logged).toFixed(0)})` : ''}`);
    }
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} part(s) of the benchmark broke:`);
    for (const p of problems) console.error(`  - ${p.split('\n')[0]}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
