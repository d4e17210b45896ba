/**
 * Webhook intake: how many signed provider events per second the app accepts over HTTP (each one's
 * Stripe signature checked over its raw bytes, stored once, processed by the request with a pg-boss
 * job queued behind it, as in production), and how long from receipt to processed (the inbox row's
 * received_at → processed_at): after a saturating burst, and for a steady stream below the ceiling. `npm run bench -- webhooks`
 * (PostgreSQL when reachable, and PGlite; BENCH_KINDS picks).
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { tenants } from '../apps/api/src/db/schema';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { PgBossQueue } from '../apps/api/src/platform/jobs';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CONNECTIONS, DURATION_SECONDS, type Kind, WARMUP_SECONDS, kindWanted, listeningPort, pgliteKind, postgresKind, postgresServerUrl, problem, problems, request, sleep } from './bench-kit';

const WEBHOOK_PATH = '/api/v1/webhooks/payment-provider';
/** How long the queue gets to process what was accepted before the figures are read. */
const DRAIN_TIMEOUT_MS = 120_000;
/** The paced phase: a steady stream well below the intake's ceiling, as a busy tenant's provider sends. */
const PACED_PER_SECOND = 20;
const PACED_SECONDS = 5;

type Latency = { processed: number; p50: number; p99: number; max: number };
type Figures = { kind: string; accepted: number; refused: number; perSecond: number; burst: Latency; paced: Latency };

function signedEvent(secret: string, prefix: string, sequence: number): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `evt_${prefix}_${sequence}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: 'account.updated',
    account: 'acct_1Bench',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: 'acct_1Bench', object: 'account', charges_enabled: false, payouts_enabled: false, requirements: { currently_due: ['individual.dob.day'], eventually_due: [], past_due: [], pending_verification: [], errors: [], disabled_reason: 'requirements.past_due', current_deadline: null } } },
  });
  const at = Math.floor(Date.now() / 1000);
  return { body, signature: `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}` };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function measureKind(kind: Kind): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-webhooks-'));
  const opened = await kind.open(dataDir);
  const { database } = opened;
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
  const jobs = new PgBossQueue(database, (message, error) => problem(message, error));
  const app = createAppContext({ env, database, jobs, transport: null });
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord tenant');
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  await app.db
    .update(tenants)
    .set({ paymentProviderKey: 'pk_test_bench', paymentProviderSecret: app.secretBox.seal('sk_test_bench'), paymentProviderWebhookSecret: app.secretBox.seal(webhookSecret) })
    .where(eq(tenants.id, landlord.id));
  await jobs.start();
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = listeningPort(server);

  let sequence = 0;
  let accepted = 0;
  let refused = 0;
  const startedAt = Date.now();
  const measureFrom = startedAt + WARMUP_SECONDS * 1000;
  const stopAt = measureFrom + DURATION_SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < stopAt) {
      sequence += 1;
      const event = signedEvent(webhookSecret, 'burst', sequence);
      const answer = await request(port, 'POST', WEBHOOK_PATH, { 'content-type': 'application/json', 'stripe-signature': event.signature }, undefined, event.body);
      if (Date.now() < measureFrom) continue;
      if (answer.status === 200) accepted += 1;
      else refused += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));

  const raw = opened.raw(database);
  const drain = async () => {
    const drainUntil = Date.now() + DRAIN_TIMEOUT_MS;
    let pending = Number.POSITIVE_INFINITY;
    while (pending > 0 && Date.now() < drainUntil) {
      const rows = await raw.tx((query) => query(`select count(*)::int from provider_events where status <> 'processed'`, []));
      pending = Number(rows[0]?.[0] ?? 0);
      if (pending > 0) await sleep(250);
    }
    if (pending > 0) problem('webhooks', new Error(`${pending} events still unprocessed after ${DRAIN_TIMEOUT_MS} ms`));
  };
  const latency = async (pattern: string, since: Date): Promise<Latency> => {
    const rows = await raw.tx((query) =>
      query(`select extract(epoch from processed_at - received_at) * 1000 from provider_events where status = 'processed' and provider_event_id like $1 and received_at >= $2 order by 1`, [pattern, since.toISOString()]),
    );
    const sorted = rows.map((row) => Number(row[0]));
    return { processed: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
  };
  await drain();
  const burst = await latency('evt_burst_%', new Date(measureFrom));

  // A steady stream: one delivery every 1/PACED_PER_SECOND s, each answered before its turn ends.
  const pacedFrom = new Date();
  for (let n = 0; n < PACED_PER_SECOND * PACED_SECONDS; n += 1) {
    const due = pacedFrom.getTime() + (n * 1000) / PACED_PER_SECOND;
    if (due > Date.now()) await sleep(due - Date.now());
    const event = signedEvent(webhookSecret, 'paced', n);
    const answer = await request(port, 'POST', WEBHOOK_PATH, { 'content-type': 'application/json', 'stripe-signature': event.signature }, undefined, event.body);
    if (answer.status !== 200) problem('webhooks', new Error(`a paced delivery answered ${answer.status}`));
  }
  await drain();
  const paced = await latency('evt_paced_%', pacedFrom);
  await server.close();
  await jobs.stop();
  await app.apiLog.flush();
  await raw.close();
  await database.close();
  await opened.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind: kind.name, accepted, refused, perSecond: accepted / DURATION_SECONDS, burst, paced };
}

const results: Figures[] = [];
const serverUrl = postgresServerUrl();
if (serverUrl) results.push(await measureKind(postgresKind(serverUrl)));
else if (kindWanted('postgres')) console.log('  (no PostgreSQL reachable: PGlite only)');
if (kindWanted('pglite')) results.push(await measureKind(pgliteKind));

console.log(`\n== Webhook intake (burst: ${CONNECTIONS} connections, ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up; paced: ${PACED_PER_SECOND}/s for ${PACED_SECONDS} s; loopback; signature checked, stored once, processed by the request, a pg-boss job behind it)`);
console.log('| kind | accepted/s | accepted | refused | burst: processed | receipt→processed p50 ms | p99 ms | paced: processed | p50 ms | p99 ms | max ms |');
console.log('|------|-----------:|---------:|--------:|-----------------:|-------------------------:|-------:|-----------------:|-------:|-------:|-------:|');
for (const r of results) {
  console.log(`| ${r.kind} | ${r.perSecond.toFixed(0)} | ${r.accepted} | ${r.refused} | ${r.burst.processed} | ${r.burst.p50.toFixed(0)} | ${r.burst.p99.toFixed(0)} | ${r.paced.processed} | ${r.paced.p50.toFixed(0)} | ${r.paced.p99.toFixed(0)} | ${r.paced.max.toFixed(0)} |`);
}
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exitCode = 1;
}
