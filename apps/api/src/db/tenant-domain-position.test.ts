import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLSTATE, expectDatabaseError } from '../../test/database-errors';

/** Migration 0017 on a database that already has tenants: every domain gets its place, the first one primary. */

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
type Journal = { entries: { idx: number; tag: string }[] };

async function apply(db: PGlite, tag: string): Promise<void> {
  const text = fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

let db: PGlite;
const LANDLORD = '0190a3c4-0000-7000-8000-000000000001';
const OTHER = '0190a3c4-0000-7000-8000-000000000002';

beforeAll(async () => {
  db = await PGlite.create();
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
  for (const entry of journal.entries.filter((e) => e.idx < 17)) await apply(db, entry.tag);
  await db.exec(`
    insert into tenants (id, name, is_landlord) values ('${LANDLORD}', 'Ledgerline', true), ('${OTHER}', 'Other', false);
    -- The seed wrote the landlord's domains in one statement: one creation time for both.
    insert into tenant_domains (domain, tenant_id, created_at) values ('localhost', '${LANDLORD}', '2026-01-01T00:00:00Z'), ('127.0.0.1', '${LANDLORD}', '2026-01-01T00:00:00Z');
    -- The admin form wrote them a millisecond apart, in the order entered.
    insert into tenant_domains (domain, tenant_id, created_at) values ('zeta.example', '${OTHER}', '2026-01-01T00:00:00.000Z'), ('alpha.example', '${OTHER}', '2026-01-01T00:00:00.001Z');
  `);
  const entry = journal.entries.find((e) => e.idx === 17);
  if (!entry) throw new Error('Migration 0017 is not in the journal');
  await apply(db, entry.tag);
});
afterAll(async () => {
  await db.close();
});

describe('migration 0017: tenant domain positions', () => {
  it('keeps the order entered, localhost before 127.0.0.1 for the seeded landlord', async () => {
    const rows = await db.query<{ domain: string; position: number }>('select domain, position from tenant_domains order by tenant_id, position');
    expect(rows.rows).toEqual([
      { domain: 'localhost', position: 0 },
      { domain: '127.0.0.1', position: 1 },
      { domain: 'zeta.example', position: 0 },
      { domain: 'alpha.example', position: 1 },
    ]);
  });

  it('allows one domain per place in a tenant', async () => {
    await expectDatabaseError(db.exec(`insert into tenant_domains (domain, tenant_id, position) values ('second-primary.example', '${OTHER}', 0)`), {
      code: SQLSTATE.uniqueViolation,
      constraint: 'tenant_domains_tenant_position_unique',
      message: /tenant_domains_tenant_position_unique/,
    });
  });
});
