import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { type RawRow, SheetReadError } from './raw-rows';

/** Fed in slices so the parser's back-pressure holds: records are parsed only as far as they are read. */
const SLICE_BYTES = 64 * 1024;
/** One record (a line with its quoted parts) may not be longer than this. */
const MAX_RECORD_BYTES = 1024 * 1024;

function* slices(content: Buffer): Generator<Buffer> {
  for (let start = 0; start < content.length; start += SLICE_BYTES) yield content.subarray(start, start + SLICE_BYTES);
}

/** The separators a CSV file may use: Excel in many European locales writes `;`. */
const DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof DELIMITERS)[number];

function isDelimiter(char: string): char is CsvDelimiter {
  return DELIMITERS.some((delimiter) => delimiter === char);
}

/**
 * The separator of a CSV file: the one found most often outside quotes in its first line
 * (after a BOM); a comma when none is found.
 */
export function detectDelimiter(content: Buffer): CsvDelimiter {
  const head = content.subarray(0, 64 * 1024).toString('utf8').replace(/^\uFEFF/, '');
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && isDelimiter(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts.entries()].reduce<[CsvDelimiter, number]>((best, entry) => (entry[1] > best[1] ? entry : best), [',', 0])[0];
}

/**
 * The records of a CSV file as rows, numbered from 1 (blank lines are not counted); stopping early
 * stops parsing. `delimiter` is a comma unless given (detectDelimiter finds a file's).
 */
export async function* csvRows(content: Buffer, delimiter: CsvDelimiter = ','): AsyncGenerator<RawRow> {
  const parser = Readable.from(slices(content)).pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: MAX_RECORD_BYTES }));
  let rowNumber = 0;
  try {
    for await (const record of parser) {
      if (!Array.isArray(record)) throw new SheetReadError('unreadable');
      rowNumber += 1;
      yield { rowNumber, cells: record.map((cell) => String(cell)) };
    }
  } catch (error) {
    if (error instanceof SheetReadError) throw error;
    // csv-parse: an unclosed quote, a record past the size limit.
    throw new SheetReadError('unreadable');
  } finally {
    parser.destroy();
  }
}
