/** Reading a list's query (filters and page) and answering one page of it, or all of it streamed (schema/paging.ts). */
import { and, count, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { z } from 'zod';

import { fieldErrors } from '#schema/common.ts';
import type { Page } from '#schema/paging.ts';
import type * as t from '#schema/tables.ts';

import type { SyncedTable } from '../commands/command.ts';
import type { Db, Q } from '../db/open.ts';
import { connectionOf } from '../db/statements.ts';
import type { Env } from './context.ts';
import { invalid } from './errors.ts';
import { keptResponse, streamedResponse } from './kept-response.ts';

interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A list in its order: how many rows match, the keys of all of them or of one page, and the API rows of some keys
 * (leaving out any that stopped matching since the keys were read). Keys are small, so a list of every row holds
 * only its keys while its rows are read and written out a chunk at a time.
 */
export interface List<T> {
  total(): number;
  keys(page?: PageWindow): number[];
  rows(keys: number[]): T[];
}

/**
 * Rows read and written out per piece of a whole list: the server's thread is held briefly per piece (84 ms for the
 * figures of 100 students not yet kept; 500 took 580 ms) and a piece is still one query.
 */
const CHUNK_ROWS = 100;

/** The request's query checked against a list's schema; bad values are a 400 naming the parameter. */
export function listQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * A list's answer to its parsed `query` (which is also what the kept answer is keyed on): with a limit one page, kept
 * until the next write; without, every row from the offset on, streamed. Either way the number of matching rows is
 * in X-Total-Count.
 */
export function listResponse<T>(c: Context<Env>, q: Q, query: Page, list: () => List<T>) {
  const { limit, offset } = query;
  if (limit !== undefined) {
    return keptResponse(c, q, query, () => {
      const l = list();
      return { json: l.rows(l.keys({ limit, offset })), total: l.total() };
    });
  }
  return streamedResponse(c, q, query, () => {
    const l = list();
    const keys = l.keys();
    return { total: keys.length, chunks: jsonArray(keys, offset, l.rows) };
  });
}

/** The JSON array of the rows of `keys` from `from` on, a chunk of rows per piece. */
function* jsonArray<T>(keys: number[], from: number, rows: (keys: number[]) => T[]): Generator<string, void> {
  let separator = '[';
  for (let i = from; i < keys.length; i += CHUNK_ROWS) {
    const chunk = rows(keys.slice(i, i + CHUNK_ROWS));
    if (chunk.length === 0) continue;
    yield separator + JSON.stringify(chunk).slice(1, -1);
    separator = ',';
  }
  yield separator === '[' ? '[]' : ']';
}

/** A list already filtered in memory (lists that stay short per user: requests, documents); its keys are positions. */
export function arrayList<T>(all: T[]): List<T> {
  return {
    total: () => all.length,
    keys: (page) => {
      const from = page?.offset ?? 0;
      const to = page ? Math.min(all.length, from + page.limit) : all.length;
      return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
    },
    rows: (keys) => keys.map((k) => all[k]),
  };
}

/** A table's SQLite rowid: the key of a list read in SQL. */
export const rowidOf = (table: SQLiteTable) => sql<number>`${table}.rowid`;

interface KeysQuery {
  toSQL(): { sql: string; params: unknown[] };
  limit(n: number): { offset(n: number): KeysQuery };
}

/**
 * The rowids a query of one column selects, all or one page, as plain numbers: a director's 300,000 progress rows
 * are 2.4 MB of keys, where drizzle's object per row would cost several times that.
 */
export function keysOf(q: Q, query: KeysQuery, page?: PageWindow): number[] {
  const { sql: text, params } = (page ? query.limit(page.limit).offset(page.offset) : query).toSQL();
  return connectionOf(q)
    .prepare(text)
    .pluck()
    .all(...params) as number[];
}

/**
 * The live rows of `table` with these rowids, in the keys' order. Looked up by rowid alone (the filters already chose
 * the keys; with them SQLite may prefer another index and multiply its lookups): a row deleted since the keys were read
 * is left out, any other is written out as it is now.
 */
export function rowsByKey<T extends SyncedTable>(q: Q, table: T, keys: number[]): T['$inferSelect'][] {
  const key = rowidOf(table);
  const found = (q as Db)
    .select({ key, row: table as typeof t.users })
    .from(table as typeof t.users)
    .where(and(isNull(table.deletedAt), inArray(key, keys)))
    .all() as { key: number; row: T['$inferSelect'] }[];
  const byKey = new Map(found.map((r) => [r.key, r.row]));
  return keys.flatMap((k) => byKey.get(k) ?? []);
}

/** A list over one synced table: its live rows matching `where` in `order`, answered through `rows`. */
export function tableList<T extends SyncedTable, R>(
  q: Q,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  rows: (found: T['$inferSelect'][]) => R[],
): List<R> {
  const live = and(isNull(table.deletedAt), where);
  return {
    total: () =>
      (q as Db)
        .select({ n: count() })
        .from(table as typeof t.users)
        .where(live)
        .get()!.n,
    keys: (page) =>
      keysOf(
        q,
        (q as Db)
          .select({ key: rowidOf(table) })
          .from(table as typeof t.users)
          .where(live)
          .orderBy(...order)
          .$dynamic(),
        page,
      ),
    rows: (keys) => rows(rowsByKey(q, table, keys)),
  };
}
