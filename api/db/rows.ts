/**
 * Inserts and updates through cached prepared statements, for the write path every command takes. Values go through
 * each column's own drizzle encoder and decoder (JSON lists, booleans), so rows read the same as drizzle's.
 */
import type { Statement } from 'better-sqlite3';
import { type Column, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

import type { Q } from './open.ts';
import { statement } from './statements.ts';

interface ColumnInfo {
  key: string;
  sqlName: string;
  column: Column;
  /** What SQLite stores when an insert leaves the column out. */
  stored: unknown;
}

/** A table's columns, and each statement shape's SQL and columns (building them per call cost more than the write). */
interface TableShape {
  name: string;
  columns: ColumnInfo[];
  writes: Record<'insert' | 'update', Map<number, { sqlText: string; columns: ColumnInfo[] }>>;
  reads: Map<string, string>;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const shapes = new WeakMap<SQLiteTable, TableShape>();

function shapeOf(table: SQLiteTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      sqlName: (column as Column & { keyAsName: boolean }).keyAsName ? snake(key) : column.name,
      column,
      stored: column.hasDefault ? column.default : null,
    }));
    // the set of fields written is keyed by one bit per column, exact in a double up to 53 columns
    if (columns.length > 53) throw new Error(`${getTableName(table)}: too many columns for rows.ts`);
    shape = {
      name: getTableName(table),
      columns,
      writes: { insert: new Map(), update: new Map() },
      reads: new Map(),
    };
    shapes.set(table, shape);
  }
  return shape;
}

/** The SQL for writing the set fields of `values` (in column order), built once per table, kind and set of fields. */
function writeOf(
  shape: TableShape,
  kind: 'insert' | 'update',
  values: Record<string, unknown>,
  build: (columns: ColumnInfo[]) => string,
) {
  let signature = 0;
  for (const c of shape.columns) signature = signature * 2 + (values[c.key] !== undefined ? 1 : 0);
  let write = shape.writes[kind].get(signature);
  if (!write) {
    const columns = shape.columns.filter((c) => values[c.key] !== undefined);
    write = { sqlText: build(columns), columns };
    shape.writes[kind].set(signature, write);
  }
  return write;
}

const encode = (info: ColumnInfo, value: unknown) => (value === null ? null : info.column.mapToDriverValue(value));
const encoded = (columns: ColumnInfo[], values: Record<string, unknown>) => {
  const out = new Array<unknown>(columns.length);
  for (let i = 0; i < columns.length; i++) out[i] = encode(columns[i], values[columns[i].key]);
  return out;
};

/** A column of a statement's result: the table's column it decodes with, or none for a value computed by the query. */
interface Reader {
  key: string;
  column?: Column;
}

/** One row in better-sqlite3's array mode (much cheaper than objects for wide rows), decoded as drizzle would. */
function decode<R>(readers: Reader[], values: unknown[]): R {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < readers.length; i++) {
    const value = values[i];
    const column = readers[i].column;
    row[readers[i].key] =
      value === null || value === undefined ? null : column ? column.mapFromDriverValue(value) : value;
  }
  return row as R;
}

function readRow<R>(shape: TableShape, stmt: Statement, sqlText: string, args: unknown[]): R | undefined {
  const values = stmt.raw(true).get(...args) as unknown[] | undefined;
  return values && decode<R>(readersFor(shape, stmt, sqlText), values);
}

const readerCache = new Map<string, Reader[]>();

function readersFor(shape: TableShape, stmt: Statement, sqlText: string) {
  let readers = readerCache.get(sqlText);
  if (!readers) {
    const bySqlName = new Map(shape.columns.map((c) => [c.sqlName, c]));
    readers = stmt.columns().map((c) => bySqlName.get(c.name) ?? { key: c.name });
    readerCache.set(sqlText, readers);
  }
  return readers;
}

/**
 * Every row a fixed statement over `table` answers (`sqlText` is code, never user input; values go in `args`), its
 * table's columns decoded as drizzle would and any other column (named in the query) as SQLite gives it.
 */
export function rowsOf<R>(q: Q, table: SQLiteTable, sqlText: string, args: unknown[]): R[] {
  const stmt = statement(q, sqlText);
  const readers = readersFor(shapeOf(table), stmt, sqlText);
  return (stmt.raw(true).all(...args) as unknown[][]).map((values) => decode<R>(readers, values));
}

/** The first row matching a fixed SQL condition (`where` is code, never user input; values go in `args`). */
export function rowWhere<R>(q: Q, table: SQLiteTable, where: string, ...args: unknown[]): R | undefined {
  const shape = shapeOf(table);
  let sqlText = shape.reads.get(where);
  if (!sqlText) shape.reads.set(where, (sqlText = `select * from "${shape.name}" where ${where}`));
  return readRow<R>(shape, statement(q, sqlText), sqlText, args);
}

/** The row with this id (tombstones included), or undefined. */
export const rowById = <R>(q: Q, table: SQLiteTable, id: string) => rowWhere<R>(q, table, '"id" = ?', id);

/**
 * Inserts without `returning *` (which doubled the cost of an insert): the stored row is the values given plus each
 * column's default, which is what SQLite stores (rows.test.ts checks it against a read-back for every table).
 */
export function insertRow<R>(q: Q, table: SQLiteTable, values: Record<string, unknown>): R {
  const shape = shapeOf(table);
  const { sqlText, columns } = writeOf(
    shape,
    'insert',
    values,
    (set) =>
      `insert into "${shape.name}" (${set.map((c) => `"${c.sqlName}"`).join(', ')}) values (${set.map(() => '?').join(', ')})`,
  );
  statement(q, sqlText).run(...encoded(columns, values));
  const row: Record<string, unknown> = {};
  for (const c of shape.columns) row[c.key] = values[c.key] !== undefined ? values[c.key] : c.stored;
  return row as R;
}

/** Writes the set fields of `values` over `current` and returns the row as stored. */
export function updateRow<R extends { id: string }>(q: Q, table: SQLiteTable, current: R, values: Partial<R>): R {
  const shape = shapeOf(table);
  const set = values as Record<string, unknown>;
  const { sqlText, columns } = writeOf(
    shape,
    'update',
    set,
    (cols) => `update "${shape.name}" set ${cols.map((c) => `"${c.sqlName}" = ?`).join(', ')} where "id" = ?`,
  );
  statement(q, sqlText).run(...encoded(columns, set), current.id);
  const row: Record<string, unknown> = { ...current };
  for (const c of columns) row[c.key] = set[c.key];
  return row as R;
}
