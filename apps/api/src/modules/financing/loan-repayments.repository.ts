import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { businesses, loanRepayments, loans } from '../../db/schema';

export type RepaymentRow = typeof loanRepayments.$inferSelect;
export type RepaymentInsert = typeof loanRepayments.$inferInsert;

/** Where a BNPL loan may still be charged: funded, or late after a try that failed. */
export const REPAYABLE_STATUSES = ['funded', 'late'] as const;

export type LoanRef = { tenantId: string; id: string };

export async function insertRepayment(tx: Tx, row: RepaymentInsert): Promise<RepaymentRow> {
  const [inserted] = await tx.insert(loanRepayments).values(row).returning();
  if (!inserted) throw new Error('The repayment was not stored');
  return inserted;
}

/** The try, locked; another worker holding it is skipped, not waited for. */
export async function lockRepayment(tx: Tx, tenantId: string, id: string): Promise<RepaymentRow | undefined> {
  const rows = await tx.select().from(loanRepayments).where(and(eq(loanRepayments.tenantId, tenantId), eq(loanRepayments.id, id))).limit(1).for('update', { skipLocked: true });
  return rows[0];
}

export async function updateRepayment(tx: Tx, tenantId: string, id: string, patch: Partial<Pick<RepaymentRow, 'status' | 'message' | 'checkAt'>>): Promise<void> {
  await tx
    .update(loanRepayments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(loanRepayments.tenantId, tenantId), eq(loanRepayments.id, id)));
}

/** The loan's tries, the newest first. */
export async function repaymentsOfLoan(tx: Tx, tenantId: string, loanId: string): Promise<RepaymentRow[]> {
  return tx.select().from(loanRepayments).where(and(eq(loanRepayments.tenantId, tenantId), eq(loanRepayments.loanId, loanId))).orderBy(desc(loanRepayments.try));
}

/** Tries the job looks at again at `now`: a confirmation cut short, a bank debit on its way; across tenants. */
export async function repaymentsToCheck(db: AppDb, now: Date, limit: number): Promise<LoanRef[]> {
  return db
    .select({ tenantId: loanRepayments.tenantId, id: loanRepayments.id })
    .from(loanRepayments)
    .where(and(inArray(loanRepayments.status, ['confirming', 'processing']), lte(loanRepayments.checkAt, now)))
    .orderBy(asc(loanRepayments.checkAt))
    .limit(limit);
}

/** The platform lender's BNPL loans whose repay date came (`today` or before) and that still owe; across tenants. A tenant's lender collects its own. */
export async function loansDue(db: AppDb, today: string, limit: number): Promise<LoanRef[]> {
  return db
    .select({ tenantId: loans.tenantId, id: loans.id })
    .from(loans)
    .where(and(eq(loans.product, 'bnpl'), eq(loans.lender, 'platform'), inArray(loans.status, [...REPAYABLE_STATUSES]), lte(loans.dueDate, today)))
    .orderBy(asc(loans.dueDate), asc(loans.id))
    .limit(limit);
}

/** The platform lender's BNPL loans still late on a repay date at or before `cutoff`: the job writes them off; across tenants. */
export async function loansToWriteOff(db: AppDb, cutoff: string, limit: number): Promise<LoanRef[]> {
  return db
    .select({ tenantId: loans.tenantId, id: loans.id })
    .from(loans)
    .where(and(eq(loans.product, 'bnpl'), eq(loans.lender, 'platform'), eq(loans.status, 'late'), lte(loans.dueDate, cutoff)))
    .orderBy(asc(loans.dueDate), asc(loans.id))
    .limit(limit);
}

/** The platform lender's BNPL loans to remind (a tenant's lender tells its borrowers itself): funded and due by `until` (not yet told), or late (not yet told it is overdue); across tenants. */
export async function loansToRemind(db: AppDb, until: string, limit: number): Promise<LoanRef[]> {
  return db
    .select({ tenantId: loans.tenantId, id: loans.id })
    .from(loans)
    .where(
      and(
        eq(loans.product, 'bnpl'),
        eq(loans.lender, 'platform'),
        sql`((${loans.status} = 'funded' AND ${loans.dueDate} <= ${until} AND ${isNull(loans.remindedBeforeAt)}) OR (${loans.status} = 'late' AND ${isNull(loans.remindedOverdueAt)}))`,
      ),
    )
    .limit(limit);
}

/** Whom a reminder goes to: the borrowing business, by its name and address. */
export async function borrowerContact(tx: Tx, tenantId: string, businessId: string): Promise<{ name: string; email: string | null } | undefined> {
  const rows = await tx.select({ name: businesses.name, email: businesses.email }).from(businesses).where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId))).limit(1);
  return rows[0];
}
