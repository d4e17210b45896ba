import {
  type ImportEntity,
  type ImportJobResource,
  type ImportPreviewResponse,
  importMappingPresetRequestSchema,
  importMappingRequestSchema,
  listMeta,
  messages,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import { type BusinessScope, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { SheetReadError } from '../../platform/spreadsheet/raw-rows';
import { importStorageKey } from '../../platform/storage';
import type { AcceptedFile } from '../attachments/attachment-files';
import * as repo from './data-import.repository';
import { type ImportFileKind, inspectFile, mappedRows, normalizeHeader, proposeMapping } from './import-file';
import { IMPORT_FIELDS } from './import-fields';
import { type ImportCollaborators, createImportRunner, importPlan } from './import-run';

/** Rows the preview shows. */
const PREVIEW_ROWS = 20;
/** Ids per statement when undoing (far below PostgreSQL's parameter limit). */
const UNDO_CHUNK = 1000;

function toResource(row: repo.ImportJobRow): ImportJobResource {
  return {
    id: row.id,
    entity: row.entity,
    file_name: row.fileName,
    status: row.status,
    columns: row.columns,
    fields: IMPORT_FIELDS[row.entity].map((entry) => ({ name: entry.name, label: entry.label, required: entry.required, description: entry.description })),
    mapping: row.mapping,
    skip_invalid_rows: row.skipInvalidRows,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created_count: row.createdCount,
    skipped_count: row.skippedCount,
    failure: row.failure,
    has_error_report: row.errorReportKey !== null,
    can_undo: row.status === 'completed' && row.createdCount > 0,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function presetResource(row: repo.PresetRow) {
  return { id: row.id, name: row.name, entity: row.entity, headers: row.headers, mapping: row.mapping, created_at: row.createdAt.toISOString() };
}

type Removed = { purge: () => Promise<void> } | null;
const NOTHING_TO_PURGE = { purge: async () => {} };

/** How an import's records are removed, through their module's service: null when one is in use. */
function importRemover(collaborators: ImportCollaborators, entity: ImportEntity): (tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[]) => Promise<Removed> {
  switch (entity) {
    case 'items':
      return async (tx, actor, scope, ids) => ((await collaborators.items.removeImportedInTx(tx, actor, scope, ids)) ? NOTHING_TO_PURGE : null);
    case 'customers':
    case 'vendors':
      return async (tx, actor, scope, ids) =>
        (await collaborators.counterparties.removeImportedInTx(tx, actor, { ...scope, kind: entity === 'customers' ? 'customer' : 'vendor' }, ids)) ? NOTHING_TO_PURGE : null;
    case 'invoices':
      return (tx, actor, scope, ids) => collaborators.invoices.removeImportedInTx(tx, actor, scope, ids);
    case 'payments':
      return (tx, actor, scope, ids) => collaborators.payments.removeImportedInTx(tx, actor, scope, ids);
  }
}

/** The kind of file the import reads; an old Excel file is named so the user knows what to do. */
function fileKindOf(file: AcceptedFile): ImportFileKind {
  if (file.sniffed.kind === 'csv' || file.sniffed.kind === 'xlsx') return file.sniffed.kind;
  if (file.sniffed.kind === 'xls') throw AppError.validation('file', messages.importXlsRefused);
  throw AppError.validation('file', messages.importFileRefused);
}

/** The import wizard: upload, mapping, preview, the background run, undo, and saved mappings. */
export function createDataImportService(app: AppContext, collaborators: ImportCollaborators) {
  const runner = createImportRunner(app, collaborators);

  async function jobOrNotFound(scope: BusinessScope, id: string): Promise<repo.ImportJobRow> {
    const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findJob(tx, scope, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  async function fileOf(job: repo.ImportJobRow): Promise<Buffer> {
    const content = await app.storage.getDocument(job.storageKey);
    if (!content) throw AppError.validation('file', messages.importFileUnreadable);
    return content;
  }

  return {
    runner,

    async upload(actor: AuditActor, scope: BusinessScope, file: AcceptedFile, entity: ImportEntity): Promise<ImportJobResource> {
      const kind = fileKindOf(file);
      let inspected: Awaited<ReturnType<typeof inspectFile>>;
      try {
        inspected = await inspectFile(kind, file.content);
      } catch (error) {
        if (error instanceof SheetReadError) throw AppError.validation('file', error.reason === 'tooLarge' ? messages.importTooLarge : messages.importFileUnreadable);
        throw error;
      }
      if (inspected.columns.length === 0) throw AppError.validation('file', messages.importFileUnreadable);
      if (inspected.totalRows === 0) throw AppError.validation('file', messages.importNoRows);
      const id = newId();
      const storageKey = importStorageKey(scope.tenantId, id, 'file');
      await app.storage.putDocument(storageKey, file.content);
      const row = await inTenant(app.db, scope.tenantId, async (tx) => {
        await repo.insertJob(tx, {
          tenantId: scope.tenantId,
          id,
          businessId: scope.businessId,
          entity,
          fileName: file.fileName,
          fileKind: kind,
          storageKey,
          status: 'mapping',
          columns: inspected.columns,
          mapping: proposeMapping(IMPORT_FIELDS[entity], inspected.columns),
          totalRows: inspected.totalRows,
          createdBy: actor.userId,
        });
        return repo.findJob(tx, scope, id);
      });
      if (!row) throw new Error('The import job was not stored');
      return toResource(row);
    },

    async get(scope: BusinessScope, id: string): Promise<ImportJobResource> {
      return toResource(await jobOrNotFound(scope, id));
    },

    async list(scope: BusinessScope, page: number, limit: number) {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listJobs(tx, scope, pageOffset(page, limit), limit);
        const total = await repo.countJobs(tx, scope);
        return { data: rows.map(toResource), meta: listMeta(page, limit, total) };
      });
    },

    /** Before a run or after a failed one: every field named must exist, every column must be in the file, every required field mapped. */
    async setMapping(scope: BusinessScope, id: string, input: unknown): Promise<ImportJobResource> {
      const request = importMappingRequestSchema.parse(input);
      const job = await jobOrNotFound(scope, id);
      if (job.status !== 'mapping' && job.status !== 'failed') throw AppError.validation('mapping', messages.importNotEditable);
      const fields = IMPORT_FIELDS[job.entity];
      const errors: Record<string, string[]> = {};
      for (const [name, index] of Object.entries(request.mapping)) {
        if (!fields.some((entry) => entry.name === name)) errors[`mapping.${name}`] = [messages.importUnknownField];
        else if (index !== null && !job.columns.some((column) => column.index === index)) errors[`mapping.${name}`] = [messages.importColumnMissing];
      }
      const mapping = Object.fromEntries(fields.map((entry) => [entry.name, request.mapping[entry.name] ?? null]));
      for (const entry of fields) if (entry.required && mapping[entry.name] === null) errors[`mapping.${entry.name}`] ??= [messages.importFieldUnmapped];
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new AppError('validation', first, 422, errors);
      await inTenant(app.db, scope.tenantId, (tx) => repo.updateJob(tx, scope, id, { mapping, skipInvalidRows: request.skip_invalid_rows }));
      return toResource(await jobOrNotFound(scope, id));
    },

    /** The first rows as they will be stored with their errors; the invalid rows are counted over the whole file. */
    async preview(scope: BusinessScope, id: string): Promise<ImportPreviewResponse> {
      const job = await jobOrNotFound(scope, id);
      const content = await fileOf(job);
      const rows = () => mappedRows(job.fileKind, content, job.mapping);
      const check = (await importPlan(app, collaborators, scope, job.entity, rows)).checker();
      const data: ImportPreviewResponse['data'] = [];
      let totalRows = 0;
      let invalidRows = 0;
      for await (const row of rows()) {
        const checked = check(row.values);
        totalRows += 1;
        if (Object.keys(checked.errors).length > 0) invalidRows += 1;
        if (data.length < PREVIEW_ROWS) data.push({ row_number: row.rowNumber, values: checked.values, errors: checked.errors });
      }
      return { data, total_rows: totalRows, invalid_rows: invalidRows };
    },

    /** Queues the run; the mapping is checked again (required fields) before it is. */
    async run(scope: BusinessScope, id: string): Promise<ImportJobResource> {
      const job = await jobOrNotFound(scope, id);
      if (job.status !== 'mapping' && job.status !== 'failed') throw AppError.validation('status', messages.importNotEditable);
      const unmapped = IMPORT_FIELDS[job.entity].find((entry) => entry.required && (job.mapping[entry.name] ?? null) === null);
      if (unmapped) throw AppError.validation(`mapping.${unmapped.name}`, messages.importFieldUnmapped);
      await inTenant(app.db, scope.tenantId, (tx) => repo.updateJob(tx, scope, id, { status: 'queued', processedRows: 0, failure: null, finishedAt: null }));
      await runner.queue(scope.tenantId, id);
      return toResource(await jobOrNotFound(scope, id));
    },

    async errorReport(scope: BusinessScope, id: string): Promise<{ fileName: string; content: Buffer }> {
      const job = await jobOrNotFound(scope, id);
      const content = job.errorReportKey ? await app.storage.getDocument(job.errorReportKey) : null;
      if (!content) throw AppError.notFound();
      return { fileName: `${job.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, content };
    },

    /** Removes what the import created, all or nothing: refused while anything uses one of the records. */
    async undo(actor: AuditActor, scope: BusinessScope, id: string): Promise<ImportJobResource> {
      const job = await jobOrNotFound(scope, id);
      if (job.status !== 'completed') throw AppError.validation('status', messages.importNotUndoable);
      const remove = importRemover(collaborators, job.entity);
      const purges = await inTenant(app.db, scope.tenantId, async (tx) => {
        const ids = await repo.recordIds(tx, scope.tenantId, id);
        const after: (() => Promise<void>)[] = [];
        for (let start = 0; start < ids.length; start += UNDO_CHUNK) {
          const removed = await remove(tx, actor, scope, ids.slice(start, start + UNDO_CHUNK));
          // Thrown, so the chunks already removed roll back with it.
          if (!removed) throw AppError.validation('status', messages.importUndoBlocked);
          after.push(removed.purge);
        }
        await repo.deleteRecords(tx, scope.tenantId, id);
        await repo.updateJob(tx, scope, id, { status: 'undone', finishedAt: app.clock.now() });
        return after;
      });
      for (const purge of purges) await purge();
      return toResource(await jobOrNotFound(scope, id));
    },

    /** The saved mappings; with `importId`, only those that fit that import's type and headers (offered for its file). */
    async listPresets(scope: BusinessScope, importId: string | null) {
      const rows = await inTenant(app.db, scope.tenantId, (tx) => repo.listPresets(tx, scope));
      if (importId === null) return rows.map(presetResource);
      const job = await jobOrNotFound(scope, importId);
      const headers = job.columns.map((column) => column.header);
      return rows.filter((row) => row.entity === job.entity && presetFits(row.headers, headers)).map(presetResource);
    },

    async createPreset(scope: BusinessScope, input: unknown) {
      const request = importMappingPresetRequestSchema.parse(input);
      const fields = IMPORT_FIELDS[request.entity];
      const unknown = Object.keys(request.mapping).find((name) => !fields.some((entry) => entry.name === name));
      if (unknown) throw AppError.validation(`mapping.${unknown}`, messages.importUnknownField);
      const row = await inTenant(app.db, scope.tenantId, (tx) =>
        repo.insertPreset(tx, { tenantId: scope.tenantId, id: newId(), businessId: scope.businessId, name: request.name, entity: request.entity, headers: request.headers, mapping: request.mapping }),
      );
      return presetResource(row);
    },

    async deletePreset(scope: BusinessScope, id: string): Promise<void> {
      const deleted = await inTenant(app.db, scope.tenantId, (tx) => repo.deletePreset(tx, scope, id));
      if (deleted === 0) throw AppError.notFound();
    },
  };
}

/** Whether a saved mapping fits a file: its headers are all in the file, compared as the mapping proposal compares them. */
function presetFits(presetHeaders: readonly string[], fileHeaders: readonly string[]): boolean {
  const file = new Set(fileHeaders.map(normalizeHeader));
  return presetHeaders.every((header) => file.has(normalizeHeader(header)));
}

export type DataImportService = ReturnType<typeof createDataImportService>;
