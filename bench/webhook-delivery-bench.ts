/**
 * Outgoing webhook delivery: events written in their change's transaction, each fanned out to
 * 1,000 subscribed endpoints on a local receiver and sent signed through the guarded outbound
 * client, by the dispatcher on pg-boss as in production. Figures: deliveries per second from the
 * first commit to the last delivery, and from each event's commit to its first delivery attempt
 * (p50, p99), and to its last endpoint served. `npm run bench -- webhook-delivery` (PostgreSQL when
 * reachable, and PGlite; BENCH_KINDS picks).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { webhookEndpoints } from '../apps/api/src/db/schema';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { inTenant } from '../apps/api/src/db/tenant-tx';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { newId } from '../apps/api/src/platform/crypto';
import { PgBossQueue } from '../apps/api/src/platform/jobs';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Kind, kindWanted, pgliteKind, postgresKind, postgresServerUrl, problem, problems, sleep } from './bench-kit';

const ENDPOINTS = 1_000;
/** A burst beyond what the dispatcher sends (4,000 deliveries a second asked for): throughput. */
const BURST_EVENTS = 20;
const BURST_EVERY_MS = 250;
/** A stream below it (1,000 deliveries every 4 s): the delay from commit to the first attempt, over enough events for a p99 that is not just the slowest. */
const PACED_EVENTS = 25;
const PACED_EVERY_MS = 4_000;
const DRAIN_TIMEOUT_MS = 180_000;

type Phase = { deliveries: number; perSecond: number; firstP50: number; firstP99: number; lastP50: number; lastP99: number };
type Figures = { kind: string; burst: Phase; paced: Phase };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The customer's servers: one listener answering 204 at once, noting when each event's deliveries arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number[]>();
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? '');
      const times = arrivals.get(id) ?? [];
      times.push(performance.now());
      arrivals.set(id, times);
      received += 1;
      response.writeHead(204).end();
    });
  });
  server.maxConnections = 4_096;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 1_024, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The receiver is not listening on a port');
  return { port: address.port, arrivals, received: () => received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function measureKind(kind: Kind): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-webhook-delivery-'));
  const opened = await kind.open(dataDir);
  const { database } = opened;
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1', ...opened.env });
  const jobs = new PgBossQueue(database, (message, error) => problem(message, error));
  const app = createAppContext({ env, database, jobs, transport: null });
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord tenant');
  const receiver = await startReceiver();
  const now = new Date();
  await inTenant(app.db, landlord.id, async (tx) => {
    for (let start = 0; start < ENDPOINTS; start += 200) {
      const rows = Array.from({ length: Math.min(200, ENDPOINTS - start) }, (_, index) => ({
        tenantId: landlord.id,
        id: newId(),
        businessId: null,
        url: `http://127.0.0.1:${receiver.port}/endpoint-${start + index}`,
        events: ['customer.created'],
        apiVersion: '2026-11-01',
        status: 'enabled' as const,
        secretSealed: app.secretBox.seal(`whsec_${Buffer.alloc(24, (start + index) % 251).toString('base64')}`),
        createdAt: now,
        updatedAt: now,
      }));
      await tx.insert(webhookEndpoints).values(rows);
    }
  });
  await jobs.start();
  const server = await buildApp(app);

  /** Writes `count` events, one every `everyMs`, and waits for all their deliveries: their figures. */
  const phase = async (count: number, everyMs: number): Promise<Phase> => {
    const committed = new Map<string, number>();
    const before = receiver.received();
    const firstCommit = performance.now();
    for (let n = 0; n < count; n += 1) {
      const due = firstCommit + n * everyMs;
      if (due > performance.now()) await sleep(due - performance.now());
      const id = await inTenant(app.db, landlord.id, (tx) =>
        app.webhookEvents.record(tx, { tenantId: landlord.id, businessId: null }, 'customer.created', {
          customer: { id: newId(), business_id: landlord.id, name: `Bench customer ${n}`, email: null, currency: 'USD', archived: false },
        }),
      );
      committed.set(id, performance.now());
    }
    const expected = before + ENDPOINTS * count;
    const drainUntil = Date.now() + DRAIN_TIMEOUT_MS;
    while (receiver.received() < expected && Date.now() < drainUntil) await sleep(100);
    if (receiver.received() < expected) problem('webhook delivery', new Error(`${receiver.received() - before} of ${expected - before} deliveries arrived within ${DRAIN_TIMEOUT_MS} ms`));
    const first: number[] = [];
    const last: number[] = [];
    let lastArrival = firstCommit;
    for (const [id, at] of committed) {
      const times = receiver.arrivals.get(id) ?? [];
      if (times.length === 0) continue;
      first.push(Math.min(...times) - at);
      const latest = Math.max(...times);
      last.push(latest - at);
      lastArrival = Math.max(lastArrival, latest);
    }
    first.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    const deliveries = receiver.received() - before;
    return { deliveries, perSecond: deliveries / ((lastArrival - firstCommit) / 1000), firstP50: percentile(first, 50), firstP99: percentile(first, 99), lastP50: percentile(last, 50), lastP99: percentile(last, 99) };
  };
  const burst = await phase(BURST_EVENTS, BURST_EVERY_MS);
  const paced = await phase(PACED_EVENTS, PACED_EVERY_MS);
  await server.close();
  await jobs.stop();
  await receiver.close();
  await app.apiLog.flush();
  await database.close();
  await opened.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind: kind.name, burst, paced };
}

const results: Figures[] = [];
const serverUrl = postgresServerUrl();
if (serverUrl) results.push(await measureKind(postgresKind(serverUrl)));
else if (kindWanted('postgres')) console.log('  (no PostgreSQL reachable: PGlite only)');
if (kindWanted('pglite')) results.push(await measureKind(pgliteKind));

console.log(`\n== Webhook delivery (each event to ${ENDPOINTS} endpoints on a loopback receiver; signed, through the guarded client, pg-boss dispatcher; burst: ${BURST_EVENTS} events one every ${BURST_EVERY_MS} ms; paced: ${PACED_EVENTS} events one every ${PACED_EVERY_MS} ms)`);
console.log(`| kind | phase | deliveries | delivered/s | events/s (each to all ${ENDPOINTS}) | commit→first attempt p50 ms | p99 ms | commit→last endpoint p50 ms | p99 ms |`);
console.log('|------|-------|-----------:|------------:|------------:|----------------------------:|-------:|----------------------------:|-------:|');
for (const r of results) {
  for (const [name, p] of [['burst', r.burst], ['paced', r.paced]] as const) {
    console.log(`| ${r.kind} | ${name} | ${p.deliveries} | ${p.perSecond.toFixed(0)} | ${(p.perSecond / ENDPOINTS).toFixed(2)} | ${p.firstP50.toFixed(0)} | ${p.firstP99.toFixed(0)} | ${p.lastP50.toFixed(0)} | ${p.lastP99.toFixed(0)} |`);
  }
}
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exitCode = 1;
}
