import { and, eq, isNull, lt, ne, notInArray } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import type { InvoiceRow } from './invoices.repository';

/** Open, unpaid invoices due before `latestToday` whose passing due date was not told yet (the partial index's rows). */
const untoldPastDue = (latestToday: string) =>
  and(isNull(invoices.overdueEventAt), lt(invoices.dueDate, latestToday), notInArray(invoices.status, ['draft', 'void', 'completed']), ne(invoices.paidStatus, 'paid'));

export async function untoldPastDueInvoices(tx: Tx, tenantId: string, latestToday: string, limit: number): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), untoldPastDue(latestToday)))
    .orderBy(invoices.dueDate)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Read as the owner, across tenants, like the estimate expiry. */
export async function tenantsWithUntoldPastDue(db: AppDb, latestToday: string): Promise<string[]> {
  const rows = await db.selectDistinct({ tenantId: invoices.tenantId }).from(invoices).where(untoldPastDue(latestToday));
  return rows.map((row) => row.tenantId);
}

export async function markOverdueTold(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ overdueEventAt: at })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
}
