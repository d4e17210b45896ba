import { parentPort, workerData } from 'node:worker_threads';
import { csvRows } from '../../platform/spreadsheet/csv-rows';
import { collectSheetRows } from './sheet-rows';
import { xlsxRows } from '../../platform/spreadsheet/xlsx-rows';

/**
 * Worker thread entry (built to dist/spreadsheet-worker.js by apps/api/build.mjs): reads one
 * uploaded spreadsheet off the server's event loop and posts back its SheetOutcome. Anything
 * unexpected is thrown, so the server answers 500 and logs it rather than blaming the file.
 */
export type SpreadsheetJob = { kind: 'csv' | 'xlsx'; content: Uint8Array };

function isJob(value: unknown): value is SpreadsheetJob {
  if (typeof value !== 'object' || value === null || !('kind' in value) || !('content' in value)) return false;
  return (value.kind === 'csv' || value.kind === 'xlsx') && value.content instanceof Uint8Array;
}

if (!parentPort || !isJob(workerData)) throw new Error('spreadsheet-worker runs as a worker thread with a SpreadsheetJob');
const port = parentPort;
const job = workerData;
const content = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
port.postMessage(await collectSheetRows(job.kind === 'xlsx' ? xlsxRows(content) : csvRows(content)));
