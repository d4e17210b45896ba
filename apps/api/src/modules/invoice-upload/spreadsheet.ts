import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { formatMessage, messages } from '@app/contracts';
import { AppError } from '../../platform/errors';
import { safeTimeout } from '../../platform/timers';
import type { AcceptedFile } from '../attachments/attachment-files';
import type { SheetOutcome, SheetRow } from './sheet-rows';
import type { SpreadsheetJob } from './spreadsheet-worker';

/**
 * A read taking longer than `timeMs` is stopped, one needing more memory than `memory` too (the
 * file counts as too large): the heap is far above what 500 rows and a 20 MB unpacking need, far
 * below the server's.
 */
export type ReadLimits = { timeMs: number; memory: ResourceLimits };
const READ_LIMITS: ReadLimits = { timeMs: 10_000, memory: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 } };
/** Spreadsheets read at once; more uploads wait their turn rather than each taking a worker's memory. */
const parallelReads = pLimit(2);

/**
 * The worker's entry: beside the server bundle when built (build.mjs emits it), else the
 * TypeScript source, loaded after registering tsx in the worker (tests and tools that run the
 * sources; Node 20 does not apply `--import` hooks to a worker's own entry).
 */
function workerEntry(): URL {
  const built = new URL('./spreadsheet-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(built))) return built;
  const source = new URL('./spreadsheet-worker.ts', import.meta.url);
  const boot = `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}); register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

function isOutcome(message: unknown): message is SheetOutcome {
  if (typeof message !== 'object' || message === null || !('kind' in message)) return false;
  if (message.kind === 'rows') return 'rows' in message && Array.isArray(message.rows);
  if (message.kind === 'missingColumns') return 'columns' in message && Array.isArray(message.columns);
  return message.kind === 'noRows' || message.kind === 'tooManyRows' || message.kind === 'unreadable' || message.kind === 'tooLarge';
}

/** Reads the file in a worker thread with a time and a memory limit; the event loop only waits. */
function readInWorker(job: SpreadsheetJob, limits: ReadLimits): Promise<SheetOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), { workerData: job, resourceLimits: limits.memory });
    // The first event settles; the listeners stay, so a late 'error' never goes unhandled.
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      deadline.stop();
      void worker.terminate();
      settle();
    };
    const deadline = safeTimeout('spreadsheet read deadline', limits.timeMs, () => finish(() => resolve({ kind: 'tooLarge' })), (_message, error) => reject(error));
    worker.on('message', (message: unknown) => finish(() => (isOutcome(message) ? resolve(message) : reject(new Error('The spreadsheet worker answered with no outcome')))));
    worker.on('error', (error: Error & { code?: string }) => finish(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'tooLarge' }) : reject(error))));
    worker.on('exit', (code) => finish(() => reject(new Error(`The spreadsheet worker stopped (exit ${code}) without an answer`))));
  });
}

function fileError(message: string): AppError {
  return AppError.validation('file', message);
}

/**
 * The invoice rows of a CSV or XLSX file with a header row naming the columns (in any order).
 * Blank rows are skipped; a missing column, no rows, too many rows (found at the 501st, without
 * reading further), or a file too large to unpack or read in time is a 422 on `file`.
 */
export async function readSheetRows(file: AcceptedFile, limits: ReadLimits = READ_LIMITS): Promise<SheetRow[]> {
  const outcome = await parallelReads(() => readInWorker({ kind: file.sniffed.kind === 'xlsx' ? 'xlsx' : 'csv', content: file.content }, limits));
  switch (outcome.kind) {
    case 'rows':
      return outcome.rows;
    case 'missingColumns':
      throw fileError(formatMessage(messages.uploadMissingColumns, { columns: outcome.columns.join(', ') }));
    case 'noRows':
      throw fileError(messages.uploadHasNoRows);
    case 'tooManyRows':
      throw fileError(messages.uploadTooManyRows);
    case 'tooLarge':
      throw fileError(messages.uploadTooLarge);
    case 'unreadable':
      throw fileError(messages.invalidInvoiceUpload);
  }
}
