import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { prebuiltSelect } from '../../db/prebuilt';
import { type InvoiceLoanStatus, invoiceLoanStatuses as knownLoanStatuses } from '@app/contracts';
import type { Tx } from '../../db/client';
import { financingOffers, loans } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type OfferRow = typeof financingOffers.$inferSelect;
export type OfferInsert = typeof financingOffers.$inferInsert;
export type LoanRow = typeof loans.$inferSelect;
export type LoanInsert = typeof loans.$inferInsert;

/** Loans whose principal is out or about to be: what the exposure limits count. */
export const OPEN_LOAN_STATUSES = ['pending_funding', 'funded', 'late'] as const;

const ownOffer = (scope: BusinessScope) => and(eq(financingOffers.tenantId, scope.tenantId), eq(financingOffers.businessId, scope.businessId));
const ownLoan = (scope: BusinessScope) => and(eq(loans.tenantId, scope.tenantId), eq(loans.businessId, scope.businessId));

/** The invoice's newest offer still open and unexpired at `now`, for this business and product. */
export async function findOpenOffer(tx: Tx, scope: BusinessScope, invoiceId: string, product: OfferRow['product'], now: Date): Promise<OfferRow | undefined> {
  const rows = await tx
    .select()
    .from(financingOffers)
    .where(and(ownOffer(scope), eq(financingOffers.invoiceId, invoiceId), eq(financingOffers.product, product), eq(financingOffers.status, 'open'), gt(financingOffers.expiresAt, now)))
    .orderBy(desc(financingOffers.createdAt))
    .limit(1);
  return rows[0];
}

export async function insertOffer(tx: Tx, row: OfferInsert): Promise<OfferRow> {
  const [inserted] = await tx.insert(financingOffers).values(row).returning();
  if (!inserted) throw new Error('The offer was not stored');
  return inserted;
}

/** The business's offer, locked FOR UPDATE: concurrent fundings of one offer queue here. */
export async function lockOffer(tx: Tx, scope: BusinessScope, id: string): Promise<OfferRow | undefined> {
  const rows = await tx.select().from(financingOffers).where(and(ownOffer(scope), eq(financingOffers.id, id))).limit(1).for('update');
  return rows[0];
}

export async function setOfferStatus(tx: Tx, scope: BusinessScope, id: string, status: OfferRow['status']): Promise<void> {
  await tx.update(financingOffers).set({ status }).where(and(ownOffer(scope), eq(financingOffers.id, id)));
}

export async function insertLoan(tx: Tx, row: LoanInsert): Promise<LoanRow> {
  const [inserted] = await tx.insert(loans).values(row).returning();
  if (!inserted) throw new Error('The loan was not stored');
  return inserted;
}

export async function findLoanOfOffer(tx: Tx, scope: BusinessScope, offerId: string): Promise<LoanRow | undefined> {
  const rows = await tx.select().from(loans).where(and(ownLoan(scope), eq(loans.offerId, offerId))).limit(1);
  return rows[0];
}

export async function lockLoan(tx: Tx, tenantId: string, id: string): Promise<LoanRow | undefined> {
  const rows = await tx.select().from(loans).where(and(eq(loans.tenantId, tenantId), eq(loans.id, id))).limit(1).for('update');
  return rows[0];
}

/** The invoice's loan that is not cancelled (at most one, by the live-loan index), locked FOR UPDATE. */
export async function lockLiveLoanOfInvoice(tx: Tx, tenantId: string, invoiceId: string): Promise<LoanRow | undefined> {
  const rows = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.tenantId, tenantId), eq(loans.invoiceId, invoiceId), sql`${loans.status} <> 'cancelled'`))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateLoan(tx: Tx, tenantId: string, id: string, patch: Partial<LoanInsert>): Promise<LoanRow> {
  const [updated] = await tx
    .update(loans)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(loans.tenantId, tenantId), eq(loans.id, id)))
    .returning();
  if (!updated) throw new Error(`Loan ${id} does not exist`);
  return updated;
}

/** Open loans of the borrowing business, or (with `counterpartyBusinessId`) on the invoices that business must pay, in this currency. */
export async function openLoans(tx: Tx, tenantId: string, by: { businessId: string } | { counterpartyBusinessId: string }, currency: string): Promise<LoanRow[]> {
  const party = 'businessId' in by ? eq(loans.businessId, by.businessId) : eq(loans.counterpartyBusinessId, by.counterpartyBusinessId);
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.tenantId, tenantId), party, eq(loans.currency, currency), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
    .orderBy(asc(loans.id));
}

/** The invoice-level loan status: the live loan's status, else `offered` when an offer is open and unexpired; invoices with neither are left out. */
/**
 * Both lookups in one statement, rendered once (db/prebuilt.ts): every page of the invoice list
 * asks it. Offers come first, so an invoice's live loan, read after, takes its place.
 */
const loanStatusesOfInvoices = prebuiltSelect(
  new QueryBuilder()
    .select({ invoiceId: financingOffers.invoiceId, status: sql<string>`'offered'`.as('status'), rank: sql<number>`0`.as('rank') })
    .from(financingOffers)
    .where(and(eq(financingOffers.tenantId, sql.placeholder('tenantId')), sql`${financingOffers.invoiceId} = ANY(${sql.placeholder('invoiceIds')}::uuid[])`, eq(financingOffers.status, 'open'), sql`${financingOffers.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .unionAll(
      new QueryBuilder()
        .select({ invoiceId: loans.invoiceId, status: sql<string>`${loans.status}`.as('status'), rank: sql<number>`1`.as('rank') })
        .from(loans)
        .where(and(eq(loans.tenantId, sql.placeholder('tenantId')), sql`${loans.invoiceId} = ANY(${sql.placeholder('invoiceIds')}::uuid[])`, sql`${loans.status} <> 'cancelled'`)),
    )
    .orderBy(sql`rank`),
);

export async function invoiceLoanStatuses(tx: Tx, tenantId: string, invoiceIds: readonly string[], now: Date): Promise<Map<string, InvoiceLoanStatus>> {
  const found = new Map<string, InvoiceLoanStatus>();
  if (invoiceIds.length === 0) return found;
  for (const row of await loanStatusesOfInvoices.run(tx, { tenantId, invoiceIds: [...invoiceIds], now: now.toISOString() })) {
    if (!isInvoiceLoanStatus(row.status)) throw new Error(`Unknown loan status ${row.status}`);
    found.set(row.invoiceId, row.status);
  }
  return found;
}

const invoiceLoanStatusNames = new Set<string>(knownLoanStatuses);
const isInvoiceLoanStatus = (status: string): status is InvoiceLoanStatus => invoiceLoanStatusNames.has(status);

export async function findOfferInTenant(tx: Tx, tenantId: string, id: string): Promise<OfferRow | undefined> {
  const rows = await tx.select().from(financingOffers).where(and(eq(financingOffers.tenantId, tenantId), eq(financingOffers.id, id))).limit(1);
  return rows[0];
}

/** Whether the invoice has a loan still open (waiting to fund, funded or late): such an invoice is neither voided, deleted nor edited. */
export async function hasOpenLoan(tx: Tx, tenantId: string, invoiceIds: readonly string[]): Promise<boolean> {
  if (invoiceIds.length === 0) return false;
  const rows = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.tenantId, tenantId), inArray(loans.invoiceId, [...invoiceIds]), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

/** Whether the business borrowed on a BNPL loan that was written off (`defaulted`): the platform lender offers it no new deferral. */
export async function hasDefaultedBnplLoan(tx: Tx, tenantId: string, businessId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.tenantId, tenantId), eq(loans.businessId, businessId), eq(loans.product, 'bnpl'), eq(loans.status, 'defaulted')))
    .limit(1);
  return rows.length > 0;
}
