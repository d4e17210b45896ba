import { type RawRow, SheetReadError } from '../../platform/spreadsheet/raw-rows';

/**
 * The spreadsheet rules shared by the upload service and the parsing worker: the columns, the row
 * limit, and what one read of a file comes to. No imports beyond the language, so the worker
 * bundle stays small.
 */
export const UPLOAD_COLUMNS = ['customer_name', 'customer_email', 'invoice_number', 'invoice_date', 'due_date', 'total'] as const;
export const OPTIONAL_UPLOAD_COLUMNS = ['customer_id'] as const;
export const MAX_UPLOAD_ROWS = 500;

export type UploadColumn = (typeof UPLOAD_COLUMNS)[number] | (typeof OPTIONAL_UPLOAD_COLUMNS)[number];
/** One invoice row as text, with its row number in the spreadsheet (the header is row 1). */
export type SheetRow = { rowNumber: number; values: Partial<Record<UploadColumn, string>> };
/** What reading a file came to; the upload service turns each kind into its answer. */
export type SheetOutcome =
  | { kind: 'rows'; rows: SheetRow[] }
  | { kind: 'missingColumns'; columns: string[] }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows' }
  | { kind: 'unreadable' }
  | { kind: 'tooLarge' };

const KNOWN_COLUMNS: readonly string[] = [...UPLOAD_COLUMNS, ...OPTIONAL_UPLOAD_COLUMNS];

function isUploadColumn(name: string): name is UploadColumn {
  return KNOWN_COLUMNS.includes(name);
}

/** 'Customer Name' and 'customer_name' name the same column. */
function columnName(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/**
 * The invoice rows of `source`, whose row 1 is the header naming the columns (in any order).
 * Blank rows are skipped. Reading stops at the first data row past `maxRows`: the rest of the
 * file is never read.
 */
export async function collectSheetRows(source: AsyncIterable<RawRow>, maxRows: number = MAX_UPLOAD_ROWS): Promise<SheetOutcome> {
  let columns: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    for await (const raw of source) {
      if (columns === null) {
        columns = raw.rowNumber === 1 ? raw.cells.map(columnName) : [];
        const missing = UPLOAD_COLUMNS.filter((column) => !columns?.includes(column));
        if (missing.length > 0) return { kind: 'missingColumns', columns: missing };
        if (raw.rowNumber === 1) continue;
      }
      if (raw.cells.every((cell) => cell === '')) continue;
      if (rows.length === maxRows) return { kind: 'tooManyRows' };
      const values: SheetRow['values'] = {};
      columns.forEach((column, position) => {
        if (isUploadColumn(column)) values[column] = raw.cells[position] ?? '';
      });
      rows.push({ rowNumber: raw.rowNumber, values });
    }
  } catch (error) {
    if (error instanceof SheetReadError) return { kind: error.reason };
    throw error;
  }
  if (columns === null) return { kind: 'missingColumns', columns: [...UPLOAD_COLUMNS] };
  return rows.length === 0 ? { kind: 'noRows' } : { kind: 'rows', rows };
}
