import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client';
import { prebuiltStatement } from './prebuilt';

/**
 * Every transaction's first statement, rendered once and prepared once per connection (db/prebuilt.ts);
 * its two result columns (the values set) are read as the driver gives them, and not used.
 */
const tenantContext = prebuiltStatement(sql`select set_config('app.tenant_id', ${sql.placeholder('tenantId')}, true), set_config('role', 'app_user', true)`, {
  tenant: sql`tenant`,
  role: sql`role`,
});

/**
 * Runs `work` in a transaction confined to one tenant: the role drops to app_user (row-level
 * security applies) and app.tenant_id is set, both transaction-local so nothing leaks to the
 * next user of a pooled connection. One round trip sets both.
 */
export async function inTenant<T>(db: AppDb, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const snapshot = snapshots.getStore();
  if (snapshot && snapshot.db === db && snapshot.tenantId === tenantId) return work(snapshot.tx);
  const committed: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    afterCommitQueues.set(tx, committed);
    await tenantContext.run(tx, { tenantId });
    return work(tx);
  });
  for (const task of committed) await task();
  return result;
}

type Snapshot = { db: AppDb; tenantId: string; tx: Tx };
const snapshots = new AsyncLocalStorage<Snapshot>();

/**
 * Runs `work` with every `inTenant` of `tenantId` it calls (however deep, through any module's
 * service) reading ONE read-only snapshot of the database (REPEATABLE READ, READ ONLY): a reader
 * that pages through a list with the list's own service sees the rows as they were when it began,
 * none twice and none missed, whatever is written meanwhile. A write in it fails; what must be
 * written while it lasts (progress) goes through `outsideSnapshot`.
 */
export async function inTenantSnapshot<T>(db: AppDb, tenantId: string, work: () => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tenantContext.run(tx, { tenantId });
      return snapshots.run({ db, tenantId, tx }, work);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Runs `work` outside any snapshot `inTenantSnapshot` holds: its transactions are its own, and commit. */
export function outsideSnapshot<T>(work: () => Promise<T>): Promise<T> {
  return snapshots.exit(work);
}

type AfterCommit = () => Promise<void>;
const afterCommitQueues = new WeakMap<Tx, AfterCommit[]>();

/**
 * Runs `work` in a savepoint of `tx`: its failure rolls back only what it wrote. What it left to
 * run after commit joins `tx`'s (dropped when the savepoint rolls back).
 */
export async function inSavepoint<T>(tx: Tx, work: (savepoint: Tx) => Promise<T>): Promise<T> {
  const pending: AfterCommit[] = [];
  const result = await tx.transaction(async (savepoint) => {
    afterCommitQueues.set(savepoint, pending);
    return work(savepoint);
  });
  for (const task of pending) afterCommit(tx, task);
  return result;
}

/**
 * Runs `task` once the tenant transaction `tx` committed (never when it rolls back), before
 * inTenant returns: what a transaction wrote for later (a mail in the outbox) is handed on at once
 * by whatever wrote it. False when `tx` is not an inTenant transaction; the caller's backstop
 * (the outbox sweep) then does it. A task must not throw: it runs after the commit it cannot undo.
 */
export function afterCommit(tx: Tx, task: AfterCommit): boolean {
  const queue = afterCommitQueues.get(tx);
  if (!queue) return false;
  queue.push(task);
  return true;
}
