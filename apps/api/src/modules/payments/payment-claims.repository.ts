import { type SQL, and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PaymentClaimStatus } from '@app/contracts';
import type { Tx } from '../../db/client';
import { businessUsers, businesses, counterparties, paymentModes, payments, users } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';
import type { PaymentInsert, PaymentRow } from './payments.repository';

/**
 * Claims addressed to the business: payments its customers recorded as made to it, against one
 * of its invoices. The customer owns the row; the vendor reads and decides it.
 */
const addressedTo = (scope: BusinessScope) =>
  and(
    eq(payments.tenantId, scope.tenantId),
    eq(payments.counterpartyBusinessId, scope.businessId),
    eq(payments.direction, 'made'),
    isNotNull(payments.claimStatus),
    eq(payments.recordedByVendor, false),
  );

export type ClaimFilters = { status: PaymentClaimStatus | 'all'; invoiceId?: string | undefined };

function claimConditions(scope: BusinessScope, filters: ClaimFilters): SQL | undefined {
  return and(
    addressedTo(scope),
    filters.status === 'all' ? undefined : eq(payments.claimStatus, filters.status),
    filters.invoiceId ? eq(payments.invoiceId, filters.invoiceId) : undefined,
  );
}

/** A claim with the customer's name for its payment mode. */
export type ClaimWithMode = { claim: PaymentRow; modeName: string | null };

function withMode(tx: Tx) {
  return tx
    .select({ claim: payments, modeName: paymentModes.name })
    .from(payments)
    .leftJoin(paymentModes, and(eq(paymentModes.tenantId, payments.tenantId), eq(paymentModes.id, payments.paymentModeId)));
}

export async function listClaims(tx: Tx, scope: BusinessScope, filters: ClaimFilters, offset: number, limit: number): Promise<ClaimWithMode[]> {
  return withMode(tx).where(claimConditions(scope, filters)).orderBy(desc(payments.claimedAt), desc(payments.id)).offset(offset).limit(limit);
}

export async function countClaims(tx: Tx, scope: BusinessScope, filters: ClaimFilters): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(payments).where(claimConditions(scope, filters));
  return rows[0]?.count ?? 0;
}

export async function findClaim(tx: Tx, scope: BusinessScope, id: string): Promise<ClaimWithMode | undefined> {
  const rows = await withMode(tx)
    .where(and(addressedTo(scope), eq(payments.id, id)))
    .limit(1);
  return rows[0];
}

/** A claim addressed to the business, locked FOR UPDATE: a second confirm waits here, then sees the first one's decision. */
export async function lockClaim(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentRow | undefined> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(addressedTo(scope), eq(payments.id, id)))
    .limit(1)
    .for('update');
  return rows[0];
}

/**
 * The claims that payments received confirmed, by receipt id (any business: the receipts already
 * proved their scope); the customers' mirrors of payments the vendor recorded are no claims.
 */
export async function claimsConfirmedBy(tx: Tx, tenantId: string, receiptIds: readonly string[], lock = false): Promise<PaymentRow[]> {
  if (receiptIds.length === 0) return [];
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), inArray(payments.receiptPaymentId, [...receiptIds]), eq(payments.recordedByVendor, false)))
    .orderBy(asc(payments.id));
  return lock ? query.for('update') : query;
}

export type ClaimDecision = Pick<PaymentInsert, 'claimStatus' | 'status' | 'claimDecidedAt' | 'claimDecidedByUserId' | 'claimReason' | 'receiptPaymentId'>;

/** Writes a decision on a claim (by id within the tenant: the caller locked it through its own scope). */
export async function decideClaim(tx: Tx, tenantId: string, id: string, decision: ClaimDecision): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ ...decision, updatedAt: new Date() })
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .returning();
  if (!updated) throw new Error('Claim update returned no row');
  return updated;
}

/** Invoices of the business that its customers' claims (in any state) point at, among `invoiceIds`. */
export async function invoicesWithClaims(tx: Tx, scope: BusinessScope, invoiceIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (invoiceIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: payments.invoiceId })
    .from(payments)
    .where(and(addressedTo(scope), inArray(payments.invoiceId, [...invoiceIds])));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/** Names of the business's own customer records, by id. */
export async function customerNames(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), inArray(counterparties.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function userNames(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type Mailbox = { name: string; email: string | null };

/** Where a business is written to: its own address, else its active owner's. */
export async function businessMailbox(tx: Tx, tenantId: string, businessId: string): Promise<Mailbox> {
  const rows = await tx
    .select({ name: businesses.name, email: businesses.email, ownerEmail: users.email })
    .from(businesses)
    .leftJoin(
      businessUsers,
      and(eq(businessUsers.tenantId, businesses.tenantId), eq(businessUsers.businessId, businesses.id), eq(businessUsers.isOwner, true), eq(businessUsers.status, 'active')),
    )
    .leftJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId), eq(users.status, 'active')))
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId)))
    .limit(1);
  const row = rows[0];
  return { name: row?.name ?? '', email: row?.email ?? row?.ownerEmail ?? null };
}
