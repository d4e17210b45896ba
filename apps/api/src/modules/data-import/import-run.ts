import { PassThrough } from 'node:stream';
import { type Currency, type ImportEntity, currencyById, formatMessage, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inSavepoint, inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { writeSheet } from '../../platform/spreadsheet/sheet-writer';
import { SheetReadError } from '../../platform/spreadsheet/raw-rows';
import { importStorageKey } from '../../platform/storage';
import * as businessPort from '../businesses/businesses.port';
import { type CounterpartyService, scopeOf } from '../counterparties/counterparties.service';
import type { ItemService } from '../items/items.service';
import * as repo from './data-import.repository';
import { type ImportFileKind, type MappedRow, mappedRows } from './import-file';
import { type CheckedRow, type CounterpartyPayload, IMPORT_FIELDS, type ItemPayload, checkCounterparty, checkDocumentRow, checkItem } from './import-fields';

export const IMPORT_RUN_JOB = 'data-import.run';
/** How often (in rows) the progress is written. */
const PROGRESS_EVERY = 1000;
/** Rows per multi-row INSERT of created items (and of their ids). */
const WRITE_CHUNK = 1000;

export type ImportCollaborators = { counterparties: CounterpartyService; items: ItemService };

/** Checks rows one after another, remembering what must be unique within the file (emails). */
export type RowChecker = (values: Record<string, string>) => CheckedRow<unknown>;

function uniqueWithinFile<Payload>(field: string): (checked: CheckedRow<Payload>) => CheckedRow<Payload> {
  const seen = new Set<string>();
  return (checked) => {
    const key = checked.values[field]?.toLowerCase();
    if (!key || checked.errors[field]) return checked;
    if (seen.has(key)) return { ...checked, errors: { ...checked.errors, [field]: messages.importDuplicateInFile }, payload: null };
    seen.add(key);
    return checked;
  };
}

export function rowChecker(entity: ImportEntity, currency: Currency): RowChecker {
  switch (entity) {
    case 'customers':
    case 'vendors': {
      const unique = uniqueWithinFile<CounterpartyPayload>('email');
      return (values) => unique(checkCounterparty(values, currency));
    }
    case 'items':
      return (values) => checkItem(values, currency);
    case 'invoices':
    case 'payments':
      return (values) => checkDocumentRow(entity, values);
  }
}

/** The business's currency: amounts in the file are typed in it, and new counterparties get it. */
export async function businessCurrency(tx: Tx, scope: BusinessScope): Promise<Currency> {
  const business = await businessPort.findBusiness(tx, scope.tenantId, scope.businessId);
  const currency = business ? currencyById(business.currencyId) : undefined;
  if (!currency) throw new Error(`Business ${scope.businessId} has no known currency`);
  return currency;
}

/** Writes a checked row (false: invalid, not written), possibly buffered until `flush`. */
type RowWriter = { write(tx: Tx, row: MappedRow): Promise<boolean>; flush(tx: Tx): Promise<void> };

type Invalid = { rowNumber: number; errors: Record<string, string> };

/**
 * The background run of one import. Every row is checked first (streaming the file; only the
 * invalid rows are kept); then the valid ones are written in ONE transaction through the target
 * module's service, with the ids of what was created and the job's completion: a crash or a
 * failing row rolls all of it back, and the job is run again (pg-boss retry, or start-up resume).
 */
export function createImportRunner(app: AppContext, { counterparties, items }: ImportCollaborators) {
  async function patch(scope: BusinessScope, id: string, values: repo.ImportJobPatch): Promise<void> {
    await inTenant(app.db, scope.tenantId, (tx) => repo.updateUnfinishedJob(tx, scope, id, values));
  }

  async function fail(scope: BusinessScope, id: string, failure: string): Promise<void> {
    await patch(scope, id, { status: 'failed', failure, finishedAt: app.clock.now() });
  }

  async function writeErrorReport(job: repo.ImportJobRow, invalid: readonly Invalid[]): Promise<string> {
    const fields = IMPORT_FIELDS[job.entity];
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const columns = [{ header: 'Row' }, { header: 'Field' }, { header: 'Error' }];
    const rows = invalid.flatMap((row) => Object.entries(row.errors).map(([name, message]) => [row.rowNumber, fields.find((entry) => entry.name === name)?.label ?? name, message]));
    await writeSheet('csv', columns, rows, out);
    const key = importStorageKey(job.tenantId, job.id, 'errors');
    await app.storage.putDocument(key, Buffer.concat(chunks));
    return key;
  }

  /**
   * Writes the valid rows through the target module's service, handing each created id to
   * `created`. Items are written in chunks of multi-row INSERTs; a customer or vendor one by one
   * (each may link or create its business), in a savepoint when invalid rows are skipped so a
   * refused row leaves the others. A row the service refuses otherwise fails the whole run.
   */
  function rowWriter(entity: 'customers' | 'vendors' | 'items', currency: Currency, actor: AuditActor, scope: BusinessScope, skipInvalid: boolean, created: (ids: readonly string[]) => Promise<void>): RowWriter {
    if (entity === 'items') {
      let chunk: ItemPayload[] = [];
      const flush = async (tx: Tx) => {
        if (chunk.length === 0) return;
        const ids = await items.createImportedInTx(tx, actor, scope, chunk);
        chunk = [];
        await created(ids);
      };
      return {
        async write(tx, row) {
          const { payload } = checkItem(row.values, currency);
          if (!payload) return false;
          chunk.push(payload);
          if (chunk.length >= WRITE_CHUNK) await flush(tx);
          return true;
        },
        flush,
      };
    }
    const unique = uniqueWithinFile<CounterpartyPayload>('email');
    const counterpartyScope = scopeOf(scope.tenantId, scope.businessId, entity === 'customers' ? 'customer' : 'vendor');
    return {
      async write(tx, row) {
        const { payload } = unique(checkCounterparty(row.values, currency));
        if (!payload) return false;
        const create = (on: Tx) => counterparties.createImportedInTx(on, actor, counterpartyScope, payload);
        try {
          await created([skipInvalid ? await inSavepoint(tx, create) : await create(tx)]);
          return true;
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 422) throw error;
          if (!skipInvalid) throw new RowFailure(row.rowNumber, error.message);
          return false;
        }
      },
      async flush() {},
    };
  }

  async function run(tenantId: string, importId: string): Promise<void> {
    const job = await inTenant(app.db, tenantId, (tx) => repo.findJobOfTenant(tx, tenantId, importId));
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
    const scope: BusinessScope = { tenantId, businessId: job.businessId };
    const entity = job.entity;
    if (entity === 'invoices' || entity === 'payments') return fail(scope, job.id, messages.importEntityUnavailable);
    const content = await app.storage.getDocument(job.storageKey);
    if (!content) return fail(scope, job.id, messages.importFileUnreadable);
    await patch(scope, job.id, { status: 'running', processedRows: 0, failure: null });
    const currency = await inTenant(app.db, tenantId, (tx) => businessCurrency(tx, scope));
    const kind: ImportFileKind = job.fileKind;
    const actor: AuditActor = { tenantId, userId: job.createdBy, businessId: job.businessId, ip: null };
    // Half the bar is checking, half is writing.
    const progress = (done: number) => Math.floor(done / 2);

    const check = rowChecker(job.entity, currency);
    const invalid: Invalid[] = [];
    let checked = 0;
    try {
      for await (const row of mappedRows(kind, content, job.mapping)) {
        const result = check(row.values);
        if (Object.keys(result.errors).length > 0) invalid.push({ rowNumber: row.rowNumber, errors: result.errors });
        checked += 1;
        if (checked % PROGRESS_EVERY === 0) await patch(scope, job.id, { processedRows: progress(checked) });
      }
    } catch (error) {
      if (error instanceof SheetReadError) return fail(scope, job.id, error.reason === 'tooLarge' ? messages.importTooLarge : messages.importFileUnreadable);
      throw error;
    }
    if (invalid.length > 0 && !job.skipInvalidRows) return fail(scope, job.id, formatMessage(messages.importRowsInvalid, { count: String(invalid.length) }));
    const errorReportKey = invalid.length > 0 ? await writeErrorReport(job, invalid) : null;
    const skip = new Set(invalid.map((row) => row.rowNumber));

    // PGlite is one connection: progress written beside the open transaction would wait for it.
    const reportsWhileWriting = app.database.kind === 'postgres';
    try {
      await inTenant(app.db, tenantId, async (tx) => {
        // Another run of this job finished first: it wrote everything already.
        if ((await repo.lockJobStatus(tx, scope, job.id)) !== 'running') return;
        let createdCount = 0;
        let unrecorded: string[] = [];
        const recordCreated = async (ids: readonly string[]) => {
          unrecorded.push(...ids);
          createdCount += ids.length;
          if (unrecorded.length < WRITE_CHUNK) return;
          await repo.insertRecords(tx, tenantId, job.id, unrecorded);
          unrecorded = [];
        };
        const writer = rowWriter(entity, currency, actor, scope, job.skipInvalidRows, recordCreated);
        let written = 0;
        let skipped = 0;
        for await (const row of mappedRows(kind, content, job.mapping)) {
          written += 1;
          if (skip.has(row.rowNumber) || !(await writer.write(tx, row))) skipped += 1;
          if (reportsWhileWriting && written % PROGRESS_EVERY === 0) await patch(scope, job.id, { processedRows: progress(checked + written) });
        }
        await writer.flush(tx);
        await repo.insertRecords(tx, tenantId, job.id, unrecorded);
        await repo.updateJob(tx, scope, job.id, { status: 'completed', processedRows: written, createdCount, skippedCount: skipped, errorReportKey, finishedAt: app.clock.now() });
      });
    } catch (error) {
      if (error instanceof RowFailure) return fail(scope, job.id, formatMessage(messages.importRowFailed, { row: String(error.rowNumber), reason: error.reason }));
      throw error;
    }
  }

  return {
    run,
    async register(): Promise<void> {
      await app.jobs.register(IMPORT_RUN_JOB, async (data) => {
        const { tenantId, importId } = data;
        if (typeof tenantId !== 'string' || typeof importId !== 'string') throw new Error('An import run job needs tenantId and importId');
        await run(tenantId, importId);
      });
    },
    async queue(tenantId: string, importId: string): Promise<void> {
      await app.jobs.send(IMPORT_RUN_JOB, { tenantId, importId }, { singletonKey: `${IMPORT_RUN_JOB}:${importId}`, retryLimit: 3 });
    },
    /** Runs left queued or running by a stopped process are queued again (their writes rolled back with it). */
    async resume(): Promise<number> {
      const unfinished = await repo.unfinishedJobs(app.db);
      for (const job of unfinished) await app.jobs.send(IMPORT_RUN_JOB, { tenantId: job.tenantId, importId: job.id }, { singletonKey: `${IMPORT_RUN_JOB}:${job.id}`, retryLimit: 3 });
      return unfinished.length;
    },
  };
}

/** A row the target service refused while writing: the whole run rolls back and names it. */
class RowFailure extends Error {
  constructor(
    readonly rowNumber: number,
    readonly reason: string,
  ) {
    super(`import row ${rowNumber}: ${reason}`);
  }
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
