import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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

/** Inserts the transaction unless its external id is taken; the stored row when this call wrote it, else undefined. */
export async function insertTransactionOnce(tx: Tx, row: LedgerTransactionInsert): Promise<LedgerTransactionRow | undefined> {
  const inserted = await tx.insert(ledgerTransactions).values(row).onConflictDoNothing({ target: [ledgerTransactions.tenantId, ledgerTransactions.externalId] }).returning();
  return inserted[0];
}

/** Inserts the entries in the order given, which is the order their accounts are locked in. */
export async function insertEntries(tx: Tx, rows: readonly LedgerEntryInsert[]): Promise<LedgerEntryRow[]> {
  return tx.insert(ledgerEntries).values([...rows]).returning();
}

export async function transactionByExternalId(tx: Tx, tenantId: string, externalId: string): Promise<LedgerTransactionRow | undefined> {
  const rows = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.externalId, externalId)));
  return rows[0];
}

export async function lockTransaction(tx: Tx, tenantId: string, id: string): Promise<LedgerTransactionRow | undefined> {
  const rows = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.id, id)))
    .for('update');
  return rows[0];
}

export async function entriesOfTransaction(tx: Tx, tenantId: string, transactionId: string): Promise<LedgerEntryRow[]> {
  return tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.transactionId, transactionId)))
    .orderBy(asc(ledgerEntries.id));
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
