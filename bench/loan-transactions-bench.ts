/**
 * The loan balance sheet's movement list at scale: one business of one tenant with 10,000 loans and
 * 1,000,000 ledger entries (500,000 two-line transactions, loans interleaved in time), then
 * `GET /loan-transactions` measured over HTTP for the first page, a page 400,000 movements deep
 * (by cursor) and one loan's movements, beside `/loans` and `/loan-stats`.
 * `npm run bench -- loan-transactions` (PostgreSQL only: BENCH_KINDS=postgres; a million entries is
 * no PGlite workload).
 *
 * The seed is bulk SQL as the database superuser with `session_replication_role = replica`, which
 * turns the ledger's triggers (balance at commit, entries only in their transaction's database
 * transaction, account totals kept per entry) and foreign-key triggers off for the seed alone: the
 * generated data is balanced and consistent by construction, and the accounts' totals are then set
 * from their entries in one statement. Running balances stay null (no read here uses them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { loanTransactionsQuerySchema } from '@app/contracts';
import { createLoanReadsService, encodeCursor } from '../apps/api/src/modules/financing/loan-reads.service';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Measured, kindWanted, listeningPort, measure, postgresKind, postgresServerUrl, printLoadNotes, printLoadTable, problem, problems, request, signIn } from './bench-kit';
import { capturingDb, explain, isTenantContext } from './documents-plans';

const LOANS = 10_000;
const TRANSACTIONS_PER_LOAN = 50;
const DEEP_OFFSET = 400_000;
const P99_TARGET_MS = 50;
const ALONE_REQUESTS = 200;

/** A valid version-4 UUID made from the MD5 of a SQL text expression, so the seed's rows can name each other. */
const uuidOf = (key: string) => `(substr(md5(${key}), 1, 12) || '4' || substr(md5(${key}), 14, 3) || '8' || substr(md5(${key}), 18, 15))::uuid`;

/** $1 tenant, $2 business, $3 customer record, $4 customer business, $5 user. */
const SEED = [
  `INSERT INTO invoices (tenant_id, id, business_id, customer_id, customer_business_id, currency_id, template_name, sub_total, tax, total,
     created_by_user_id, invoice_number, invoice_date, due_date, status, paid_status, amount_paid, due_amount, approved_at)
   SELECT $1::uuid, ${uuidOf(`'invoice:' || n`)}, $2::uuid, $3::uuid, $4::uuid, 1, 'invoice1', 200000, 0, 200000,
     $5::uuid, 'FIN-' || lpad(n::text, 6, '0'), date '2026-01-01', date '2026-12-31', 'approved', 'unpaid', 0, 200000, now()
   FROM generate_series(1, ${LOANS}) AS n`,
  `INSERT INTO financing_offers (tenant_id, id, business_id, invoice_id, product, lender, currency, invoice_amount, principal, fee, fee_bps_per_30_days, fee_periods, term_days, expires_at, status)
   SELECT $1::uuid, ${uuidOf(`'offer:' || n`)}, $2::uuid, ${uuidOf(`'invoice:' || n`)}, CASE WHEN n % 2 = 0 THEN 'factoring' ELSE 'bnpl' END, 'platform', 'USD', 200000, 150000, 3000, 200, 1, 30, now(), 'accepted'
   FROM generate_series(1, ${LOANS}) AS n`,
  `INSERT INTO loans (tenant_id, id, business_id, invoice_id, offer_id, product, lender, status, currency, principal, fee, due_date, funded_at, created_at)
   SELECT $1::uuid, ${uuidOf(`'loan:' || n`)}, $2::uuid, ${uuidOf(`'invoice:' || n`)}, ${uuidOf(`'offer:' || n`)}, CASE WHEN n % 2 = 0 THEN 'factoring' ELSE 'bnpl' END, 'platform', 'funded', 'USD', 150000, 3000, date '2026-12-31',
     timestamptz '2026-01-01' + n * interval '1 millisecond', timestamptz '2026-01-01' + n * interval '1 millisecond'
   FROM generate_series(1, ${LOANS}) AS n`,
  `INSERT INTO ledger_accounts (tenant_id, id, business_id, owner_type, owner_id, code, currency, normal_balance, no_negative)
   SELECT $1::uuid, ${uuidOf(`'account:' || n || ':' || code`)}, $2::uuid, 'loan', ${uuidOf(`'loan:' || n`)}, code, 'USD', CASE code WHEN 'business_reserve' THEN 'credit' ELSE 'debit' END, true
   FROM generate_series(1, ${LOANS}) AS n CROSS JOIN unnest(ARRAY['principal_receivable', 'fee_receivable', 'business_reserve']) AS code
   UNION ALL
   SELECT $1::uuid, ${uuidOf(`'lending:' || code`)}, NULL, 'lending', NULL, code, 'USD', CASE code WHEN 'collections' THEN 'debit' ELSE 'credit' END, false
   FROM unnest(ARRAY['lender_funds', 'fee_income', 'collections']) AS code`,
  // Movement k of loan n is the (k * LOANS + n)-th of the business: loans interleave in time. k = 0 is
  // the advance; then a fee (odd k) or a repayment of principal (even k).
  `INSERT INTO ledger_transactions (tenant_id, id, external_id, kind, status, effective_date, business_id, subject_type, subject_id, created_at, posted_at)
   SELECT $1::uuid, ${uuidOf(`'tx:' || k || ':' || n`)}, 'bench:' || k || ':' || n, CASE WHEN k = 0 THEN 'advance' WHEN k % 2 = 1 THEN 'fee' ELSE 'repayment' END, 'posted',
     date '2026-01-01' + (k * ${LOANS} + n) / 2000, $2::uuid, 'loan', ${uuidOf(`'loan:' || n`)}, at, at
   FROM generate_series(0, ${TRANSACTIONS_PER_LOAN - 1}) AS k CROSS JOIN generate_series(1, ${LOANS}) AS n
   CROSS JOIN LATERAL (SELECT timestamptz '2026-01-01' + (k * ${LOANS} + n) * interval '10 milliseconds' + interval '1 hour' AS at) AS times
   ORDER BY k, n`,
  `INSERT INTO ledger_entries (tenant_id, transaction_id, account_id, currency, amount, created_at)
   SELECT $1::uuid, ${uuidOf(`'tx:' || k || ':' || n`)}, account, 'USD', amount, timestamptz '2026-01-01' + (k * ${LOANS} + n) * interval '10 milliseconds' + interval '1 hour'
   FROM generate_series(0, ${TRANSACTIONS_PER_LOAN - 1}) AS k CROSS JOIN generate_series(1, ${LOANS}) AS n
   CROSS JOIN LATERAL (VALUES
     (CASE WHEN k = 0 THEN ${uuidOf(`'account:' || n || ':principal_receivable'`)} WHEN k % 2 = 1 THEN ${uuidOf(`'account:' || n || ':fee_receivable'`)} ELSE ${uuidOf(`'lending:collections'`)} END,
      CASE WHEN k = 0 THEN 150000 ELSE 100 END),
     (CASE WHEN k = 0 THEN ${uuidOf(`'lending:lender_funds'`)} WHEN k % 2 = 1 THEN ${uuidOf(`'lending:fee_income'`)} ELSE ${uuidOf(`'account:' || n || ':principal_receivable'`)} END,
      CASE WHEN k = 0 THEN -150000 ELSE -100 END)
   ) AS lines(account, amount)
   ORDER BY k, n`,
  `UPDATE ledger_accounts a SET debits_posted = s.debits, credits_posted = s.credits, version = s.entries
   FROM (SELECT account_id, coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS debits, coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS credits, count(*) AS entries
         FROM ledger_entries WHERE tenant_id = $1::uuid GROUP BY account_id) AS s
   WHERE a.tenant_id = $1::uuid AND a.id = s.account_id`,
];

async function seed(url: string, ids: { tenantId: string; businessId: string; customerId: string; customerBusinessId: string; userId: string }): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const params = [ids.tenantId, ids.businessId, ids.customerId, ids.customerBusinessId, ids.userId];
    for (const statement of SEED) {
      const used = Math.max(...[...statement.matchAll(/\$(\d)/g)].map((match) => Number(match[1])));
      await client.query(statement, params.slice(0, used));
    }
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE) invoices, financing_offers, loans, ledger_accounts, ledger_transactions, ledger_entries');
    const counted = await client.query<{ entries: string }>('SELECT count(*)::text AS entries FROM ledger_entries');
    console.log(`  seeded ${counted.rows[0]?.entries ?? '?'} ledger entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** The cursor that starts the page after the business's `offset`-th newest movement. */
async function cursorAt(url: string, tenantId: string, businessId: string, offset: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ micros: string; id: string }>(
      `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, id FROM ledger_transactions
       WHERE tenant_id = $1 AND business_id = $2 AND subject_type = 'loan' ORDER BY created_at DESC, id DESC OFFSET $3 LIMIT 1`,
      [tenantId, businessId, offset - 1],
    );
    const row = rows[0];
    if (!row) throw new Error(`No movement at offset ${offset}`);
    return encodeCursor({ createdAtMicros: BigInt(row.micros), id: row.id });
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** One request at a time: the latency of a page when nothing else competes for the server. */
async function alone(port: number, route: string, urlPath: string, headers: Record<string, string>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < ALONE_REQUESTS; i += 1) {
    const started = performance.now();
    const response = await request(port, 'GET', urlPath, headers);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${response.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return `| ${route} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`;
}

const serverUrl = postgresServerUrl();
const measured: Measured[] = [];
if (!serverUrl) {
  console.log('  (no PostgreSQL reachable, or BENCH_KINDS excludes it: this benchmark runs on PostgreSQL only)');
} else {
  if (kindWanted('pglite')) console.log('  (PGlite left out: a million ledger entries is a PostgreSQL workload)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-loan-reads-'));
  const opened = await postgresKind(serverUrl).open(dataDir);
  const { database } = opened;
  try {
    await database.migrate();
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
    const app = createAppContext({ env, database, jobs: new InlineQueue((name, error) => problem(name, error)), transport: null });
    await ensureInitialData(app);
    const landlord = await findLandlord(app.db);
    if (!landlord) throw new Error('Seeding made no landlord tenant');
    const server = await buildApp(app);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = listeningPort(server);
    try {
      const session = await signIn(port);
      const me = await request(port, 'GET', '/api/v1/me', { cookie: session.cookie });
      const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
      const business = await createBusinessService(app).create({ tenantId: landlord.id, userId, businessId: null, ip: null }, userId, { name: 'Bench Lending Co' });
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf, business: business.id };
      const created = await request(port, 'POST', '/api/v1/customers', headers, { name: 'Bench Customer', currency_id: 1 });
      if (created.status !== 201) throw new Error(`POST /customers answered ${created.status}: ${created.body}`);
      const customer = (JSON.parse(created.body) as { data: { id: string; customer_business: { id: string } } }).data;
      const url = opened.env.DATABASE_URL ?? '';
      await seed(url, { tenantId: landlord.id, businessId: business.id, customerId: customer.id, customerBusinessId: customer.customer_business.id, userId });

      const deep = await cursorAt(url, landlord.id, business.id, DEEP_OFFSET);
      const loanId = (await request(port, 'GET', '/api/v1/loans?limit=1', headers)).body.match(/"id":"([0-9a-f-]{36})"/)?.[1] ?? '';
      const get = { cookie: session.cookie, business: business.id };
      const variants = [
        { route: 'transactions first page', query: {}, url: '/api/v1/loan-transactions?limit=25' },
        { route: `transactions ${DEEP_OFFSET.toLocaleString('en')} deep`, query: { after: deep }, url: `/api/v1/loan-transactions?limit=25&after=${deep}` },
        { route: 'transactions of one loan', query: { loan_id: loanId }, url: `/api/v1/loan-transactions?limit=25&loan_id=${loanId}` },
        { route: 'transactions product=bnpl', query: { product: 'bnpl' }, url: '/api/v1/loan-transactions?limit=25&product=bnpl' },
        { route: 'transactions kind=advance', query: { kind: 'advance' }, url: '/api/v1/loan-transactions?limit=25&kind=advance' },
      ];

      // The machine's load is printed beside the figures: other work on the same cores moves them a lot.
      console.log('\n== One request at a time (%d each, loopback; load average %s)', ALONE_REQUESTS, os.loadavg().map((load) => load.toFixed(1)).join(' '));
      console.log('| route | p50 ms | p99 ms |\n|---|---:|---:|');
      console.log(await alone(port, 'GET /me (floor: session, no financing SQL)', '/api/v1/me', get));
      for (const variant of variants) console.log(await alone(port, variant.route, variant.url, get));
      console.log(await alone(port, 'loans first page', '/api/v1/loans?limit=15', get));
      console.log(await alone(port, 'loan-stats (10,000 loans)', '/api/v1/loan-stats', get));

      // The service's statements, captured and run again under EXPLAIN ANALYZE in the tenant's context.
      const capture = capturingDb(database, url);
      const raw = opened.raw(database);
      try {
        const captured = createLoanReadsService({ ...app, db: capture.db });
        for (const variant of variants) {
          capture.take();
          await captured.listTransactions({ tenantId: landlord.id, businessId: business.id }, loanTransactionsQuerySchema.parse({ limit: 25, ...variant.query }));
          const statements = capture.take();
          const context = statements.find(isTenantContext);
          if (!context) throw new Error('No tenant context captured');
          for (const statement of statements.filter((entry) => !isTenantContext(entry))) {
            const plan = await explain(raw, context, statement);
            console.log(`\n  -- ${variant.route}: ${plan.executionMs?.toFixed(2) ?? '?'} ms`);
            for (const line of plan.lines) console.log(`     ${line}`);
          }
        }
      } finally {
        await capture.close();
        await raw.close();
      }
      for (const variant of variants) measured.push(await measure('PostgreSQL', variant.route, port, variant.url, get));
      measured.push(await measure('PostgreSQL', 'loans first page', port, '/api/v1/loans?limit=15', get));
      measured.push(await measure('PostgreSQL', 'loan-stats (10,000 loans)', port, '/api/v1/loan-stats', get));
    } finally {
      await server.close();
      await app.apiLog.flush();
    }
  } catch (error) {
    problem('loan-transactions', error);
  } finally {
    await database.close();
    await opened.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

printLoadTable(`Loan movements, one business with ${LOANS.toLocaleString('en')} loans and ${(LOANS * TRANSACTIONS_PER_LOAN * 2).toLocaleString('en')} ledger entries (target p99 < ${P99_TARGET_MS} ms a page)`, measured);
printLoadNotes('Responses that were not all as expected:', measured);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
  process.exitCode = 1;
}
