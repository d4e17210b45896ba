import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { prebuiltStatement } from '../../db/prebuilt';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerAccountInsert = Omit<typeof ledgerAccounts.$inferInsert, 'debitsPosted' | 'creditsPosted' | 'debitsPending' | 'creditsPending' | 'version' | 'createdAt'>;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerTransactionInsert = Omit<typeof ledgerTransactions.$inferInsert, 'createdTxid' | 'createdAt' | 'postedAt' | 'voidedAt'>;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerEntryInsert = Pick<typeof ledgerEntries.$inferInsert, 'tenantId' | 'transactionId' | 'accountId' | 'currency' | 'amount'>;

/** Inserts the accounts not there yet (by owner, code and currency) and answers all of them. */
export async function ensureAccounts(tx: Tx, tenantId: string, rows: readonly LedgerAccountInsert[]): Promise<LedgerAccountRow[]> {
  if (rows.length === 0) return [];
  await tx.insert(ledgerAccounts).values([...rows]).onConflictDoNothing({
    target: [ledgerAccounts.tenantId, ledgerAccounts.ownerType, ledgerAccounts.ownerId, ledgerAccounts.code, ledgerAccounts.currency],
  });
  const wanted = rows.map((row) =>
    and(
      eq(ledgerAccounts.ownerType, row.ownerType),
      sql`${ledgerAccounts.ownerId} IS NOT DISTINCT FROM ${row.ownerId ?? null}::uuid`,
      eq(ledgerAccounts.code, row.code),
      eq(ledgerAccounts.currency, row.currency),
    ),
  );
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), or(...wanted)));
}

export async function accountsByIds(tx: Tx, tenantId: string, ids: readonly string[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), inArray(ledgerAccounts.id, [...ids])));
}

export type LedgerEntryLine = Pick<LedgerEntryInsert, 'accountId' | 'currency' | 'amount'>;

const selection = { transaction: ledgerTransactions, entry: ledgerEntries, replayed: sql<boolean>`replayed` };
const ledgerPostCall = (tenantId: SQL) => sql`ledger_post(
    ${tenantId}, ${sql.placeholder('id')}::uuid, ${sql.placeholder('externalId')}::text, ${sql.placeholder('kind')}::text,
    ${sql.placeholder('status')}::text, ${sql.placeholder('effectiveDate')}::date, ${sql.placeholder('businessId')}::uuid,
    ${sql.placeholder('subjectType')}::text, ${sql.placeholder('subjectId')}::uuid, ${sql.placeholder('description')}::text,
    ${sql.placeholder('accountIds')}::uuid[], ${sql.placeholder('currencies')}::text[], ${sql.placeholder('amounts')}::bigint[]) as posted`;

/**
 * One round trip: the database function `ledger_post` (migration 0042) writes the transaction
 * unless its external id is taken and then its entries in account id order, and answers one row
 * per entry with the transaction beside it; `replayed` when the id was taken (nothing written, the
 * stored transaction and entries answered). Named, so PostgreSQL plans it once per connection.
 */
const postStatement = prebuiltStatement(
  sql`select (posted.ledger_transaction).*, (posted.ledger_entry).*, posted.replayed from ${ledgerPostCall(sql`${sql.placeholder('tenantId')}::uuid`)}`,
  selection,
);

/**
 * The same as a statement of its own, hence a database transaction of its own that commits as the
 * statement ends: the tenant context `inTenant` sets (tenant id and role app_user, both
 * transaction-local) is set by the statement's first step, which the call takes its tenant id from,
 * so the function's statements run confined to the tenant as in `inTenant`. Four round trips
 * (begin, context, call, commit) become one, and the accounts' row locks are held until a commit
 * that no longer waits for the client.
 */
const postAloneStatement = prebuiltStatement(
  sql`select (posted.ledger_transaction).*, (posted.ledger_entry).*, posted.replayed
    from (select set_config('app.tenant_id', ${sql.placeholder('tenantId')}::text, true) as tenant_id, set_config('role', 'app_user', true) as role offset 0) as context,
    lateral ${ledgerPostCall(sql`context.tenant_id::uuid`)}`,
  selection,
);

export type PostedRow = { transaction: LedgerTransactionRow; entry: LedgerEntryRow; replayed: boolean };

function postValues(row: LedgerTransactionInsert, lines: readonly LedgerEntryLine[]) {
  return {
    tenantId: row.tenantId,
    id: row.id,
    externalId: row.externalId,
    kind: row.kind,
    status: row.status,
    effectiveDate: row.effectiveDate,
    businessId: row.businessId ?? null,
    subjectType: row.subjectType ?? null,
    subjectId: row.subjectId ?? null,
    description: row.description ?? null,
    accountIds: lines.map((line) => line.accountId),
    currencies: lines.map((line) => line.currency),
    amounts: lines.map((line) => line.amount),
  };
}

/** Posts in the caller's transaction (opened by `inTenant`). */
export async function postTransaction(tx: Tx, row: LedgerTransactionInsert, lines: readonly LedgerEntryLine[]): Promise<PostedRow[]> {
  return postStatement.run(tx, postValues(row, lines));
}

/** Posts in a database transaction of its own, confined to `row.tenantId` (see `postAloneStatement`). */
export async function postTransactionAlone(db: AppDb, row: LedgerTransactionInsert, lines: readonly LedgerEntryLine[]): Promise<PostedRow[]> {
  return postAloneStatement.run(db, postValues(row, lines));
}

export async function lockTransaction(tx: Tx, tenantId: string, id: string): Promise<LedgerTransactionRow | undefined> {
  const rows = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.id, id)))
    .for('update');
  return rows[0];
}

/** Moves a pending transaction to posted or voided; the database's trigger moves its amounts in the accounts' totals. */
export async function setTransactionStatus(tx: Tx, tenantId: string, id: string, status: 'posted' | 'voided'): Promise<LedgerTransactionRow | undefined> {
  const rows = await tx
    .update(ledgerTransactions)
    .set({ status })
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.id, id)))
    .returning();
  return rows[0];
}
