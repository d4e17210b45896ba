import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { writeXlsx } from './xlsx-writer';

/**
 * The one place the product writes spreadsheets (exports, report downloads, error reports):
 * CSV through csv-stringify and XLSX through xlsx-writer.ts, row by row as the file's reader
 * takes them, so a file of any length takes the memory of a few pages of rows. Text cells a
 * spreadsheet would run as a formula are escaped the same way in both formats.
 */
export type SheetFormat = 'csv' | 'xlsx';

/** What a cell holds: text, a number (amounts as decimals of the currency), a date (YYYY-MM-DD) or nothing. */
export type SheetCell = string | number | null;

export type SheetColumn = { header: string; kind?: 'text' | 'number' | 'date'; width?: number };

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The characters that make Excel, LibreOffice and Google Sheets read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that would start a formula gets a leading apostrophe: spreadsheets show it as
 * text, and the apostrophe itself is hidden by Excel. Numbers are written as numbers, so a
 * negative amount stays a number.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function safeCell(cell: SheetCell): SheetCell {
  return typeof cell === 'string' ? escapeFormula(cell) : cell;
}

async function writeCsv(columns: readonly SheetColumn[], rows: AsyncIterable<readonly SheetCell[]> | Iterable<readonly SheetCell[]>, out: Writable): Promise<void> {
  // A byte-order mark so Excel opens the UTF-8 file with its accents intact.
  const csv = stringify({ bom: true, header: true, columns: columns.map((column) => escapeFormula(column.header)) });
  csv.pipe(out);
  const finished = once(out, 'finish');
  for await (const row of rows) {
    if (!csv.write(row.map((cell) => safeCell(cell) ?? ''))) await once(csv, 'drain');
  }
  csv.end();
  await finished;
}

/** Writes the header row and then every row to `out`, which is ended when the file is complete. */
export async function writeSheet(
  format: SheetFormat,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<readonly SheetCell[]> | Iterable<readonly SheetCell[]>,
  out: Writable,
  sheetName = 'Sheet1',
): Promise<void> {
  if (format === 'csv') await writeCsv(columns, rows, out);
  else {
    const sheetColumns = columns.map((column) => ({ header: escapeFormula(column.header), kind: column.kind ?? 'text', width: column.width ?? Math.min(60, Math.max(12, column.header.length + 2)) }));
    // Numbers stay numbers (a negative amount too); text that a spreadsheet would run is escaped.
    const safeRows = mapRows(rows, (row) => row.map(safeCell));
    await writeXlsx(sheetColumns, safeRows, out, sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  }
}

async function* mapRows<From, To>(rows: AsyncIterable<From> | Iterable<From>, map: (row: From) => To): AsyncGenerator<To> {
  for await (const row of rows) yield map(row);
}
