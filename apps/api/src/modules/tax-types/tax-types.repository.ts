import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { itemTaxes, taxTypes } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type TaxTypeRow = typeof taxTypes.$inferSelect;
type TaxTypeFields = Pick<typeof taxTypes.$inferInsert, 'name' | 'description' | 'percent' | 'compoundTax'>;

const inScope = (scope: BusinessScope) => and(eq(taxTypes.tenantId, scope.tenantId), eq(taxTypes.businessId, scope.businessId));
const matching = (pattern: string | undefined) => (pattern ? or(ilike(taxTypes.name, pattern), ilike(taxTypes.description, pattern)) : undefined);

/** Every tax type of the business: its id and name. */
export async function taxTypeNames(tx: Tx, scope: BusinessScope): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: taxTypes.id, name: taxTypes.name }).from(taxTypes).where(inScope(scope));
}

export async function listTaxTypes(tx: Tx, scope: BusinessScope, pattern: string | undefined, offset: number, limit: number): Promise<TaxTypeRow[]> {
  return tx
    .select()
    .from(taxTypes)
    .where(and(inScope(scope), matching(pattern)))
    .orderBy(asc(sql`lower(${taxTypes.name})`), asc(taxTypes.id))
    .offset(offset)
    .limit(limit);
}

export async function countTaxTypes(tx: Tx, scope: BusinessScope, pattern?: string): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(taxTypes)
    .where(and(inScope(scope), matching(pattern)));
  return rows[0]?.count ?? 0;
}

export async function findTaxType(tx: Tx, scope: BusinessScope, id: string): Promise<TaxTypeRow | undefined> {
  const rows = await tx
    .select()
    .from(taxTypes)
    .where(and(inScope(scope), eq(taxTypes.id, id)))
    .limit(1);
  return rows[0];
}

/** The tax types of the business among `ids` (others, including other businesses', are left out). */
export async function findTaxTypes(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<TaxTypeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(taxTypes)
    .where(and(inScope(scope), inArray(taxTypes.id, [...ids])));
}

export async function taxTypeNameTaken(tx: Tx, scope: BusinessScope, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: taxTypes.id })
    .from(taxTypes)
    .where(and(inScope(scope), sql`lower(${taxTypes.name}) = ${name.toLowerCase()}`, exceptId ? ne(taxTypes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertTaxType(tx: Tx, row: typeof taxTypes.$inferInsert): Promise<TaxTypeRow> {
  const [inserted] = await tx.insert(taxTypes).values(row).returning();
  if (!inserted) throw new Error('Tax type insert returned no row');
  return inserted;
}

export async function updateTaxType(tx: Tx, scope: BusinessScope, id: string, fields: TaxTypeFields): Promise<void> {
  await tx
    .update(taxTypes)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(inScope(scope), eq(taxTypes.id, id)));
}

export async function deleteTaxType(tx: Tx, scope: BusinessScope, id: string): Promise<void> {
  await tx.delete(taxTypes).where(and(inScope(scope), eq(taxTypes.id, id)));
}

/** Tax types among `ids` attached to an item of the business. */
export async function taxTypesUsedByItems(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  const rows = await tx
    .selectDistinct({ id: itemTaxes.taxTypeId })
    .from(itemTaxes)
    .where(and(eq(itemTaxes.tenantId, scope.tenantId), eq(itemTaxes.businessId, scope.businessId), inArray(itemTaxes.taxTypeId, [...ids])));
  return new Set(rows.map((row) => row.id));
}
