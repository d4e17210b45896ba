/**
 * API benchmark. Prints figures; never fails on speed.
 *
 * For PGlite, and for PostgreSQL when one is reachable: the real app (buildApp) and a bare
 * Fastify server running the same SQL, side by side, loaded by autocannon from another process.
 * Then restart-to-ready of the built server on an existing data directory.
 * Bundled and started by bench/run.mjs (BENCH_ROOT = the repository root).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import type { Database } from '../apps/api/src/db/client';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type Kind,
  type Measured,
  type Query,
  type RawDb,
  ROOT,
  listeningPort,
  measure,
  pgliteKind,
  postgresKind,
  postgresServerUrl,
  printLoadNotes,
  printLoadTable,
  problem,
  problems,
  request,
  signIn,
  sleep,
} from './bench-kit';
import { bareAuthenticator, businessHeader } from './bare-auth';

const STARTUP_RUNS = 3;

// ---------------------------------------------------------------------------------------------
// HTTP helpers

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

/** Each bare route runs exactly the statements and transactions of the real route. */
async function buildBareServer(database: Database, raw: RawDb, tenantId: string): Promise<FastifyInstance> {
  const bareAuth = bareAuthenticator(database.db, tenantId);
  const q = bareAuth.statements;
  const { run, authenticate } = bareAuth;
  const server = Fastify({ logger: false });

  async function companiesOf(query: Query, userId: string) {
    const rows = await run(query, q.companies, { tenantId, userId });
    return rows.map(([id, name, slug, logo, role]) => ({ id, name, slug, logo, role }));
  }

  async function pendingEmailOf(query: Query, userId: string) {
    const rows = await run(query, q.pendingEmail, { tenantId, userId, now: new Date().toISOString() });
    return rows[0]?.[0] ?? null;
  }

  server.get('/me', async (req, reply) => {
    const auth = await raw.tx((query) => authenticate(query, req.headers.cookie));
    if (!auth) return reply.status(401).send({ message: 'Unauthenticated.' });
    const pending = await raw.tx(async (query) => {
      await run(query, q.tenantContext, { tenantId });
      return pendingEmailOf(query, auth.userId);
    });
    return { data: { ...auth.sessionUser, pending_email: pending } };
  });

  server.get('/bootstrap', async (req, reply) => {
    const businessId = businessHeader(req.headers.business);
    const auth = await bareAuth.authenticateMember(raw, req.headers.cookie, businessId);
    if (!auth) return reply.status(401).send({ message: 'Unauthenticated.' });
    const { companies, pending } = await raw.tx(async (query) => {
      await run(query, q.tenantContext, { tenantId });
      const companies = await companiesOf(query, auth.userId);
      if (businessId) {
        for (const direction of ['outgoing', 'incoming']) await run(query, q.invoiceCount, { tenantId, businessId, direction });
      }
      return { companies, pending: await pendingEmailOf(query, auth.userId) };
    });
    return { current_user: { ...auth.sessionUser, pending_email: pending }, companies, current_business: auth.member?.business ?? null, current_user_abilities: auth.member?.abilities ?? [] };
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

// ---------------------------------------------------------------------------------------------
// One database kind

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

    const { cookie } = await signIn(realPort);
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
  printLoadTable('API routes', measured);

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
  printLoadNotes('Responses that were not all 200:', measured);
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
