import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../src/db/client';

/**
 * A tenant transaction opened as inTenant opens it, but without its after-commit hand-off: a mail
 * written here is not dispatched when it commits, so the test decides when and how it is delivered.
 */
export function inTenantUndispatched<T>(db: AppDb, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
    return work(tx);
  });
}
