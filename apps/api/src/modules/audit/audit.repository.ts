import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@app/contracts';
import type { Tx } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

export type AuditFilter = {
  /** null: every entry of the tenant (admin area); an id: that business's entries only. */
  businessId: string | null;
  model?: string | undefined;
  action?: AuditAction | undefined;
  userId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive upper bound. */
  until?: Date | undefined;
};

function where(tenantId: string, filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditLogs.tenantId, tenantId),
    filter.businessId ? eq(auditLogs.businessId, filter.businessId) : undefined,
    filter.model ? eq(auditLogs.model, filter.model) : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.userId ? eq(auditLogs.userId, filter.userId) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.until ? lt(auditLogs.createdAt, filter.until) : undefined,
  );
}

export async function listAudit(tx: Tx, tenantId: string, filter: AuditFilter, offset: number, limit: number) {
  return tx
    .select({ entry: auditLogs, userName: users.name, userEmail: users.email })
    .from(auditLogs)
    .leftJoin(users, and(eq(users.tenantId, auditLogs.tenantId), eq(users.id, auditLogs.userId)))
    .where(where(tenantId, filter))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .offset(offset)
    .limit(limit);
}

export async function countAudit(tx: Tx, tenantId: string, filter: AuditFilter): Promise<number> {
  const rows = await tx.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(where(tenantId, filter));
  return rows[0]?.count ?? 0;
}

/**
 * Every row about these subjects, newest first, for naming rows written before labels were stored:
 * another row of the same record (its creation, typically) may carry the label or the fields that name it.
 */
export async function rowsAboutSubjects(tx: Tx, tenantId: string, businessId: string | null, subjects: readonly { model: string; modelId: string }[]) {
  if (subjects.length === 0) return [];
  return tx
    .select({ model: auditLogs.model, modelId: auditLogs.modelId, subjectLabel: auditLogs.subjectLabel, changes: auditLogs.changes })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, tenantId),
        businessId ? eq(auditLogs.businessId, businessId) : undefined,
        inArray(auditLogs.modelId, subjects.map((subject) => subject.modelId)),
        or(isNotNull(auditLogs.subjectLabel), sql`${auditLogs.changes} <> '{}'::jsonb`),
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id));
}
