import { type SQL, and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LoanProduct, LoanStatus } from '@app/contracts';
import type { Tx } from '../../db/client';
import { businesses, counterparties, invoices, ledgerAccounts, ledgerEntries, ledgerTransactions, loans } from '../../db/schema';
import { LENDING_OWNER, LOAN_OWNER, lendingAccountCodes, loanAccountCodes } from './loan-accounts';

/** The loans a read covers: one business's (the borrower's), or every business's of the tenant (`businessId` null: tenant admins). */
export type LoanReadScope = { tenantId: string; businessId: string | null };

export type LoanFilter = { product?: LoanProduct | undefined; status?: LoanStatus | undefined; loanId?: string | undefined };

const vendors = alias(businesses, 'vendors');

function loanConditions(scope: LoanReadScope, filter: LoanFilter): SQL | undefined {
  return and(
    eq(loans.tenantId, scope.tenantId),
    scope.businessId ? eq(loans.businessId, scope.businessId) : undefined,
    filter.product ? eq(loans.product, filter.product) : undefined,
    filter.status ? eq(loans.status, filter.status) : undefined,
    filter.loanId ? eq(loans.id, filter.loanId) : undefined,
  );
}

/** A page of loans, newest first, with their invoice, borrower and other party (the invoice's customer for factoring, its vendor for BNPL). */
export async function listLoans(tx: Tx, scope: LoanReadScope, filter: LoanFilter, offset: number, limit: number) {
  return tx
    .select({
      loan: loans,
      businessName: businesses.name,
      invoiceNumber: invoices.invoiceNumber,
      invoiceTotal: invoices.total,
      counterpartyName: sql<string>`CASE WHEN ${loans.product} = 'factoring' THEN ${counterparties.name} ELSE ${vendors.name} END`,
    })
    .from(loans)
    .innerJoin(businesses, and(eq(businesses.tenantId, loans.tenantId), eq(businesses.id, loans.businessId)))
    .innerJoin(invoices, and(eq(invoices.tenantId, loans.tenantId), eq(invoices.id, loans.invoiceId)))
    .innerJoin(vendors, and(eq(vendors.tenantId, invoices.tenantId), eq(vendors.id, invoices.businessId)))
    .innerJoin(counterparties, and(eq(counterparties.tenantId, invoices.tenantId), eq(counterparties.businessId, invoices.businessId), eq(counterparties.id, invoices.customerId)))
    .where(loanConditions(scope, filter))
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .offset(offset)
    .limit(limit);
}

export async function countLoans(tx: Tx, scope: LoanReadScope, filter: LoanFilter): Promise<number> {
  const rows = await tx.select({ total: count() }).from(loans).where(loanConditions(scope, filter));
  return rows[0]?.total ?? 0;
}

/** Posted balance on the account's normal side: debit-normal receivables owe debits − credits, the credit-normal reserve credits − debits. */
const postedBalance = sql`CASE ${ledgerAccounts.normalBalance} WHEN 'debit' THEN ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.creditsPosted} ELSE ${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} END`;
const balanceOfCode = (code: string) => sql<string>`coalesce(sum(${postedBalance}) FILTER (WHERE ${ledgerAccounts.code} = ${code}), 0)`;

/** Each loan's posted balances, read from its own ledger accounts (a loan with no accounts yet has none). */
export async function loanBalances(tx: Tx, tenantId: string, loanIds: readonly string[]) {
  if (loanIds.length === 0) return [];
  return tx
    .select({
      loanId: ledgerAccounts.ownerId,
      principal: balanceOfCode(loanAccountCodes.principalReceivable),
      fee: balanceOfCode(loanAccountCodes.feeReceivable),
      reserve: balanceOfCode(loanAccountCodes.businessReserve),
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.ownerType, LOAN_OWNER), inArray(ledgerAccounts.ownerId, [...loanIds])))
    .groupBy(ledgerAccounts.ownerId);
}

export type LoanTransactionFilter = {
  loanId?: string | undefined;
  product?: LoanProduct | undefined;
  kind?: string | undefined;
  /** Effective dates, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

/** Where a page starts: strictly older than this (created_at in microseconds since the epoch, id), the last row of the previous page. */
export type LoanTransactionCursor = { createdAtMicros: bigint; id: string };

/** created_at to the microsecond: a JS Date keeps milliseconds only, and a cursor cut to them would skip rows. */
const createdAtMicros = sql<string>`(extract(epoch FROM ${ledgerTransactions.createdAt}) * 1000000)::bigint::text`;

/**
 * A page of loan movements, newest first, keyed by (created_at, id): each page reads its rows from
 * the partial indexes of migration 0040 (the business's, the tenant's or the loan's), however
 * deep. The product filter needs the loan, joined row by row as the index is walked.
 */
export async function listLoanTransactions(tx: Tx, scope: LoanReadScope, filter: LoanTransactionFilter, after: LoanTransactionCursor | null, limit: number) {
  return tx
    .select({
      id: ledgerTransactions.id,
      loanId: loans.id,
      product: loans.product,
      invoiceNumber: invoices.invoiceNumber,
      kind: ledgerTransactions.kind,
      status: ledgerTransactions.status,
      effectiveDate: ledgerTransactions.effectiveDate,
      createdAt: ledgerTransactions.createdAt,
      createdAtMicros,
      currency: loans.currency,
      description: ledgerTransactions.description,
    })
    .from(ledgerTransactions)
    .innerJoin(loans, and(eq(loans.tenantId, ledgerTransactions.tenantId), eq(loans.id, ledgerTransactions.subjectId)))
    .innerJoin(invoices, and(eq(invoices.tenantId, loans.tenantId), eq(invoices.id, loans.invoiceId)))
    .where(
      and(
        eq(ledgerTransactions.tenantId, scope.tenantId),
        eq(ledgerTransactions.subjectType, LOAN_OWNER),
        scope.businessId ? eq(ledgerTransactions.businessId, scope.businessId) : undefined,
        filter.loanId ? eq(ledgerTransactions.subjectId, filter.loanId) : undefined,
        filter.kind ? eq(ledgerTransactions.kind, filter.kind) : undefined,
        filter.product ? eq(loans.product, filter.product) : undefined,
        filter.from ? gte(ledgerTransactions.effectiveDate, filter.from) : undefined,
        filter.to ? lte(ledgerTransactions.effectiveDate, filter.to) : undefined,
        after ? sql`(${ledgerTransactions.createdAt}, ${ledgerTransactions.id}) < (timestamptz 'epoch' + ${after.createdAtMicros.toString()}::bigint * interval '1 microsecond', ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(limit);
}

const entrySum = (condition: SQL) => sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${condition}), 0)`;

/**
 * Each transaction's entries summed by what they moved: the loan's receivables (debits mean owed
 * more), and the cash that left or reached the tenant's lending (its lender funds and collections;
 * credits there are money paid out).
 */
export async function transactionAmounts(tx: Tx, tenantId: string, transactionIds: readonly string[]) {
  if (transactionIds.length === 0) return [];
  return tx
    .select({
      transactionId: ledgerEntries.transactionId,
      principal: entrySum(sql`${ledgerAccounts.ownerType} = ${LOAN_OWNER} AND ${ledgerAccounts.code} = ${loanAccountCodes.principalReceivable}`),
      fee: entrySum(sql`${ledgerAccounts.ownerType} = ${LOAN_OWNER} AND ${ledgerAccounts.code} = ${loanAccountCodes.feeReceivable}`),
      lendingCash: entrySum(sql`${ledgerAccounts.ownerType} = ${LENDING_OWNER} AND ${ledgerAccounts.code} IN (${lendingAccountCodes.lenderFunds}, ${lendingAccountCodes.collections})`),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, ledgerEntries.tenantId), eq(ledgerAccounts.id, ledgerEntries.accountId)))
    .where(and(eq(ledgerEntries.tenantId, tenantId), inArray(ledgerEntries.transactionId, [...transactionIds])))
    .groupBy(ledgerEntries.transactionId);
}

/** Balances per product and currency in one grouped read of the loans' accounts, with how many loans are open and repaid. */
export async function balancesByProduct(tx: Tx, scope: LoanReadScope, product: LoanProduct | undefined) {
  const perLoan = tx
    .select({
      product: loans.product,
      currency: loans.currency,
      status: loans.status,
      principal: balanceOfCode(loanAccountCodes.principalReceivable).as('principal'),
      fee: balanceOfCode(loanAccountCodes.feeReceivable).as('fee'),
    })
    .from(loans)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, loans.tenantId), eq(ledgerAccounts.ownerType, LOAN_OWNER), eq(ledgerAccounts.ownerId, loans.id)))
    .where(loanConditions(scope, { product }))
    .groupBy(loans.tenantId, loans.id)
    .as('per_loan');
  return tx
    .select({
      product: perLoan.product,
      currency: perLoan.currency,
      principal: sql<string>`sum(${perLoan.principal})`,
      fee: sql<string>`sum(${perLoan.fee})`,
      open: sql<number>`(count(*) FILTER (WHERE ${perLoan.status} IN ('funded', 'late')))::int`,
      repaid: sql<number>`(count(*) FILTER (WHERE ${perLoan.status} = 'repaid'))::int`,
    })
    .from(perLoan)
    .groupBy(perLoan.product, perLoan.currency)
    .orderBy(perLoan.product, perLoan.currency);
}

/** Principal still owed per borrowing business and currency (tenant admins' exposure), largest first. */
export async function exposureByBusiness(tx: Tx, tenantId: string, product: LoanProduct | undefined) {
  const principal = sql<string>`sum(${postedBalance})`;
  return tx
    .select({ businessId: loans.businessId, businessName: businesses.name, currency: ledgerAccounts.currency, principal })
    .from(loans)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, loans.tenantId), eq(ledgerAccounts.ownerType, LOAN_OWNER), eq(ledgerAccounts.ownerId, loans.id), eq(ledgerAccounts.code, loanAccountCodes.principalReceivable)))
    .innerJoin(businesses, and(eq(businesses.tenantId, loans.tenantId), eq(businesses.id, loans.businessId)))
    .where(loanConditions({ tenantId, businessId: null }, { product }))
    .groupBy(loans.businessId, businesses.name, ledgerAccounts.currency)
    .having(sql`${principal} > 0`)
    .orderBy(desc(principal), loans.businessId);
}
