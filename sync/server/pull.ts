/**
 * POST /api/sync/pull: every row the user may see that changed after the client's cookie (a server version, never a
 * timestamp), tombstones and rows that left the user's view as deletes, the client's last processed mutation id and
 * its rejected mutations, all read in one transaction so they agree. A missing cookie or a changed view epoch starts a
 * first sync: `clear`, then the user's live rows in pages of PULL_PAGE_ROWS, table by table in id order, each page
 * answering a cookie that says where the next starts. A page holds the server for a few milliseconds only (others'
 * requests wait for none), and a device that lost signal or closed the tab resumes from its last page.
 */
import { and, count, fillPlaceholders, getTableName, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { type SQLiteColumn, SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';

import type { Actor } from '#api/commands/command.ts';
import type { Db } from '#api/db/open.ts';
import { rowsOf } from '#api/db/rows.ts';
import { readTransaction, statement } from '#api/db/statements.ts';
import { cachedAtVersion, dataVersion } from '#api/db/version-cache.ts';
import { talliesOf } from '#api/domain/student-figures.ts';
import { OPENED_PER_PULL, OPENED_STUDENT_TABLES } from '#schema/device-set.ts';
import * as t from '#schema/tables.ts';

import {
  type Cookie,
  type PatchOp,
  type PullRequest,
  type PullResponse,
  type SnapshotCursor,
  SYNCED_TABLES,
  type SyncedTableName,
} from '../protocol.ts';
import { lastChangeFor } from './change-scopes.ts';
import { lastMutationIdOf, type StoredOutcomeRow, storedReason } from './clients.ts';
import { SINCE, TABLE_SPECS, type TableSpec } from './tables.ts';
import { OPENED, type View, viewAt } from './view.ts';

/** Rows per page of a first sync: 10-25 ms of the server's one thread on this project's 2-core machine (bench:api). */
const PULL_PAGE_ROWS = 1000;

/**
 * At or after the cookie's version: a rejection takes no version of its own (push.ts), so one refused at the cookie's
 * version may be news to this client. It is reported again until the data moves on; the client ignores what it settled.
 */
const REJECTED_SINCE = `select mutation_id as mutationId, code, message, fields from mutation_results
  where client_id = @clientId and status = 'rejected' and version >= @since`;
interface RejectedRow extends StoredOutcomeRow {
  mutationId: number;
}

type Row = Parameters<TableSpec['toClient']>[1];
type Table = typeof t.users;

const live = (table: TableSpec['table'], visible: SQL | undefined) => and(isNull((table as Table).deletedAt), visible);

/** A table to read on the index named, whatever SQLite would choose. */
const onIndex = (table: Table, index: string) => sql`${table} indexed by ${sql.identifier(index)}`;

const dialect = new SQLiteSyncDialect({ casing: 'snake_case' });

/**
 * Runs the view's statement `key`, built by `build` on its first use and kept with the view, with `values` for its
 * placeholders. drizzle builds SQL and better-sqlite3 prepares it on every call: for the 19 tables of a changed pull
 * that cost 4.6 ms, where SQLite's own work was 0.13 ms. Views of the same shape share the prepared statement.
 */
function viewRows<R>(db: Db, view: View, key: string, tb: Table, build: () => SQL, values: Record<string, unknown>) {
  let read = view.reads.get(key);
  if (!read) {
    const { sql: sqlText, params } = dialect.sqlToQuery(build());
    view.reads.set(key, (read = { sqlText, params }));
  }
  return rowsOf<R>(db, tb, read.sqlText, fillPlaceholders(read.params, values));
}

const AFTER_ID = sql.placeholder('afterId');
const LIMIT = sql.placeholder('limit');

/**
 * Up to `limit` live rows the user sees with an id after `afterId`, in id order. When the user sees most of a large
 * table (a director's students' 300,000 records), the ids are read on the primary key's index by name: left to choose,
 * SQLite reads the condition's index and sorts every row for each page. When the user sees few (an instructor's one
 * program), that is what it should do. Each synced table's first automatic index is its `id` key (sync-server.test.ts).
 */
function liveRowsAfter(db: Db, view: View, name: SyncedTableName, at: Opened & { afterId: string; limit: number }) {
  const tb = TABLE_SPECS[name].table as Table;
  const most = seesMostOf(db, view, name);
  const ids = viewRows<{ id: string }>(
    db,
    view,
    `ids ${name} ${most}`,
    tb,
    () => {
      const from = most ? onIndex(tb, `sqlite_autoindex_${getTableName(tb)}_1`) : tb;
      const where = and(live(tb, view.visible[name]), view.kept[name]?.rows, gt(tb.id, AFTER_ID));
      return sql`select ${tb.id} from ${from} where ${where} order by ${tb.id} limit ${LIMIT}`;
    },
    at,
  ).map((r) => r.id);
  return rowsById(db, tb, ids);
}

/** The rows with these ids, in the order given: one statement per table, whatever the number of ids. */
function rowsById(db: Db, tb: Table, ids: string[]): Row[] {
  if (ids.length === 0) return [];
  const sqlText = `select * from "${getTableName(tb)}" where id in (select value from json_each(?))`;
  const byId = new Map(rowsOf<Row>(db, tb, sqlText, [JSON.stringify(ids)]).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * Whether the user sees all of a table or, for a student's records, a quarter or more of the students: about where
 * reading in key order and skipping the rest costs what reading their rows and sorting them does (bench:api).
 */
function seesMostOf(db: Db, view: View, name: SyncedTableName): boolean {
  if (view.kept[name]) return false;
  if (!view.visible[name]) return true;
  if (!('studentId' in TABLE_SPECS[name].table)) return false;
  return cachedAtVersion(db, `sync sees most ${view.epoch}`, dataVersion(db), () => {
    const students = (where: SQL | undefined) =>
      db
        .select({ n: count() })
        .from(t.students)
        .where(and(isNull(t.students.deletedAt), where))
        .get()!.n;
    return students(view.visible.students) * 4 >= students(undefined);
  });
}

/**
 * Rows changed after `since` that the client may hold, each saying whether the user sees it now. Read on the version
 * index by name: a pull follows every write anywhere, and SQLite otherwise read each visible student's every record
 * to find the few changed (27 ms for a preceptor of 100 students, against 0.05 ms).
 */
function changedRows(db: Db, view: View, name: SyncedTableName, at: Opened & { since: number }) {
  const spec = TABLE_SPECS[name];
  const tb = spec.table as Table;
  return viewRows<Row & { seen: number | null }>(
    db,
    view,
    `changed ${name}`,
    tb,
    () => {
      const kept = view.kept[name];
      const visible = and(spec.seen ? spec.seen(view) : view.visible[name], kept?.rows);
      const held = and(spec.held ? spec.held(view, SINCE) : visible, kept && !kept.leaves ? kept.rows : undefined);
      const changed = spec.changed?.(view, SINCE);
      const from = changed ? tb : onIndex(tb, `${getTableName(tb)}_version`);
      return sql`select ${tb}.*, ${visible ?? sql`1`} as "seen" from ${from} where ${and(changed ?? gt(tb.version, SINCE), held)}`;
    },
    at,
  );
}

/** The opened students of a pull, for the statements' `opened` placeholder (view.ts). */
type Opened = Record<string, unknown> & { opened: string };
const openedParam = (ids: readonly string[]): Opened => ({ opened: JSON.stringify(ids) });

interface Page {
  patch: PatchOp[];
  cookie: Cookie;
}

/**
 * A first sync's start: every row the user sees is still to come. Counted without the live-row condition, which
 * would read each row (a director's count took 450 ms instead of 80), so tombstones make it an upper bound.
 */
function snapshotStart(db: Db, view: View, version: number, opened: readonly string[]): SnapshotCursor {
  const total = cachedAtVersion(db, `sync first-sync total ${view.epoch} ${opened.join()}`, version, () =>
    SYNCED_TABLES.reduce((sum, name) => {
      const tb = TABLE_SPECS[name].table as Table;
      const where = and(view.visible[name], view.kept[name]?.rows);
      const [{ n }] = viewRows<{ n: number }>(
        db,
        view,
        `count ${name}`,
        tb,
        () => sql`select ${count()} as "n" from ${tb} where ${where ?? sql`1`}`,
        openedParam(opened),
      );
      return sum + n;
    }, 0),
  );
  return { table: SYNCED_TABLES[0], afterId: '', sent: 0, total };
}

/** The next page of a first sync from `cursor`; its cookie drops `snapshot` once the last table is through. */
function snapshotPage(
  db: Db,
  view: View,
  version: number,
  cursor: SnapshotCursor,
  pageRows: number,
  opened: string[] | undefined,
): Page {
  const patch: PatchOp[] = [];
  let afterId = cursor.afterId;
  for (let i = SYNCED_TABLES.indexOf(cursor.table); i < SYNCED_TABLES.length; i++, afterId = '') {
    const name = SYNCED_TABLES[i];
    const spec = TABLE_SPECS[name];
    const room = pageRows - patch.length;
    const rows = liveRowsAfter(db, view, name, { ...openedParam(opened ?? []), afterId, limit: room });
    for (const row of rows) patch.push({ op: 'put', table: name, row: spec.toClient(view, row) });
    if (rows.length === room) {
      const snapshot = {
        table: name,
        afterId: rows[rows.length - 1].id,
        sent: cursor.sent + patch.length,
        total: cursor.total,
      };
      return { patch, cookie: { version, epoch: view.epoch, snapshot, opened } };
    }
  }
  return { patch, cookie: { version, epoch: view.epoch, opened } };
}

/** What changed after `since` in the rows the client may hold: puts of what the user sees, deletes of the rest. */
function changesSince(db: Db, view: View, since: number, opened: readonly string[]): PatchOp[] {
  const patch: PatchOp[] = [];
  for (const name of SYNCED_TABLES) {
    const spec = TABLE_SPECS[name];
    for (const { seen, ...row } of changedRows(db, view, name, { ...openedParam(opened), since })) {
      if (seen && !row.deletedAt) patch.push({ op: 'put', table: name, row: spec.toClient(view, row) });
      else patch.push({ op: 'del', table: name, id: row.id });
    }
  }
  return patch;
}

/**
 * Of the students a request opens, those the user sees, live, in the order asked: what a device holds is decided here,
 * whatever it asks. None for a device that holds every visible student's records anyway.
 */
function mayOpen(db: Db, view: View, asked: readonly string[]): string[] {
  if (!view.summaries || asked.length === 0) return [];
  const tb = t.students as unknown as Table;
  const seen = new Set(
    viewRows<{ id: string }>(
      db,
      view,
      'may open',
      tb,
      () =>
        sql`select ${t.students.id} from ${t.students} where ${and(live(t.students, view.visible.students), sql`${t.students.id} in (select value from json_each(${OPENED}))`)}`,
      openedParam(asked),
    ).map((r) => r.id),
  );
  return [...new Set(asked)].filter((id) => seen.has(id));
}

/** Every live row of these students in the tables a desk holds per opened student: their partial resync. */
function openedStudentsRows(db: Db, view: View, ids: string[]): PatchOp[] {
  if (ids.length === 0) return [];
  return OPENED_STUDENT_TABLES.flatMap((name) => {
    const spec = TABLE_SPECS[name];
    const tb = spec.table as Table & { studentId: SQLiteColumn };
    const rows = viewRows<Row>(
      db,
      view,
      `opened ${name}`,
      tb,
      () =>
        sql`select * from ${tb} where ${and(isNull(tb.deletedAt), sql`${tb.studentId} in (select value from json_each(${OPENED}))`)}`,
      openedParam(ids),
    );
    return rows.map((row) => ({ op: 'put' as const, table: name, row: spec.toClient(view, row) }));
  });
}

/** `changes` with the opened students' rows over them: a row appears at most once in a patch (engine.ts). */
function withOpenedRows(changes: PatchOp[], openedRows: PatchOp[]): PatchOp[] {
  if (openedRows.length === 0) return changes;
  const key = (op: PatchOp) =>
    op.op === 'put' ? `${op.table} ${op.row.id}` : op.op === 'del' ? `${op.table} ${op.id}` : '';
  const fresh = new Set(openedRows.map(key));
  return [...changes.filter((op) => !fresh.has(key(op))), ...openedRows];
}

/**
 * A desk device's students' tallies, with each student row it is sent: it computes their figures from them as the
 * server's lists do (schema/student-summary.ts figuresFromTallies), holding none of their per-skill records.
 */
function withTallies(db: Db, view: View, patch: PatchOp[]): PatchOp[] {
  if (!view.summaries) return patch;
  const students = patch.flatMap((op) => (op.op === 'put' && op.table === 'students' ? [op.row] : []));
  if (students.length === 0) return patch;
  const tallies = talliesOf(
    db,
    students.map((s) => ({ id: s.id as string, programId: s.programId as string })),
  );
  for (const row of students) row.tallies = tallies.get(row.id);
  return patch;
}

function nextPage(db: Db, view: View, version: number, req: PullRequest, pageRows: number): Page {
  const { cookie } = req;
  const asked = mayOpen(db, view, req.opened ?? []);
  if (!cookie || cookie.epoch !== view.epoch || cookie.version > version) {
    const opened = view.summaries ? asked : undefined;
    const first = snapshotPage(db, view, version, snapshotStart(db, view, version, asked), pageRows, opened);
    return { ...first, patch: [{ op: 'clear' }, ...first.patch] };
  }
  if (cookie.snapshot) return snapshotPage(db, view, cookie.version, cookie.snapshot, pageRows, cookie.opened);
  // the students still opened are kept up from the cookie; those opened since come in full, a few each pull
  const stillOpen = new Set(req.opened);
  const held = (cookie.opened ?? []).filter((id) => stillOpen.has(id));
  const fresh = asked.filter((id) => !held.includes(id)).slice(0, OPENED_PER_PULL);
  // nothing the user may see or hold changed after the cookie: the versions between are other people's
  const changes =
    cookie.version < lastChangeFor(db, view.actor, view.interest) ? changesSince(db, view, cookie.version, held) : [];
  const patch = withOpenedRows(changes, openedStudentsRows(db, view, fresh));
  return { patch, cookie: { version, epoch: view.epoch, opened: view.summaries ? [...held, ...fresh] : undefined } };
}

/** A cookie of a device that opens no students says nothing of them. */
const withoutOpened = ({ opened: _o, ...cookie }: Cookie): Cookie => cookie;

export function handlePull(db: Db, actor: Actor, req: PullRequest, pageRows = PULL_PAGE_ROWS): PullResponse {
  return readTransaction(db, () => {
    const version = dataVersion(db);
    const view = viewAt(db, actor);
    const page = nextPage(db, view, version, req, pageRows);
    const cookie = page.cookie.opened?.length ? page.cookie : withoutOpened(page.cookie);
    const patch = withTallies(db, view, page.patch);
    const rejected = (
      statement(db, REJECTED_SINCE).all({ clientId: req.clientId, since: req.cookie?.version ?? 0 }) as RejectedRow[]
    ).map((r) => ({ id: r.mutationId, status: 'rejected' as const, ...storedReason(r) }));
    return { cookie, lastMutationId: lastMutationIdOf(db, actor, req.clientId), patch, rejected };
  });
}
