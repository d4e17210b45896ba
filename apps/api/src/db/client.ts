import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/**
 * Without drizzle's relational schema: the app uses no `db.query` helpers, and with a schema every
 * transaction object builds one per table (sixty of them) on every request.
 */
export type AppDb = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** What pg-boss needs to run its SQL on our connection(s). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Connections to the database (for metrics): PostgreSQL's pool; PGlite is one connection inside the
 * process that queues statements itself, so it has no idle or waiting count to report.
 */
export type PoolUse = { max: number; open: number; idle: number | null; waiting: number | null };

export type Database = {
  kind: 'pglite' | 'postgres';
  pool(): PoolUse;
  db: AppDb;
  executor: SqlExecutor;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other app process on this database runs start-up work (migrations, the
   * first data): several processes starting at once take turns instead of racing.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the raw instance (tests dump and load data directories through it). */
  pglite: PGlite | null;
};

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** `logger` sees every statement the app sends through drizzle (tests count them). */
export function openPglite(pglite: PGlite, logger?: Logger): Database {
  const db = drizzlePglite({ client: pglite, ...(logger ? { logger } : {}) }) as unknown as AppDb;
  return {
    kind: 'pglite',
    pool: () => ({ max: 1, open: pglite.closed ? 0 : 1, idle: null, waiting: null }),
    db,
    pglite,
    executor: {
      async executeSql(text, values) {
        // pg-boss sends multi-statement, parameterless scripts for its own migrations.
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      },
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder: migrationsFolder() });
    },
    // One process per data directory (platform/data-dir-lock.ts): nobody to take turns with.
    exclusively: (work) => work(),
    async close() {
      await pglite.close();
    },
  };
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await initialiseEmbedded(pgdata);
  const pglite = await PGlite.create(pgdata);
  return openPglite(pglite);
}

/** Run by a child process: initdb of a fresh data directory (argv: PGlite's CommonJS entry, the directory). */
const INITDB_SCRIPT = `
const [pglite, pgdata] = process.argv.slice(1);
require(pglite).PGlite.create(pgdata).then((instance) => instance.close());
`;

/**
 * A fresh data directory: initdb runs in a child process, whose memory goes back to the system
 * when it exits. Run in the app's process it peaks near 900 MB, and the process would keep much of
 * it resident until its next restart (WebAssembly memory never shrinks; freed heap is not returned).
 */
function initialiseEmbedded(pgdata: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', INITDB_SCRIPT, pglite, pgdata], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`initdb of ${pgdata} failed (${signal ?? `exit code ${code}`}): ${errors}`))));
  });
}

/** The advisory lock key app processes take turns on at start (any fixed number no other code uses). */
const STARTUP_LOCK = 7_401_013;

export function openPostgres(connectionString: string, poolSize = 10, onIdleError: (error: Error) => void = () => undefined, logger?: Logger): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client whose connection the server ended (restart, failover) must not crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, ...(logger ? { logger } : {}) }) as unknown as AppDb;
  /** A session-level advisory lock held on a connection of its own while `work` runs on the others. */
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      try {
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      }
    } finally {
      holder.release();
    }
  }
  return {
    kind: 'postgres',
    pool: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    db,
    pglite: null,
    executor: {
      async executeSql(text, values) {
        const result = await pool.query(text, values);
        return { rows: result.rows };
      },
    },
    async migrate() {
      await exclusively(() => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() }));
    },
    exclusively,
    async close() {
      await pool.end();
    },
  };
}
