import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type Currency, type ImportEntity, currencyById, formatMessage, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inSavepoint, inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError, isValidationRefusal } from '../../platform/errors';
import { writeSheet } from '../../platform/spreadsheet/sheet-writer';
import { SheetReadError } from '../../platform/spreadsheet/raw-rows';
import { importStorageKey } from '../../platform/storage';
import * as businessPort from '../businesses/businesses.port';
import type { ItemService } from '../items/items.service';
import * as repo from './data-import.repository';
import { type DocumentCollaborators, documentKeys, invoiceLineChecker, loadInvoiceLookups, loadPaymentLookups, paymentChecker } from './import-documents';
import { type ImportFileKind, type MappedRow, mappedRows } from './import-file';
import { type CheckedRow, type CounterpartyPayload, IMPORT_FIELDS, checkCounterparty, checkItem } from './import-fields';
import { type RowWriter, type WriterContext, counterpartyWriter, invoiceWriter, itemWriter, paymentWriter } from './import-writers';

export const IMPORT_RUN_JOB = 'data-import.run';
/** How often (in rows) the progress is written. */
const PROGRESS_EVERY = 1000;
/** Created-record ids per multi-row INSERT. */
const RECORD_CHUNK = 1000;

export type ImportCollaborators = DocumentCollaborators & { items: ItemService };

/** Checks rows one after another, remembering what it saw (emails, an invoice's first row, what is left due). */
export type RowChecker = (values: Record<string, string>) => CheckedRow<unknown>;

/** How one import type reads its rows (a fresh checker per pass over the file) and writes them. */
export type ImportPlan = { checker(): RowChecker; writer(context: WriterContext): RowWriter };

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

/** The business's currency: amounts in the file are typed in it, and new counterparties get it. */
export async function businessCurrency(tx: Tx, scope: BusinessScope): Promise<Currency> {
  const business = await businessPort.findBusiness(tx, scope.tenantId, scope.businessId);
  const currency = business ? currencyById(business.currencyId) : undefined;
  if (!currency) throw new Error(`Business ${scope.businessId} has no known currency`);
  return currency;
}

/**
 * The plan of an import type. Invoices and payments first read the file once for the names it
 * uses (invoice numbers, customer emails, payment numbers) and look those up in the business.
 */
export async function importPlan(app: AppContext, collaborators: ImportCollaborators, scope: BusinessScope, entity: ImportEntity, rows: () => AsyncIterable<MappedRow>): Promise<ImportPlan> {
  const currency = await inTenant(app.db, scope.tenantId, (tx) => businessCurrency(tx, scope));
  switch (entity) {
    case 'customers':
    case 'vendors': {
      const checker = () => {
        const unique = uniqueWithinFile<CounterpartyPayload>('email');
        return (values: Record<string, string>) => unique(checkCounterparty(values, currency));
      };
      return { checker, writer: (context) => counterpartyWriter(collaborators.counterparties, entity === 'customers' ? 'customer' : 'vendor', checker(), context) };
    }
    case 'items': {
      const checker = () => (values: Record<string, string>) => checkItem(values, currency);
      return { checker, writer: (context) => itemWriter(collaborators.items, checker(), context) };
    }
    case 'invoices': {
      const keys = await documentKeys(rows());
      const lookups = await inTenant(app.db, scope.tenantId, (tx) => loadInvoiceLookups(tx, collaborators, scope, keys));
      const checker = () => invoiceLineChecker(lookups, currency);
      return { checker, writer: (context) => invoiceWriter(collaborators.invoices, checker(), context, keys.lastRows) };
    }
    case 'payments': {
      const keys = await documentKeys(rows());
      const lookups = await inTenant(app.db, scope.tenantId, (tx) => loadPaymentLookups(tx, collaborators, scope, keys));
      const checker = () => paymentChecker(lookups, currency);
      return { checker, writer: (context) => paymentWriter(collaborators.payments, checker(), context) };
    }
  }
}

type Invalid = { rowNumber: number; errors: Record<string, string> };

/** The first field an error of the target service names, for the error report. */
function fieldOf(error: AppError): string {
  return Object.keys(error.fieldErrors ?? {})[0] ?? 'row';
}

/**
 * The background run of one import. Every row is checked first (streaming the file; only the
 * invalid rows are kept); then the valid ones are written in ONE transaction through the target
 * module's service, with the ids of what was created and the job's completion: a crash or a
 * failing row rolls all of it back, and the job is run again (pg-boss retry, or start-up resume).
 * Rows that stand or fall together (an invoice's lines) are left out together.
 */
export function createImportRunner(app: AppContext, collaborators: ImportCollaborators) {
  async function patch(scope: BusinessScope, id: string, values: repo.ImportJobPatch): Promise<void> {
    await inTenant(app.db, scope.tenantId, (tx) => repo.updateUnfinishedJob(tx, scope, id, values));
  }

  async function fail(scope: BusinessScope, id: string, failure: string, errorReportKey: string | null = null): Promise<void> {
    await patch(scope, id, { status: 'failed', failure, errorReportKey, finishedAt: app.clock.now() });
  }

  async function writeErrorReport(job: repo.ImportJobRow, invalid: readonly Invalid[]): Promise<string> {
    const fields = IMPORT_FIELDS[job.entity];
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const columns = [{ header: 'Row' }, { header: 'Field' }, { header: 'Error' }];
    const sorted = [...invalid].sort((a, b) => a.rowNumber - b.rowNumber);
    const rows = sorted.flatMap((row) => Object.entries(row.errors).map(([name, message]) => [row.rowNumber, fields.find((entry) => entry.name === name)?.label ?? name, message]));
    await writeSheet('csv', columns, rows, out);
    const key = importStorageKey(job.tenantId, job.id, 'errors');
    await app.storage.putDocument(key, Buffer.concat(chunks));
    return key;
  }

  /** Checks every row; the rows of a group with an invalid row are left out with it. `invalidCount`: the rows with errors of their own. */
  async function checkAll(plan: ImportPlan, rows: AsyncIterable<MappedRow>, onProgress: (checked: number) => Promise<void>): Promise<{ invalid: Invalid[]; invalidCount: number; checked: number }> {
    const check = plan.checker();
    const invalid: Invalid[] = [];
    const groupRows = new Map<string, number[]>();
    const invalidGroups = new Set<string>();
    let checked = 0;
    for await (const row of rows) {
      const result = check(row.values);
      const bad = Object.keys(result.errors).length > 0;
      if (bad) invalid.push({ rowNumber: row.rowNumber, errors: result.errors });
      if (result.group !== undefined) {
        const members = groupRows.get(result.group) ?? [];
        members.push(row.rowNumber);
        groupRows.set(result.group, members);
        if (bad) invalidGroups.add(result.group);
      }
      checked += 1;
      if (checked % PROGRESS_EVERY === 0) await onProgress(checked);
    }
    const invalidCount = invalid.length;
    const listed = new Set(invalid.map((row) => row.rowNumber));
    for (const group of invalidGroups) {
      for (const rowNumber of groupRows.get(group) ?? []) if (!listed.has(rowNumber)) invalid.push({ rowNumber, errors: { invoice_number: messages.importInvoiceLeftOut } });
    }
    return { invalid, invalidCount, checked };
  }

  async function run(tenantId: string, importId: string): Promise<void> {
    const job = await inTenant(app.db, tenantId, (tx) => repo.findJobOfTenant(tx, tenantId, importId));
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
    const scope: BusinessScope = { tenantId, businessId: job.businessId };
    const content = await app.storage.getDocument(job.storageKey);
    if (!content) return fail(scope, job.id, messages.importFileUnreadable);
    await patch(scope, job.id, { status: 'running', processedRows: 0, failure: null });
    const kind: ImportFileKind = job.fileKind;
    const rows = () => mappedRows(kind, content, job.mapping);
    const actor: AuditActor = { tenantId, userId: job.createdBy, businessId: job.businessId, ip: null };
    // Half the bar is checking, half is writing.
    const progress = (done: number) => Math.floor(done / 2);

    let plan: ImportPlan;
    let checkedAll: Awaited<ReturnType<typeof checkAll>>;
    try {
      plan = await importPlan(app, collaborators, scope, job.entity, rows);
      checkedAll = await checkAll(plan, rows(), (checked) => patch(scope, job.id, { processedRows: progress(checked) }));
    } catch (error) {
      if (error instanceof SheetReadError) return fail(scope, job.id, readFailure(error));
      throw error;
    }
    const { invalid, invalidCount, checked } = checkedAll;
    if (invalid.length > 0 && !job.skipInvalidRows) return fail(scope, job.id, formatMessage(messages.importRowsInvalid, { count: String(invalidCount) }), await writeErrorReport(job, invalid));
    const skip = new Set(invalid.map((row) => row.rowNumber));

    // PGlite is one connection: progress written beside the open transaction would wait for it.
    const reportsWhileWriting = app.database.kind === 'postgres';
    try {
      await inTenant(app.db, tenantId, async (tx) => {
        // Another run of this job finished first: it wrote everything already.
        if ((await repo.lockJobStatus(tx, scope, job.id)) !== 'running') return;
        let createdCount = 0;
        let unrecorded: string[] = [];
        const context: WriterContext = {
          actor,
          scope,
          async created(ids) {
            unrecorded.push(...ids);
            createdCount += ids.length;
            if (unrecorded.length < RECORD_CHUNK) return;
            await repo.insertRecords(tx, tenantId, job.id, unrecorded);
            unrecorded = [];
          },
          async guarded(on, rowNumbers, write) {
            try {
              return job.skipInvalidRows ? await inSavepoint(on, write) : await write(on);
            } catch (error) {
              if (!isValidationRefusal(error)) throw error;
              if (!job.skipInvalidRows) throw new RowFailure(rowNumbers[0] ?? 0, error.message);
              for (const rowNumber of rowNumbers) invalid.push({ rowNumber, errors: { [fieldOf(error)]: error.message } });
              return null;
            }
          },
        };
        const writer = plan.writer(context);
        let written = 0;
        let skipped = 0;
        for await (const row of rows()) {
          written += 1;
          if (skip.has(row.rowNumber) || !(await writer.write(tx, row))) skipped += 1;
          if (written % PROGRESS_EVERY === 0) {
            // Plans cached while the tables were small (foreign-key checks above all) would keep an
            // index that filters every row of the business as the run grows them: planned again.
            await tx.execute(sql`discard plans`);
            if (reportsWhileWriting) await patch(scope, job.id, { processedRows: progress(checked + written) });
          }
        }
        skipped += await writer.flush(tx);
        await repo.insertRecords(tx, tenantId, job.id, unrecorded);
        const errorReportKey = invalid.length > 0 ? await writeErrorReport(job, invalid) : null;
        await repo.updateJob(tx, scope, job.id, { status: 'completed', processedRows: written, createdCount, skippedCount: skipped, errorReportKey, finishedAt: app.clock.now() });
      });
    } catch (error) {
      if (error instanceof RowFailure) return fail(scope, job.id, formatMessage(messages.importRowFailed, { row: String(error.rowNumber), reason: error.reason }));
      // Read within its budget when checked, the file may still run past it on the second pass (a loaded machine).
      if (error instanceof SheetReadError) return fail(scope, job.id, readFailure(error));
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

function readFailure(error: SheetReadError): string {
  return error.reason === 'tooLarge' ? messages.importTooLarge : messages.importFileUnreadable;
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
