/**
 * Billing benchmark. Prints figures; never fails on speed, only when a part breaks.
 *
 * Dashboard, on PGlite and on PostgreSQL when one is reachable: one business with 100,000
 * invoices over three years and 50,000 payments; GET /business/stats?type=all and
 * GET /business/charts/data loaded by autocannon beside a bare Fastify route replaying the SQL the
 * dashboard service sends (it reads dashboard_totals) and the raw aggregate of the year's
 * documents, both timed directly on one connection, with their plans; then the upkeep: rows left
 * by a burst of edits, and their compaction.
 * Recurring generator, on PostgreSQL: 10,000 schedules over 20 businesses all due at once, made
 * by two generators on threads of their own, each with its own connection pool (as two worker
 * processes would), then checked for duplicates.
 * Bundled and started by bench/run.mjs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { type SqlExecutor, openPostgres } from '../apps/api/src/db/client';
import { businesses } from '../apps/api/src/db/schema';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import type { AppContext } from '../apps/api/src/platform/app-context';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { createDashboardCompactionJob } from '../apps/api/src/modules/dashboard/dashboard-compaction';
import { createDashboardService } from '../apps/api/src/modules/dashboard/dashboard.service';
import { createRecurringInvoiceJob } from '../apps/api/src/modules/recurring-invoices/recurring-job';
import type { GenerateResult } from '../apps/api/src/modules/recurring-invoices/recurring-generator';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Kind, type Measured, type OpenedKind, type RawDb, listeningPort, measure, pgliteKind, postgresKind, postgresServerUrl, printLoadNotes, printLoadTable, problem, problems, request, signIn } from './bench-kit';
import { PAYMENT_COUNT, checkPayments, copyRecurringInvoices, seedPayments } from './billing-seed';
import { type Statement, capturingDb, explain, isTenantContext } from './documents-plans';
import { INVOICE_COUNT, type ApiClient, checkSeed, createTaxType, seedInvoices } from './documents-seed';

const DASHBOARD_P99_TARGET_MS = 50;
const DIRECT_RUNS = 100;
const SCHEDULE_BUSINESSES = 20;
const SCHEDULES_PER_BUSINESS = 500;
const GENERATOR_TARGET_S = 60;
/** The generator's defaults on PostgreSQL, spelled out: due schedules read 200 at a time, 4 transactions at once per worker. */
const GENERATOR_OPTIONS = { batchSize: 200, concurrency: 4 };

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

type Started = { opened: OpenedKind; app: AppContext; port: number; headers: Record<string, string>; tenantId: string; userId: string; raw: RawDb };

/** A migrated database, the app listening on it and a signed-in owner; what to close goes on `closers`. */
async function start(kind: Kind, dataDir: string, closers: (() => Promise<unknown>)[]): Promise<Started> {
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
  const port = listeningPort(real);
  const session = await signIn(port);
  const me = await request(port, 'GET', '/api/v1/me', { cookie: session.cookie });
  if (me.status !== 200) throw new Error(`GET /api/v1/me answered ${me.status}: ${me.body}`);
  const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
  const raw = opened.raw(database);
  closers.unshift(() => raw.close());
  return { opened, app, port, headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf }, tenantId: landlord.id, userId, raw };
}

async function newBusiness(started: Started, name: string): Promise<{ businessId: string; client: ApiClient }> {
  const actor = { tenantId: started.tenantId, userId: started.userId, businessId: null, ip: null };
  const business = await createBusinessService(started.app).create(actor, started.userId, { name });
  return { businessId: business.id, client: { port: started.port, headers: { ...started.headers, business: business.id } } };
}

async function withClosers<T>(label: string, work: (closers: (() => Promise<unknown>)[], dataDir: string) => Promise<T>): Promise<T | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-bench-billing-'));
  const closers: (() => Promise<unknown>)[] = [];
  try {
    return await work(closers, dataDir);
  } catch (error) {
    problem(label, error);
    return null;
  } finally {
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        problem(`${label} clean-up`, error);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Dashboard

type DirectTiming = { route: string; p50: number; p99: number };
type PlanRow = { query: string; executionMs: number | null; seqScans: string[] };
type DashboardFigures = { kind: string; measured: Measured[]; direct: DirectTiming[]; plans: PlanRow[]; financialYear: string; notes: string[] };

/** The statements of one service call, replayed in one transaction: the request pipeline, ORM and serialisation left out. */
const replay = (raw: RawDb, statements: Statement[]) =>
  raw.tx(async (query) => {
    let rows = 0;
    for (const statement of statements) rows += (await query(statement.text, statement.params)).length;
    return { rows };
  });

async function bareServer(raw: RawDb, calls: Map<string, Statement[]>): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get<{ Params: { call: string } }>('/:call', async (req, reply) => {
    const statements = calls.get(req.params.call);
    if (!statements) return reply.status(404).send({ message: 'Unknown call' });
    return replay(raw, statements);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The replay run back to back on one connection: the database's share of a request. */
async function timeDirect(raw: RawDb, route: string, statements: Statement[]): Promise<DirectTiming> {
  const times: number[] = [];
  for (let run = 0; run < DIRECT_RUNS; run += 1) {
    const t0 = performance.now();
    await replay(raw, statements);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const timing = { route, p50: Number(percentile(times, 50).toFixed(2)), p99: Number(percentile(times, 99).toFixed(2)) };
  console.log(`  direct ${route.padEnd(34)} p50 ${timing.p50} ms  p99 ${timing.p99} ms  (${DIRECT_RUNS} runs, one connection)`);
  return timing;
}

/**
 * The baseline: the dashboard's figures summed from the documents themselves, as the service did
 * before dashboard_totals (one pass over the year's invoices, incoming invoices, estimates and
 * completed payments, by day for the charts). Run in the same tenant context as the service's SQL.
 * $1 tenant, $2 business, $3 first day, $4 last day of the financial year.
 */
const RAW_AGGREGATES = [
  `SELECT currency_id, status NOT IN ('draft', 'void') AS billed, count(*)::int, coalesce(sum(total), 0)::text, (sum(total * exchange_rate))::text,
     coalesce(sum(due_amount), 0)::text, (sum(due_amount * exchange_rate))::text
   FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND invoice_date BETWEEN $3::date AND $4::date
   GROUP BY currency_id, status NOT IN ('draft', 'void'), exchange_rate IS NULL`,
  `SELECT invoice_date, currency_id, coalesce(sum(total), 0)::text, (sum(total * exchange_rate))::text
   FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND invoice_date BETWEEN $3::date AND $4::date AND status NOT IN ('draft', 'void')
   GROUP BY invoice_date, currency_id, exchange_rate IS NULL`,
  `SELECT invoice_date, currency_id, coalesce(sum(total), 0)::text
   FROM invoices WHERE tenant_id = $1::uuid AND customer_business_id = $2::uuid AND status NOT IN ('draft', 'void') AND invoice_date BETWEEN $3::date AND $4::date
   GROUP BY invoice_date, currency_id`,
  `SELECT direction, payment_date, currency_id, coalesce(sum(amount), 0)::text, (sum(amount * exchange_rate))::text
   FROM payments WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND payment_date BETWEEN $3::date AND $4::date AND status = 'completed'
   GROUP BY direction, payment_date, currency_id, exchange_rate IS NULL`,
  `SELECT count(*)::int FROM estimates WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND estimate_date BETWEEN $3::date AND $4::date`,
];

/** Invoices of the year edited at once (total and amount due up by one cent), to leave rows for compaction. */
const EDITED_INVOICES = 2_500;
const EDIT_INVOICES = `UPDATE invoices SET total = total + 1, due_amount = due_amount + 1
  WHERE tenant_id = $1::uuid AND id IN (SELECT id FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND invoice_date BETWEEN $3::date AND $4::date ORDER BY id LIMIT ${EDITED_INVOICES})`;
const PENDING_ROWS = 'SELECT count(*)::int AS pending FROM dashboard_totals WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND pending';

const aggregateTable = (statement: Statement) => /\bfrom "?(invoices|payments|estimates|counterparties|dashboard_totals)"?/i.exec(statement.text)?.[1];

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

async function dashboardKind(kind: Kind): Promise<DashboardFigures> {
  console.log(`\n== Dashboard on ${kind.name}: ${INVOICE_COUNT.toLocaleString('en')} invoices, ${PAYMENT_COUNT.toLocaleString('en')} payments (load average ${loadAverage()})`);
  const figures: DashboardFigures = { kind: kind.name, measured: [], direct: [], plans: [], financialYear: '', notes: [] };
  await withClosers(`${kind.name} dashboard benchmark`, async (closers, dataDir) => {
    const started = await start(kind, dataDir, closers);
    const { app, opened, raw } = started;
    const executor = opened.database.executor;
    const { businessId, client } = await newBusiness(started, 'Dashboard Co');
    const ids = { tenantId: started.tenantId, businessId, userId: started.userId };
    await seedInvoices(opened.database, raw, client, ids);
    await seedPayments(opened.database, raw, ids);
    const issues = [...(await checkSeed(opened.database, ids)), ...(await checkPayments(opened.database, ids))];
    if (issues.length > 0) throw new Error(`Seeded data is inconsistent: ${issues.join('; ')}`);
    // The load ran with triggers off: the totals are rebuilt from the documents, as migration 0016 does.
    const rebuild = await timed(() => executor.executeSql('SELECT rebuild_dashboard_totals()'));
    await executor.executeSql('VACUUM (ANALYZE) dashboard_totals');
    const { rows: totalRows } = await executor.executeSql('SELECT count(*)::int AS rows FROM dashboard_totals WHERE tenant_id = $1::uuid AND business_id = $2::uuid', [ids.tenantId, ids.businessId]);
    figures.notes.push(`dashboard_totals rebuilt from the documents in ${(rebuild.ms / 1000).toFixed(1)} s: ${(totalRows[0] as { rows: number } | undefined)?.rows ?? 0} rows for the business`);

    const capture = capturingDb(opened.database, opened.env.DATABASE_URL);
    closers.unshift(() => capture.close());
    const service = createDashboardService({ ...app, db: capture.db });
    // The route passes the business row its authentication read; read here as the owner.
    const [business] = await app.db.select().from(businesses).where(and(eq(businesses.tenantId, ids.tenantId), eq(businesses.id, ids.businessId)));
    if (!business) throw new Error('The benchmark business is missing');
    const stats = await service.stats(ids, business, { type: 'all' });
    const calls = new Map([['stats', capture.take()]]);
    const charts = await service.charts(ids, business, {});
    calls.set('charts', capture.take());
    figures.financialYear = `${stats.financial_year.from} to ${stats.financial_year.to}`;
    console.log(`  financial year ${figures.financialYear}: ${stats.invoice_count} invoices, sales ${stats.total_sales}, due ${stats.total_amount_due}, receipts ${charts.totals.receipts}`);
    const tenantContext = calls.get('stats')?.find(isTenantContext);
    if (!tenantContext) throw new Error('The captured stats call sent no tenant context');
    const year = [ids.tenantId, ids.businessId, stats.financial_year.from, stats.financial_year.to];
    calls.set('raw aggregate', [tenantContext, ...RAW_AGGREGATES.map((text) => ({ text, params: year }))]);

    console.log('\n  EXPLAIN ANALYZE of the statements (role app_user, tenant context set):');
    for (const [call, statements] of calls) {
      for (const [index, statement] of statements.entries()) {
        const table = aggregateTable(statement);
        if (!table) continue;
        const plan = await explain(raw, tenantContext, statement);
        const seqScans = plan.lines.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []);
        const label = `${call} #${index} (${table})`;
        figures.plans.push({ query: label, executionMs: plan.executionMs, seqScans });
        console.log(`\n  -- ${label}: ${plan.executionMs === null ? '' : `${plan.executionMs.toFixed(2)} ms`}`);
        for (const line of plan.lines) console.log(`     ${line}`);
      }
    }

    console.log('');
    for (const [call, statements] of calls) figures.direct.push(await timeDirect(raw, call, statements));
    const bare = await bareServer(raw, calls);
    closers.unshift(() => bare.close());
    const barePort = listeningPort(bare);
    const headers = client.headers;
    const k = kind.name;
    figures.measured.push(await measure(k, 'real GET /business/stats?type=all', started.port, '/api/v1/business/stats?type=all', headers));
    figures.measured.push(await measure(k, 'bare stats (same SQL)', barePort, '/stats', {}));
    figures.measured.push(await measure(k, 'real GET /business/charts/data', started.port, '/api/v1/business/charts/data', headers));
    figures.measured.push(await measure(k, 'bare charts (same SQL)', barePort, '/charts', {}));
    figures.measured.push(await measure(k, 'bare raw aggregate of the year', barePort, `/${encodeURIComponent('raw aggregate')}`, {}));
    // One user at a time: the latency of a request that waits on no other.
    const alone = { method: 'GET', body: undefined, expectStatus: 200, connections: 1 };
    figures.measured.push(await measure(k, 'real stats (1 connection)', started.port, '/api/v1/business/stats?type=all', headers, alone));
    figures.measured.push(await measure(k, 'real charts (1 connection)', started.port, '/api/v1/business/charts/data', headers, alone));

    // Writes between two compaction runs leave signed rows behind; readers sum them until folded.
    const edit = await timed(() => executor.executeSql(EDIT_INVOICES, year));
    const pendingOf = async () => ((await executor.executeSql(PENDING_ROWS, [ids.tenantId, ids.businessId])).rows[0] as { pending: number } | undefined)?.pending ?? 0;
    const pending = await pendingOf();
    figures.notes.push(`${EDITED_INVOICES} invoices edited in one statement (triggers on) in ${edit.ms.toFixed(0)} ms, leaving ${pending} rows to fold`);
    figures.measured.push(await measure(k, `real stats, ${pending} rows not folded`, started.port, '/api/v1/business/stats?type=all', headers));
    const compaction = await timed(() => createDashboardCompactionJob(app).run());
    figures.notes.push(`compaction folded them into ${compaction.value} groups in ${compaction.ms.toFixed(0)} ms; ${await pendingOf()} rows left pending`);
    const after = await service.stats(ids, business, { type: 'all' });
    capture.take();
    if ((after.total_sales ?? 0) - (stats.total_sales ?? 0) !== (await editedSales(executor, year))) throw new Error('The totals did not follow the edited invoices');
    for (const note of figures.notes) console.log(`  ${note}`);
  });
  return figures;
}

/** What the edit added to the year's sales: one cent per edited invoice that counts as a sale. */
async function editedSales(executor: SqlExecutor, year: unknown[]): Promise<number> {
  const { rows } = await executor.executeSql(
    `SELECT count(*)::int AS edited FROM (SELECT status FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND invoice_date BETWEEN $3::date AND $4::date ORDER BY id LIMIT ${EDITED_INVOICES}) AS e WHERE status NOT IN ('draft', 'void')`,
    year,
  );
  return (rows[0] as { edited: number } | undefined)?.edited ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Recurring generator

type GeneratorFigures = { seconds: number; results: GenerateResult[]; checks: Record<string, number>; errors: string[]; loadBefore: string; loadAfter: string };

/** A three-line recurring invoice with a document-level tax, made every day at midnight UTC, not mailed. */
const recurringBody = (customerId: string, taxTypeId: string) => ({
  customer_id: customerId,
  repeat_interval: 'daily',
  timezone: 'UTC',
  send_automatically: false,
  taxes: [{ tax_type_id: taxTypeId }],
  items: [
    { name: 'Hosting', quantity: '1', price: 12_000 },
    { name: 'Support', quantity: '2', price: 2_500 },
    { name: 'Backups', quantity: '3', price: 900 },
  ],
});

async function created(client: ApiClient, urlPath: string, body: unknown): Promise<string> {
  const response = await request(client.port, 'POST', urlPath, client.headers, body);
  if (response.status !== 201) throw new Error(`POST ${urlPath} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return (JSON.parse(response.body) as { data: { id: string } }).data.id;
}

const GENERATOR_CHECKS = `SELECT
  (SELECT count(*)::int FROM recurring_invoices) AS schedules,
  (SELECT count(*)::int FROM recurring_invoices WHERE status = 'active' AND next_run_at <= $1) AS still_due,
  (SELECT count(*)::int FROM recurring_runs) AS runs,
  (SELECT count(*)::int FROM invoices WHERE recurring_invoice_id IS NOT NULL) AS invoices,
  (SELECT count(*)::int FROM (SELECT 1 FROM recurring_runs GROUP BY tenant_id, recurring_invoice_id, period_key HAVING count(*) > 1) AS twice) AS periods_twice,
  (SELECT count(*)::int FROM (SELECT 1 FROM invoices WHERE recurring_invoice_id IS NOT NULL GROUP BY tenant_id, recurring_invoice_id, invoice_date HAVING count(*) > 1) AS twice) AS invoice_dates_twice,
  (SELECT count(*)::int FROM invoices i WHERE recurring_invoice_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM recurring_runs r WHERE r.tenant_id = i.tenant_id AND r.invoice_id = i.id)) AS invoices_without_run,
  (SELECT count(*)::int FROM (SELECT 1 FROM invoices GROUP BY tenant_id, business_id, invoice_number HAVING count(*) > 1) AS twice) AS numbers_twice`;

type ThreadInput = { databaseUrl: string; dataDir: string; now: string };
type ThreadOutput = { result: GenerateResult; errors: string[]; startedAt: number; finishedAt: number };

/**
 * One generator worker on a thread of its own, with its own app context and connection pool, as a
 * second worker process would run: the two do not share one event loop.
 */
async function generatorThread(input: ThreadInput): Promise<ThreadOutput> {
  const database = openPostgres(input.databaseUrl);
  try {
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: input.dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', DATABASE_URL: input.databaseUrl });
    const app = createAppContext({ env, database, jobs: new InlineQueue(), transport: null });
    const errors: string[] = [];
    const generator = createRecurringInvoiceJob(app, (error) => errors.push(error instanceof Error ? error.message : String(error)));
    const startedAt = Date.now();
    const result = await generator.generateDue(new Date(input.now), GENERATOR_OPTIONS);
    const finishedAt = Date.now();
    await app.apiLog.flush();
    return { result, errors, startedAt, finishedAt };
  } finally {
    await database.close();
  }
}

function runGeneratorThread(input: ThreadInput): Promise<ThreadOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: input, execArgv: process.execArgv });
    worker.once('message', (output: ThreadOutput) => resolve(output));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`A generator thread exited with ${code}`));
    });
  });
}

async function generatorBench(serverUrl: string): Promise<GeneratorFigures | null> {
  const scheduleCount = SCHEDULE_BUSINESSES * SCHEDULES_PER_BUSINESS;
  console.log(`\n== Recurring generator on PostgreSQL: ${scheduleCount.toLocaleString('en')} schedules over ${SCHEDULE_BUSINESSES} businesses, two workers with ${JSON.stringify(GENERATOR_OPTIONS)} (load average ${loadAverage()})`);
  return withClosers('recurring generator benchmark', async (closers, dataDir) => {
    const started = await start(postgresKind(serverUrl), dataDir, closers);
    const { opened, raw } = started;
    const seedStart = performance.now();
    const templates: string[] = [];
    for (let index = 0; index < SCHEDULE_BUSINESSES; index += 1) {
      const { client } = await newBusiness(started, `Recurring Co ${index + 1}`);
      const taxTypeId = await createTaxType(client);
      const customerId = await created(client, '/api/v1/customers', { name: `Subscriber ${index + 1}`, currency_id: 1 });
      templates.push(await created(client, '/api/v1/recurring-invoices', recurringBody(customerId, taxTypeId)));
    }
    await copyRecurringInvoices(opened.database, raw, templates, SCHEDULES_PER_BUSINESS - 1);
    const now = new Date();
    const { rows: dueRows } = await opened.database.executor.executeSql("SELECT count(*)::int AS due FROM recurring_invoices WHERE status = 'active' AND next_run_at <= $1", [now]);
    const due = (dueRows[0] as { due: number } | undefined)?.due ?? 0;
    if (due !== scheduleCount) throw new Error(`${due} schedules due, expected ${scheduleCount}`);
    console.log(`  seed: ${SCHEDULE_BUSINESSES} recurring invoices through the API, copied by SQL to ${due} due schedules in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const url = opened.env.DATABASE_URL;
    if (!url) throw new Error('The PostgreSQL kind gave no DATABASE_URL');
    const input: ThreadInput = { databaseUrl: url, dataDir, now: now.toISOString() };
    const loadBefore = loadAverage();
    const outputs = await Promise.all([runGeneratorThread(input), runGeneratorThread(input)]);
    const loadAfter = loadAverage();
    // From the first generateDue starting to the last one returning: thread start-up left out.
    const seconds = (Math.max(...outputs.map((output) => output.finishedAt)) - Math.min(...outputs.map((output) => output.startedAt))) / 1000;
    const results = outputs.map((output) => output.result);
    const errors = outputs.flatMap((output) => output.errors);
    const { rows } = await opened.database.executor.executeSql(GENERATOR_CHECKS, [now]);
    const checks = (rows[0] ?? {}) as Record<string, number>;
    results.forEach((result, index) => console.log(`  worker ${index + 1}: ${JSON.stringify(result)}`));
    console.log(`  ${results.reduce((sum, result) => sum + result.generated, 0)} invoices in ${seconds.toFixed(1)} s; checks ${JSON.stringify(checks)}`);
    if (errors.length > 0) console.log(`  !! ${errors.length} generator errors, first: ${errors[0]}`);
    return { seconds, results, checks, errors, loadBefore, loadAfter };
  });
}

function generatorProblems(figures: GeneratorFigures): string[] {
  const { checks } = figures;
  const expected = SCHEDULE_BUSINESSES * SCHEDULES_PER_BUSINESS;
  const generated = figures.results.reduce((sum, result) => sum + result.generated, 0);
  const found: string[] = [];
  if (generated !== expected) found.push(`the workers made ${generated} invoices, expected ${expected}`);
  if (checks.runs !== checks.invoices) found.push(`${checks.runs} recurring_runs but ${checks.invoices} invoices with a recurring_invoice_id`);
  if (checks.invoices !== expected) found.push(`${checks.invoices} generated invoices stored, expected ${expected}`);
  for (const name of ['still_due', 'periods_twice', 'invoice_dates_twice', 'invoices_without_run', 'numbers_twice']) {
    if (checks[name] !== 0) found.push(`${name} = ${checks[name]}`);
  }
  if (figures.errors.length > 0) found.push(`${figures.errors.length} generator errors`);
  return found;
}

// ---------------------------------------------------------------------------------------------

function printSummary(dashboards: DashboardFigures[], generator: GeneratorFigures | null): void {
  const measured = dashboards.flatMap((figures) => figures.measured);
  printLoadTable('Dashboard routes, one business with 100,000 invoices and 50,000 payments', measured);
  printLoadNotes('Responses that were not all as expected:', measured);
  console.log(`\n== Dashboard SQL replayed directly (${DIRECT_RUNS} runs back to back, one connection)`);
  for (const figures of dashboards) {
    for (const timing of figures.direct) console.log(`  ${figures.kind.padEnd(10)} ${timing.route.padEnd(26)} p50 ${timing.p50} ms  p99 ${timing.p99} ms`);
  }
  console.log('\n== Dashboard totals upkeep');
  for (const figures of dashboards) for (const note of figures.notes) console.log(`  ${figures.kind.padEnd(10)} ${note}`);
  console.log('\n== Dashboard plans (EXPLAIN ANALYZE, executed once)');
  for (const figures of dashboards) {
    for (const plan of figures.plans) {
      const time = plan.executionMs === null ? '-' : `${plan.executionMs.toFixed(2)} ms`;
      console.log(`  ${figures.kind.padEnd(10)} ${plan.query.padEnd(32)} ${time.padStart(10)}${plan.seqScans.length > 0 ? `  Seq Scan on ${plan.seqScans.join(', ')}` : ''}`);
    }
  }
  console.log(`\n== Dashboard target on PostgreSQL (p99 < ${DASHBOARD_P99_TARGET_MS} ms)`);
  for (const m of measured.filter((entry) => entry.kind === 'PostgreSQL' && entry.route.startsWith('real'))) {
    if (m.result) console.log(`  ${m.route.padEnd(36)} p99 ${m.result.p99} ms  ${m.result.p99 < DASHBOARD_P99_TARGET_MS ? 'met' : 'NOT met'}`);
  }
  if (!generator) return;
  const generated = generator.results.reduce((sum, result) => sum + result.generated, 0);
  console.log(`\n== Recurring generator on PostgreSQL (target: ${SCHEDULE_BUSINESSES * SCHEDULES_PER_BUSINESS} due schedules in < ${GENERATOR_TARGET_S} s)`);
  console.log(`  ${generated} invoices in ${generator.seconds.toFixed(1)} s (${(generated / generator.seconds).toFixed(0)} invoices/s), per worker ${generator.results.map((result) => result.generated).join(' + ')}  ${generator.seconds < GENERATOR_TARGET_S ? 'met' : 'NOT met'}`);
  console.log(`  recurring_runs ${generator.checks.runs}, invoices with recurring_invoice_id ${generator.checks.invoices}, (schedule, period) twice ${generator.checks.periods_twice}, (schedule, invoice date) twice ${generator.checks.invoice_dates_twice}, numbers twice ${generator.checks.numbers_twice}, still due ${generator.checks.still_due}`);
  console.log(`  load average (1 / 5 / 15 min) before ${generator.loadBefore}, after ${generator.loadAfter}`);
}

async function main(): Promise<void> {
  console.log(`\nLedgerline billing benchmark — Node ${process.version}, ${os.cpus().length} CPU(s), load average ${loadAverage()}`);
  const pgUrl = postgresServerUrl();
  const kinds = pgUrl ? [pgliteKind, postgresKind(pgUrl)] : [pgliteKind];
  const dashboards: DashboardFigures[] = [];
  for (const kind of kinds) dashboards.push(await dashboardKind(kind));
  let generator: GeneratorFigures | null = null;
  if (pgUrl) {
    generator = await generatorBench(pgUrl);
    if (generator) for (const found of generatorProblems(generator)) problems.push(`recurring generator: ${found}`);
  } else {
    console.log('\n== PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run a server on 127.0.0.1:5432)');
  }
  printSummary(dashboards, generator);
  console.log(`\n  load average at the end (1 / 5 / 15 min): ${loadAverage()}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} part(s) of the billing benchmark broke:`);
    for (const p of problems) console.error(`  - ${p.split('\n')[0]}`);
    process.exit(1);
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  // A generator thread: its failure rejects the thread's promise in the main one.
  const output = await generatorThread(workerData as ThreadInput);
  parentPort?.postMessage(output);
}
