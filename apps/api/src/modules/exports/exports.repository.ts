import { and, desc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { exportRuns, exportTemplates } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type ExportTemplateRow = typeof exportTemplates.$inferSelect;
export type ExportRunRow = typeof exportRuns.$inferSelect;

const templateScope = (scope: BusinessScope) => and(eq(exportTemplates.tenantId, scope.tenantId), eq(exportTemplates.businessId, scope.businessId));
const runScope = (scope: BusinessScope) => and(eq(exportRuns.tenantId, scope.tenantId), eq(exportRuns.businessId, scope.businessId));

export async function listTemplates(tx: Tx, scope: BusinessScope, exportType: string | undefined): Promise<ExportTemplateRow[]> {
  return tx
    .select()
    .from(exportTemplates)
    .where(and(templateScope(scope), exportType ? eq(exportTemplates.exportType, exportType) : undefined))
    .orderBy(exportTemplates.exportType, sql`lower(${exportTemplates.name})`, exportTemplates.id);
}

export async function findTemplate(tx: Tx, scope: BusinessScope, id: string): Promise<ExportTemplateRow | undefined> {
  const rows = await tx
    .select()
    .from(exportTemplates)
    .where(and(templateScope(scope), eq(exportTemplates.id, id)))
    .limit(1);
  return rows[0];
}

export async function findDefaultTemplate(tx: Tx, scope: BusinessScope, exportType: string): Promise<ExportTemplateRow | undefined> {
  const rows = await tx
    .select()
    .from(exportTemplates)
    .where(and(templateScope(scope), eq(exportTemplates.exportType, exportType), eq(exportTemplates.isDefault, true)))
    .limit(1);
  return rows[0];
}

export async function insertTemplate(tx: Tx, row: typeof exportTemplates.$inferInsert): Promise<void> {
  await tx.insert(exportTemplates).values(row);
}

export async function updateTemplate(tx: Tx, scope: BusinessScope, id: string, fields: Pick<ExportTemplateRow, 'name' | 'exportType' | 'fields' | 'isDefault' | 'updatedAt'>): Promise<void> {
  await tx
    .update(exportTemplates)
    .set(fields)
    .where(and(templateScope(scope), eq(exportTemplates.id, id)));
}

/** Clears the default of the type except on `keepId` (the one about to be, or staying, the default). */
export async function clearDefault(tx: Tx, scope: BusinessScope, exportType: string, keepId: string): Promise<void> {
  await tx
    .update(exportTemplates)
    .set({ isDefault: false })
    .where(and(templateScope(scope), eq(exportTemplates.exportType, exportType), eq(exportTemplates.isDefault, true), ne(exportTemplates.id, keepId)));
}

export async function deleteTemplate(tx: Tx, scope: BusinessScope, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(exportTemplates)
    .where(and(templateScope(scope), eq(exportTemplates.id, id)))
    .returning({ id: exportTemplates.id });
  return deleted.length > 0;
}

export async function insertRun(tx: Tx, row: typeof exportRuns.$inferInsert): Promise<void> {
  await tx.insert(exportRuns).values(row);
}

export async function findRun(tx: Tx, scope: BusinessScope, id: string): Promise<ExportRunRow | undefined> {
  const rows = await tx
    .select()
    .from(exportRuns)
    .where(and(runScope(scope), eq(exportRuns.id, id)))
    .limit(1);
  return rows[0];
}

export async function listRuns(tx: Tx, scope: BusinessScope, offset: number, limit: number): Promise<ExportRunRow[]> {
  return tx
    .select()
    .from(exportRuns)
    .where(runScope(scope))
    .orderBy(desc(exportRuns.createdAt), desc(exportRuns.id))
    .offset(offset)
    .limit(limit);
}

export async function countRuns(tx: Tx, scope: BusinessScope): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(exportRuns)
    .where(runScope(scope));
  return rows[0]?.count ?? 0;
}

export async function updateRun(tx: Tx, scope: BusinessScope, id: string, fields: Partial<Pick<ExportRunRow, 'status' | 'totalRows' | 'rowsWritten' | 'failure' | 'storageKey' | 'finishedAt' | 'expiresAt'>>): Promise<void> {
  await tx
    .update(exportRuns)
    .set(fields)
    .where(and(runScope(scope), eq(exportRuns.id, id)));
}

/** A run whose download link has expired and whose file is still kept. */
const expiredFile = (now: Date) => and(eq(exportRuns.status, 'completed'), isNotNull(exportRuns.storageKey), lte(exportRuns.expiresAt, now));

/** Tenants with an expired export file still stored, read as the database owner (the sweep then works in each tenant). */
export async function tenantsWithExpiredFiles(db: AppDb, now: Date): Promise<string[]> {
  const rows = await db.selectDistinct({ tenantId: exportRuns.tenantId }).from(exportRuns).where(expiredFile(now));
  return rows.map((row) => row.tenantId);
}

export async function expiredFiles(tx: Tx, tenantId: string, now: Date, limit: number): Promise<{ businessId: string; id: string; storageKey: string }[]> {
  const rows = await tx
    .select({ businessId: exportRuns.businessId, id: exportRuns.id, storageKey: exportRuns.storageKey })
    .from(exportRuns)
    .where(and(eq(exportRuns.tenantId, tenantId), expiredFile(now)))
    .limit(limit);
  return rows.flatMap((row) => (row.storageKey === null ? [] : [{ businessId: row.businessId, id: row.id, storageKey: row.storageKey }]));
}
