/**
 * Invoice benchmark. Prints figures; never fails on speed, only when a part breaks.
 *
 * For PGlite, and for PostgreSQL when one is reachable: one business with 100,000 invoices (BENCH_INVOICES)
 * (5 lines and a tax row each) over 500 customers; the invoice list (no filter, by status, by a
 * customer's name) and the stats loaded by autocannon beside a bare Fastify route replaying the
 * same SQL; EXPLAIN ANALYZE of the list's queries as the repository builds them; then
 * POST /api/v1/invoices beside a bare route inserting the same rows.
 * Bundled and started by bench/run.mjs after the API benchmark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import type { Database } from '../apps/api/src/db/client';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { newId } from '../apps/api/src/platform/crypto';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { createDocumentAttachments } from '../apps/api/src/modules/attachments/attachments.service';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { createInvoiceService } from '../apps/api/src/modules/invoices/invoices.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type Kind,
  type Measured,
  type RawDb,
  kindWanted,
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
} from './bench-kit';
import { bareAuthenticator, businessHeader } from './bare-auth';
import {
  EXPERIMENT_INDEXES,
  type PlanSummary,
  type Statement,
  capturingDb,
  createExperimentIndexes,
  dropExperimentIndexes,
  explain,
  isTenantContext,
  listQueries,
  readsInvoices,
  printPlan,
  tenantBusinessIndexes,
} from './documents-plans';
import { CUSTOMER_COUNT, INVOICE_COUNT, LINES_PER_INVOICE, SEARCHED_CUSTOMER, SEARCH_TERM, type SeedTimings, checkSeed, seedInvoices } from './documents-seed';

const LIST_P99_TARGET_MS = 25;
const LIST_P99_ALONE_TARGET_MS = 10;
const CREATE_RPS_TARGET = 300;

const listVariants = [
  { name: 'no filter', query: { page: 1, limit: 15 }, url: '/api/v1/invoices?page=1&limit=15' },
  { name: 'status=sent', query: { page: 1, limit: 15, status: 'sent' as const }, url: '/api/v1/invoices?page=1&limit=15&status=sent' },
  { name: 'search', query: { page: 1, limit: 15, search: SEARCH_TERM }, url: `/api/v1/invoices?page=1&limit=15&search=${encodeURIComponent(SEARCH_TERM)}` },
];

type PlanRow = { kind: string; query: string; plan: PlanSummary };
type KindFigures = { kind: string; seed: SeedTimings | null; measured: Measured[]; plans: PlanRow[] };

/** The statements of one service call, replayed in one transaction: the request pipeline, ORM and serialisation left out. */
function replay(raw: RawDb, statements: Statement[]) {
  return raw.tx(async (query) => {
    let rows = 0;
    for (const statement of statements) rows += (await query(statement.text, statement.params)).length;
    return { rows };
  });
}

type InsertReplay = { tenantContext: Statement; sequence: Statement; inserts: Statement[]; generatedIds: string[]; number: string; sequenceValue: number };

/**
 * From a captured create: the tenant context, the sequence upsert and the inserts of the invoice,
 * its lines and tax rows, with the ids and the number the create generated, to swap for fresh ones.
 */
function insertReplay(statements: Statement[], created: { id: string; invoice_number: string; sequence_number: number | null; items: { id: string; taxes: { id: string }[] }[]; taxes: { id: string }[] }): InsertReplay {
  const find = (pattern: RegExp) => {
    const found = statements.find((statement) => pattern.test(statement.text));
    if (!found) throw new Error(`The captured create sent no statement matching ${pattern}`);
    return found;
  };
  if (created.sequence_number === null) throw new Error('The captured create did not take a sequence number');
  return {
    tenantContext: find(/set_config\('app\.tenant_id'/),
    sequence: find(/^insert into "number_sequences"/),
    // The lines and their tax lines go in one statement, the lines in a CTE.
    inserts: [find(/^insert into "invoices"/), find(/^with "inserted_items" as \(insert into "invoice_items"/)],
    generatedIds: [created.id, ...created.items.flatMap((item) => [item.id, ...item.taxes.map((tax) => tax.id)]), ...created.taxes.map((tax) => tax.id)],
    number: created.invoice_number,
    sequenceValue: created.sequence_number,
  };
}

/**
 * The bare routes of the list and the stats authenticate as the real ones do (the pipeline's
 * session and membership reads, in their own transaction) before replaying the service's statements.
 */
async function buildBareServer(database: Database, tenantId: string, raw: RawDb, lists: Map<string, Statement[]>, stats: Statement[], create: InsertReplay): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  const bareAuth = bareAuthenticator(database.db, tenantId);
  const authenticated = async (req: FastifyRequest, reply: FastifyReply, statements: Statement[]) => {
    const auth = await bareAuth.authenticateMember(raw, req.headers.cookie, businessHeader(req.headers.business));
    if (!auth) return reply.status(401).send({ message: 'Unauthenticated.' });
    if (!auth.member) return reply.status(403).send({ message: 'Forbidden.' });
    return replay(raw, statements);
  };
  server.get<{ Params: { variant: string } }>('/invoices/:variant', async (req, reply) => {
    const statements = lists.get(req.params.variant);
    if (!statements) return reply.status(404).send({ message: 'Unknown variant' });
    return authenticated(req, reply, statements);
  });
  server.get('/invoices-stats', async (req, reply) => authenticated(req, reply, stats));
  server.post('/invoices', async (_req, reply) => {
    const id = await raw.tx(async (query) => {
      await query(create.tenantContext.text, create.tenantContext.params);
      const [bumped] = await query(create.sequence.text, create.sequence.params);
      const sequence = Number(bumped?.[0]);
      const fresh = new Map<unknown, unknown>(create.generatedIds.map((old) => [old, newId()]));
      fresh.set(create.number, `INV-${String(sequence).padStart(6, '0')}`);
      fresh.set(create.sequenceValue, sequence);
      for (const insert of create.inserts) await query(insert.text, insert.params.map((param) => (fresh.has(param) ? fresh.get(param) : param)));
      return fresh.get(create.generatedIds[0]);
    });
    return reply.status(201).send({ id });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

async function benchKind(kind: Kind): Promise<KindFigures> {
  console.log(`\n== ${kind.name}: ${INVOICE_COUNT.toLocaleString('en')} invoices × ${LINES_PER_INVOICE} lines over ${CUSTOMER_COUNT} customers`);
  const figures: KindFigures = { kind: kind.name, seed: null, measured: [], plans: [] };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-bench-docs-'));
  const closers: (() => Promise<unknown>)[] = [];
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
    const session = await signIn(realPort);
    const me = await request(realPort, 'GET', '/api/v1/me', { cookie: session.cookie });
    if (me.status !== 200) throw new Error(`GET /api/v1/me answered ${me.status}: ${me.body}`);
    const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
    const actor = { tenantId: landlord.id, userId, businessId: null, ip: null };
    const business = await createBusinessService(app).create(actor, userId, { name: 'Bench Co' });
    const scope = { tenantId: landlord.id, businessId: business.id };
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf, business: business.id };

    const raw = opened.raw(database);
    closers.unshift(() => raw.close());
    const seeded = await seedInvoices(database, raw, { port: realPort, headers }, { tenantId: landlord.id, businessId: business.id, userId });
    figures.seed = seeded.timings;
    const checkStart = performance.now();
    const issues = await checkSeed(database, scope);
    if (issues.length > 0) throw new Error(`Seeded data is inconsistent: ${issues.join('; ')}`);
    console.log(`  seed: amounts and references checked in ${((performance.now() - checkStart) / 1000).toFixed(1)} s`);

    // One run of each service call on a logging drizzle instance: the SQL to replay and to explain.
    const capture = capturingDb(database, opened.env.DATABASE_URL);
    closers.unshift(() => capture.close());
    const captured = { ...app, db: capture.db };
    const service = createInvoiceService(captured, createDocumentAttachments(captured));
    const lists = new Map<string, Statement[]>();
    for (const variant of listVariants) {
      const page = await service.list(scope, variant.query);
      lists.set(variant.name, capture.take());
      console.log(`  list ${variant.name}: ${page.meta.total} matching, ${page.data.length} on the page`);
    }
    await service.stats(scope, 'outgoing');
    const stats = capture.take();
    const customerId = await customerIdOf(database, scope, SEARCHED_CUSTOMER);
    const createBody = invoiceBody(customerId, seeded.taxTypeId);
    const created = await service.create({ ...actor, businessId: business.id }, scope, createBody);
    const create = insertReplay(capture.take(), created);


    console.log('\n  EXPLAIN ANALYZE as the service sends them (role app_user, tenant context set):');
    const tenantBusiness = await tenantBusinessIndexes(database);
    for (const variant of listVariants) {
      const statements = lists.get(variant.name) ?? [];
      const tenantContext = statements.find(isTenantContext);
      if (!tenantContext) throw new Error('The captured list sent no tenant context');
      for (const { label, statement } of listQueries(statements)) {
        // The per-direction counts are the same on every variant: shown once.
        if (variant.name !== 'no filter' && label.endsWith('_count')) continue;
        const plan = await explain(raw, tenantContext, statement);
        figures.plans.push({ kind: kind.name, query: `list ${variant.name}: ${label}`, plan });
        printPlan(`list ${variant.name}: ${label} query`, plan, tenantBusiness);
      }
    }
    const statsContext = stats.find(isTenantContext);
    const statsQuery = stats.find(readsInvoices);
    if (statsContext && statsQuery) {
      const plan = await explain(raw, statsContext, statsQuery);
      figures.plans.push({ kind: kind.name, query: 'stats', plan });
      printPlan('stats query', plan, tenantBusiness);
    }

    const bare = await buildBareServer(database, landlord.id, raw, lists, stats, create);
    closers.unshift(() => bare.close());
    const barePort = listeningPort(bare);
    const k = kind.name;
    const bareHeaders = { cookie: session.cookie, business: business.id };
    console.log('');
    for (const variant of listVariants) {
      figures.measured.push(await measure(k, `real list ${variant.name}`, realPort, variant.url, headers));
      figures.measured.push(await measure(k, `bare list ${variant.name} (same SQL)`, barePort, `/invoices/${encodeURIComponent(variant.name)}`, bareHeaders));
    }
    figures.measured.push(await measure(k, 'real GET /invoices/stats', realPort, '/api/v1/invoices/stats', headers));
    figures.measured.push(await measure(k, 'bare stats (same SQL)', barePort, '/invoices-stats', bareHeaders));
    const alone = { method: 'GET', body: undefined, expectStatus: 200, connections: 1 };
    for (const variant of listVariants) {
      figures.measured.push(await measure(k, `real list ${variant.name} (1 connection)`, realPort, variant.url, headers, alone));
    }
    figures.measured.push(await measure(k, 'real GET /invoices/stats (1 connection)', realPort, '/api/v1/invoices/stats', headers, alone));

    console.log(`\n  Experiment: ${EXPERIMENT_INDEXES.map((index) => `${index.name} ${index.columns}`).join(', ')}`);
    await createExperimentIndexes(database);
    const withExperiment = await tenantBusinessIndexes(database);
    for (const variant of listVariants.filter((entry) => entry.name !== 'search')) {
      const statements = lists.get(variant.name) ?? [];
      const tenantContext = statements.find(isTenantContext);
      const data = listQueries(statements).find((entry) => entry.label === 'data');
      if (!tenantContext || !data) throw new Error('The captured list sent no tenant context or data query');
      const plan = await explain(raw, tenantContext, data.statement);
      figures.plans.push({ kind: kind.name, query: `experiment ${variant.name}: data`, plan });
      printPlan(`experiment, list ${variant.name}: data query`, plan, withExperiment);
    }
    for (const variant of listVariants.filter((entry) => entry.name !== 'search')) {
      figures.measured.push(await measure(k, `experiment real list ${variant.name}`, realPort, variant.url, headers));
    }
    await dropExperimentIndexes(database);

    const post = { method: 'POST', body: createBody, expectStatus: 201 };
    figures.measured.push(await measure(k, 'real POST /invoices', realPort, '/api/v1/invoices', headers, post));
    // One connection: no create waits on another's lock on the number sequence row.
    figures.measured.push(await measure(k, 'real POST /invoices (1 connection)', realPort, '/api/v1/invoices', headers, { ...post, connections: 1 }));
    figures.measured.push(await measure(k, 'bare POST (same inserts)', barePort, '/invoices', {}, post));
  } catch (error) {
    problem(`${kind.name} documents benchmark`, error);
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
  return figures;
}

async function customerIdOf(database: Database, scope: { tenantId: string; businessId: string }, name: string): Promise<string> {
  const { rows } = await database.executor.executeSql("SELECT id FROM counterparties WHERE tenant_id = $1 AND business_id = $2 AND kind = 'customer' AND name = $3", [scope.tenantId, scope.businessId, name]);
  const id = (rows[0] as { id?: string } | undefined)?.id;
  if (!id) throw new Error(`No customer named ${name}`);
  return id;
}

/** A 2-line invoice with one document-level tax and a generated number. */
function invoiceBody(customerId: string, taxTypeId: string) {
  return {
    customer_id: customerId,
    invoice_date: new Date().toISOString().slice(0, 10),
    tax_per_item_enabled: false,
    discount_per_item_enabled: false,
    taxes: [{ tax_type_id: taxTypeId }],
    items: [
      { name: 'Consulting', quantity: '2', price: 12_500 },
      { name: 'Support', quantity: '3', price: 4_750 },
    ],
  };
}

/** The list and stats routes against their bare twins (same authentication SQL, same service SQL); the target is real at most 1.5x bare. */
function printRealVsBare(measured: Measured[]): void {
  console.log('\nreal vs bare, 10 connections (real costs N x bare by req/s; target <= 1.5x)');
  const pairs = [...listVariants.map((variant) => [`real list ${variant.name}`, `bare list ${variant.name} (same SQL)`]), ['real GET /invoices/stats', 'bare stats (same SQL)']];
  for (const kind of [...new Set(measured.map((m) => m.kind))]) {
    for (const [realRoute, bareRoute] of pairs) {
      const real = measured.find((m) => m.kind === kind && m.route === realRoute)?.result;
      const bare = measured.find((m) => m.kind === kind && m.route === bareRoute)?.result;
      if (!real || !bare || real.rps === 0) continue;
      console.log(`  ${kind.padEnd(10)} ${String(realRoute).padEnd(28)} ${(bare.rps / real.rps).toFixed(2)}x`);
    }
  }
}

function printSummary(all: KindFigures[]): void {
  const measured = all.flatMap((figures) => figures.measured);
  printLoadTable(`Invoice routes, one business with ${INVOICE_COUNT.toLocaleString('en')} invoices`, measured);
  printRealVsBare(measured);
  printLoadNotes('Responses that were not all as expected:', measured);

  console.log('\n== Seeding');
  for (const figures of all) {
    if (!figures.seed) continue;
    const { customersMs, invoicesMs, analyzeMs } = figures.seed;
    console.log(`  ${figures.kind.padEnd(10)} customers (API) ${(customersMs / 1000).toFixed(1)} s, invoices (SQL) ${(invoicesMs / 1000).toFixed(1)} s, VACUUM (ANALYZE) ${(analyzeMs / 1000).toFixed(1)} s`);
  }

  console.log('\n== Plans (EXPLAIN ANALYZE, executed once)');
  for (const row of all.flatMap((figures) => figures.plans)) {
    const indexes = row.plan.invoiceIndexes.length > 0 ? row.plan.invoiceIndexes.join(', ') : 'no invoices index';
    const time = row.plan.executionMs === null ? '' : ` ${row.plan.executionMs.toFixed(2)} ms`;
    console.log(`  ${row.kind.padEnd(10)} ${row.query.padEnd(36)} ${indexes}${row.plan.seqScanOnInvoices ? '; SEQ SCAN on invoices' : ''}${time}`);
  }

  console.log(`\n== Targets on PostgreSQL (list and stats p99 <= ${LIST_P99_TARGET_MS} ms at 10 connections, <= ${LIST_P99_ALONE_TARGET_MS} ms at 1; POST >= ${CREATE_RPS_TARGET} req/s)`);
  for (const m of measured.filter((entry) => entry.kind === 'PostgreSQL' && /^(real|experiment)/.test(entry.route) && entry.result)) {
    const result = m.result;
    if (!result) continue;
    const creates = m.route.includes('POST');
    const met = creates ? result.rps >= CREATE_RPS_TARGET : result.p99 <= (m.route.includes('(1 connection)') ? LIST_P99_ALONE_TARGET_MS : LIST_P99_TARGET_MS);
    console.log(`  ${m.route.padEnd(40)} ${creates ? `${result.rps.toFixed(0)} req/s` : `p99 ${result.p99} ms`}  ${met ? 'met' : 'NOT met'}`);
  }
}

async function main(): Promise<void> {
  console.log(`\nLedgerline invoice benchmark — Node ${process.version}, ${os.cpus().length} CPU(s)`);
  const all: KindFigures[] = [];
  if (kindWanted('pglite')) all.push(await benchKind(pgliteKind));
  const pgUrl = postgresServerUrl();
  if (pgUrl) all.push(await benchKind(postgresKind(pgUrl)));
  else console.log('\n== PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run a server on 127.0.0.1:5432)');
  printSummary(all);
  if (problems.length > 0) {
    console.error(`\n${problems.length} part(s) of the invoice benchmark broke:`);
    for (const p of problems) console.error(`  - ${p.split('\n')[0]}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
