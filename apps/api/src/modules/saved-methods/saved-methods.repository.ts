import { and, asc, desc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { autoPayAttempts, paymentCustomers, paymentMethodLinks, savedPaymentMethods } from '../../db/schema';

export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;
export type SavedMethodInsert = typeof savedPaymentMethods.$inferInsert;
export type PaymentMethodLinkRow = typeof paymentMethodLinks.$inferSelect;
export type AutoPayAttemptRow = typeof autoPayAttempts.$inferSelect;

/** Whose methods: a business's own (`counterpartyId` null), or a vendor's customer record. */
export type MethodOwner = { tenantId: string; businessId: string; counterpartyId: string | null };

function ownerIs(owner: MethodOwner) {
  return and(
    eq(paymentCustomers.tenantId, owner.tenantId),
    eq(paymentCustomers.businessId, owner.businessId),
    owner.counterpartyId === null ? isNull(paymentCustomers.counterpartyId) : eq(paymentCustomers.counterpartyId, owner.counterpartyId),
  );
}

export async function findCustomer(tx: Tx, owner: MethodOwner): Promise<PaymentCustomerRow | undefined> {
  const rows = await tx.select().from(paymentCustomers).where(ownerIs(owner)).limit(1);
  return rows[0];
}

/** The owner's customer, locked (as saving a method locks it): a change to its methods waits for a save in progress. */
export async function lockCustomer(tx: Tx, owner: MethodOwner): Promise<PaymentCustomerRow | undefined> {
  const rows = await tx.select().from(paymentCustomers).where(ownerIs(owner)).for('update');
  return rows[0];
}

/** The provider customer's owner, locked: methods saved for one owner take turns. */
export async function lockCustomerByProviderId(tx: Tx, tenantId: string, providerCustomerId: string): Promise<PaymentCustomerRow | undefined> {
  const rows = await tx.select().from(paymentCustomers).where(and(eq(paymentCustomers.tenantId, tenantId), eq(paymentCustomers.providerCustomerId, providerCustomerId))).for('update');
  return rows[0];
}

/** Stores the owner's provider customer unless one is there already (a concurrent first setup). */
export async function insertCustomerOnce(tx: Tx, row: typeof paymentCustomers.$inferInsert): Promise<void> {
  await tx.insert(paymentCustomers).values(row).onConflictDoNothing();
}

export async function listMethods(tx: Tx, tenantId: string, paymentCustomerId: string): Promise<SavedMethodRow[]> {
  return tx
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.paymentCustomerId, paymentCustomerId)))
    .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.createdAt), desc(savedPaymentMethods.id));
}

export async function findMethod(tx: Tx, tenantId: string, paymentCustomerId: string, id: string): Promise<SavedMethodRow | undefined> {
  const rows = await tx
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.paymentCustomerId, paymentCustomerId), eq(savedPaymentMethods.id, id)))
    .for('update');
  return rows[0];
}

export async function findMethodByProviderId(tx: Tx, tenantId: string, providerMethodId: string): Promise<SavedMethodRow | undefined> {
  const rows = await tx.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.providerMethodId, providerMethodId))).limit(1);
  return rows[0];
}

/** Inserts the method once per provider method; false when it was there already (the webhook and the confirm both saw it). */
export async function insertMethodOnce(tx: Tx, row: SavedMethodInsert): Promise<boolean> {
  const inserted = await tx.insert(savedPaymentMethods).values(row).onConflictDoNothing().returning({ id: savedPaymentMethods.id });
  return inserted.length > 0;
}

export async function defaultMethod(tx: Tx, tenantId: string, paymentCustomerId: string): Promise<SavedMethodRow | undefined> {
  const rows = await tx
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.paymentCustomerId, paymentCustomerId), eq(savedPaymentMethods.isDefault, true)))
    .limit(1);
  return rows[0];
}

/** Makes `id` the owner's one default: the old default is cleared first (one default per customer, by a unique index). */
export async function makeDefault(tx: Tx, tenantId: string, paymentCustomerId: string, id: string): Promise<void> {
  await tx
    .update(savedPaymentMethods)
    .set({ isDefault: false })
    .where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.paymentCustomerId, paymentCustomerId), ne(savedPaymentMethods.id, id), eq(savedPaymentMethods.isDefault, true)));
  await tx.update(savedPaymentMethods).set({ isDefault: true }).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.id, id)));
}

/** Auto pay's debit of the bank account was returned: not debited again until chosen again (`clearDebitReturn`). */
export async function markDebitReturned(tx: Tx, tenantId: string, id: string, at: Date, reason: string): Promise<void> {
  await tx.update(savedPaymentMethods).set({ debitReturnedAt: at, debitReturnReason: reason }).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.id, id)));
}

export async function clearDebitReturn(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.update(savedPaymentMethods).set({ debitReturnedAt: null, debitReturnReason: null }).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.id, id)));
}

/** A saved method by our id, in the tenant (auto pay's try names the one it charged). */
export async function findMethodInTenant(tx: Tx, tenantId: string, id: string): Promise<SavedMethodRow | undefined> {
  const rows = await tx.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.id, id))).limit(1);
  return rows[0];
}

export async function deleteMethod(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(savedPaymentMethods).where(and(eq(savedPaymentMethods.tenantId, tenantId), eq(savedPaymentMethods.id, id)));
}

export async function insertLink(tx: Tx, row: typeof paymentMethodLinks.$inferInsert): Promise<void> {
  await tx.insert(paymentMethodLinks).values(row);
}

/** The link a token opens, in the request's tenant only, locked until the transaction ends. */
export async function lockLinkByTokenHash(tx: Tx, tenantId: string, tokenHash: string): Promise<PaymentMethodLinkRow | undefined> {
  const rows = await tx.select().from(paymentMethodLinks).where(and(eq(paymentMethodLinks.tenantId, tenantId), eq(paymentMethodLinks.tokenHash, tokenHash))).for('update');
  return rows[0];
}

export async function lockLink(tx: Tx, tenantId: string, id: string): Promise<PaymentMethodLinkRow | undefined> {
  const rows = await tx.select().from(paymentMethodLinks).where(and(eq(paymentMethodLinks.tenantId, tenantId), eq(paymentMethodLinks.id, id))).for('update');
  return rows[0];
}

export async function updateLink(tx: Tx, tenantId: string, id: string, patch: Partial<Pick<PaymentMethodLinkRow, 'providerSetupId' | 'usedAt'>>): Promise<void> {
  await tx.update(paymentMethodLinks).set(patch).where(and(eq(paymentMethodLinks.tenantId, tenantId), eq(paymentMethodLinks.id, id)));
}

/** Asks for an auto-pay try once: a repeated request (a generator run that repeats) adds nothing. */
export async function insertAttemptOnce(tx: Tx, row: typeof autoPayAttempts.$inferInsert): Promise<void> {
  await tx.insert(autoPayAttempts).values(row).onConflictDoNothing();
}

/** Tries that are due, across tenants (the job's sweep). */
export async function dueAttempts(db: AppDb, now: Date, limit: number): Promise<{ tenantId: string; id: string }[]> {
  return db
    .select({ tenantId: autoPayAttempts.tenantId, id: autoPayAttempts.id })
    .from(autoPayAttempts)
    .where(and(inArray(autoPayAttempts.status, ['pending', 'confirming']), lte(autoPayAttempts.nextTryAt, now)))
    .orderBy(asc(autoPayAttempts.nextTryAt))
    .limit(limit);
}

/** The try, locked; other workers skip it while it is held. */
export async function lockAttempt(tx: Tx, tenantId: string, id: string): Promise<AutoPayAttemptRow | undefined> {
  const rows = await tx.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, tenantId), eq(autoPayAttempts.id, id))).for('update', { skipLocked: true });
  return rows[0];
}

export async function updateAttempt(tx: Tx, tenantId: string, id: string, patch: Partial<Pick<AutoPayAttemptRow, 'status' | 'amount' | 'providerIntentId' | 'savedMethodId' | 'message' | 'nextTryAt'>>): Promise<void> {
  await tx.update(autoPayAttempts).set(patch).where(and(eq(autoPayAttempts.tenantId, tenantId), eq(autoPayAttempts.id, id)));
}

export async function attemptsOf(tx: Tx, tenantId: string, invoiceId: string): Promise<AutoPayAttemptRow[]> {
  return tx.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, tenantId), eq(autoPayAttempts.invoiceId, invoiceId))).orderBy(asc(autoPayAttempts.try));
}

/** The try that made a PaymentIntent, locked (its bank debit's outcome arrives with a provider event). */
export async function lockAttemptByIntent(tx: Tx, tenantId: string, providerIntentId: string): Promise<AutoPayAttemptRow | undefined> {
  const rows = await tx.select().from(autoPayAttempts).where(and(eq(autoPayAttempts.tenantId, tenantId), eq(autoPayAttempts.providerIntentId, providerIntentId))).for('update');
  return rows[0];
}
