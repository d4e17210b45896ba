import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentModes } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type PaymentModeRow = typeof paymentModes.$inferSelect;

const inScope = (scope: BusinessScope) => and(eq(paymentModes.tenantId, scope.tenantId), eq(paymentModes.businessId, scope.businessId));
const matching = (pattern: string | undefined) => (pattern ? ilike(paymentModes.name, pattern) : undefined);

/** Every payment mode of the business: its id and name. */
export async function modeNames(tx: Tx, scope: BusinessScope): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: paymentModes.id, name: paymentModes.name }).from(paymentModes).where(inScope(scope));
}

export async function listModes(tx: Tx, scope: BusinessScope, pattern: string | undefined, offset: number, limit: number): Promise<PaymentModeRow[]> {
  return tx
    .select()
    .from(paymentModes)
    .where(and(inScope(scope), matching(pattern)))
    .orderBy(asc(sql`lower(${paymentModes.name})`), asc(paymentModes.id))
    .offset(offset)
    .limit(limit);
}

export async function countModes(tx: Tx, scope: BusinessScope, pattern?: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentModes)
    .where(and(inScope(scope), matching(pattern)));
  return rows[0]?.count ?? 0;
}

export async function findMode(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentModeRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentModes)
    .where(and(inScope(scope), eq(paymentModes.id, id)))
    .limit(1);
  return rows[0];
}

export async function modeNameTaken(tx: Tx, scope: BusinessScope, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentModes.id })
    .from(paymentModes)
    .where(and(inScope(scope), sql`lower(${paymentModes.name}) = ${name.toLowerCase()}`, exceptId ? ne(paymentModes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertMode(tx: Tx, row: typeof paymentModes.$inferInsert): Promise<PaymentModeRow> {
  const [inserted] = await tx.insert(paymentModes).values(row).returning();
  if (!inserted) throw new Error('Item mode insert returned no row');
  return inserted;
}

export async function renameMode(tx: Tx, scope: BusinessScope, id: string, name: string): Promise<void> {
  await tx
    .update(paymentModes)
    .set({ name, updatedAt: new Date() })
    .where(and(inScope(scope), eq(paymentModes.id, id)));
}

export async function deleteMode(tx: Tx, scope: BusinessScope, id: string): Promise<void> {
  await tx.delete(paymentModes).where(and(inScope(scope), eq(paymentModes.id, id)));
}
