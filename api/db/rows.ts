/**
 * Inserts and updates through cached prepared statements, for the write path every command takes. Values go through
 * each column's own drizzle encoder and decoder (JSON lists, booleans), so rows read the same as drizzle's.
 */
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Statement } from 'better-sqlite3';
import type { Q } from './open.ts';
import { statement } from './statements.ts';

interface ColumnInfo {
  sqlName: string;
  column: Column;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const columnCache = new WeakMap<SQLiteTable, Map<string, ColumnInfo>>();

function columnsOf(table: SQLiteTable): Map<string, ColumnInfo> {
  let columns = columnCache.get(table);
  if (!columns) {
    columns = new Map(
      Object.entries(getTableColumns(table)).map(([key, column]) => [
        key,
        {
          sqlName: (column as Column & { keyAsName: boolean }).keyAsName ? snake(key) : column.name,
          column,
        },
      ]),
    );
    columnCache.set(table, columns);
  }
  return columns;
}

const encode = (info: ColumnInfo, value: unknown) => (value === null ? null : info.column.mapToDriverValue(value));

/** Reads a row returned in better-sqlite3's array mode (much cheaper than objects for wide rows). */
function readRow<R>(table: SQLiteTable, stmt: Statement, sqlText: string, args: unknown[]): R | undefined {
  const values = stmt.raw(true).get(...args) as unknown[] | undefined;
  if (!values) return undefined;
  const infos = readersFor(table, stmt, sqlText);
  const row: Record<string, unknown> = {};
  for (let i = 0; i < infos.length; i++) {
    const value = values[i];
    row[infos[i].key] = value === null || value === undefined ? null : infos[i].column.mapFromDriverValue(value);
  }
  return row as R;
}

const readerCache = new Map<string, { key: string; column: Column }[]>();

function readersFor(table: SQLiteTable, stmt: Statement, sqlText: string) {
  let readers = readerCache.get(sqlText);
  if (!readers) {
    const bySqlName = new Map([...columnsOf(table)].map(([key, info]) => [info.sqlName, { key, column: info.column }]));
    readers = stmt.columns().map((c) => bySqlName.get(c.name)!);
    readerCache.set(sqlText, readers);
  }
  return readers;
}

/** The first row matching a fixed SQL condition (`where` is code, never user input; values go in `args`). */
export function rowWhere<R>(q: Q, table: SQLiteTable, where: string, ...args: unknown[]): R | undefined {
  const sqlText = `select * from "${getTableName(table)}" where ${where}`;
  return readRow<R>(table, statement(q, sqlText), sqlText, args);
}

/** The row with this id (tombstones included), or undefined. */
export const rowById = <R>(q: Q, table: SQLiteTable, id: string) => rowWhere<R>(q, table, '"id" = ?', id);

/** The keys of `values` that are set, in a stable order (the statement cache key). */
const setKeys = (table: SQLiteTable, values: Record<string, unknown>) =>
  [...columnsOf(table).keys()].filter((k) => values[k] !== undefined);

/**
 * Inserts without `returning *` (which doubled the cost of an insert): the stored row is the values given plus each
 * column's default, which is what SQLite stores (rows.test.ts checks it against a read-back for every table).
 */
export function insertRow<R>(q: Q, table: SQLiteTable, values: Record<string, unknown>): R {
  const columns = columnsOf(table);
  const keys = setKeys(table, values);
  const sql = `insert into "${getTableName(table)}" (${keys.map((k) => `"${columns.get(k)!.sqlName}"`).join(', ')}) values (${keys.map(() => '?').join(', ')})`;
  statement(q, sql).run(...keys.map((k) => encode(columns.get(k)!, values[k])));
  const row: Record<string, unknown> = {};
  for (const [key, { column }] of columns)
    row[key] = values[key] !== undefined ? values[key] : column.hasDefault ? column.default : null;
  return row as R;
}

/** Writes the set fields of `values` over `current` and returns the row as stored. */
export function updateRow<R extends { id: string }>(q: Q, table: SQLiteTable, current: R, values: Partial<R>): R {
  const columns = columnsOf(table);
  const keys = setKeys(table, values);
  const sql = `update "${getTableName(table)}" set ${keys.map((k) => `"${columns.get(k)!.sqlName}" = ?`).join(', ')} where "id" = ?`;
  statement(q, sql).run(
    ...keys.map((k) => encode(columns.get(k)!, (values as Record<string, unknown>)[k])),
    current.id,
  );
  const row: Record<string, unknown> = { ...current };
  for (const k of keys) row[k] = (values as Record<string, unknown>)[k];
  return row as R;
}
