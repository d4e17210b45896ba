import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert';
import type { AppDb, Tx } from '../../db/client';
import { importJobs, importMappingPresets, importRecords } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobInsert = typeof importJobs.$inferInsert;
export type ImportJobPatch = Partial<Pick<ImportJobRow, 'status' | 'mapping' | 'skipInvalidRows' | 'processedRows' | 'createdCount' | 'skippedCount' | 'failure' | 'errorReportKey' | 'finishedAt'>>;
export type PresetRow = typeof importMappingPresets.$inferSelect;

const jobInScope = (scope: BusinessScope, id: string) => and(eq(importJobs.tenantId, scope.tenantId), eq(importJobs.businessId, scope.businessId), eq(importJobs.id, id));

export async function insertJob(tx: Tx, row: ImportJobInsert): Promise<void> {
  await tx.insert(importJobs).values(row);
}

export async function findJob(tx: Tx, scope: BusinessScope, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await tx.select().from(importJobs).where(jobInScope(scope, id));
  return row;
}

/** The job by id within the tenant (the background run knows no business until it reads the job). */
export async function findJobOfTenant(tx: Tx, tenantId: string, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await tx.select().from(importJobs).where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
  return row;
}

export async function listJobs(tx: Tx, scope: BusinessScope, offset: number, limit: number): Promise<ImportJobRow[]> {
  return tx
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, scope.tenantId), eq(importJobs.businessId, scope.businessId)))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .offset(offset)
    .limit(limit);
}

export async function countJobs(tx: Tx, scope: BusinessScope): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, scope.tenantId), eq(importJobs.businessId, scope.businessId)));
  return row?.total ?? 0;
}

export async function updateJob(tx: Tx, scope: BusinessScope, id: string, patch: ImportJobPatch): Promise<void> {
  await tx.update(importJobs).set(patch).where(jobInScope(scope, id));
}

/** Changes a run only while it is queued or running: a second run of the same job (a retry racing a resume) cannot reopen a finished one. */
export async function updateUnfinishedJob(tx: Tx, scope: BusinessScope, id: string, patch: ImportJobPatch): Promise<void> {
  await tx.update(importJobs).set(patch).where(and(jobInScope(scope, id), inArray(importJobs.status, ['queued', 'running'])));
}

/**
 * The job's status, read after taking a transaction-scoped advisory lock on the job: two runs of
 * one job write one after the other, and the second sees the first's completion. An advisory lock
 * rather than a row lock, so the progress written from another connection is not blocked by it.
 */
export async function lockJobStatus(tx: Tx, scope: BusinessScope, id: string): Promise<ImportJobRow['status'] | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${id}`}, 0))`);
  const [row] = await tx.select({ status: importJobs.status }).from(importJobs).where(jobInScope(scope, id));
  return row?.status;
}

/**
 * Jobs queued or running in any tenant, read as the database owner (no tenant): at start-up
 * they are the runs a stopped process left, to queue again.
 */
export async function unfinishedJobs(db: AppDb): Promise<{ tenantId: string; id: string }[]> {
  return db.select({ tenantId: importJobs.tenantId, id: importJobs.id }).from(importJobs).where(inArray(importJobs.status, ['queued', 'running']));
}

export async function insertRecords(tx: Tx, tenantId: string, importId: string, recordIds: readonly string[]): Promise<void> {
  await insertRows(
    tx,
    importRecords,
    recordIds.map((recordId) => ({ tenantId, importId, recordId })),
  );
}

export async function recordIds(tx: Tx, tenantId: string, importId: string): Promise<string[]> {
  const rows = await tx.select({ id: importRecords.recordId }).from(importRecords).where(and(eq(importRecords.tenantId, tenantId), eq(importRecords.importId, importId)));
  return rows.map((row) => row.id);
}

export async function deleteRecords(tx: Tx, tenantId: string, importId: string): Promise<void> {
  await tx.delete(importRecords).where(and(eq(importRecords.tenantId, tenantId), eq(importRecords.importId, importId)));
}

export async function insertPreset(tx: Tx, row: typeof importMappingPresets.$inferInsert): Promise<PresetRow> {
  const [inserted] = await tx.insert(importMappingPresets).values(row).returning();
  if (!inserted) throw new Error('The saved mapping was not inserted');
  return inserted;
}

export async function listPresets(tx: Tx, scope: BusinessScope): Promise<PresetRow[]> {
  return tx
    .select()
    .from(importMappingPresets)
    .where(and(eq(importMappingPresets.tenantId, scope.tenantId), eq(importMappingPresets.businessId, scope.businessId)))
    .orderBy(desc(importMappingPresets.createdAt));
}

export async function deletePreset(tx: Tx, scope: BusinessScope, id: string): Promise<number> {
  const deleted = await tx
    .delete(importMappingPresets)
    .where(and(eq(importMappingPresets.tenantId, scope.tenantId), eq(importMappingPresets.businessId, scope.businessId), eq(importMappingPresets.id, id)))
    .returning({ id: importMappingPresets.id });
  return deleted.length;
}
