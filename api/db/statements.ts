/**
 * Statement caches for hot paths. drizzle builds and prepares SQL on every call; on the sync push path that cost more
 * than the writes themselves. better-sqlite3 runs a database and its transactions on one connection, so a statement
 * prepared once per connection is valid inside any later transaction on it.
 */
import type { Database, Statement } from 'better-sqlite3';

import type { Q } from './open.ts';

/** The better-sqlite3 connection under a drizzle database or transaction. */
export const connectionOf = (q: Q) => (q as unknown as { session: { client: Database } }).session.client;

const raw = new WeakMap<Database, Map<string, Statement>>();
const built = new WeakMap<Database, Map<string, unknown>>();

/** A raw prepared statement for `sqlText` on q's connection. */
export function statement(q: Q, sqlText: string): Statement {
  const conn = connectionOf(q);
  let byText = raw.get(conn);
  if (!byText) raw.set(conn, (byText = new Map()));
  let stmt = byText.get(sqlText);
  if (!stmt) byText.set(sqlText, (stmt = conn.prepare(sqlText)));
  return stmt;
}

/** A drizzle prepared query (keeps drizzle's row mapping), built once per connection and key. */
export function preparedQuery<T>(q: Q, key: string, build: () => T): T {
  const conn = connectionOf(q);
  let byKey = built.get(conn);
  if (!byKey) built.set(conn, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}

/**
 * Runs `read` in one read transaction on q's connection, so that everything it reads agrees. Plain BEGIN and COMMIT
 * through cached statements: drizzle's transaction builds a session object per call and better-sqlite3's builds
 * wrapper functions, which cost more than an up-to-date sync pull itself.
 */
export function readTransaction<T>(q: Q, read: () => T): T {
  if (connectionOf(q).inTransaction) return read();
  statement(q, 'begin').run();
  try {
    const result = read();
    statement(q, 'commit').run();
    return result;
  } catch (e) {
    statement(q, 'rollback').run();
    throw e;
  }
}
