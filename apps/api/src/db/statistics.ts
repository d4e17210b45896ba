import type { JobQueue } from '../platform/jobs';
import { periodicJob } from '../platform/jobs';
import type { SqlExecutor } from './client';

export const REFRESH_STATISTICS_JOB = 'database-statistics';

/**
 * The app's tables whose planner statistics are stale: never analyzed, or grown by more than a
 * fifth (and 8 pages) since they were. Names come from the catalog as `regclass` text, quoted as
 * SQL needs them.
 */
const STALE_TABLES = `
  select c.oid::regclass::text as name
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)
  order by pg_relation_size(c.oid) desc`;

function nameOf(row: unknown): string | null {
  return typeof row === 'object' && row !== null && 'name' in row && typeof row.name === 'string' ? row.name : null;
}

/**
 * Analyzes the tables whose statistics are stale, as autovacuum does on a server. The embedded
 * database runs PostgreSQL in single-user mode, where autovacuum never runs: without this its
 * statistics would stay those of the empty tables of the first start, and a plan cached then — by
 * PL/pgSQL and by the foreign-key checks, for the life of the connection — would stay: with no
 * statistics the planner takes an index on the tenant alone over a primary key, so every ledger
 * posting read all of its tenant's transactions (docs/design-notes.md, "Planner statistics").
 * A fresh ANALYZE also makes every session plan again. On a server autovacuum has mostly done it
 * already, so a run finds nothing. Answers the tables analyzed.
 */
export async function refreshStatistics(executor: SqlExecutor): Promise<string[]> {
  const stale = (await executor.executeSql(STALE_TABLES)).rows.flatMap((row) => {
    const name = nameOf(row);
    return name ? [name] : [];
  });
  for (const name of stale) await executor.executeSql(`analyze ${name}`);
  return stale;
}

export function createStatisticsJob(app: { jobs: JobQueue; database: { executor: SqlExecutor } }) {
  return periodicJob(app.jobs, REFRESH_STATISTICS_JOB, () => refreshStatistics(app.database.executor));
}
