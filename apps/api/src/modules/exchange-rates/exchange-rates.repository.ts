import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, exchangeRates } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

const inScope = (scope: BusinessScope) => and(eq(exchangeRates.tenantId, scope.tenantId), eq(exchangeRates.businessId, scope.businessId));

export async function listRates(tx: Tx, scope: BusinessScope): Promise<ExchangeRateRow[]> {
  return tx.select().from(exchangeRates).where(inScope(scope)).orderBy(asc(exchangeRates.currencyId));
}

export async function findRate(tx: Tx, scope: BusinessScope, currencyId: number): Promise<ExchangeRateRow | undefined> {
  const rows = await tx
    .select()
    .from(exchangeRates)
    .where(and(inScope(scope), eq(exchangeRates.currencyId, currencyId)))
    .limit(1);
  return rows[0];
}

export async function upsertRate(tx: Tx, scope: BusinessScope, currencyId: number, rate: string, now: Date): Promise<ExchangeRateRow> {
  const [row] = await tx
    .insert(exchangeRates)
    .values({ tenantId: scope.tenantId, businessId: scope.businessId, currencyId, rate, updatedAt: now })
    .onConflictDoUpdate({ target: [exchangeRates.tenantId, exchangeRates.businessId, exchangeRates.currencyId], set: { rate, updatedAt: now } })
    .returning();
  if (!row) throw new Error('Exchange rate upsert returned no row');
  return row;
}

export async function deleteRate(tx: Tx, scope: BusinessScope, currencyId: number): Promise<void> {
  await tx.delete(exchangeRates).where(and(inScope(scope), eq(exchangeRates.currencyId, currencyId)));
}

export async function businessCurrency(tx: Tx, scope: BusinessScope): Promise<number | undefined> {
  const rows = await tx
    .select({ currencyId: businesses.currencyId })
    .from(businesses)
    .where(and(eq(businesses.tenantId, scope.tenantId), eq(businesses.id, scope.businessId)))
    .limit(1);
  return rows[0]?.currencyId;
}
