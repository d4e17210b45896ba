/**
 * Reports benchmark. Prints figures; never fails on speed, only when a part breaks.
 *
 * One business with BENCH_INVOICES invoices (default 100,000; the issue's target is 1,000,000) of
 * five lines each over three years, and payments on them (bench/documents-seed.ts and
 * billing-seed.ts, bulk SQL), on PostgreSQL (PGlite with BENCH_KINDS=pglite). Each report on each
 * basis for the current financial year (a third of the history) and for the history's last
 * month, requested one at a time REPORT_RUNS times after a warm-up: p50 and p99 of the whole
 * request through the app.
 * Bundled and started by bench/run.mjs (`npm run bench -- reports`).
 */
import os from 'node:os';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { type BenchApp, openBenchApp } from './bench-app';
import { type Kind, kindWanted, pgliteKind, postgresKind, postgresServerUrl, problem, problems, request } from './bench-kit';
import { PAYMENT_COUNT, checkPayments, seedPayments } from './billing-seed';
import { INVOICE_COUNT, checkSeed, seedInvoices } from './documents-seed';

const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
const WARMUP_RUNS = 2;
const REPORTS = ['profit_and_loss', 'sales_by_customer', 'sales_by_item', 'taxes'] as const;
const BASES = ['accrual', 'cash'] as const;
const RANGES = ['this_year', 'previous_month'] as const;

type Timing = { route: string; p50: number; p99: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function reportsOn(kind: Kind): Promise<Timing[]> {
  console.log(`\n== Reports on ${kind.name}: ${INVOICE_COUNT.toLocaleString('en')} invoices, a payment on each paid one (at least ${PAYMENT_COUNT.toLocaleString('en')}) (load average ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')})`);
  const timings: Timing[] = [];
  let bench: BenchApp | null = null;
  try {
    bench = await openBenchApp(kind, 'reports');
    const { app, landlordId } = bench;
    const database = bench.opened.database;
    const { port, session, userId } = await bench.listen();
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
    const business = await createBusinessService(app).create({ tenantId: landlordId, userId, businessId: null, ip: null }, userId, { name: 'Reports Co' });
    const client = { port, headers: { ...headers, business: business.id } };
    const ids = { tenantId: landlordId, businessId: business.id, userId };
    const raw = bench.raw();
    await seedInvoices(database, raw, client, ids);
    await seedPayments(database, raw, ids);
    const issues = [...(await checkSeed(database, ids)), ...(await checkPayments(database, ids))];
    if (issues.length > 0) throw new Error(`Seeded data is inconsistent: ${issues.join('; ')}`);

    for (const range of RANGES) {
      for (const report of REPORTS) {
        for (const basis of BASES) {
          const url = `/api/v1/business/reports/${report}?range=${range}&basis=${basis}`;
          const times: number[] = [];
          for (let run = 0; run < WARMUP_RUNS + REPORT_RUNS; run += 1) {
            const t0 = performance.now();
            const response = await request(port, 'GET', url, client.headers);
            if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body.slice(0, 300)}`);
            if (run >= WARMUP_RUNS) times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          const timing = { route: `${report} ${basis} ${range}`, p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)) };
          console.log(`  ${timing.route.padEnd(42)} p50 ${String(timing.p50).padStart(8)} ms  p99 ${String(timing.p99).padStart(8)} ms  (${REPORT_RUNS} requests, one at a time)`);
          timings.push(timing);
        }
      }
    }
  } catch (error) {
    problem(`${kind.name} reports benchmark`, error);
  } finally {
    await bench?.close();
  }
  return timings;
}

async function main(): Promise<void> {
  console.log(`\nLedgerline reports benchmark — Node ${process.version}, ${os.cpus().length} CPU(s)`);
  const pgUrl = postgresServerUrl();
  const kinds = [...(kindWanted('pglite') && process.env.BENCH_KINDS ? [pgliteKind] : []), ...(pgUrl ? [postgresKind(pgUrl)] : [])];
  if (kinds.length === 0) console.log('\n== PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run a server on 127.0.0.1:5432)');
  for (const kind of kinds) await reportsOn(kind);
  if (problems.length > 0) {
    console.error(`\n${problems.length} part(s) of the reports benchmark broke:`);
    for (const p of problems) console.error(`  - ${p.split('\n')[0]}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
