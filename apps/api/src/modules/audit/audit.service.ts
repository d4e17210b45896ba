import { type AuditLogListResponse, type AuditLogQuery, auditLogQuerySchema, listMeta } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import { subjectLabelOfChanges } from '../../platform/audit';
import type { AppContext } from '../../platform/app-context';
import * as repo from './audit.repository';

const DAY_MS = 86_400_000;

type LabelledEntry = { model: string; modelId: string; subjectLabel: string | null; changes: Record<string, { before: unknown; after: unknown }> };
const subjectKey = (entry: { model: string; modelId: string }) => `${entry.model}:${entry.modelId}`;
const ownLabel = (entry: LabelledEntry) => entry.subjectLabel ?? subjectLabelOfChanges(entry.changes);

/**
 * The label of each listed row: the one stored when it was written; for older rows, one its own
 * changes give, else the newest one another row about the same record gives (read once per page).
 */
async function subjectLabels(tx: Tx, tenantId: string, businessId: string | null, entries: readonly LabelledEntry[]) {
  const unnamed = entries.filter((entry) => ownLabel(entry) === null);
  const borrowed = new Map<string, string>();
  for (const row of await repo.rowsAboutSubjects(tx, tenantId, businessId, unnamed)) {
    const label = ownLabel(row);
    if (label !== null && !borrowed.has(subjectKey(row))) borrowed.set(subjectKey(row), label);
  }
  return (entry: LabelledEntry): string | null => ownLabel(entry) ?? borrowed.get(subjectKey(entry)) ?? null;
}

/** Reads the audit log; entries are written by `recordAudit` in each change's own transaction. */
export function createAuditService(app: AppContext) {
  return {
    /** `businessId` null lists the whole tenant (admin area). Dates are whole UTC days, both inclusive. */
    async list(tenantId: string, businessId: string | null, input: AuditLogQuery): Promise<AuditLogListResponse> {
      const query = auditLogQuerySchema.parse(input);
      const filter: repo.AuditFilter = {
        businessId,
        model: query.model,
        action: query.action,
        userId: query.user_id,
        from: query.from_date ? new Date(`${query.from_date}T00:00:00Z`) : undefined,
        until: query.to_date ? new Date(new Date(`${query.to_date}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      };
      const { page, limit } = query;
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listAudit(tx, tenantId, filter, Math.max(page - 1, 0) * limit, limit);
        const labelOf = await subjectLabels(tx, tenantId, businessId, rows.map(({ entry }) => entry));
        const total = await repo.countAudit(tx, tenantId, filter);
        const everything = await repo.countAudit(tx, tenantId, { businessId });
        return {
          data: rows.map(({ entry, userName, userEmail }) => ({
            id: entry.id,
            model: entry.model,
            model_id: entry.modelId,
            subject_label: labelOf(entry),
            action: entry.action,
            business_id: entry.businessId,
            user: entry.userId && userName !== null && userEmail !== null ? { id: entry.userId, name: userName, email: userEmail } : null,
            changes: entry.changes,
            ip: entry.ip,
            created_at: entry.createdAt.toISOString(),
          })),
          meta: { ...listMeta(page, limit, total), audit_log_total_count: everything },
        };
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
