/**
 * The SQL the invoice service really sends, and its plans. The service runs once on a drizzle
 * instance with a logger over the same database, so the captured text and parameters are the
 * repository's own; EXPLAIN then runs them inside the same tenant context (role app_user,
 * app.tenant_id), where row-level security adds its filter to the plan.
 */
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppDb, Database } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import type { RawDb } from './bench-kit';

export type Statement = { text: string; params: unknown[] };
export type Capture = { db: AppDb; take(): Statement[]; close(): Promise<void> };

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** A second drizzle instance on the same database whose statements are recorded (transaction control left out). */
export function capturingDb(database: Database, databaseUrl: string | undefined): Capture {
  let statements: Statement[] = [];
  const logger: Logger = {
    logQuery(text, params) {
      if (!TRANSACTION_CONTROL.test(text)) statements.push({ text, params });
    },
  };
  const take = () => {
    const taken = statements;
    statements = [];
    return taken;
  };
  if (database.pglite) {
    return { db: drizzlePglite({ client: database.pglite, schema, logger }) as unknown as AppDb, take, close: async () => undefined };
  }
  if (!databaseUrl) throw new Error('Capturing on PostgreSQL needs the database URL');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return { db: drizzlePg({ client: pool, schema, logger }) as unknown as AppDb, take, close: () => pool.end() };
}

export const isTenantContext = (statement: Statement) => statement.text.includes("set_config('app.tenant_id'");
/** Reads the invoices, or the totals kept from them (status-filtered counts, stats). */
export const readsInvoices = (statement: Statement) => /\bfrom "invoice(s|_totals)"/.test(statement.text);

/** The data, count and (when other filters apply) direction count queries of one list request, in the order the service sends them. */
export function listQueries(statements: Statement[]): { label: string; statement: Statement }[] {
  let counts = 0;
  return statements.filter(readsInvoices).map((statement) => {
    if (/\blimit\b/i.test(statement.text)) return { label: 'data', statement };
    counts += 1;
    const label = counts === 1 ? 'count' : 'direction count';
    return { label, statement };
  });
}

export type PlanSummary = { lines: string[]; invoiceIndexes: string[]; seqScanOnInvoices: boolean; executionMs: number | null };

function summarise(lines: string[]): PlanSummary {
  const invoiceIndexes = new Set<string>();
  for (const line of lines) {
    const scan = /Index (?:Only )?Scan(?: Backward)? using (\S+) on invoice(?:s|_totals)\b/.exec(line) ?? /Bitmap Index Scan on (invoice(?:s|_totals)_\S+)/.exec(line);
    if (scan?.[1]) invoiceIndexes.add(scan[1]);
  }
  const execution = lines.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)).find((match) => match !== null);
  return {
    lines,
    invoiceIndexes: [...invoiceIndexes],
    seqScanOnInvoices: lines.some((line) => /Seq Scan on invoices\b/.test(line)),
    executionMs: execution?.[1] ? Number(execution[1]) : null,
  };
}

/**
 * EXPLAIN ANALYZE in the tenant context the statement ran in; rolled back, so nothing it touches
 * stays. TIMING OFF: per-node clocks would inflate a 100,000-row scan several times over.
 */
export async function explain(raw: RawDb, tenantContext: Statement, statement: Statement): Promise<PlanSummary> {
  let lines: string[] = [];
  await raw
    .tx(async (query) => {
      await query(tenantContext.text, tenantContext.params);
      const rows = await query(`EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF) ${statement.text}`, statement.params);
      lines = rows.map((row) => String(row[0]));
      throw new PlanRead();
    })
    .catch((error: unknown) => {
      if (!(error instanceof PlanRead)) throw error;
    });
  return summarise(lines);
}

/** Thrown to roll the EXPLAIN transaction back. */
class PlanRead extends Error {}

/** Indexes on invoices (and the totals kept from them) whose leading columns are (tenant_id, business_id). */
export async function tenantBusinessIndexes(database: Database): Promise<Set<string>> {
  const { rows } = await database.executor.executeSql("SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('invoices', 'invoice_totals')", []);
  const names = new Set<string>();
  for (const row of rows as { indexname: string; indexdef: string }[]) {
    if (/\(tenant_id, business_id\b/.test(row.indexdef)) names.add(row.indexname);
  }
  return names;
}

export function printPlan(title: string, plan: PlanSummary, tenantBusiness: ReadonlySet<string>): void {
  const scoped = plan.invoiceIndexes.filter((name) => tenantBusiness.has(name));
  const verdict = [
    scoped.length > 0 ? `uses (tenant_id, business_id, …) index ${scoped.join(', ')}` : 'NO (tenant_id, business_id, …) index used',
    plan.seqScanOnInvoices ? 'SEQ SCAN on invoices' : 'no Seq Scan on invoices',
    plan.executionMs === null ? null : `${plan.executionMs.toFixed(2)} ms`,
  ].filter((part) => part !== null);
  console.log(`\n  -- ${title}: ${verdict.join('; ')}`);
  for (const line of plan.lines) console.log(`     ${line}`);
}

/**
 * The experiment: the shipped list indexes are (…, invoice_date DESC NULLS LAST, id DESC NULLS LAST)
 * while the repository orders by `invoice_date desc, id desc` (NULLS FIRST), so no index can hand
 * the rows over in order. These are the same indexes in the query's order.
 */
export const EXPERIMENT_INDEXES = [
  { name: 'bench_invoices_outgoing_nf_idx', columns: '(tenant_id, business_id, invoice_date DESC, id DESC)' },
  { name: 'bench_invoices_outgoing_status_nf_idx', columns: '(tenant_id, business_id, status, invoice_date DESC, id DESC)' },
];

export async function createExperimentIndexes(database: Database): Promise<void> {
  for (const index of EXPERIMENT_INDEXES) await database.executor.executeSql(`CREATE INDEX ${index.name} ON invoices ${index.columns}`, []);
  await database.executor.executeSql('ANALYZE invoices', []);
}

export async function dropExperimentIndexes(database: Database): Promise<void> {
  for (const index of EXPERIMENT_INDEXES) await database.executor.executeSql(`DROP INDEX IF EXISTS ${index.name}`, []);
}
