import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { securitySettings } from '../../db/schema';

export type SecuritySettingsRow = typeof securitySettings.$inferSelect;

export async function findSecuritySettings(tx: Tx, tenantId: string): Promise<SecuritySettingsRow | undefined> {
  const rows = await tx.select().from(securitySettings).where(eq(securitySettings.tenantId, tenantId)).limit(1);
  return rows[0];
}

export async function saveSecuritySettings(tx: Tx, row: typeof securitySettings.$inferInsert): Promise<SecuritySettingsRow> {
  const saved = await tx
    .insert(securitySettings)
    .values(row)
    .onConflictDoUpdate({ target: securitySettings.tenantId, set: { personalTokenMaxDays: row.personalTokenMaxDays, updatedAt: new Date() } })
    .returning();
  const result = saved[0];
  if (!result) throw new Error('Security settings upsert returned no row');
  return result;
}
