import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailTemplates, tenants } from '../../db/schema';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export async function listTemplates(tx: Tx, tenantId: string): Promise<EmailTemplateRow[]> {
  return tx.select().from(emailTemplates).where(eq(emailTemplates.tenantId, tenantId));
}

export async function findTemplate(tx: Tx, tenantId: string, key: string): Promise<EmailTemplateRow | undefined> {
  const rows = await tx.select().from(emailTemplates).where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.key, key))).limit(1);
  return rows[0];
}

/** The tenant's name and its own version of the template `key` (if any), in one statement: what every templated mail reads. */
export async function templateForMail(tx: Tx, tenantId: string, key: string): Promise<{ tenantName: string; template: EmailTemplateRow | null } | undefined> {
  const rows = await tx
    .select({ tenantName: tenants.name, template: emailTemplates })
    .from(tenants)
    .leftJoin(emailTemplates, and(eq(emailTemplates.tenantId, tenants.id), eq(emailTemplates.key, key)))
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0];
}

export async function upsertTemplate(tx: Tx, row: typeof emailTemplates.$inferInsert): Promise<void> {
  await tx
    .insert(emailTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [emailTemplates.tenantId, emailTemplates.key],
      set: { subject: row.subject, body: row.body, cc: row.cc, bcc: row.bcc, fromName: row.fromName, fromEmail: row.fromEmail, active: row.active, updatedBy: row.updatedBy, updatedAt: sql`excluded.updated_at` },
    });
}

export async function deleteTemplate(tx: Tx, tenantId: string, key: string): Promise<void> {
  await tx.delete(emailTemplates).where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.key, key)));
}
