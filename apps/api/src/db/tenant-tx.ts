import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client';

/**
 * Runs `work` in a transaction confined to one tenant: the role drops to app_user (row-level
 * security applies) and app.tenant_id is set, both transaction-local so nothing leaks to the
 * next user of a pooled connection. One round trip sets both.
 */
export function inTenant<T>(db: AppDb, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
    return work(tx);
  });
}
