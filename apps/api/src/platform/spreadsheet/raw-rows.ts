/** One row as the file holds it: trimmed cell texts by column position (blank cells are ''), numbered from 1. */
export type RawRow = { rowNumber: number; cells: readonly string[] };

/** A file that cannot be read ('unreadable') or would unpack past the size limit ('tooLarge'). */
export class SheetReadError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooLarge') {
    super(`spreadsheet ${reason}`);
  }
}
