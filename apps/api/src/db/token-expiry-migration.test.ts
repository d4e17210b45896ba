import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SQLSTATE, expectDatabaseError } from '../../test/database-errors';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const TAG = '0019_credential_throttle_sign_ups_token_lifetime';
const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string() }).passthrough()) }).passthrough();

/**
 * A copy of the migrations folder that ends before `tag`. Later migrations go too: the migrator
 * applies only those newer than the last one applied, so leaving them would skip `tag` afterwards.
 */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = journalSchema.parse(JSON.parse(fs.readFileSync(journalFile, 'utf8')));
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut === -1) throw new Error(`Migration ${tag} is not in the journal`);
  for (const entry of journal.entries.slice(cut)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

const before = migrationsBefore(TAG);
const pglite = new PGlite();
afterAll(async () => {
  await pglite.close();
  fs.rmSync(before, { recursive: true, force: true });
});

describe(`migration ${TAG}`, () => {
  // A fresh embedded database migrated twice: seconds alone, far more beside other test files on two shared cores.
  it('gives tokens made without an expiry one a year after they were made, keeps other expiries, and then requires one', async () => {
    const db = drizzle({ client: pglite });
    await migrate(db, { migrationsFolder: before });
    await pglite.exec(`
      insert into tenants (id, name) values ('00000000-0000-7000-8000-000000000001', 'Tenant');
      insert into users (tenant_id, id, name, email) values ('00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002', 'User', 'user@example.com');
      insert into access_tokens (tenant_id, id, user_id, kind, name, token_hash, expires_at, created_at) values
        ('00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000003', '00000000-0000-7000-8000-000000000002', 'personal', 'forever', 'hash-1', null, '2024-03-01T10:00:00Z'),
        ('00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000004', '00000000-0000-7000-8000-000000000002', 'personal', 'dated', 'hash-2', '2024-04-01T00:00:00Z', '2024-03-01T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const rows = await pglite.query<{ name: string; expires_at: Date }>('select name, expires_at from access_tokens order by name');
    expect(rows.rows.map((row) => [row.name, row.expires_at.toISOString()])).toEqual([
      ['dated', '2024-04-01T00:00:00.000Z'],
      ['forever', '2025-03-01T10:00:00.000Z'],
    ]);
    await expectDatabaseError(pglite.exec(`update access_tokens set expires_at = null where name = 'dated'`), { code: SQLSTATE.notNullViolation, message: /null value/ });
  }, 180_000);
});
