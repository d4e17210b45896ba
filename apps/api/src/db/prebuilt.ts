import { createHash } from 'node:crypto';
import { Column, getTableColumns, is, SQL, Table, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AppDb } from './client';

/** How one selected value comes back: a column decodes the driver's value; a `sql` expression (aliased or not) is taken as the driver gives it (no `mapWith`). */
type Slot = { readonly key: string; readonly column: Column | null };
type Part = { readonly key: string; readonly single: Slot } | { readonly key: string; readonly columns: readonly Slot[] };

/** A select rendered once, with `sql.placeholder` values: what every request sends, without drizzle walking its columns each time. */
type PrebuildableSelect = { toSQL(): Query; _: { result: unknown; selectedFields: Record<string, unknown> } };

type ResultRow<TSelect extends PrebuildableSelect> = TSelect['_']['result'] extends readonly (infer TRow)[] ? TRow : never;

export type PrebuiltSelect<TRow> = {
  /** The statement's text, as drizzle rendered it (for tests and the benchmarks' bare twins). */
  readonly text: string;
  /** On a transaction (`inTenant`'s), or on the database itself as one statement in a transaction of its own. */
  run(db: AppDb, values: Readonly<Record<string, unknown>>): Promise<TRow[]>;
};

/** Every prebuilt statement's text: the benchmarks' bare twins name exactly these, as the app does. */
export const prebuiltTexts = new Set<string>();

/**
 * Named, a statement is parsed and planned once per PostgreSQL connection (node-postgres prepares
 * it on first use); the name is the text's digest, so equal texts share one.
 */
export function prebuiltStatementName(text: string): string {
  return `prebuilt_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

/** The selection's parts in the order drizzle renders their columns (tables column by column). */
function partsOf(selection: Record<string, unknown>): Part[] {
  return Object.entries(selection).map(([key, value]): Part => {
    if (is(value, Column)) return { key, single: { key, column: value } };
    if (is(value, SQL) || is(value, SQL.Aliased)) return { key, single: { key, column: null } };
    if (is(value, Table)) return { key, columns: Object.entries(getTableColumns(value)).map(([name, column]) => ({ key: name, column })) };
    throw new Error(`A prebuilt select takes tables, columns and (aliased) sql expressions; "${key}" is none of them`);
  });
}

/** Decodes a row the driver answered as an array, part by part as `selection` lists them. */
function decoderOf(selection: Record<string, unknown>): (raw: unknown[]) => Record<string, unknown> {
  const parts = partsOf(selection);
  return (raw) => {
    let index = 0;
    const row: Record<string, unknown> = {};
    const read = (slot: Slot) => {
      const value = raw[index++];
      if (value === null || value === undefined) return null;
      return slot.column ? slot.column.mapFromDriverValue(value) : value;
    };
    for (const part of parts) {
      if ('single' in part) {
        row[part.key] = read(part.single);
        continue;
      }
      const record: Record<string, unknown> = {};
      let empty = true;
      for (const slot of part.columns) {
        const value = read(slot);
        if (value !== null) empty = false;
        record[slot.key] = value;
      }
      row[part.key] = empty ? null : record;
    }
    return row;
  };
}

function prebuilt<TRow>(query: Query, selection: Record<string, unknown>): PrebuiltSelect<TRow> {
  const name = prebuiltStatementName(query.sql);
  prebuiltTexts.add(query.sql);
  const decode = decoderOf(selection);
  return {
    text: query.sql,
    async run(db, values) {
      // The decoder hands back what drizzle's select of `selection` would have (see the callers).
      const prepared = db._.session.prepareQuery<{ execute: TRow[]; all: unknown; values: unknown }>(query, undefined, name, true, (rows) => rows.map(decode) as TRow[]);
      return prepared.execute(values);
    },
  };
}

/**
 * The statement's text and parameters are rendered once, here; each run only binds the values and
 * decodes the row: a selected table whose columns all came back null (a left join that found
 * nothing) is null, as drizzle's own select answers. Runs on the caller's transaction, so the
 * tenant context and row-level security apply as to any other statement of it.
 */
export function prebuiltSelect<TSelect extends PrebuildableSelect>(select: TSelect): PrebuiltSelect<ResultRow<TSelect>> {
  return prebuilt<ResultRow<TSelect>>(select.toSQL(), select._.selectedFields);
}

type Selection = Record<string, Table | Column | SQL>;

/**
 * A statement drizzle cannot build (a call of a database function that writes and answers rows),
 * prebuilt like a select: its result columns must be, in order, the columns of `selection` as a
 * select of it would list them (a table's columns in its declaration order), and each row is
 * decoded as that select's would be.
 */
export function prebuiltStatement<TSelection extends Selection>(statement: SQL, selection: TSelection): PrebuiltSelect<SelectResultFields<TSelection>> {
  return prebuilt<SelectResultFields<TSelection>>(new PgDialect().sqlToQuery(statement), selection);
}
