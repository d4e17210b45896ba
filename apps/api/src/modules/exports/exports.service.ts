import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  EXPORT_LINK_HOURS,
  type ExportRunRequest,
  type ExportRunResource,
  type ExportType,
  exportFields,
  exportRunRequestSchema,
  exportTypeAbility,
  exportTypeSchema,
  holds,
  listMeta,
  messages,
} from '@app/contracts';
import { inTenant, inTenantSnapshot, outsideSnapshot } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import { type BusinessScope, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { periodicJob } from '../../platform/jobs';
import { type SheetCell, type SheetColumn, SHEET_CONTENT_TYPES, writeSheet } from '../../platform/spreadsheet/sheet-writer';
import { exportStorageKey } from '../../platform/storage';
import type { ExportSource } from './export-sources';
import { columnsFor } from './export-templates.service';
import * as repo from './exports.repository';

export const EXPORT_JOB = 'export-run';
const EXPORT_SWEEP_JOB = 'export-expired-files';
/** Expired files removed per statement (one tenant at a time). */
const SWEEP_BATCH = 500;

const jobData = z.object({ tenantId: z.string().uuid(), businessId: z.string().uuid(), runId: z.string().uuid() });

const EXPORT_LINK_MS = EXPORT_LINK_HOURS * 60 * 60 * 1000;

/** `invoices-2026-11-27.xlsx`: what the list was and when it was taken. */
function fileName(row: repo.ExportRunRow): string {
  return `${row.exportType.replace(/_/g, '-')}-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
}

export type ExportDownload = { stream: Readable; fileName: string; contentType: string };

/** The file goes first, then its key: a crash between the two leaves a key whose file is gone, which reads as expired. */
async function removeFile(app: AppContext, scope: BusinessScope, id: string, storageKey: string): Promise<void> {
  await app.storage.deleteExport(storageKey);
  await inTenant(app.db, scope.tenantId, (tx) => repo.updateRun(tx, scope, id, { storageKey: null }));
}

/**
 * Removes the files whose download link expired, which nobody may fetch again (main.ts runs it
 * hourly); its run answers how many it removed.
 */
export function createExportFileSweepJob(app: AppContext) {
  return periodicJob(app.jobs, EXPORT_SWEEP_JOB, async () => {
    const now = app.clock.now();
    let removed = 0;
    for (const tenantId of await repo.tenantsWithExpiredFiles(app.db, now)) {
      for (;;) {
        const batch = await inTenant(app.db, tenantId, (tx) => repo.expiredFiles(tx, tenantId, now, SWEEP_BATCH));
        for (const file of batch) await removeFile(app, { tenantId, businessId: file.businessId }, file.id, file.storageKey);
        removed += batch.length;
        if (batch.length < SWEEP_BATCH) break;
      }
    }
    return removed;
  });
}

/**
 * Export runs: a run copies the list's filters and the template's columns, then a job reads the
 * list page by page through its module's service and streams the file into storage. The file
 * takes its name only when complete, and the run's link is served for EXPORT_LINK_HOURS.
 */
export function createExportService(app: AppContext, sources: Record<ExportType, ExportSource>) {
  function toResource(row: repo.ExportRunRow): ExportRunResource {
    const now = app.clock.now();
    const downloadable = row.status === 'completed' && row.storageKey !== null && row.expiresAt !== null && row.expiresAt > now;
    return {
      id: row.id,
      export_type: exportTypeSchema.parse(row.exportType),
      format: row.format,
      status: row.status,
      template_name: row.templateName,
      filters: row.filters,
      total_rows: row.totalRows,
      rows_written: row.rowsWritten,
      file_name: fileName(row),
      failure: row.failure,
      download_url: downloadable ? `/api/v1/business/exports/${row.id}/download` : null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }

  async function load(scope: BusinessScope, id: string): Promise<repo.ExportRunRow> {
    const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findRun(tx, scope, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  const update = (scope: BusinessScope, id: string, fields: Parameters<typeof repo.updateRun>[3]) =>
    outsideSnapshot(() => inTenant(app.db, scope.tenantId, (tx) => repo.updateRun(tx, scope, id, fields)));

  /**
   * Reads the whole export from one snapshot on PostgreSQL: the pages each list service reads
   * are of the same moment, so a row written or deleted meanwhile neither repeats nor hides
   * another. PGlite is one connection: a transaction held for the export would stop every other
   * request, so there each page is its own transaction, as a person paging the list sees it.
   */
  const fromOneSnapshot = <T>(scope: BusinessScope, work: () => Promise<T>): Promise<T> => (app.database.kind === 'postgres' ? inTenantSnapshot(app.db, scope.tenantId, work) : work());

  /** The run's rows as the file's cells: each page's rows, then its progress stored before the next page is read. */
  async function* cells(scope: BusinessScope, run: repo.ExportRunRow, source: ExportSource): AsyncIterable<SheetCell[]> {
    let written = 0;
    for await (const page of source.pages(scope, run.filters)) {
      for (const row of page.rows) yield run.columns.map((column) => row[column.field] ?? null);
      written += page.rows.length;
      await update(scope, run.id, { rowsWritten: written, totalRows: page.total });
    }
  }

  /**
   * One run of the job. A run already finished is left alone (a retried job); a run found
   * `running` was cut off by a stopped process and starts over, its half file never having
   * taken the key's name. A failure marks the run failed and is rethrown for the queue's log.
   */
  async function execute(data: Record<string, unknown>): Promise<void> {
    const { tenantId, businessId, runId } = jobData.parse(data);
    const scope = { tenantId, businessId };
    const run = await inTenant(app.db, tenantId, (tx) => repo.findRun(tx, scope, runId));
    if (!run || run.status === 'completed' || run.status === 'failed') return;
    await update(scope, runId, { status: 'running', rowsWritten: 0 });
    const exportType = exportTypeSchema.parse(run.exportType);
    const kinds = new Map(exportFields[exportType].map((definition) => [definition.field, definition.kind]));
    const columns: SheetColumn[] = run.columns.map((column) => ({ header: column.column_name, kind: kinds.get(column.field) ?? 'text' }));
    const key = exportStorageKey(tenantId, runId, run.format);
    try {
      await fromOneSnapshot(scope, () => app.storage.writeExport(key, (out) => writeSheet(run.format, columns, cells(scope, run, sources[exportType]), out, exportType)));
    } catch (error) {
      await update(scope, runId, { status: 'failed', failure: messages.exportFailed, finishedAt: app.clock.now() });
      throw error;
    }
    const finished = await load(scope, runId);
    const now = app.clock.now();
    await update(scope, runId, { status: 'completed', storageKey: key, totalRows: finished.rowsWritten, finishedAt: now, expiresAt: new Date(now.getTime() + EXPORT_LINK_MS) });
  }

  return {
    /** Starts an export of a list the caller can read (`abilities`: the caller's in the business). */
    async start(actor: AuditActor, scope: BusinessScope, abilities: readonly string[], input: ExportRunRequest): Promise<ExportRunResource> {
      const parsed = exportRunRequestSchema.parse(input);
      if (!holds(abilities, exportTypeAbility[parsed.export_type])) throw AppError.forbidden();
      sources[parsed.export_type].check(parsed.filters);
      const id = newId();
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const template = await columnsFor(tx, scope, parsed.export_type, parsed.template_id);
        await repo.insertRun(tx, {
          tenantId: scope.tenantId,
          id,
          businessId: scope.businessId,
          createdBy: actor.userId,
          exportType: parsed.export_type,
          format: parsed.format,
          templateName: template.name,
          columns: template.columns,
          filters: parsed.filters,
          status: 'queued',
          createdAt: app.clock.now(),
        });
      });
      try {
        await app.jobs.send(EXPORT_JOB, { tenantId: scope.tenantId, businessId: scope.businessId, runId: id }, { retryLimit: 2 });
      } catch (error) {
        // No job will ever pick the run up: it is failed now rather than shown queued for good.
        await update(scope, id, { status: 'failed', failure: messages.exportFailed, finishedAt: app.clock.now() });
        throw error;
      }
      return toResource(await load(scope, id));
    },

    async get(scope: BusinessScope, id: string): Promise<ExportRunResource> {
      return toResource(await load(scope, id));
    },

    async list(scope: BusinessScope, page: number, limit: number) {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listRuns(tx, scope, pageOffset(page, limit), limit);
        const total = await repo.countRuns(tx, scope);
        return { data: rows.map(toResource), meta: listMeta(page, limit, total) };
      });
    },

    /** The finished file while its link is valid: 409 before it is written, 410 once expired (its file then removed). */
    async download(scope: BusinessScope, id: string): Promise<ExportDownload> {
      const row = await load(scope, id);
      if (row.status === 'failed') throw AppError.conflict(messages.exportFailed);
      if (row.status !== 'completed' || !row.expiresAt) throw AppError.conflict(messages.exportNotReady);
      // The sweep removes an expired file (and its key) within the hour; a request before it does so itself.
      if (row.expiresAt <= app.clock.now() || !row.storageKey) {
        if (row.storageKey) await removeFile(app, scope, row.id, row.storageKey);
        throw new AppError('gone', messages.exportExpired, 410);
      }
      const stream = await app.storage.readExport(row.storageKey);
      if (!stream) throw new AppError('gone', messages.exportExpired, 410);
      return { stream, fileName: fileName(row), contentType: SHEET_CONTENT_TYPES[row.format] };
    },

    execute,

    async registerJob(): Promise<void> {
      await app.jobs.register(EXPORT_JOB, execute);
    },

  };
}

export type ExportService = ReturnType<typeof createExportService>;
