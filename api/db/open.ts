import { join } from 'node:path';

import type { RunResult } from 'better-sqlite3';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';

import * as tables from '#schema/tables.ts';

/** Opens the database in `file` and brings its tables up to date. */
export function openDb(file = ':memory:') {
  const db = wrapDb(new Database(file));
  migrate(db, { migrationsFolder: join(import.meta.dirname, 'migrations') });
  db.$client.prepare('insert or ignore into sync_meta (id, version) values (1, 0)').run();
  return db;
}

/** The app's settings and typed tables on an open SQLite connection (tests use it on a copy of a migrated database). */
export function wrapDb(sqlite: Database.Database) {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle({ client: sqlite, schema: tables, casing: 'snake_case' });
}

export type Db = ReturnType<typeof openDb>;
/** Anything that can read and write: the database or a transaction on it. */
export type Q = BaseSQLiteDatabase<'sync', RunResult, typeof tables>;
