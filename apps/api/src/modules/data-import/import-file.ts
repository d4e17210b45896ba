import type { ImportColumn } from '../../db/schema/imports';
import { csvRows, detectDelimiter } from '../../platform/spreadsheet/csv-rows';
import { type RawRow, readWithin } from '../../platform/spreadsheet/raw-rows';
import { xlsxRows } from '../../platform/spreadsheet/xlsx-rows';
import { readAmount, readDate } from './cell-values';
import type { FieldKind, ImportField } from './import-fields';

export type ImportFileKind = 'csv' | 'xlsx';
/** A data row (below the header row) by field name, numbered as the file numbers it. */
export type MappedRow = { rowNumber: number; values: Record<string, string> };

const SAMPLES = 3;
/**
 * What one pass over a file may spend reading it (an honest 100,000-row file reads in a few
 * seconds): the XLSX reader's unpacking budget bounds its memory, this its time.
 */
const READ_BUDGET_MS = 60_000;

/** The rows of an uploaded file, streamed: a CSV with its own separator, or the first XLSX sheet. */
export function fileRows(kind: ImportFileKind, content: Buffer): AsyncGenerator<RawRow> {
  return readWithin(kind === 'xlsx' ? xlsxRows(content) : csvRows(content, detectDelimiter(content)), READ_BUDGET_MS);
}

/** The header row's columns with the first values below them, and how many data rows follow (read to the end). */
export async function inspectFile(kind: ImportFileKind, content: Buffer): Promise<{ columns: ImportColumn[]; totalRows: number }> {
  let columns: ImportColumn[] | null = null;
  let totalRows = 0;
  for await (const row of fileRows(kind, content)) {
    if (!columns) {
      columns = row.cells.map((header, index) => ({ index, header: header === '' ? `Column ${index + 1}` : header, samples: [] }));
      continue;
    }
    if (row.cells.every((cell) => cell === '')) continue;
    totalRows += 1;
    if (totalRows <= SAMPLES) for (const column of columns) column.samples.push(row.cells[column.index] ?? '');
  }
  return { columns: columns ?? [], totalRows };
}

/** The data rows through a mapping (field -> column index); blank rows are left out. */
export async function* mappedRows(kind: ImportFileKind, content: Buffer, mapping: Record<string, number | null>): AsyncGenerator<MappedRow> {
  let header = true;
  const mapped = Object.entries(mapping).filter((entry): entry is [string, number] => entry[1] !== null);
  for await (const row of fileRows(kind, content)) {
    if (header) {
      header = false;
      continue;
    }
    if (row.cells.every((cell) => cell === '')) continue;
    yield { rowNumber: row.rowNumber, values: Object.fromEntries(mapped.map(([name, index]) => [name, row.cells[index] ?? ''])) };
  }
}

/** Lower case, words only: `E-Mail Address` and `email_address` read alike. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

const LOOKS_LIKE: Record<Exclude<FieldKind, 'text'>, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(readDate(value)),
  amount: (value) => readAmount(value).ok,
};

function contentFits(kind: FieldKind, column: ImportColumn): boolean {
  if (kind === 'text') return false;
  const values = column.samples.filter((sample) => sample !== '');
  return values.length > 0 && values.every(LOOKS_LIKE[kind]);
}

/**
 * field -> column: first by header (the field's name, label or a synonym, normalized), then,
 * for a field still unmapped, by content (the first free column whose samples all look like an
 * email, a date or an amount).
 */
export function proposeMapping(fields: readonly ImportField[], columns: readonly ImportColumn[]): Record<string, number | null> {
  const mapping: Record<string, number | null> = Object.fromEntries(fields.map((entry) => [entry.name, null]));
  const used = new Set<number>();
  for (const entry of fields) {
    const names = new Set([entry.name, entry.label, ...entry.synonyms].map(normalizeHeader));
    const column = columns.find((candidate) => !used.has(candidate.index) && names.has(normalizeHeader(candidate.header)));
    if (column) {
      mapping[entry.name] = column.index;
      used.add(column.index);
    }
  }
  for (const entry of fields) {
    if (mapping[entry.name] !== null) continue;
    const column = columns.find((candidate) => !used.has(candidate.index) && contentFits(entry.kind, candidate));
    if (column) {
      mapping[entry.name] = column.index;
      used.add(column.index);
    }
  }
  return mapping;
}
