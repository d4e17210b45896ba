import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { itemUnits, items } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type ItemUnitRow = typeof itemUnits.$inferSelect;

const inScope = (scope: BusinessScope) => and(eq(itemUnits.tenantId, scope.tenantId), eq(itemUnits.businessId, scope.businessId));
const matching = (pattern: string | undefined) => (pattern ? ilike(itemUnits.name, pattern) : undefined);

export async function listUnits(tx: Tx, scope: BusinessScope, pattern: string | undefined, offset: number, limit: number): Promise<ItemUnitRow[]> {
  return tx
    .select()
    .from(itemUnits)
    .where(and(inScope(scope), matching(pattern)))
    .orderBy(asc(sql`lower(${itemUnits.name})`), asc(itemUnits.id))
    .offset(offset)
    .limit(limit);
}

export async function countUnits(tx: Tx, scope: BusinessScope, pattern?: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(itemUnits)
    .where(and(inScope(scope), matching(pattern)));
  return rows[0]?.count ?? 0;
}

export async function findUnit(tx: Tx, scope: BusinessScope, id: string): Promise<ItemUnitRow | undefined> {
  const rows = await tx
    .select()
    .from(itemUnits)
    .where(and(inScope(scope), eq(itemUnits.id, id)))
    .limit(1);
  return rows[0];
}

export async function unitNameTaken(tx: Tx, scope: BusinessScope, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: itemUnits.id })
    .from(itemUnits)
    .where(and(inScope(scope), sql`lower(${itemUnits.name}) = ${name.toLowerCase()}`, exceptId ? ne(itemUnits.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertUnit(tx: Tx, row: typeof itemUnits.$inferInsert): Promise<ItemUnitRow> {
  const [inserted] = await tx.insert(itemUnits).values(row).returning();
  if (!inserted) throw new Error('Item unit insert returned no row');
  return inserted;
}

export async function renameUnit(tx: Tx, scope: BusinessScope, id: string, name: string): Promise<void> {
  await tx
    .update(itemUnits)
    .set({ name, updatedAt: new Date() })
    .where(and(inScope(scope), eq(itemUnits.id, id)));
}

export async function deleteUnit(tx: Tx, scope: BusinessScope, id: string): Promise<void> {
  await tx.delete(itemUnits).where(and(inScope(scope), eq(itemUnits.id, id)));
}

/** Units among `ids` that an item of the business uses. */
export async function unitsUsedByItems(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  const rows = await tx
    .selectDistinct({ id: items.unitId })
    .from(items)
    .where(and(eq(items.tenantId, scope.tenantId), eq(items.businessId, scope.businessId), inArray(items.unitId, [...ids])));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}
