import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

const inScope = (scope: BusinessScope) => and(eq(notificationSettings.tenantId, scope.tenantId), eq(notificationSettings.businessId, scope.businessId));

export async function listSettings(tx: Tx, scope: BusinessScope): Promise<{ event: string; recipients: string[] }[]> {
  return tx.select({ event: notificationSettings.event, recipients: notificationSettings.recipients }).from(notificationSettings).where(inScope(scope));
}

/** The business's whole choice at once: events without addresses keep no row. */
export async function replaceSettings(tx: Tx, scope: BusinessScope, settings: readonly { event: string; recipients: string[] }[], now: Date): Promise<void> {
  await tx.delete(notificationSettings).where(inScope(scope));
  const kept = settings.filter((setting) => setting.recipients.length > 0);
  if (kept.length === 0) return;
  await tx.insert(notificationSettings).values(kept.map((setting) => ({ tenantId: scope.tenantId, businessId: scope.businessId, event: setting.event, recipients: setting.recipients, updatedAt: now })));
}

export async function recipientsFor(tx: Tx, scope: BusinessScope, event: string): Promise<string[]> {
  const rows = await tx.select({ recipients: notificationSettings.recipients }).from(notificationSettings).where(and(inScope(scope), eq(notificationSettings.event, event))).limit(1);
  return rows[0]?.recipients ?? [];
}
