import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The rows after a keyset cursor's row in `(column, id)` order: a row comparison, which an index
 * ending in `(column, id)` serves as a range, so a reader of every page starts each one where
 * the last ended instead of reading and dropping the rows an offset skips. `key` is the cursor
 * row's value of `column` as the database wrote it as text (so a timestamp keeps its
 * microseconds), `id` its id; each a value or a placeholder. `column` must never be null: a row
 * comparison does not order nulls.
 */
export function afterKeysetRow(column: PgColumn, idColumn: PgColumn, direction: 'asc' | 'desc', key: Placeholder | string, id: Placeholder | string): SQL {
  if (column.notNull !== true) throw new Error(`Keyset paging needs a column that is never null; ${column.name} can be`);
  return sql`(${column}, ${idColumn}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${key}::${sql.raw(column.getSQLType())}, ${id}::uuid)`;
}

/** The value a cursor keeps of `column`, read in the page's own select. */
export function keysetKey(column: PgColumn): SQL<string> {
  return sql<string>`${column}::text`;
}
