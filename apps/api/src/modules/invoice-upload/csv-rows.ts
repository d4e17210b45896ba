import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { type RawRow, SheetReadError } from './sheet-rows';

/** Fed in slices so the parser's back-pressure holds: records are parsed only as far as they are read. */
const SLICE_BYTES = 64 * 1024;
/** One record (a line with its quoted parts) may not be longer than this. */
const MAX_RECORD_BYTES = 1024 * 1024;

function* slices(content: Buffer): Generator<Buffer> {
  for (let start = 0; start < content.length; start += SLICE_BYTES) yield content.subarray(start, start + SLICE_BYTES);
}

/** The records of a CSV file as rows, numbered from 1 (blank lines are not counted); stopping early stops parsing. */
export async function* csvRows(content: Buffer): AsyncGenerator<RawRow> {
  const parser = Readable.from(slices(content)).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: MAX_RECORD_BYTES }));
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
