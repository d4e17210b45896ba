import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { formatMessage, messages } from '@app/contracts';
import { AppError } from '../../platform/errors';
import type { AcceptedFile } from '../attachments/attachment-files';

export const UPLOAD_COLUMNS = ['customer_name', 'customer_email', 'invoice_number', 'invoice_date', 'due_date', 'total'] as const;
export const OPTIONAL_UPLOAD_COLUMNS = ['customer_id'] as const;
export const MAX_UPLOAD_ROWS = 500;

export type UploadColumn = (typeof UPLOAD_COLUMNS)[number] | (typeof OPTIONAL_UPLOAD_COLUMNS)[number];
/** One invoice row as text, with its row number in the spreadsheet (the header is row 1). */
export type SheetRow = { rowNumber: number; values: Partial<Record<UploadColumn, string>> };

const KNOWN_COLUMNS: readonly string[] = [...UPLOAD_COLUMNS, ...OPTIONAL_UPLOAD_COLUMNS];

/** 'Customer Name' and 'customer_name' name the same column. */
function columnName(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function fileError(message: string): AppError {
  return AppError.validation('file', message);
}

/** Cells as text: dates as YYYY-MM-DD, numbers as typed, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

function csvTable(content: Buffer): string[][] {
  try {
    return parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw fileError(messages.invalidInvoiceUpload);
  }
}

async function xlsxTable(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.read(Readable.from([content]));
  } catch {
    throw fileError(messages.invalidInvoiceUpload);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value).trim();
    });
    table[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(table, (row) => row ?? []);
}

/**
 * The invoice rows of a CSV or XLSX file with a header row naming the columns (in any order).
 * Blank rows are skipped; a missing column, no rows or too many rows is a 422 on `file`.
 */
export async function readSheetRows(file: AcceptedFile): Promise<SheetRow[]> {
  const table = file.sniffed.kind === 'xlsx' ? await xlsxTable(file.content) : csvTable(file.content);
  const [header = [], ...body] = table;
  const columns = header.map(columnName);
  const missing = UPLOAD_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw fileError(formatMessage(messages.uploadMissingColumns, { columns: missing.join(', ') }));
  const rows: SheetRow[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: SheetRow['values'] = {};
    columns.forEach((column, position) => {
      if (KNOWN_COLUMNS.includes(column)) values[column as UploadColumn] = (cells[position] ?? '').trim();
    });
    rows.push({ rowNumber: index + 2, values });
  });
  if (rows.length === 0) throw fileError(messages.uploadHasNoRows);
  if (rows.length > MAX_UPLOAD_ROWS) throw fileError(messages.uploadTooManyRows);
  return rows;
}
