import { type AnyColumn, type SQL, and, asc, eq, inArray, isNull, lt, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentDirection } from '@app/contracts';
import type { CurrencySum } from '@app/domain';
import type { SqlExecutor, Tx } from '../../db/client';
import { businesses, counterparties, estimates, invoiceTotals, invoices, loans, payments } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';
import { totalsOf } from './invoice-list.repository';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;

const own = (scope: BusinessScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId));
/** Invoices addressed to the business; a draft is still the vendor's private work. */
const addressedTo = (scope: BusinessScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.customerBusinessId, scope.businessId), ne(invoices.status, 'draft'));

/**
 * `value` summed per currency and per "a rate was stored": the plain sum and the sum at the rates
 * stored on the invoices (null for the unrated group), as exact decimal text. The service converts
 * them with the shared CurrencyConverter, as the dashboard does; nothing is converted here.
 */
const sumsOf = (value: SQL) => ({
  amount: sql<string>`coalesce(sum(${value}), 0)::text`,
  atRate: sql<string | null>`(sum(${value} * ${invoices.exchangeRate}))::text`,
});

const groupedByCurrency = { currencyId: invoices.currencyId, rated: sql<boolean>`${invoices.exchangeRate} IS NOT NULL` };

const currencySum = (currencyId: number, sums: { amount: string; atRate: string | null }): CurrencySum => ({ currencyId, amount: sums.amount, atRate: sums.atRate });

export type InvoiceStatSums = Record<'inDraft' | 'totalPaid' | 'totalDue' | 'totalOverDue', CurrencySum[]>;

/**
 * A stored sum over the groups matching `when` (all groups without it): the plain one, and the one
 * at the stored rates, which is null for the unrated group and a number (0 when nothing matches)
 * for the rated one, as summing the invoices themselves gives.
 */
function storedSumsOf(value: AnyColumn, valueAtRate: AnyColumn, when?: SQL) {
  const picked = (column: AnyColumn) => (when ? sql`CASE WHEN ${when} THEN ${column} END` : sql`${column}`);
  return {
    amount: sql<string>`coalesce(sum(${picked(value)}), 0)::text`,
    atRate: sql<string | null>`(CASE WHEN ${invoiceTotals.rated} THEN coalesce(sum(${picked(valueAtRate)}), 0) END)::text`,
  };
}

/** The list's four figures per currency, from invoice_totals: a few rows per currency and open due date, whatever the number of invoices. */
export async function invoiceStatSums(tx: Tx, scope: BusinessScope, direction: DocumentDirection, today: string): Promise<InvoiceStatSums> {
  const open = and(notInArray(invoiceTotals.status, ['draft', 'void']), ne(invoiceTotals.paidStatus, 'paid'));
  const draft = storedSumsOf(invoiceTotals.total, invoiceTotals.totalAtRate, eq(invoiceTotals.status, 'draft'));
  const paid = storedSumsOf(invoiceTotals.amountPaid, invoiceTotals.amountPaidAtRate);
  const due = storedSumsOf(invoiceTotals.dueAmount, invoiceTotals.dueAmountAtRate, open);
  const overdue = storedSumsOf(invoiceTotals.dueAmount, invoiceTotals.dueAmountAtRate, and(open, lt(invoiceTotals.dueDate, today)));
  const rows = await tx
    .select({
      currencyId: invoiceTotals.currencyId,
      draft: draft.amount,
      draftAtRate: draft.atRate,
      paid: paid.amount,
      paidAtRate: paid.atRate,
      due: due.amount,
      dueAtRate: due.atRate,
      overdue: overdue.amount,
      overdueAtRate: overdue.atRate,
    })
    .from(invoiceTotals)
    .where(totalsOf(scope, direction))
    .groupBy(invoiceTotals.currencyId, invoiceTotals.rated)
    // A group whose rows net to nothing has no invoices left (the compaction drops it).
    .having(sql`sum(${invoiceTotals.count}) <> 0`);
  return {
    inDraft: rows.map((row) => currencySum(row.currencyId, { amount: row.draft, atRate: row.draftAtRate })),
    totalPaid: rows.map((row) => currencySum(row.currencyId, { amount: row.paid, atRate: row.paidAtRate })),
    totalDue: rows.map((row) => currencySum(row.currencyId, { amount: row.due, atRate: row.dueAtRate })),
    totalOverDue: rows.map((row) => currencySum(row.currencyId, { amount: row.overdue, atRate: row.overdueAtRate })),
  };
}

/** Folds the rows the trigger appended to invoice_totals into one per group; returns how many groups it wrote. */
export async function compactInvoiceTotals(executor: SqlExecutor): Promise<number> {
  const { rows } = await executor.executeSql('select compact_invoice_totals() as folded', []);
  const [row] = rows as { folded: number }[];
  return Number(row?.folded ?? 0);
}

/** What the business approved as a customer and still owes, per currency. */
export async function approvedSums(tx: Tx, scope: BusinessScope): Promise<CurrencySum[]> {
  const due = sumsOf(sql`${invoices.dueAmount}`);
  const rows = await tx
    .select({ ...groupedByCurrency, due: due.amount, dueAtRate: due.atRate })
    .from(invoices)
    .where(and(addressedTo(scope), eq(invoices.status, 'approved'), ne(invoices.paidStatus, 'paid')))
    .groupBy(groupedByCurrency.currencyId, groupedByCurrency.rated);
  return rows.map((row) => currencySum(row.currencyId, { amount: row.due, atRate: row.dueAtRate }));
}

/**
 * The business's own invoices it could finance now, per currency: its customer approved them, they
 * are neither void nor paid, something is still due, and no live loan (any but a cancelled one,
 * as the loans' unique index counts them) is already taken against them.
 */
export async function financeableSums(tx: Tx, scope: BusinessScope): Promise<{ currencyId: number; amount: number; invoiceCount: number }[]> {
  const liveLoan = tx
    .select({ one: sql`1` })
    .from(loans)
    .where(and(eq(loans.tenantId, invoices.tenantId), eq(loans.invoiceId, invoices.id), ne(loans.status, 'cancelled')));
  return tx
    .select({ currencyId: invoices.currencyId, amount: sql<number>`sum(${invoices.dueAmount})::bigint`.mapWith(Number), invoiceCount: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(own(scope), eq(invoices.status, 'approved'), ne(invoices.paidStatus, 'paid'), sql`${invoices.dueAmount} > 0`, notExists(liveLoan)))
    .groupBy(invoices.currencyId)
    .orderBy(invoices.currencyId);
}

export async function findOwnInvoice(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(own(scope), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findAddressedInvoice(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(addressedTo(scope), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** Any invoice of the tenant by id, for public links (the token already proved access). */
export async function findInvoiceInTenant(tx: Tx, tenantId: string, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Invoices of the tenant by id, for records that already proved their scope (payments). Locked
 * rows are taken in id order, so two writers that lock the same invoices never deadlock.
 */
export async function findInvoicesInTenant(tx: Tx, tenantId: string, ids: readonly string[], lock = false): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), inArray(invoices.id, [...ids])))
    .orderBy(asc(invoices.id));
  return lock ? query.for('update') : query;
}

export async function findOwnInvoices(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(invoices)
    .where(and(own(scope), inArray(invoices.id, [...ids])))
    .for('update');
}

export async function invoiceNumberTaken(tx: Tx, scope: BusinessScope, number: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(own(scope), eq(invoices.invoiceNumber, number), exceptId ? ne(invoices.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Many new invoices in one statement, answered in the order given. */
export async function insertInvoices(tx: Tx, rows: readonly InvoiceInsert[]): Promise<InvoiceRow[]> {
  if (rows.length === 0) return [];
  const inserted = new Map((await tx.insert(invoices).values([...rows]).returning()).map((row) => [row.id, row]));
  return rows.map((row) => {
    const stored = row.id ? inserted.get(row.id) : undefined;
    if (!stored) throw new Error('An invoice insert returned no row');
    return stored;
  });
}

export async function insertInvoice(tx: Tx, row: InvoiceInsert): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  if (!inserted) throw new Error('Invoice insert returned no row');
  return inserted;
}

/**
 * Writes a number from the sequence onto an invoice of the business unless another invoice has it
 * (undefined then). `updated_at` stays: the invoice was created in this transaction.
 */
export async function numberInvoice(tx: Tx, scope: BusinessScope, id: string, numbered: { number: string; sequence: number | null; customerSequence: number | null }): Promise<InvoiceRow | undefined> {
  const other = alias(invoices, 'other');
  const [numberedRow] = await tx
    .update(invoices)
    .set({ invoiceNumber: numbered.number, sequenceNumber: numbered.sequence, customerSequenceNumber: numbered.customerSequence })
    .where(
      and(
        own(scope),
        eq(invoices.id, id),
        notExists(
          tx
            .select({ id: other.id })
            .from(other)
            .where(and(eq(other.tenantId, scope.tenantId), eq(other.businessId, scope.businessId), eq(other.invoiceNumber, numbered.number), ne(other.id, id))),
        ),
      ),
    )
    .returning();
  return numberedRow;
}

export async function updateInvoice(tx: Tx, tenantId: string, id: string, patch: Partial<InvoiceInsert>): Promise<InvoiceRow> {
  // A due date set anew may pass again: its overdue event is told again then.
  const overdue = patch.dueDate === undefined ? {} : { overdueEventAt: null };
  const [updated] = await tx
    .update(invoices)
    .set({ ...overdue, ...patch, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .returning();
  if (!updated) throw new Error('Invoice update returned no row');
  return updated;
}

export async function deleteInvoices(tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // An estimate converted into one of these invoices forgets the link rather than blocking the delete.
  await tx
    .update(estimates)
    .set({ convertedInvoiceId: null })
    .where(and(eq(estimates.tenantId, scope.tenantId), eq(estimates.businessId, scope.businessId), inArray(estimates.convertedInvoiceId, [...ids])));
  await tx.delete(invoices).where(and(own(scope), inArray(invoices.id, [...ids])));
}

/** Invoices of a counterparty (locks its currency) and what it still owes. */
export async function customerBalance(tx: Tx, scope: BusinessScope, customerId: string): Promise<{ count: number; due: number }> {
  const rows = await tx
    .select({
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(CASE WHEN ${invoices.status} NOT IN ('draft', 'void') THEN ${invoices.dueAmount} ELSE 0 END), 0)::bigint`,
    })
    .from(invoices)
    .where(and(own(scope), eq(invoices.customerId, customerId)));
  return { count: rows[0]?.count ?? 0, due: Number(rows[0]?.due ?? 0) };
}

export { isNull, or };

/**
 * How a customer business paid its invoices on the network (every vendor in the tenant): how many
 * are paid, and of those how many got their last received payment after their due date.
 */
export async function payerHistory(tx: Tx, tenantId: string, customerBusinessId: string): Promise<{ paidInvoices: number; paidLate: number }> {
  const lastPaid = tx
    .select({ invoiceId: payments.invoiceId, lastDate: sql<string>`max(${payments.paymentDate})`.as('last_date') })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.direction, 'received')))
    .groupBy(payments.invoiceId)
    .as('last_paid');
  const [row] = await tx
    .select({
      paidInvoices: sql<number>`count(*)::int`,
      paidLate: sql<number>`count(*) FILTER (WHERE ${invoices.dueDate} IS NOT NULL AND ${lastPaid.lastDate} > ${invoices.dueDate})::int`,
    })
    .from(invoices)
    .leftJoin(lastPaid, eq(lastPaid.invoiceId, invoices.id))
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.customerBusinessId, customerBusinessId), eq(invoices.paidStatus, 'paid')));
  return { paidInvoices: row?.paidInvoices ?? 0, paidLate: row?.paidLate ?? 0 };
}

/** The name the vendor gave the customer of one of its invoices. */
export async function customerNameOf(tx: Tx, row: Pick<InvoiceRow, 'tenantId' | 'businessId' | 'customerId'>): Promise<string> {
  const [found] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, row.tenantId), eq(counterparties.businessId, row.businessId), eq(counterparties.id, row.customerId)))
    .limit(1);
  return found?.name ?? '';
}

/** The name of the business that issued the invoice (the vendor a BNPL loan pays). */
export async function issuerNameOf(tx: Tx, row: Pick<InvoiceRow, 'tenantId' | 'businessId'>): Promise<string> {
  const [found] = await tx
    .select({ name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.tenantId, row.tenantId), eq(businesses.id, row.businessId)))
    .limit(1);
  return found?.name ?? '';
}
