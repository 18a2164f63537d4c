/**
 * What a records export holds: one section per table, each the live rows of a scope, read a page at a time. A section
 * keeps only its rows' keys (rowids) until it is written, so a program of thousands of students holds a few MB of keys,
 * not its records. Fields that never leave the server are left out here, as the sync pull leaves them out.
 */
import { and, getTableColumns, getTableName, inArray, isNull, or, type SQL } from 'drizzle-orm';

import type { Actor, SyncedTable } from '#api/commands/command.ts';
import type { Db, Q } from '#api/db/open.ts';
import type { UserRow } from '#api/http/context.ts';
import { keysOf, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { receivedBy, sentBy } from '#api/permissions/visibility.ts';
import * as t from '#schema/tables.ts';

import { userToApi } from '../users/user-fields.ts';

export interface ExportSection {
  /** The table's SQL name: the files are `<name>.csv` and `<name>.json`. */
  name: string;
  columns: string[];
  keys: number[];
  rows(keys: number[]): Record<string, unknown>[];
}

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

function section<T extends SyncedTable>(q: Q, table: T, where: SQL | undefined): ExportSection {
  const name = getTableName(table);
  const users = table === t.users;
  const omitted = new Set(['deletedAt', ...(LEFT_OUT[name] ?? [])]);
  const columns = users ? USER_COLUMNS : Object.keys(getTableColumns(table)).filter((c) => !omitted.has(c));
  const keys = keysOf(
    q,
    (q as Db)
      .select({ key: rowidOf(table) })
      .from(table as typeof t.users)
      .where(and(isNull(table.deletedAt), where))
      .orderBy(rowidOf(table))
      .$dynamic(),
  );
  const shape = (row: Record<string, unknown>) =>
    users ? userToApi(row as UserRow) : Object.fromEntries(columns.map((c) => [c, row[c]]));
  return { name, columns, keys, rows: (some) => rowsByKey(q, table, some).map(shape) };
}

/** The tables that hold a student's records, each by its `studentId`. */
const STUDENT_RECORDS = [
  t.studentSkills,
  t.skillAttempts,
  t.skillAttemptVoids,
  t.patientContacts,
  t.signOffs,
  t.clinicalHours,
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
