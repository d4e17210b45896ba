import { and, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { prebuiltSelect } from '../../db/prebuilt';
import { businesses, counterparties, items, numberSequences, taxTypes, users } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';
import { templateChoicesColumn, type TemplateChoices } from '../pdf-templates/pdf-templates.port';

export type SequenceModel = (typeof numberSequences.$inferSelect)['model'];

/** Hands out the next value of one sequence; the upsert's row lock holds until the caller's transaction ends. */
export async function bumpSequence(tx: Tx, scope: BusinessScope, model: SequenceModel, scopeKey: string): Promise<number> {
  const rows = await tx
    .insert(numberSequences)
    .values({ tenantId: scope.tenantId, businessId: scope.businessId, model, scopeKey, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.tenantId, numberSequences.businessId, numberSequences.model, numberSequences.scopeKey],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ lastValue: numberSequences.lastValue });
  const value = rows[0]?.lastValue;
  if (value === undefined) throw new Error('Sequence upsert returned no row');
  return value;
}

export async function peekSequence(tx: Tx, scope: BusinessScope, model: SequenceModel, scopeKey: string): Promise<number> {
  const rows = await tx
    .select({ lastValue: numberSequences.lastValue })
    .from(numberSequences)
    .where(and(eq(numberSequences.tenantId, scope.tenantId), eq(numberSequences.businessId, scope.businessId), eq(numberSequences.model, model), eq(numberSequences.scopeKey, scopeKey)));
  return (rows[0]?.lastValue ?? 0) + 1;
}

export type DocumentCustomer = typeof counterparties.$inferSelect;

/** A customer of the business (a counterparty of kind customer); archived ones are returned too, the caller decides. */
export async function findCustomer(tx: Tx, scope: BusinessScope, customerId: string): Promise<DocumentCustomer | undefined> {
  const rows = await tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, 'customer'), eq(counterparties.id, customerId)))
    .limit(1);
  return rows[0];
}

/** Customers of the business among `ids` (archived or not); ids of anything else are left out. */
export async function findCustomersOfBusiness(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<DocumentCustomer[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, 'customer'), inArray(counterparties.id, [...ids])));
}

export async function findCustomersByIds(tx: Tx, tenantId: string, ids: readonly string[]): Promise<DocumentCustomer[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, tenantId), inArray(counterparties.id, [...ids])));
}

export async function customerIdsMatching(tx: Tx, scope: BusinessScope, pattern: string, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.tenantId, scope.tenantId),
        eq(counterparties.businessId, scope.businessId),
        eq(counterparties.kind, 'customer'),
        sql`(${counterparties.name} ILIKE ${pattern} OR ${counterparties.displayName} ILIKE ${pattern} OR ${counterparties.email} ILIKE ${pattern})`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export type TaxTypeRow = typeof taxTypes.$inferSelect;

export async function findTaxTypes(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<TaxTypeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(taxTypes)
    .where(and(eq(taxTypes.tenantId, scope.tenantId), eq(taxTypes.businessId, scope.businessId), inArray(taxTypes.id, [...ids])));
}

export async function existingItemIds(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.tenantId, scope.tenantId), eq(items.businessId, scope.businessId), inArray(items.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export type BusinessForDocuments = { id: string; name: string; currencyId: number; settings: Record<string, unknown> };

const businessForDocuments = prebuiltSelect(
  new QueryBuilder()
    .select({ id: businesses.id, name: businesses.name, currencyId: businesses.currencyId, settings: businesses.settings })
    .from(businesses)
    .where(and(eq(businesses.tenantId, sql.placeholder('tenantId')), eq(businesses.id, sql.placeholder('businessId'))))
    .limit(1),
);

/** The business a document list or create works for (every such request reads it): prebuilt, see db/prebuilt.ts. */
export async function findBusinessForDocuments(tx: Tx, tenantId: string, businessId: string): Promise<BusinessForDocuments | undefined> {
  const rows = await businessForDocuments.run(tx, { tenantId, businessId });
  return rows[0];
}

export type NewDocumentContext = { business: BusinessForDocuments; customer: DocumentCustomer | null; userSettings: Record<string, string | null> | null; templates: TemplateChoices };

/**
 * In one statement, what a new document reads: its business, the customer it names (a customer of
 * that business, archived or not; null when there is none), the tenant's PDF templates of the
 * kind and, when `userId` is given, that user's settings (their default templates).
 */
export async function findNewDocumentContext(tx: Tx, scope: BusinessScope, kind: 'invoice' | 'estimate', customerId: string, userId: string | null): Promise<NewDocumentContext | undefined> {
  const userSettings = userId
    ? sql`(select ${users.settings} from ${users} where ${users.tenantId} = ${scope.tenantId} and ${users.id} = ${userId})`.mapWith(users.settings)
    : sql`null`.mapWith(users.settings);
  const rows = await tx
    .select({ business: { id: businesses.id, name: businesses.name, currencyId: businesses.currencyId, settings: businesses.settings }, customer: counterparties, userSettings, templates: templateChoicesColumn(scope.tenantId, kind) })
    .from(businesses)
    .leftJoin(
      counterparties,
      and(eq(counterparties.tenantId, businesses.tenantId), eq(counterparties.businessId, businesses.id), eq(counterparties.kind, 'customer'), eq(counterparties.id, customerId)),
    )
    .where(and(eq(businesses.tenantId, scope.tenantId), eq(businesses.id, scope.businessId)))
    .limit(1);
  return rows[0];
}

export async function findUserSettings(tx: Tx, tenantId: string, userId: string): Promise<Record<string, string | null>> {
  const rows = await tx
    .select({ settings: users.settings })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return rows[0]?.settings ?? {};
}

export async function businessNames(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), inArray(businesses.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
