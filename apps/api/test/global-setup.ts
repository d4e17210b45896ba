import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';

export const TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../.tmp/pglite-template.tar');
/** Per run: named after the run's own database, so two runs on one server never share a template. */
export function templateDatabaseName(url: string): string {
  const base = new URL(url).pathname.replace(/^\//, '') || 'postgres';
  return `${base}_tpl`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
}

/** Migrates once: a PGlite data directory to copy per test file, or a PostgreSQL template database. */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = templateDatabaseName(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = openPostgres(target.toString(), 2);
    await database.migrate();
    await database.close();
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const database = openPglite(await PGlite.create());
  await database.migrate();
  const pglite = database.pglite;
  if (!pglite) throw new Error('Expected PGlite');
  const dump = await pglite.dumpDataDir('none');
  // Written aside and renamed: a run started meanwhile in the same checkout keeps reading a whole file.
  const written = `${TEMPLATE_FILE}.${process.pid}`;
  fs.writeFileSync(written, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(written, TEMPLATE_FILE);
  await database.close();
  return undefined;
}
