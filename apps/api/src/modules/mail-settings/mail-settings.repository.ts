import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businessMailSettings, mailSettings } from '../../db/schema';
import type { MailSettingsRow } from '../../platform/tenant-mail';

export type { MailSettingsRow } from '../../platform/tenant-mail';

/** Whose mail server: the tenant's (admin → email configuration) or one business's (settings → email configuration). */
export type MailSettingsOwner = { tenantId: string; businessId: string | null };

export async function findMailSettings(tx: Tx, owner: MailSettingsOwner): Promise<MailSettingsRow | undefined> {
  const rows = owner.businessId
    ? await tx
        .select()
        .from(businessMailSettings)
        .where(and(eq(businessMailSettings.tenantId, owner.tenantId), eq(businessMailSettings.businessId, owner.businessId)))
        .limit(1)
    : await tx.select().from(mailSettings).where(eq(mailSettings.tenantId, owner.tenantId)).limit(1);
  return rows[0];
}

export async function saveMailSettings(tx: Tx, owner: MailSettingsOwner, fields: MailSettingsRow): Promise<MailSettingsRow> {
  const change = { ...fields, updatedAt: new Date() };
  const saved = owner.businessId
    ? await tx
        .insert(businessMailSettings)
        .values({ tenantId: owner.tenantId, businessId: owner.businessId, ...fields })
        .onConflictDoUpdate({ target: [businessMailSettings.tenantId, businessMailSettings.businessId], set: change })
        .returning()
    : await tx
        .insert(mailSettings)
        .values({ tenantId: owner.tenantId, ...fields })
        .onConflictDoUpdate({ target: mailSettings.tenantId, set: change })
        .returning();
  const result = saved[0];
  if (!result) throw new Error('Mail settings upsert returned no row');
  return result;
}

/** A business's own server removed: its mail goes through the tenant's again. */
export async function deleteBusinessMailSettings(tx: Tx, tenantId: string, businessId: string): Promise<void> {
  await tx.delete(businessMailSettings).where(and(eq(businessMailSettings.tenantId, tenantId), eq(businessMailSettings.businessId, businessId)));
}
