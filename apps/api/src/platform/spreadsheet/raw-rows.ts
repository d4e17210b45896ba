/** One row as the file holds it: trimmed cell texts by column position (blank cells are ''), numbered from 1. */
export type RawRow = { rowNumber: number; cells: readonly string[] };

/** A file that cannot be read ('unreadable') or would unpack past the size limit ('tooLarge'). */
export class SheetReadError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooLarge') {
    super(`spreadsheet ${reason}`);
  }
}

/**
 * `rows` while reading them takes at most `budgetMs` in all (the time spent inside the reader,
 * not in what the caller does between rows): a file that reads slower than any honest one of the
 * allowed size (a crafted XLSX) stops as 'tooLarge' instead of holding its job without end.
 */
export async function* readWithin(rows: AsyncIterable<RawRow>, budgetMs: number): AsyncGenerator<RawRow> {
  const iterator = rows[Symbol.asyncIterator]();
  let spent = 0;
  try {
    for (;;) {
      const started = performance.now();
      const next = await iterator.next();
      spent += performance.now() - started;
      if (spent > budgetMs) throw new SheetReadError('tooLarge');
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}
