import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { PaymentDirection, PublicDocumentPayment } from '@app/contracts';
import type { Tx } from '../../db/client';
import { businesses, counterparties, paymentModes, payments, tenants } from '../../db/schema';
import { afterKeysetRow, keysetKey } from '../../db/keyset';
import type { BusinessScope, KeysetCursor } from '../../platform/business-scope';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
export type CounterpartyRow = typeof counterparties.$inferSelect;
export type PaymentModeRow = typeof paymentModes.$inferSelect;

export type PaymentListFilters = {
  direction: PaymentDirection;
  counterpartyId?: string | undefined;
  invoiceId?: string | undefined;
  /** ILIKE pattern on the payment number and the counterparty's names. */
  search?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};
export type PaymentOrder = { field: 'payment_date' | 'payment_number' | 'amount' | 'created_at'; direction: 'asc' | 'desc' };

const own = (scope: BusinessScope) => and(eq(payments.tenantId, scope.tenantId), eq(payments.businessId, scope.businessId));

const counterpartyJoin = and(eq(counterparties.tenantId, payments.tenantId), eq(counterparties.id, payments.counterpartyId));
const modeJoin = and(eq(paymentModes.tenantId, payments.tenantId), eq(paymentModes.id, payments.paymentModeId));

function listConditions(scope: BusinessScope, filters: PaymentListFilters): SQL | undefined {
  return and(
    own(scope),
    eq(payments.direction, filters.direction),
    filters.counterpartyId ? eq(payments.counterpartyId, filters.counterpartyId) : undefined,
    filters.invoiceId ? eq(payments.invoiceId, filters.invoiceId) : undefined,
    filters.search
      ? sql`(${payments.paymentNumber} ILIKE ${filters.search} OR ${counterparties.name} ILIKE ${filters.search} OR ${counterparties.displayName} ILIKE ${filters.search})`
      : undefined,
    filters.fromDate ? gte(payments.paymentDate, filters.fromDate) : undefined,
    filters.toDate ? lte(payments.paymentDate, filters.toDate) : undefined,
  );
}

const orderColumns = {
  payment_date: payments.paymentDate,
  payment_number: payments.paymentNumber,
  amount: payments.amount,
  created_at: payments.createdAt,
} as const;

/** A payment with its counterparty and payment mode, as lists and views show it. */
export type PaymentWithParties = { payment: PaymentRow; counterparty: CounterpartyRow | null; mode: PaymentModeRow | null };

function withParties(tx: Tx) {
  return tx.select({ payment: payments, counterparty: counterparties, mode: paymentModes }).from(payments).leftJoin(counterparties, counterpartyJoin).leftJoin(paymentModes, modeJoin);
}

/** A listed payment, with its value of the list's order column as text (where a keyset reader's next page starts). */
export type ListedPayment = PaymentWithParties & { sortKey: string };

/** A page of the list: after `offset` rows, or (a reader of every page) after the row a cursor names, null for the first page. */
export async function listPayments(tx: Tx, scope: BusinessScope, filters: PaymentListFilters, order: PaymentOrder, start: { offset: number } | { after: KeysetCursor | null }, limit: number): Promise<ListedPayment[]> {
  const by = order.direction === 'asc' ? asc : desc;
  const column = orderColumns[order.field];
  const after = 'after' in start && start.after ? afterKeysetRow(column, payments.id, order.direction, start.after.key, start.after.id) : undefined;
  const page = tx
    .select({ payment: payments, counterparty: counterparties, mode: paymentModes, sortKey: keysetKey(column) })
    .from(payments)
    .leftJoin(counterparties, counterpartyJoin)
    .leftJoin(paymentModes, modeJoin)
    .where(and(listConditions(scope, filters), after))
    .orderBy(by(column), by(payments.id))
    .limit(limit);
  return 'offset' in start ? page.offset(start.offset) : page;
}

export async function countPayments(tx: Tx, scope: BusinessScope, filters: PaymentListFilters): Promise<number> {
  const query = tx.select({ count: sql<number>`count(*)::int` }).from(payments);
  const rows = filters.search ? await query.leftJoin(counterparties, counterpartyJoin).where(listConditions(scope, filters)) : await query.where(listConditions(scope, filters));
  return rows[0]?.count ?? 0;
}

export async function countByDirection(tx: Tx, scope: BusinessScope): Promise<Record<PaymentDirection, number>> {
  const rows = await tx
    .select({ direction: payments.direction, count: sql<number>`count(*)::int` })
    .from(payments)
    .where(own(scope))
    .groupBy(payments.direction);
  const counts: Record<PaymentDirection, number> = { received: 0, made: 0 };
  for (const row of rows) counts[row.direction] = row.count;
  return counts;
}

export async function findPayment(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentWithParties | undefined> {
  const rows = await withParties(tx)
    .where(and(own(scope), eq(payments.id, id)))
    .limit(1);
  return rows[0];
}

/** Payments of the business, locked in id order (edits and deletes then lock their invoices). */
export async function lockPayments(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(payments)
    .where(and(own(scope), inArray(payments.id, [...ids])))
    .orderBy(asc(payments.id))
    .for('update');
}

/** Payments of the tenant by id, locked in id order (the caller proved their scope another way: a provider event). */
export async function lockPaymentsInTenant(tx: Tx, tenantId: string, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), inArray(payments.id, [...ids])))
    .orderBy(asc(payments.id))
    .for('update');
}

export async function paymentNumberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(own(scope), eq(payments.paymentNumber, number), exceptId ? ne(payments.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Which of these numbers the business's payments already have. */
export async function takenPaymentNumbers(tx: Tx, scope: BusinessScope, numbers: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < numbers.length; start += 1000) {
    const rows = await tx.select({ number: payments.paymentNumber }).from(payments).where(and(own(scope), inArray(payments.paymentNumber, numbers.slice(start, start + 1000))));
    for (const row of rows) taken.add(row.number);
  }
  return taken;
}

/** The payment booked from a provider's payment, if any. */
export async function findByProviderPaymentId(tx: Tx, tenantId: string, providerPaymentId: string): Promise<{ id: string } | undefined> {
  const rows = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.tenantId, tenantId), eq(payments.providerPaymentId, providerPaymentId))).limit(1);
  return rows[0];
}

export async function insertPayment(tx: Tx, row: PaymentInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  if (!inserted) throw new Error('Payment insert returned no row');
  return inserted;
}

export async function updatePayment(tx: Tx, scope: BusinessScope, id: string, patch: Partial<PaymentInsert>): Promise<void> {
  await tx
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(own(scope), eq(payments.id, id)));
}

export async function deletePayments(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(payments).where(and(own(scope), inArray(payments.id, [...ids])));
}

/** A customer or vendor of the business; archived ones are returned too, the caller decides. */
export async function findCounterparty(tx: Tx, scope: BusinessScope, kind: 'customer' | 'vendor', id: string): Promise<CounterpartyRow | undefined> {
  const rows = await tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, kind), eq(counterparties.id, id)))
    .limit(1);
  return rows[0];
}

export async function findPaymentMode(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentModeRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentModes)
    .where(and(eq(paymentModes.tenantId, scope.tenantId), eq(paymentModes.businessId, scope.businessId), eq(paymentModes.id, id)))
    .limit(1);
  return rows[0];
}

export async function businessName(tx: Tx, tenantId: string, businessId: string): Promise<string> {
  const rows = await tx
    .select({ name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId)))
    .limit(1);
  return rows[0]?.name ?? '';
}

/** The tenant's switch, read in the payment's transaction rather than from the request's cached tenant. */
export async function partialPaymentsAllowed(tx: Tx, tenantId: string): Promise<boolean> {
  const rows = await tx.select({ allowed: tenants.partialPayments }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return rows[0]?.allowed ?? false;
}

/** Usage check: payment modes attached to payments cannot be deleted. */
export async function modesUsedByPayments(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: payments.paymentModeId })
    .from(payments)
    .where(and(own(scope), inArray(payments.paymentModeId, [...ids])));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

export async function counterpartyHasPayments(tx: Tx, scope: BusinessScope, counterpartyId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(own(scope), eq(payments.counterpartyId, counterpartyId)))
    .limit(1);
  return rows.length > 0;
}

/** Any payment of the tenant by id, for public receipts (the token already proved access). */
export async function findPaymentInTenant(tx: Tx, tenantId: string, id: string): Promise<PaymentWithParties | undefined> {
  const rows = await withParties(tx)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .limit(1);
  return rows[0];
}

/** The customers' mirrors of the vendor's payments received `receiptIds`, locked (any business: the receipts already proved their scope). */
export async function lockMirrorsOf(tx: Tx, tenantId: string, receiptIds: readonly string[]): Promise<PaymentRow[]> {
  if (receiptIds.length === 0) return [];
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), inArray(payments.receiptPaymentId, [...receiptIds]), eq(payments.recordedByVendor, true)))
    .orderBy(asc(payments.id))
    .for('update');
}

/**
 * The payments that count in an invoice's amount paid: its issuer's payments received, and the
 * claims confirmed before migration 0020 that settled it directly (later confirmations count
 * through the payment received they recorded; open and rejected claims count nowhere).
 */
const appliedToInvoice = or(eq(payments.direction, 'received'), and(eq(payments.claimStatus, 'confirmed'), isNull(payments.receiptPaymentId)));

/** The payments an invoice's public page lists, oldest first (the token already proved access to the invoice). */
export async function invoicePaymentsForRecipient(tx: Tx, tenantId: string, invoiceId: string): Promise<PublicDocumentPayment[]> {
  return tx
    .select({ payment_date: payments.paymentDate, payment_number: payments.paymentNumber, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.invoiceId, invoiceId), appliedToInvoice))
    .orderBy(asc(payments.paymentDate), asc(payments.createdAt), asc(payments.id));
}

/**
 * Before a business is deleted: its customers' mirrors of its payments received go (they name its
 * invoices and payments, which go with it). Claims its customers made are left as they are.
 */
export async function deleteMirrorsRecordedBy(tx: Tx, tenantId: string, vendorBusinessId: string): Promise<void> {
  await tx.delete(payments).where(and(eq(payments.tenantId, tenantId), eq(payments.counterpartyBusinessId, vendorBusinessId), eq(payments.recordedByVendor, true)));
}

/** The payments received that paid estimates' deposits (payment-deposits.ts), oldest first; locked when asked. */
export async function depositPayments(tx: Tx, tenantId: string, estimateIds: readonly string[], lock = false): Promise<PaymentRow[]> {
  if (estimateIds.length === 0) return [];
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), inArray(payments.estimateId, [...estimateIds]), eq(payments.direction, 'received')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return lock ? query.for('update') : query;
}
