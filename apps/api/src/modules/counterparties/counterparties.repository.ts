import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CounterpartyKind, CounterpartyTab } from '@app/contracts';
import { insertRows } from '../../db/bulk-insert';
import type { Tx } from '../../db/client';
import { businesses, businessUsers, counterparties, estimates, invoices, oneTimeTokens, recurringInvoices, users } from '../../db/schema';

export type CounterpartyRecord = typeof counterparties.$inferSelect;
export type CounterpartyRecordInsert = typeof counterparties.$inferInsert;
export type OwnerStatus = 'invited' | 'active' | 'disabled';
/** A counterparty with the business on the other side and the status of that business's owner. */
export type CounterpartyRow = CounterpartyRecord & { businessName: string; businessEmail: string | null; ownerStatus: OwnerStatus | null; amountDue: number; amountDueCurrencyId: number };

export type Scope = { tenantId: string; businessId: string; kind: CounterpartyKind };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function inScope(scope: Scope): SQL | undefined {
  return and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, scope.kind));
}

/** The finalized invoices between the business and this counterparty: to a customer, or from a vendor. */
const billedBetween = sql`${invoices.tenantId} = ${counterparties.tenantId}
    AND ${invoices.status} NOT IN ('draft', 'void')
    AND CASE WHEN ${counterparties.kind} = 'customer'
      THEN ${invoices.businessId} = ${counterparties.businessId} AND ${invoices.customerId} = ${counterparties.id}
      ELSE ${invoices.businessId} = ${counterparties.counterpartyBusinessId} AND ${invoices.customerBusinessId} = ${counterparties.businessId}
    END`;

/** What is still due on them: what a customer owes the business, or what the business owes a vendor. */
const amountDue = sql<string>`(SELECT coalesce(sum(${invoices.dueAmount}), 0)::bigint FROM ${invoices} WHERE ${billedBetween})`;

/**
 * The currency of that amount: the invoices' own. Invoices between two businesses are all in the
 * currency of the issuer's customer record (locked once one exists), which for a vendor need not be
 * the currency this business gave the vendor's record. Null before the first invoice.
 */
const amountDueCurrency = sql<number | null>`(SELECT min(${invoices.currencyId}) FROM ${invoices} WHERE ${billedBetween})`;

function withBusiness(tx: Tx) {
  return tx
    .select({
      record: counterparties,
      businessName: businesses.name,
      businessEmail: businesses.email,
      ownerStatus: businessUsers.status,
      amountDue,
      amountDueCurrency,
    })
    .from(counterparties)
    .innerJoin(businesses, and(eq(businesses.tenantId, counterparties.tenantId), eq(businesses.id, counterparties.counterpartyBusinessId)))
    .leftJoin(
      businessUsers,
      and(eq(businessUsers.tenantId, counterparties.tenantId), eq(businessUsers.businessId, counterparties.counterpartyBusinessId), eq(businessUsers.isOwner, true)),
    );
}

type Joined = { record: CounterpartyRecord; businessName: string; businessEmail: string | null; ownerStatus: OwnerStatus | null; amountDue: string | number; amountDueCurrency: number | string | null };
const flatten = (row: Joined): CounterpartyRow => ({
  ...row.record,
  businessName: row.businessName,
  businessEmail: row.businessEmail,
  ownerStatus: row.ownerStatus,
  amountDue: Number(row.amountDue),
  amountDueCurrencyId: row.amountDueCurrency === null ? row.record.currencyId : Number(row.amountDueCurrency),
});

export type ListFilters = { status: CounterpartyTab; search?: string | undefined; email?: string | undefined; phone?: string | undefined; currencyId?: number | undefined };

function listFilter(scope: Scope, filters: ListFilters): SQL | undefined {
  const term = filters.search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : null;
  return and(
    inScope(scope),
    filters.status === 'archive' ? isNotNull(counterparties.archivedAt) : isNull(counterparties.archivedAt),
    pattern
      ? or(
          ilike(counterparties.name, pattern),
          ilike(counterparties.displayName, pattern),
          ilike(counterparties.email, pattern),
          ilike(counterparties.contactFirstName, pattern),
          ilike(counterparties.contactLastName, pattern),
        )
      : undefined,
    filters.email ? ilike(counterparties.email, `%${escapeLike(filters.email)}%`) : undefined,
    filters.phone ? ilike(counterparties.phone, `%${escapeLike(filters.phone)}%`) : undefined,
    filters.currencyId ? eq(counterparties.currencyId, filters.currencyId) : undefined,
  );
}

const ORDER_COLUMNS = { name: counterparties.name, email: counterparties.email, created_at: counterparties.createdAt, amount_due: amountDue } as const;

export type ListOptions = ListFilters & { orderBy: keyof typeof ORDER_COLUMNS; direction: 'asc' | 'desc'; offset: number; limit: number };

export async function listCounterparties(tx: Tx, scope: Scope, options: ListOptions): Promise<CounterpartyRow[]> {
  const column = ORDER_COLUMNS[options.orderBy];
  const rows = await withBusiness(tx)
    .where(listFilter(scope, options))
    .orderBy(options.direction === 'asc' ? asc(column) : desc(column), asc(counterparties.id))
    .offset(options.offset)
    .limit(options.limit);
  return rows.map(flatten);
}

export async function countCounterparties(tx: Tx, scope: Scope, filters?: ListFilters): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(counterparties)
    .where(filters ? listFilter(scope, filters) : inScope(scope));
  return rows[0]?.count ?? 0;
}

export async function findCounterparty(tx: Tx, scope: Scope, id: string): Promise<CounterpartyRow | undefined> {
  const rows = await withBusiness(tx)
    .where(and(inScope(scope), eq(counterparties.id, id)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : undefined;
}

/** Counterparties of the scope not archived, by their email lower-cased (an import's rows name them so). */
export async function activeByEmails(tx: Tx, scope: Scope, emails: readonly string[]): Promise<{ id: string; email: string; currencyId: number }[]> {
  if (emails.length === 0) return [];
  const rows = await tx
    .select({ id: counterparties.id, email: counterparties.email, currencyId: counterparties.currencyId })
    .from(counterparties)
    .where(and(inScope(scope), isNull(counterparties.archivedAt), inArray(sql`lower(${counterparties.email})`, [...emails])))
    .orderBy(asc(counterparties.createdAt), asc(counterparties.id));
  return rows.flatMap((row) => (row.email ? [{ id: row.id, email: row.email.toLowerCase(), currencyId: row.currencyId }] : []));
}

export async function searchCounterparties(tx: Tx, scope: Scope, term: string, limit: number) {
  const pattern = `%${escapeLike(term)}%`;
  return tx
    .select({ id: counterparties.id, name: counterparties.name, email: counterparties.email })
    .from(counterparties)
    .where(and(inScope(scope), or(ilike(counterparties.name, pattern), ilike(counterparties.displayName, pattern), ilike(counterparties.email, pattern))))
    .orderBy(asc(counterparties.name), asc(counterparties.id))
    .limit(limit);
}

/** Which of these lower-cased emails the tenant knows: a business's own email or a user's (every owner is a user). */
export async function knownEmails(tx: Tx, tenantId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const list = [...emails];
  const named = await tx
    .select({ email: businesses.email })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), inArray(sql`lower(${businesses.email})`, list)));
  const people = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(sql`lower(${users.email})`, list)));
  return new Set([...named, ...people].flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])));
}

/** The tenant's business known by this email: its own email first, else its owner's sign-in email. */
export async function findBusinessByEmail(tx: Tx, tenantId: string, email: string) {
  const normalized = email.toLowerCase();
  const own = await tx
    .select({ id: businesses.id, name: businesses.name, email: businesses.email })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), sql`lower(${businesses.email}) = ${normalized}`))
    .orderBy(asc(businesses.createdAt))
    .limit(1);
  if (own[0]) return own[0];
  const owned = await tx
    .select({ id: businesses.id, name: businesses.name, email: businesses.email })
    .from(businesses)
    .innerJoin(businessUsers, and(eq(businessUsers.tenantId, businesses.tenantId), eq(businessUsers.businessId, businesses.id), eq(businessUsers.isOwner, true)))
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(and(eq(businesses.tenantId, tenantId), sql`lower(${users.email}) = ${normalized}`))
    .orderBy(asc(businesses.createdAt))
    .limit(1);
  return owned[0];
}

export async function findOwner(tx: Tx, tenantId: string, businessId: string) {
  const rows = await tx
    .select({ user: users, membershipStatus: businessUsers.status })
    .from(businessUsers)
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId), eq(businessUsers.isOwner, true)))
    .limit(1);
  return rows[0];
}

export async function linkExists(tx: Tx, scope: Scope, counterpartyBusinessId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(inScope(scope), eq(counterparties.counterpartyBusinessId, counterpartyBusinessId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the business has recorded `counterpartyBusinessId` as a customer or a vendor. */
export async function knowsBusiness(tx: Tx, tenantId: string, businessId: string, counterpartyBusinessId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, tenantId), eq(counterparties.businessId, businessId), eq(counterparties.counterpartyBusinessId, counterpartyBusinessId)))
    .limit(1);
  return rows.length > 0;
}

/** Every record, in any business, that points at `counterpartyBusinessId`; newest first. */
export async function recordsPointingAt(tx: Tx, tenantId: string, counterpartyBusinessId: string) {
  return tx
    .select({ record: counterparties, business: businesses })
    .from(counterparties)
    .innerJoin(businesses, and(eq(businesses.tenantId, counterparties.tenantId), eq(businesses.id, counterparties.businessId)))
    .where(and(eq(counterparties.tenantId, tenantId), eq(counterparties.counterpartyBusinessId, counterpartyBusinessId)))
    .orderBy(desc(counterparties.createdAt))
    .limit(500);
}

export async function insertCounterparty(tx: Tx, row: CounterpartyRecordInsert): Promise<void> {
  await tx.insert(counterparties).values(row);
}

/** Many records (bulk-inserted, each with the id the caller made), read back as stored, in the order given. */
export async function insertCounterparties(tx: Tx, tenantId: string, rows: (CounterpartyRecordInsert & { id: string })[]): Promise<CounterpartyRecord[]> {
  if (rows.length === 0) return [];
  await insertRows(tx, counterparties, rows);
  const stored = await tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, tenantId), inArray(counterparties.id, rows.map((row) => row.id))));
  const byId = new Map(stored.map((record) => [record.id, record]));
  return rows.map((row) => {
    const record = byId.get(row.id);
    if (!record) throw new Error(`Counterparty ${row.id} was not stored`);
    return record;
  });
}

export async function updateCounterparty(tx: Tx, scope: Scope, id: string, patch: Partial<typeof counterparties.$inferInsert>): Promise<void> {
  await tx
    .update(counterparties)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(inScope(scope), eq(counterparties.id, id)));
}

/** The rows of `ids` that belong to the scope: foreign ids simply do not match. */
export async function recordsInScope(tx: Tx, scope: Scope, ids: string[]): Promise<CounterpartyRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(counterparties)
    .where(and(inScope(scope), inArray(counterparties.id, ids)));
}

export async function setArchivedAt(tx: Tx, scope: Scope, ids: string[], archivedAt: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(counterparties)
    .set({ archivedAt, updatedAt: new Date() })
    .where(and(inScope(scope), inArray(counterparties.id, ids)));
}

export async function deleteCounterparties(tx: Tx, scope: Scope, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(counterparties).where(and(inScope(scope), inArray(counterparties.id, ids)));
}

export async function insertOnboardingToken(tx: Tx, row: { tenantId: string; id: string; userId: string; businessId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await tx.insert(oneTimeTokens).values({ ...row, purpose: 'business-onboarding' });
}

/** Older onboarding links of this owner for this business stop working. */
export async function invalidateOnboardingTokens(tx: Tx, tenantId: string, userId: string, businessId: string, now: Date): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tenantId, tenantId),
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.businessId, businessId),
        eq(oneTimeTokens.purpose, 'business-onboarding'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

function liveOnboardingToken(tenantId: string, tokenHash: string, now: Date): SQL | undefined {
  return and(
    eq(oneTimeTokens.tenantId, tenantId),
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, 'business-onboarding'),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

export async function findOnboardingToken(tx: Tx, tenantId: string, tokenHash: string, now: Date) {
  const rows = await tx.select().from(oneTimeTokens).where(liveOnboardingToken(tenantId, tokenHash, now)).limit(1);
  return rows[0];
}

/** Marks the token used and returns it, only if it is unused and unexpired: single use, race free. */
export async function consumeOnboardingToken(tx: Tx, tenantId: string, tokenHash: string, now: Date) {
  const rows = await tx.update(oneTimeTokens).set({ usedAt: now }).where(liveOnboardingToken(tenantId, tokenHash, now)).returning();
  return rows[0];
}

/** Whether any invoice was issued to (or, for a vendor, received from) this counterparty. */
export async function hasInvoices(tx: Tx, scope: Scope, counterparty: CounterpartyRecord): Promise<boolean> {
  const between =
    scope.kind === 'customer'
      ? and(eq(invoices.businessId, scope.businessId), eq(invoices.customerId, counterparty.id))
      : and(eq(invoices.businessId, counterparty.counterpartyBusinessId), eq(invoices.customerBusinessId, scope.businessId));
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), between))
    .limit(1);
  return rows.length > 0;
}

/** Whether estimates or recurring invoices are addressed to this customer (they keep it from being deleted). */
export async function hasCustomerDocuments(tx: Tx, scope: Scope, counterpartyId: string): Promise<boolean> {
  if (scope.kind !== 'customer') return false;
  const estimate = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId), eq(estimates.customerId, counterpartyId)))
    .limit(1);
  if (estimate.length > 0) return true;
  const recurring = await tx
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.tenantId, scope.tenantId), eq(recurringInvoices.businessId, scope.businessId), eq(recurringInvoices.customerId, counterpartyId)))
    .limit(1);
  return recurring.length > 0;
}

/** The business's record of kind `scope.kind` for `counterpartyBusinessId`: an active one first, the newest among equals. */
export async function findLinked(tx: Tx, scope: Scope, counterpartyBusinessId: string): Promise<CounterpartyRecord | undefined> {
  const rows = await tx
    .select()
    .from(counterparties)
    .where(and(inScope(scope), eq(counterparties.counterpartyBusinessId, counterpartyBusinessId)))
    .orderBy(sql`${counterparties.archivedAt} IS NOT NULL`, desc(counterparties.createdAt))
    .limit(1);
  return rows[0];
}
