import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, loans } from '../../db/schema';
import { LOAN_OWNER, loanAccountCodes } from './loan-accounts';
import type { LoanRow } from './financing.repository';

/** Every tenant that has a loan, read as the owner (the job then works in each tenant's own transaction). */
export async function tenantsWithLoans(db: AppDb): Promise<string[]> {
  const rows = await db.selectDistinct({ tenantId: loans.tenantId }).from(loans).orderBy(asc(loans.tenantId));
  return rows.map((row) => row.tenantId);
}

export async function tenantLoans(tx: Tx, tenantId: string): Promise<LoanRow[]> {
  return tx.select().from(loans).where(eq(loans.tenantId, tenantId)).orderBy(asc(loans.createdAt), asc(loans.id));
}

/** What each loan's posted ledger says: its balances, and what its `advance` and `fee` transactions put on its receivables. */
export type LoanLedgerFigures = { principal: number; fee: number; reserve: number; advanced: number; feeCharged: number };

const postedBalance = sql`CASE ${ledgerAccounts.normalBalance} WHEN 'debit' THEN ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.creditsPosted} ELSE ${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} END`;
const balanceOfCode = (code: string) => sql<string>`coalesce(sum(${postedBalance}) FILTER (WHERE ${ledgerAccounts.code} = ${code}), 0)`;
const postedOf = (kind: string, code: string) => sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerTransactions.kind} = ${kind} AND ${ledgerAccounts.code} = ${code}), 0)`;

export async function loanLedgerFigures(tx: Tx, tenantId: string, loanIds: readonly string[]): Promise<Map<string, LoanLedgerFigures>> {
  const figures = new Map<string, LoanLedgerFigures>();
  if (loanIds.length === 0) return figures;
  const ids = [...loanIds];
  const balances = await tx
    .select({
      loanId: ledgerAccounts.ownerId,
      principal: balanceOfCode(loanAccountCodes.principalReceivable),
      fee: balanceOfCode(loanAccountCodes.feeReceivable),
      reserve: balanceOfCode(loanAccountCodes.businessReserve),
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.ownerType, LOAN_OWNER), inArray(ledgerAccounts.ownerId, ids)))
    .groupBy(ledgerAccounts.ownerId);
  const charged = await tx
    .select({
      loanId: ledgerTransactions.subjectId,
      advanced: postedOf('advance', loanAccountCodes.principalReceivable),
      feeCharged: postedOf('fee', loanAccountCodes.feeReceivable),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.tenantId, ledgerTransactions.tenantId), eq(ledgerEntries.transactionId, ledgerTransactions.id)))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, ledgerEntries.tenantId), eq(ledgerAccounts.id, ledgerEntries.accountId)))
    .where(
      and(
        eq(ledgerTransactions.tenantId, tenantId),
        eq(ledgerTransactions.subjectType, LOAN_OWNER),
        inArray(ledgerTransactions.subjectId, ids),
        eq(ledgerTransactions.status, 'posted'),
        inArray(ledgerTransactions.kind, ['advance', 'fee']),
        eq(ledgerAccounts.ownerType, LOAN_OWNER),
      ),
    )
    .groupBy(ledgerTransactions.subjectId);
  for (const row of balances) {
    if (row.loanId) figures.set(row.loanId, { principal: Number(row.principal), fee: Number(row.fee), reserve: Number(row.reserve), advanced: 0, feeCharged: 0 });
  }
  for (const row of charged) {
    if (!row.loanId) continue;
    const found = figures.get(row.loanId) ?? { principal: 0, fee: 0, reserve: 0, advanced: 0, feeCharged: 0 };
    figures.set(row.loanId, { ...found, advanced: Number(row.advanced), feeCharged: Number(row.feeCharged) });
  }
  return figures;
}
