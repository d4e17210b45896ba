import { insertRows } from '../db/bulk-insert';
import type { Tx } from '../db/client';
import { auditLogs } from '../db/schema';
import { newId } from './crypto';

/** Who is acting, for the audit log. */
export type AuditActor = { tenantId: string; userId: string | null; businessId: string | null; ip: string | null };

/**
 * The product itself acting (a job, a provider's event, the other side of a business's act): no
 * user and no address. `businessId` is the business whose history the entry is written in (null:
 * the tenant's).
 */
export const systemActor = (tenantId: string, businessId: string | null): AuditActor => ({ tenantId, userId: null, businessId, ip: null });

export type AuditEntry = {
  model: string;
  modelId: string;
  action: 'created' | 'updated' | 'deleted';
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** What people call the subject; by default the first label field of `after` (else `before`), see `subjectLabelOf`. */
  label?: string | null;
};

/** The fields that name a record to people, most telling first: a document's number before any name. */
const LABEL_FIELDS = ['invoice_number', 'estimate_number', 'payment_number', 'number', 'name', 'file_name', 'title', 'email', 'code'] as const;

/** The first label field with text in `fields`, or null. */
export function subjectLabelOf(fields: Record<string, unknown> | null | undefined): string | null {
  for (const field of LABEL_FIELDS) {
    const value = fields?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/**
 * A label from a row's stored changes, for rows written before labels were stored: the value
 * after the change, else before it (a created row holds every field, a deleted one every old one).
 */
export function subjectLabelOfChanges(changes: Record<string, { before: unknown; after: unknown }>): string | null {
  const side = (pick: 'before' | 'after') => Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change[pick]]));
  return subjectLabelOf(side('after')) ?? subjectLabelOf(side('before'));
}

const SECRET_FIELD = /pass(word)?|secret|token|hash|recovery|api[_-]?key|two_?factor/i;
const IGNORED_FIELD = /^(updated_?at|updatedAt)$/;

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** The fields that differ between two versions of a record, secrets left out (only that they changed). */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED_FIELD.test(key)) continue;
    const was = before?.[key];
    const now = after?.[key];
    if (comparable(was) === comparable(now)) continue;
    changes[key] = SECRET_FIELD.test(key) ? { before: '[REDACTED]', after: '[REDACTED]' } : { before: plain(was), after: plain(now) };
  }
  return changes;
}

function auditRow(actor: AuditActor, entry: AuditEntry, changes: ReturnType<typeof changedFields>) {
  return {
    tenantId: actor.tenantId,
    id: newId(),
    businessId: actor.businessId,
    userId: actor.userId,
    model: entry.model,
    modelId: entry.modelId,
    subjectLabel: entry.label === undefined ? (subjectLabelOf(entry.after) ?? subjectLabelOf(entry.before)) : entry.label,
    action: entry.action,
    changes,
    ip: actor.ip,
  };
}

/** Writes one audit row in the caller's transaction: it commits or rolls back with the change. */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const changes = changedFields(entry.before, entry.after);
  if (entry.action === 'updated' && Object.keys(changes).length === 0) return;
  await tx.insert(auditLogs).values(auditRow(actor, entry, changes));
}

/** Many entries of one actor in one multi-row INSERT (bulk imports); updates without changes are left out as recordAudit leaves them. */
export async function recordAudits(tx: Tx, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const changes = changedFields(entry.before, entry.after);
    return entry.action === 'updated' && Object.keys(changes).length === 0 ? [] : [auditRow(actor, entry, changes)];
  });
  await insertRows(tx, auditLogs, rows);
}
