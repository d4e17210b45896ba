import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** Rows per statement: the JSON parameter of 1,000 rows stays a few hundred kilobytes. */
const ROWS_PER_STATEMENT = 1000;

/** Column types a JSON document does not carry (bytes); a JS bigint or a non-finite number is refused by value. */
const UNSUPPORTED_TYPE = /^bytea$/;

function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`Column ${column.name}: ${value} cannot be bulk inserted`);
  // A jsonb value goes in as JSON itself; every other value as the driver would send it (a Date as its ISO text).
  return column.getSQLType().startsWith('json') ? value : column.mapToDriverValue(value);
}

/**
 * Inserts many rows into one table, 1,000 per statement, each statement carrying its rows as ONE
 * JSON parameter read back with `jsonb_to_recordset`. Drizzle's `insert().values()` builds a
 * placeholder and checks the type of every value (a 1,000-row insert of ten columns is 10,000 of
 * them), which made its text-building most of an import's time; here the statement is a few
 * hundred bytes whatever the number of rows. Every row must set the same columns (those left out
 * take their defaults); values are plain (no SQL expressions). Returns nothing: a caller that needs
 * the stored rows uses drizzle's insert.
 */
export async function insertRows<Table extends PgTable>(tx: Tx, table: Table, rows: readonly Table['$inferInsert'][]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key as keyof typeof first] !== undefined);
  const chosen = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    if (UNSUPPORTED_TYPE.test(column.getSQLType())) throw new Error(`Column ${column.name} (${column.getSQLType()}) cannot be bulk inserted`);
    return { key, column };
  });
  const names = sql.join(
    chosen.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const definition = sql.join(
    chosen.map(({ column }) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const records = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const values: Record<string, unknown> = {};
      for (const { key, column } of chosen) {
        const value: unknown = row[key as keyof typeof row];
        if (value === undefined) throw new Error(`Every row of a bulk insert into ${getTableName(table)} sets ${key}`);
        values[column.name] = jsonValue(column, value);
      }
      if (Object.keys(row).some((key) => row[key as keyof typeof row] !== undefined && !keys.includes(key))) throw new Error(`Every row of a bulk insert into ${getTableName(table)} sets the same columns`);
      return values;
    });
    const statement: SQL = sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as bulk(${definition})`;
    await tx.execute(statement);
  }
}
