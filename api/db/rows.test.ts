import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';

import * as t from '#schema/tables.ts';

import { SYNCED_TABLES } from '../commands/synced-tables.ts';
import { openDb } from './open.ts';
import { insertRow, rowById, updateRow } from './rows.ts';

const syncedTables = (Object.values(t) as unknown[]).filter(
  (v): v is SQLiteTable => is(v, SQLiteTable) && 'deletedAt' in getTableColumns(v),
);

const SAMPLE_BY_TYPE: Record<string, unknown> = {
  SQLiteInteger: 7,
  SQLiteReal: 1.5,
  SQLiteBoolean: true,
  SQLiteTextJson: ['a'],
};

/** A value for every required column without a default: what the insert must supply. */
function requiredValues(table: SQLiteTable) {
  const values: Record<string, unknown> = { id: crypto.randomUUID() };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (key in values || !column.notNull || column.hasDefault) continue;
    values[key] = SAMPLE_BY_TYPE[column.columnType] ?? `${key}-value`;
  }
  return values;
}

describe('insertRow and updateRow return the row as SQLite stores it', () => {
  const db = openDb(':memory:');

  it('covers every synced table, and SYNCED_TABLES lists each of them', () => {
    expect(syncedTables.length).toBe(29);
    expect(new Set(SYNCED_TABLES)).toEqual(new Set(syncedTables));
  });

  for (const table of syncedTables) {
    it(getTableName(table), () => {
      const inserted = insertRow<{ id: string }>(db, table, requiredValues(table));
      expect(inserted).toEqual(rowById(db, table, inserted.id));
      const updated = updateRow(db, table, inserted, { deletedAt: '2026-11-21T10:00:00.000Z', version: 99 } as never);
      expect(updated).toEqual(rowById(db, table, inserted.id));
    });
  }
});
