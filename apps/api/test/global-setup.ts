import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';

export const TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../.tmp/pglite-template.tar');
export const PG_TEMPLATE_DB = 'app_test_template';

/** Migrates once: a PGlite data directory to copy per test file, or a PostgreSQL template database. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${PG_TEMPLATE_DB}`;
    const database = openPostgres(target.toString(), 2);
    await database.migrate();
    await database.close();
    return;
  }
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const database = openPglite(await PGlite.create());
  await database.migrate();
  const pglite = database.pglite;
  if (!pglite) throw new Error('Expected PGlite');
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
