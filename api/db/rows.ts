/**
 * Inserts and updates through cached prepared statements, for the write path every command takes. Values go through
 * each column's own drizzle encoder and decoder (JSON lists, booleans), so rows read the same as drizzle's.
 */
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
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
    columns = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, {
      sqlName: (column as Column & { keyAsName: boolean }).keyAsName ? snake(key) : column.name, column,
    }]));
    columnCache.set(table, columns);
  }
  return columns;
}

const encode = (info: ColumnInfo, value: unknown) => (value === null ? null : info.column.mapToDriverValue(value));

function decode<R>(table: SQLiteTable, raw: Record<string, unknown> | undefined): R {
  if (!raw) throw new Error(`no row returned from ${getTableName(table)}`);
  const row: Record<string, unknown> = {};
  for (const [key, info] of columnsOf(table)) {
    const value = raw[info.sqlName];
    row[key] = value === null || value === undefined ? null : info.column.mapFromDriverValue(value);
  }
  return row as R;
}

/** The keys of `values` that are set, in a stable order (the statement cache key). */
const setKeys = (table: SQLiteTable, values: Record<string, unknown>) => [...columnsOf(table).keys()].filter((k) => values[k] !== undefined);

export function insertRow<R>(q: Q, table: SQLiteTable, values: Record<string, unknown>): R {
  const columns = columnsOf(table);
  const keys = setKeys(table, values);
  const sql = `insert into "${getTableName(table)}" (${keys.map((k) => `"${columns.get(k)!.sqlName}"`).join(', ')}) values (${keys.map(() => '?').join(', ')}) returning *`;
  return decode<R>(table, statement(q, sql).get(...keys.map((k) => encode(columns.get(k)!, values[k]))) as Record<string, unknown>);
}

export function updateRow<R>(q: Q, table: SQLiteTable, id: string, values: Record<string, unknown>): R {
  const columns = columnsOf(table);
  const keys = setKeys(table, values);
  const sql = `update "${getTableName(table)}" set ${keys.map((k) => `"${columns.get(k)!.sqlName}" = ?`).join(', ')} where "id" = ? returning *`;
  return decode<R>(table, statement(q, sql).get(...keys.map((k) => encode(columns.get(k)!, values[k])), id) as Record<string, unknown>);
}
