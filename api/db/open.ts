import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { RunResult } from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as tables from '../../schema/tables.ts';

export function openDb(file = ':memory:') {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema: tables, casing: 'snake_case' });
  migrate(db, { migrationsFolder: join(import.meta.dirname, 'migrations') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 0)').run();
  return db;
}

export type Db = ReturnType<typeof openDb>;
/** Anything that can read and write: the database or a transaction on it. */
export type Q = BaseSQLiteDatabase<'sync', RunResult, typeof tables>;
