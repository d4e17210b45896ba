/**
 * Export benchmark. Prints figures; never fails on speed, only when a part breaks.
 *
 * One business with 100,000 invoices (BENCH_INVOICES, seeded as the invoice benchmark seeds them),
 * exported whole to XLSX through POST /api/v1/business/exports: the time from the request to the
 * finished run, the file's size, and the process's resident memory before and at its highest
 * during the export (sampled every 50 ms). Bundled and started by bench/run.mjs (`exports`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { type BenchApp, openBenchApp, sampleRss } from './bench-app';
import { type Kind, kindWanted, pgliteKind, postgresKind, postgresServerUrl, problem, problems, request } from './bench-kit';
import { INVOICE_COUNT, seedInvoices } from './documents-seed';

const MB = 1024 * 1024;

async function benchKind(kind: Kind): Promise<void> {
  console.log(`\n== ${kind.name}: export of ${INVOICE_COUNT.toLocaleString('en')} invoices to XLSX`);
  let bench: BenchApp | null = null;
  try {
    bench = await openBenchApp(kind, 'exports');
    const { app, jobs, landlordId, dataDir } = bench;
    const database = bench.opened.database;
    const { port, session, userId } = await bench.listen();
    const business = await createBusinessService(app).create({ tenantId: landlordId, userId, businessId: null, ip: null }, userId, { name: 'Bench Exports' });
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf, business: business.id };
    await seedInvoices(database, bench.raw(), { port, headers }, { tenantId: landlordId, businessId: business.id, userId });

    const memory = sampleRss();
    const started = performance.now();
    const answer = await request(port, 'POST', '/api/v1/business/exports', headers, { export_type: 'invoices', format: 'xlsx' });
    if (answer.status !== 202) throw new Error(`POST /api/v1/business/exports answered ${answer.status}: ${answer.body}`);
    const runId = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
    await jobs.drain();
    const seconds = (performance.now() - started) / 1000;
    const { baseMb, peakMb } = memory.stop();
    const run = JSON.parse((await request(port, 'GET', `/api/v1/business/exports/${runId}`, headers)).body) as { data: { status: string; rows_written: number } };
    if (run.data.status !== 'completed') throw new Error(`The export ended ${run.data.status}`);
    const file = path.join(dataDir, 'uploads', landlordId, 'exports', `${runId}.xlsx`);
    console.log(`  export: ${run.data.rows_written.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(run.data.rows_written / seconds).toLocaleString('en')} rows/s), file ${(fs.statSync(file).size / MB).toFixed(1)} MB`);
    console.log(`  memory: RSS ${baseMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB during the export (+${(peakMb - baseMb).toFixed(0)} MB)`);
  } catch (error) {
    problem(`${kind.name} export`, error);
  } finally {
    await bench?.close();
  }
}

async function main(): Promise<void> {
  console.log(`\nLedgerline export benchmark — Node ${process.version}, ${os.cpus().length} CPU(s)`);
  if (kindWanted('pglite')) await benchKind(pgliteKind);
  const pgUrl = postgresServerUrl();
  if (pgUrl) await benchKind(postgresKind(pgUrl));
  else console.log('\n== PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run a server on 127.0.0.1:5432)');
  if (problems.length > 0) {
    console.error(`\n${problems.length} part(s) of the export benchmark broke:`);
    for (const p of problems) console.error(`  - ${p.split('\n')[0]}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
