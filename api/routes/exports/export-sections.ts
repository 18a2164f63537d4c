/**
 * What a records export holds: one section per table, each the live rows of a scope. A section keeps only its rows'
 * keys (rowids, one query per table whatever the number of students) until it is written, then reads them a page at a
 * time, and its cells come out of SQLite as they are stored: JSON columns as their JSON text, never parsed and written
 * again. Fields that never leave the server are left out here, as the sync pull leaves them out.
 */
import { and, getTableColumns, getTableName, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

import type { Actor, SyncedTable } from '#api/commands/command.ts';
import type { Db, Q } from '#api/db/open.ts';
import { connectionOf } from '#api/db/statements.ts';
import type { UserRow } from '#api/http/context.ts';
import { keysOf, rowidOf } from '#api/http/paging.ts';
import { receivedBy, sentBy } from '#api/permissions/visibility.ts';
import * as t from '#schema/tables.ts';

import { userToApi } from '../users/user-fields.ts';

/** A stored cell as the files write it: `json` its JSON text, `csv` its spreadsheet cell. */
interface ExportCell {
  json: string;
  csv: string | number | null;
}

export interface ExportSection {
  /** The table's SQL name: the files are `<name>.csv` and `<name>.json`. */
  name: string;
  columns: string[];
  /** How many rows it holds, counted when the export began (the README says it). */
  count: number;
  /** Its rows a page at a time, in rowid order. */
  pages(): Generator<ExportCell[][]>;
}

/** Rows per page: one query each, a few hundred KB of text at most. */
const PAGE_ROWS = 2_000;

/**
 * Per table, fields an export leaves out: stored file names stay on the server; a message's per-side flags say what
 * the other side starred, archived or deleted. Tombstones are not exported, so `deletedAt` is always empty.
 */
const LEFT_OUT: Record<string, readonly string[]> = {
  documents: ['storedName'],
  messages: [
    'senderStarred',
    'senderArchived',
    'senderDeleted',
    'recipientStarred',
    'recipientArchived',
    'recipientDeleted',
  ],
};

const USER_COLUMNS = Object.keys(userToApi({} as UserRow));

/** How a stored value becomes its cells: JSON text as it is, SQLite's 0 and 1 as false and true. */
function cellOf(column: SQLiteColumn): (value: unknown) => ExportCell {
  if (column.columnType === 'SQLiteTextJson') {
    return (v) => (v === null ? { json: 'null', csv: null } : { json: v as string, csv: v as string });
  }
  if (column.columnType === 'SQLiteBoolean') {
    return (v) => (v === null ? { json: 'null', csv: null } : { json: String(v === 1), csv: String(v === 1) });
  }
  return (v) => ({ json: JSON.stringify(v), csv: v as string | number | null });
}

/** A drizzle query run as raw rows of values, in its columns' order. */
function rawRows(q: Q, query: { toSQL(): { sql: string; params: unknown[] } }): unknown[][] {
  const { sql: text, params } = query.toSQL();
  return connectionOf(q)
    .prepare(text)
    .raw()
    .all(...params) as unknown[][];
}

function section<T extends SyncedTable>(q: Q, table: T, where: SQL | undefined): ExportSection {
  const name = getTableName(table);
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const omitted = new Set(['deletedAt', ...(LEFT_OUT[name] ?? [])]);
  const columns = table === t.users ? USER_COLUMNS : Object.keys(all).filter((c) => !omitted.has(c));
  const toCells = columns.map((c) => cellOf(all[c]));
  const rowid = rowidOf(table);
  const from = (fields: Record<string, SQL | SQLiteColumn>) => (q as Db).select(fields).from(table as typeof t.users);
  // the rows' keys when the export began, by the scope's indexes (one query); rows written while it streams are the
  // next export's
  const keys = keysOf(
    q,
    from({ key: rowid })
      .where(and(isNull(table.deletedAt), where))
      .orderBy(rowid)
      .$dynamic(),
  );
  const fields = Object.fromEntries(columns.map((c) => [c, all[c]]));
  return {
    name,
    columns,
    count: keys.length,
    *pages() {
      for (let i = 0; i < keys.length; i += PAGE_ROWS) {
        // by rowid alone: a row removed since is left out, any other written as it is now
        const page = from(fields).where(and(isNull(table.deletedAt), inArray(rowid, keys.slice(i, i + PAGE_ROWS))));
        yield rawRows(q, page.orderBy(rowid)).map((row) => toCells.map((cell, c) => cell(row[c])));
      }
    },
  };
}

/**
 * The tables that hold a student's records, each by its `studentId`: every discipline's evidence (a fire candidate's
 * task book and JPR records, a police recruit's DORs) and the shift bookings clocked hours come from, so each figure
 * can be counted again from the export alone.
 */
const STUDENT_RECORDS = [
  t.studentSkills,
  t.skillAttempts,
  t.skillAttemptVoids,
  t.patientContacts,
  t.signOffs,
  t.clinicalHours,
  t.shiftBookings,
  t.taskBooks,
  t.jprSignOffs,
  t.dors,
] as const;

/** The students' records, and the catalogue entries of the skills they name (ids alone say little). */
function studentSections(q: Q, studentsWhere: SQL) {
  const ids = (q as Db)
    .select({ id: t.students.id })
    .from(t.students)
    .where(and(isNull(t.students.deletedAt), studentsWhere));
  const skillIds = (q as Db)
    .select({ id: t.studentSkills.skillId })
    .from(t.studentSkills)
    .where(inArray(t.studentSkills.studentId, ids))
    .union(
      (q as Db)
        .select({ id: t.skillAttempts.skillId })
        .from(t.skillAttempts)
        .where(inArray(t.skillAttempts.studentId, ids)),
    )
    .union(
      (q as Db).select({ id: t.jprSignOffs.skillId }).from(t.jprSignOffs).where(inArray(t.jprSignOffs.studentId, ids)),
    );
  return [
    section(q, t.students, studentsWhere),
    ...STUDENT_RECORDS.map((table) => section(q, table, inArray(table.studentId, ids))),
    section(q, t.skills, inArray(t.skills.id, skillIds)),
  ];
}

/** Everything held about the signed-in user: their account, student records, requests, messages and uploads. */
export function ownSections(q: Q, actor: Actor): ExportSection[] {
  return [
    section(q, t.users, inArray(t.users.id, [actor.id])),
    ...studentSections(q, inArray(t.students.userId, [actor.id])),
    section(q, t.requests, inArray(t.requests.userId, [actor.id])),
    section(q, t.messages, or(sentBy(actor), receivedBy(actor))),
    section(q, t.documents, inArray(t.documents.uploadedBy, [actor.id])),
  ];
}

/**
 * A whole program: the program, its members and students with their accounts, every student's records, its requests,
 * documents and accreditation requirements. Not messages: only their sender and recipient read those.
 */
export function programSections(q: Q, programId: string): ExportSection[] {
  const inThis = [programId];
  const members = (q as Db)
    .select({ id: t.programMembers.userId })
    .from(t.programMembers)
    .where(and(isNull(t.programMembers.deletedAt), inArray(t.programMembers.programId, inThis)));
  const studentAccounts = (q as Db)
    .select({ id: t.students.userId })
    .from(t.students)
    .where(and(isNull(t.students.deletedAt), inArray(t.students.programId, inThis)));
  return [
    section(q, t.programs, inArray(t.programs.id, inThis)),
    section(q, t.programMembers, inArray(t.programMembers.programId, inThis)),
    section(q, t.users, or(inArray(t.users.id, members), inArray(t.users.id, studentAccounts))),
    ...studentSections(q, inArray(t.students.programId, inThis)),
    section(q, t.requests, inArray(t.requests.programId, inThis)),
    section(q, t.documents, inArray(t.documents.programId, inThis)),
    section(q, t.accreditationRequirements, inArray(t.accreditationRequirements.programId, inThis)),
  ];
}
