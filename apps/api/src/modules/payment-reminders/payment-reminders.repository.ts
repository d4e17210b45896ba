import { and, asc, between, eq, gte, isNotNull, ne, notExists, notInArray, sql } from 'drizzle-orm';
import type { PaymentReminderType } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { businesses, counterparties, invoices, paymentReminders, reminderDeliveries } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type PaymentReminderRow = typeof paymentReminders.$inferSelect;
export type ReminderFields = { type: PaymentReminderType; days: number };

/** Statuses in which an invoice no longer expects payment (with paid_status 'paid'). */
const CLOSED_STATUSES = ['draft', 'void', 'completed'];

const inScope = (scope: BusinessScope) => and(eq(paymentReminders.tenantId, scope.tenantId), eq(paymentReminders.businessId, scope.businessId));
const ofType = (type: PaymentReminderType | undefined) => (type ? eq(paymentReminders.type, type) : undefined);

export async function listReminders(tx: Tx, scope: BusinessScope, type: PaymentReminderType | undefined, offset: number, limit: number): Promise<PaymentReminderRow[]> {
  return tx
    .select()
    .from(paymentReminders)
    .where(and(inScope(scope), ofType(type)))
    .orderBy(sql`case ${paymentReminders.type} when 'before_due' then 0 when 'on_due' then 1 else 2 end`, sql`case when ${paymentReminders.type} = 'before_due' then -${paymentReminders.days} else ${paymentReminders.days} end`, asc(paymentReminders.id))
    .offset(offset)
    .limit(limit);
}

export async function countReminders(tx: Tx, scope: BusinessScope, type?: PaymentReminderType): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentReminders)
    .where(and(inScope(scope), ofType(type)));
  return rows[0]?.count ?? 0;
}

export async function findReminder(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentReminderRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentReminders)
    .where(and(inScope(scope), eq(paymentReminders.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertReminder(tx: Tx, row: typeof paymentReminders.$inferInsert): Promise<PaymentReminderRow> {
  const [inserted] = await tx.insert(paymentReminders).values(row).returning();
  if (!inserted) throw new Error('Payment reminder insert returned no row');
  return inserted;
}

export async function updateReminder(tx: Tx, scope: BusinessScope, id: string, fields: ReminderFields, now: Date): Promise<PaymentReminderRow> {
  const [updated] = await tx
    .update(paymentReminders)
    .set({ ...fields, updatedAt: now })
    .where(and(inScope(scope), eq(paymentReminders.id, id)))
    .returning();
  if (!updated) throw new Error('Payment reminder update returned no row');
  return updated;
}

export async function deleteReminder(tx: Tx, scope: BusinessScope, id: string): Promise<void> {
  await tx.delete(paymentReminders).where(and(inScope(scope), eq(paymentReminders.id, id)));
}

/** Whether the invoice is the business's own (the issuer sees its reminders; its customer does not). */
export async function ownInvoiceExists(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId), eq(invoices.id, invoiceId)))
    .limit(1);
  return rows.length > 0;
}

export type DeliveryListRow = { reminderId: string; type: PaymentReminderType; days: number; sentTo: string; sentAt: Date };

export async function deliveriesOfInvoice(tx: Tx, scope: BusinessScope, invoiceId: string): Promise<DeliveryListRow[]> {
  return tx
    .select({ reminderId: reminderDeliveries.reminderId, type: paymentReminders.type, days: paymentReminders.days, sentTo: reminderDeliveries.sentTo, sentAt: reminderDeliveries.sentAt })
    .from(reminderDeliveries)
    .innerJoin(paymentReminders, and(eq(paymentReminders.tenantId, reminderDeliveries.tenantId), eq(paymentReminders.id, reminderDeliveries.reminderId)))
    .where(and(eq(reminderDeliveries.tenantId, scope.tenantId), eq(reminderDeliveries.businessId, scope.businessId), eq(reminderDeliveries.invoiceId, invoiceId)))
    .orderBy(asc(reminderDeliveries.sentAt), asc(reminderDeliveries.reminderId));
}

/** Every business with at least one rule, across tenants: read as the owner by the job. */
export async function businessesWithReminders(db: AppDb): Promise<BusinessScope[]> {
  return db.selectDistinct({ tenantId: paymentReminders.tenantId, businessId: paymentReminders.businessId }).from(paymentReminders);
}

export async function remindersOfBusiness(tx: Tx, scope: BusinessScope): Promise<PaymentReminderRow[]> {
  return tx.select().from(paymentReminders).where(inScope(scope)).orderBy(asc(paymentReminders.id));
}

export type ReminderSender = { name: string; email: string | null; settings: unknown };

export async function findSender(tx: Tx, scope: BusinessScope): Promise<ReminderSender | undefined> {
  const rows = await tx
    .select({ name: businesses.name, email: businesses.email, settings: businesses.settings })
    .from(businesses)
    .where(and(eq(businesses.tenantId, scope.tenantId), eq(businesses.id, scope.businessId)))
    .limit(1);
  return rows[0];
}

export type DueInvoice = {
  id: string;
  invoiceNumber: string;
  dueDate: string;
  currencyId: number;
  total: number;
  dueAmount: number;
  customerName: string;
  customerEmail: string;
};

/**
 * Open, unpaid invoices of the business due within [from, to] whose customer has an address and
 * that `reminderId` has not reminded yet. The rows are locked (a payment being recorded right now
 * holds its invoice: that one is skipped and looked at again on the next run).
 */
export async function invoicesToRemind(tx: Tx, scope: BusinessScope, reminderId: string, dueDates: { from: string; to: string }): Promise<DueInvoice[]> {
  const rows = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      dueDate: invoices.dueDate,
      currencyId: invoices.currencyId,
      total: invoices.total,
      dueAmount: invoices.dueAmount,
      customerName: counterparties.name,
      customerEmail: counterparties.email,
    })
    .from(invoices)
    .innerJoin(counterparties, and(eq(counterparties.tenantId, invoices.tenantId), eq(counterparties.businessId, invoices.businessId), eq(counterparties.id, invoices.customerId)))
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.businessId, scope.businessId),
        notInArray(invoices.status, CLOSED_STATUSES),
        ne(invoices.paidStatus, 'paid'),
        isNotNull(invoices.dueDate),
        between(invoices.dueDate, dueDates.from, dueDates.to),
        isNotNull(counterparties.email),
        ne(counterparties.email, ''),
        gte(invoices.dueAmount, 1),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reminderDeliveries)
            .where(and(eq(reminderDeliveries.tenantId, invoices.tenantId), eq(reminderDeliveries.invoiceId, invoices.id), eq(reminderDeliveries.reminderId, reminderId))),
        ),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .for('update', { of: invoices, skipLocked: true });
  return rows.flatMap((row) => (row.dueDate && row.customerEmail ? [{ ...row, dueDate: row.dueDate, customerEmail: row.customerEmail }] : []));
}

/** Claims the (invoice, rule) pair; false when it was already claimed (the primary key makes it once only). */
export async function claimDelivery(tx: Tx, row: typeof reminderDeliveries.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(reminderDeliveries).values(row).onConflictDoNothing().returning({ invoiceId: reminderDeliveries.invoiceId });
  return inserted.length > 0;
}
