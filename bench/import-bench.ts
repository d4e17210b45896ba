/**
 * The import wizard's run (issue 20): a CSV of IMPORT_ROWS customers (default 100,000), of as many
 * items and of as many invoice lines (10 per invoice, for 100 customers imported first), uploaded,
 * mapped and run through the import service as the background job runs it: every row checked,
 * then written in one transaction through the target module's service.
 * Time from the run's start to its completion and the process's peak RSS (sampled every 50 ms).
 * Target: 100,000 rows within 10 s with flat memory. `npm run bench -- import`
 * (PostgreSQL when reachable, and PGlite; BENCH_KINDS picks; IMPORT_ROWS and IMPORT_ENTITIES shrink it).
 */
import { inTenant } from '../apps/api/src/db/tenant-tx';
import { createBusinessInTx } from '../apps/api/src/modules/businesses/businesses.service';
import { createDataImportService } from '../apps/api/src/modules/data-import/data-import.service';
import { importCollaborators } from '../apps/api/src/modules/data-import/test-imports';
import { openBenchApp, sampleRss } from './bench-app';
import { type Kind, kindWanted, pgliteKind, postgresKind, postgresServerUrl, problem, problems } from './bench-kit';

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
/** IMPORT_ENTITIES=items (or customers, or invoices) measures some of them. */
const ENTITIES = (process.env.IMPORT_ENTITIES ?? 'items,customers,invoices').split(',').map((entry) => entry.trim());
const TARGET_SECONDS = 10;

type Figures = { kind: string; entity: string; rows: number; seconds: number; created: number; peakRssMb: number; baseRssMb: number };

function customersCsv(rows: number): Buffer {
  const lines = ['Name,Email,Phone'];
  for (let index = 1; index <= rows; index++) lines.push(`Customer ${index},customer${index}@bench.example,+44 113 496 ${String(index % 10_000).padStart(4, '0')}`);
  return Buffer.from(lines.join('\n'));
}

function itemsCsv(rows: number): Buffer {
  const lines = ['Item,Description,Price'];
  for (let index = 1; index <= rows; index++) lines.push(`Item ${index},Bench item ${index},${(index % 1000) + 0.5}`);
  return Buffer.from(lines.join('\n'));
}

/** Lines of invoices of 10 lines each, for the customers `invoice-customer<n>@bench.example` (n below 100). */
function invoiceLinesCsv(rows: number): Buffer {
  const lines = ['Invoice number,Customer email,Invoice date,Item,Quantity,Price'];
  for (let index = 0; index < rows; index++) {
    const invoice = Math.floor(index / 10);
    lines.push(`BENCH-${invoice + 1},invoice-customer${invoice % INVOICE_CUSTOMERS}@bench.example,2026-10-${String((invoice % 28) + 1).padStart(2, '0')},Line ${(index % 10) + 1},${(index % 3) + 1},${(index % 500) + 0.25}`);
  }
  return Buffer.from(lines.join('\n'));
}

const INVOICE_CUSTOMERS = 100;

function invoiceCustomersCsv(): Buffer {
  const lines = ['Name,Email'];
  for (let index = 0; index < INVOICE_CUSTOMERS; index++) lines.push(`Invoice customer ${index},invoice-customer${index}@bench.example`);
  return Buffer.from(lines.join('\n'));
}

async function measureKind(kind: Kind): Promise<Figures[]> {
  const bench = await openBenchApp(kind, 'import');
  const { app, jobs, landlordId: tenantId } = bench;
  const figures: Figures[] = [];
  try {
    const business = await inTenant(app.db, tenantId, (tx) => createBusinessInTx(tx, tenantId, null, { name: 'Import Bench', currency_id: 1 }));
    const scope = { tenantId, businessId: business.id };
    const actor = { tenantId, userId: null, businessId: business.id, ip: null };
    const imports = createDataImportService(app, importCollaborators(app));
    await imports.runner.register();
    const importFile = async (entity: 'customers' | 'items' | 'invoices', content: Buffer) => {
      const job = await imports.upload(actor, scope, { fileName: `${entity}.csv`, content, sniffed: { kind: 'csv', mime: 'text/csv' } }, entity);
      await imports.setMapping(scope, job.id, { mapping: job.mapping });
      return job;
    };
    if (ENTITIES.includes('invoices')) {
      await imports.run(scope, (await importFile('customers', invoiceCustomersCsv())).id);
      await jobs.drain();
    }
    const files = [
      { entity: 'items', content: () => itemsCsv(ROWS) },
      { entity: 'customers', content: () => customersCsv(ROWS) },
      { entity: 'invoices', content: () => invoiceLinesCsv(ROWS) },
    ] as const;
    for (const file of files.filter((entry) => ENTITIES.includes(entry.entity))) {
      const { entity } = file;
      const content = file.content();
      const job = await importFile(entity, content);
      const memory = sampleRss();
      const started = performance.now();
      // Queued and run as the background job runs it (the inline queue runs it in this process).
      await imports.run(scope, job.id);
      await jobs.drain();
      const seconds = (performance.now() - started) / 1000;
      const { baseMb, peakMb } = memory.stop();
      const done = await imports.get(scope, job.id);
      if (done.status !== 'completed') problem(`${kind.name} ${entity}`, new Error(done.failure ?? done.status));
      figures.push({ kind: kind.name, entity, rows: ROWS, seconds, created: done.created_count, peakRssMb: peakMb, baseRssMb: baseMb });
      console.log(`  ${kind.name} ${entity}: ${ROWS} rows in ${seconds.toFixed(1)} s`);
    }
  } finally {
    await bench.close();
  }
  return figures;
}

const results: Figures[] = [];
const serverUrl = postgresServerUrl();
if (serverUrl) results.push(...(await measureKind(postgresKind(serverUrl))));
else if (kindWanted('postgres')) console.log('  (no PostgreSQL reachable: PGlite only)');
if (kindWanted('pglite')) results.push(...(await measureKind(pgliteKind)));

console.log('\n== Import run (one transaction per file; target %d rows within %d s, flat memory)', ROWS, TARGET_SECONDS);
console.log('| kind | entity | rows | created | seconds | rows/s | RSS before MB | peak RSS MB |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of results) console.log(`| ${row.kind} | ${row.entity} | ${row.rows} | ${row.created} | ${row.seconds.toFixed(1)} | ${(row.rows / row.seconds).toFixed(0)} | ${row.baseRssMb.toFixed(0)} | ${row.peakRssMb.toFixed(0)} |`);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
  process.exitCode = 1;
}
