import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ItemsQuery } from '@app/contracts';
import { insertRows } from '../../db/bulk-insert';
import type { Tx } from '../../db/client';
import { itemTaxes, itemUnits, items, taxTypes } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type ItemRow = typeof items.$inferSelect;
export type ItemWithUnit = { item: ItemRow; unitName: string | null };
export type ItemTaxRow = { itemId: string; taxTypeId: string; name: string; percent: string; compoundTax: boolean };
type ItemFields = Pick<typeof items.$inferInsert, 'name' | 'description' | 'price' | 'unitId'>;

const inScope = (scope: BusinessScope) => and(eq(items.tenantId, scope.tenantId), eq(items.businessId, scope.businessId));

export type ItemFilters = { pattern?: string | undefined; namePattern?: string | undefined; unitId?: string | undefined; priceFrom?: number | undefined; priceTo?: number | undefined };

function filtersOf(filters: ItemFilters): (SQL | undefined)[] {
  return [
    filters.pattern ? or(ilike(items.name, filters.pattern), ilike(items.description, filters.pattern)) : undefined,
    filters.namePattern ? ilike(items.name, filters.namePattern) : undefined,
    filters.unitId ? eq(items.unitId, filters.unitId) : undefined,
    filters.priceFrom !== undefined ? gte(items.price, filters.priceFrom) : undefined,
    filters.priceTo !== undefined ? lte(items.price, filters.priceTo) : undefined,
  ];
}

const sortColumns = { name: sql`lower(${items.name})`, price: items.price, created_at: items.createdAt } as const;

const withUnit = { item: items, unitName: itemUnits.name };
// The unit join repeats the business: an item can only show a unit of its own business.
const unitJoin = and(eq(itemUnits.tenantId, items.tenantId), eq(itemUnits.businessId, items.businessId), eq(itemUnits.id, items.unitId));

export async function listItems(
  tx: Tx,
  scope: BusinessScope,
  filters: ItemFilters,
  order: { field: NonNullable<ItemsQuery['orderByField']>; direction: 'asc' | 'desc' },
  offset: number,
  limit: number,
): Promise<ItemWithUnit[]> {
  const column = sortColumns[order.field];
  return tx
    .select(withUnit)
    .from(items)
    .leftJoin(itemUnits, unitJoin)
    .where(and(inScope(scope), ...filtersOf(filters)))
    .orderBy(order.direction === 'asc' ? asc(column) : desc(column), asc(items.id))
    .offset(offset)
    .limit(limit);
}

export async function countItems(tx: Tx, scope: BusinessScope, filters: ItemFilters = {}): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(items)
    .where(and(inScope(scope), ...filtersOf(filters)));
  return rows[0]?.count ?? 0;
}

export async function findItem(tx: Tx, scope: BusinessScope, id: string): Promise<ItemWithUnit | undefined> {
  const rows = await tx
    .select(withUnit)
    .from(items)
    .leftJoin(itemUnits, unitJoin)
    .where(and(inScope(scope), eq(items.id, id)))
    .limit(1);
  return rows[0];
}

/** The taxes of the given items (of the business), by tax name. */
export async function taxesOfItems(tx: Tx, scope: BusinessScope, itemIds: readonly string[]): Promise<ItemTaxRow[]> {
  if (itemIds.length === 0) return [];
  return tx
    .select({ itemId: itemTaxes.itemId, taxTypeId: itemTaxes.taxTypeId, name: taxTypes.name, percent: taxTypes.percent, compoundTax: taxTypes.compoundTax })
    .from(itemTaxes)
    .innerJoin(taxTypes, and(eq(taxTypes.tenantId, itemTaxes.tenantId), eq(taxTypes.businessId, itemTaxes.businessId), eq(taxTypes.id, itemTaxes.taxTypeId)))
    .where(and(eq(itemTaxes.tenantId, scope.tenantId), eq(itemTaxes.businessId, scope.businessId), inArray(itemTaxes.itemId, [...itemIds])))
    .orderBy(asc(taxTypes.name));
}

/** Many items at once (bulk-inserted; imports send them in chunks). */
export async function insertItems(tx: Tx, rows: (typeof items.$inferInsert)[]): Promise<void> {
  await insertRows(tx, items, rows);
}

export async function insertItem(tx: Tx, row: typeof items.$inferInsert): Promise<ItemRow> {
  const [inserted] = await tx.insert(items).values(row).returning();
  if (!inserted) throw new Error('Item insert returned no row');
  return inserted;
}

export async function updateItem(tx: Tx, scope: BusinessScope, id: string, fields: ItemFields): Promise<void> {
  await tx
    .update(items)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(inScope(scope), eq(items.id, id)));
}

/** Replaces the item's taxes with `taxTypeIds` (already checked to be the business's). */
export async function replaceItemTaxes(tx: Tx, scope: BusinessScope, itemId: string, taxTypeIds: readonly string[]): Promise<void> {
  await tx.delete(itemTaxes).where(and(eq(itemTaxes.tenantId, scope.tenantId), eq(itemTaxes.businessId, scope.businessId), eq(itemTaxes.itemId, itemId)));
  if (taxTypeIds.length === 0) return;
  await tx.insert(itemTaxes).values(taxTypeIds.map((taxTypeId) => ({ tenantId: scope.tenantId, businessId: scope.businessId, itemId, taxTypeId })));
}

/** The items of the business among `ids`; ids of other businesses or tenants are not returned. */
export async function ownItems(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(items)
    .where(and(inScope(scope), inArray(items.id, [...ids])));
}

export async function deleteItems(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(items)
    .where(and(inScope(scope), inArray(items.id, [...ids])))
    .returning({ id: items.id });
  return deleted.length;
}
