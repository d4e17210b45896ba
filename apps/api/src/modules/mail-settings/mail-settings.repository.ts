import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailSettings } from '../../db/schema';

export type MailSettingsRow = typeof mailSettings.$inferSelect;

export async function findMailSettings(tx: Tx, tenantId: string): Promise<MailSettingsRow | undefined> {
  const rows = await tx.select().from(mailSettings).where(eq(mailSettings.tenantId, tenantId)).limit(1);
  return rows[0];
}

export async function saveMailSettings(tx: Tx, row: typeof mailSettings.$inferInsert): Promise<MailSettingsRow> {
  const change = { host: row.host, port: row.port, username: row.username, password: row.password, encryption: row.encryption, fromName: row.fromName, fromAddress: row.fromAddress };
  const saved = await tx
    .insert(mailSettings)
    .values(row)
    .onConflictDoUpdate({ target: mailSettings.tenantId, set: { ...change, updatedAt: new Date() } })
    .returning();
  const result = saved[0];
  if (!result) throw new Error('Mail settings upsert returned no row');
  return result;
}
