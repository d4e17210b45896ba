import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payoutAccounts, payoutOnboardingLinks, tenants } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutAccountSnapshot = Omit<typeof payoutAccounts.$inferInsert, 'tenantId' | 'businessId' | 'completedSteps' | 'createdAt'>;

const inScope = (scope: BusinessScope) => and(eq(payoutAccounts.tenantId, scope.tenantId), eq(payoutAccounts.businessId, scope.businessId));

/** The tenant's provider settings (spec section 3, Tenant); secrets still sealed. */
export async function findProviderSettings(tx: Tx, tenantId: string) {
  const rows = await tx
    .select({
      publishableKey: tenants.paymentProviderKey,
      secret: tenants.paymentProviderSecret,
      accountId: tenants.paymentProviderAccountId,
      bankLinkClientId: tenants.bankLinkClientId,
      bankLinkSecret: tenants.bankLinkSecret,
      bankLinkEnvironment: tenants.bankLinkEnvironment,
      settings: tenants.settings,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

export async function findPayoutAccount(tx: Tx, scope: BusinessScope): Promise<PayoutAccountRow | undefined> {
  const rows = await tx.select().from(payoutAccounts).where(inScope(scope)).limit(1);
  return rows[0];
}

/**
 * Takes the transaction-long lock on one provider account: the wizard's writes and the account's
 * events store its state one at a time, each reading it from the provider after the other committed.
 * A lock on the key rather than the row, as the first step stores the row the event looks for.
 */
export async function lockProviderAccount(tx: Tx, tenantId: string, providerAccountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-account:${tenantId}:${providerAccountId}`}, 0))`);
}

export async function findPayoutAccountByProviderId(tx: Tx, tenantId: string, providerAccountId: string): Promise<PayoutAccountRow | undefined> {
  const rows = await tx
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.tenantId, tenantId), eq(payoutAccounts.providerAccountId, providerAccountId)))
    .limit(1);
  return rows[0];
}

/** Inserts the account's first snapshot, or replaces the snapshot when it is not older than the stored one. */
export async function saveSnapshot(tx: Tx, scope: BusinessScope, snapshot: PayoutAccountSnapshot): Promise<void> {
  await tx
    .insert(payoutAccounts)
    .values({ tenantId: scope.tenantId, businessId: scope.businessId, ...snapshot })
    .onConflictDoUpdate({ target: [payoutAccounts.tenantId, payoutAccounts.businessId], set: { ...snapshot, updatedAt: new Date() } });
}

export async function setCompletedSteps(tx: Tx, scope: BusinessScope, steps: string[]): Promise<void> {
  await tx.update(payoutAccounts).set({ completedSteps: steps }).where(inScope(scope));
}

export async function insertOnboardingLink(tx: Tx, row: typeof payoutOnboardingLinks.$inferInsert): Promise<void> {
  await tx.insert(payoutOnboardingLinks).values(row);
}

/** The business a live link is for; undefined when unknown or expired. */
export async function findLiveOnboardingLink(tx: Tx, tenantId: string, tokenHash: string, now: Date): Promise<{ businessId: string } | undefined> {
  const rows = await tx
    .select({ businessId: payoutOnboardingLinks.businessId })
    .from(payoutOnboardingLinks)
    .where(and(eq(payoutOnboardingLinks.tenantId, tenantId), eq(payoutOnboardingLinks.tokenHash, tokenHash), gt(payoutOnboardingLinks.expiresAt, now)))
    .limit(1);
  return rows[0];
}
