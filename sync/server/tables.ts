/**
 * For each table a client keeps: how a row travels, and which changed rows a client may hold although it may no
 * longer see them. Which rows a user sees is api/permissions/visibility.ts, the REST lists' rule too.
 */
import { and, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

import type { UserRow } from '#api/http/context.ts';
import { userAsSeenBy } from '#api/routes/users/user-fields.ts';
import * as t from '#schema/tables.ts';

import type { SyncedTableName } from '../protocol.ts';
import { skillsNamedBy, type View } from './view.ts';

/** The cookie's version in a pull's statements, built once per view and run for any cookie. */
export const SINCE = sql.placeholder('since');

type Row = { id: string; deletedAt: string | null; version: number } & Record<string, unknown>;
export interface TableSpec {
  table: SQLiteTable & { version: unknown; id: unknown };
  /**
   * The rows changed after the cookie's version that the client may hold: those it sees now and, where a row's own
   * fields can take it out of view, those it may have seen before (sent as deletes when no longer visible). Without
   * it, the rows the user sees: every other way out of view is a tombstone or changes the view's epoch.
   */
  held?: (view: View, since: Placeholder<'since'>) => SQL | undefined;
  /**
   * Whether the user sees a changed row, asked of each of the few rows a pull finds changed; without it, the table's
   * visibility condition (the view's), which for a student's records lists every student the user sees.
   */
  seen?: (view: View) => SQL | undefined;
  /**
   * Which rows count as changed after the cookie's version, when not only the rows whose version moved: read without
   * the version index then. Undefined from it: the version rule.
   */
  changed?: (view: View, since: Placeholder<'since'>) => SQL | undefined;
  toClient: (view: View, row: Row) => Record<string, unknown> & { id: string };
}

const plain = ({ deletedAt: _d, ...row }: Row) => row;

/**
 * A changed record of a student the user sees: its student looked up by key, the rule of visibleWhere (a live student
 * in the view) asked of each changed row. visibleWhere's form reads every student the user sees first: 2,000 for a
 * coordinator, on every pull after any write.
 */
const ofSeenStudent = (view: View, studentId: SQLiteColumn) =>
  sql`exists (select 1 from ${t.students} where ${t.students.id} = ${studentId} and ${and(isNull(t.students.deletedAt), view.visible.students)})`;

/**
 * The records of students the user sees (every changed one when they see every student), and those of students changed
 * since: moving a student to another program, or removing them, changes their row and touches their records
 * (students.commands.ts).
 */
const ofStudentsHeld = (view: View, studentId: SQLiteColumn, since: Placeholder<'since'>) =>
  view.visible.students && or(ofSeenStudent(view, studentId), changedStudent(studentId, since));
const changedStudent = (studentId: SQLiteColumn, since: Placeholder<'since'>) =>
  inArray(studentId, sql`(select ${t.students.id} from ${t.students} where ${t.students.version} > ${since})`);

/**
 * For a desk, whose devices compute students' figures from the tallies sent with each student row (pull.ts): the
 * students changed, those whose progress, hours, task-book or JPR records or fire program changed, and every student
 * when a skill changed (a skill's track moves its records' share between the tallies' groups).
 */
const withChangedFigures = (since: Placeholder<'since'>) =>
  or(
    gt(t.students.version, since),
    // one IN per table: as one UNION, SQLite merged them in student order and read every progress row to do it
    sql`${t.students.id} in (select ${t.studentSkills.studentId} from ${t.studentSkills} where ${t.studentSkills.version} > ${since})`,
    sql`${t.students.id} in (select ${t.clinicalHours.studentId} from ${t.clinicalHours} where ${t.clinicalHours.version} > ${since})`,
    // a fire candidate's figures come from their task book (schema/fire-task-book.ts candidateProgress)
    sql`${t.students.id} in (select ${t.taskBooks.studentId} from ${t.taskBooks} where ${t.taskBooks.version} > ${since})`,
    sql`${t.students.id} in (select ${t.jprSignOffs.studentId} from ${t.jprSignOffs} where ${t.jprSignOffs.version} > ${since})`,
    // and from their program's task-book rules, which say whether JPRs passed in training count (any change of a fire
    // program resends its candidates: the row keeps no version of its rules alone)
    sql`${t.students.programId} in (select ${t.programs.id} from ${t.programs} where ${t.programs.type} = 'fire' and ${t.programs.version} > ${since})`,
    sql`exists (select 1 from ${t.skills} where ${t.skills.version} > ${since})`,
  );

/** How a student's records travel: held and seen by their student. */
const ofStudent = (studentId: SQLiteColumn) => ({
  held: (view: View, since: Placeholder<'since'>) => ofStudentsHeld(view, studentId, since),
  seen: (view: View) => ofSeenStudent(view, studentId),
  toClient: (_v: View, r: Row) => plain(r),
});

export const TABLE_SPECS: Record<SyncedTableName, TableSpec> = {
  users: {
    table: t.users,
    toClient: (view, u) => ({ ...userAsSeenBy(view.actor, u as UserRow), version: u.version }),
  },
  instructors: { table: t.instructors, toClient: (_v, r) => plain(r) },
  programs: { table: t.programs, toClient: (_v, r) => plain(r) },
  programMembers: {
    table: t.programMembers,
    toClient: (_v, r) => plain(r),
  },
  students: {
    table: t.students,
    held: () => undefined,
    changed: (view, since) => (view.summaries ? withChangedFigures(since) : undefined),
    toClient: (_v, { studentCode, ...s }) => ({ ...plain(s as Row), studentId: studentCode }),
  },
  skills: {
    table: t.skills,
    // a student's device holds a share of the catalogue (view.ts skillsKept): a skill enters it when a record of theirs
    // written since names it, and leaves it when its discipline changes (every changed skill is asked, sent as a delete)
    held: () => undefined,
    changed: (view, since) => view.kept.skills && or(gt(t.skills.version, since), skillsNamedBy(view.own, since)),
    toClient: (_v, r) => plain(r),
  },
  studentSkills: { table: t.studentSkills, ...ofStudent(t.studentSkills.studentId) },
  skillAttempts: { table: t.skillAttempts, ...ofStudent(t.skillAttempts.studentId) },
  skillAttemptVoids: { table: t.skillAttemptVoids, ...ofStudent(t.skillAttemptVoids.studentId) },
  patientContacts: { table: t.patientContacts, ...ofStudent(t.patientContacts.studentId) },
  signOffs: {
    table: t.signOffs,
    // a preceptor sees the sign-offs given in their name, whichever student's (visibility.ts)
    held: (view, since) =>
      view.actor.role === 'preceptor'
        ? or(view.visible.signOffs, changedStudent(t.signOffs.studentId, since))
        : ofStudentsHeld(view, t.signOffs.studentId, since),
    seen: (view) =>
      view.actor.role === 'preceptor' ? view.visible.signOffs : ofSeenStudent(view, t.signOffs.studentId),
    toClient: (_v, r) => plain(r),
  },
  clinicalSites: { table: t.clinicalSites, toClient: (_v, r) => plain(r) },
  siteEmails: { table: t.siteEmails, toClient: (_v, r) => plain(r) },
  clinicalHours: { table: t.clinicalHours, ...ofStudent(t.clinicalHours.studentId) },
  documents: {
    table: t.documents,
    toClient: (_v, { storedName: _s, ...d }) => plain(d as Row),
  },
  messages: {
    table: t.messages,
    /** Deleting a message from one's own view leaves it to the other side. */
    held: (view) => or(eq(t.messages.recipientId, view.actor.id), eq(t.messages.senderId, view.actor.id)),
    toClient: (view, m) => {
      const mine = m.recipientId === view.actor.id ? 'recipient' : 'sender';
      return {
        id: m.id,
        senderId: m.senderId,
        recipientId: m.recipientId,
        subject: m.subject,
        content: m.content,
        priority: m.priority,
        category: m.category,
        isRead: m.isRead,
        readAt: m.readAt,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
        version: m.version,
        isStarred: m[`${mine}Starred`],
        isArchived: m[`${mine}Archived`],
      };
    },
  },
  requests: {
    table: t.requests,
    toClient: (_v, r) => plain(r),
  },
  accreditationRequirements: {
    table: t.accreditationRequirements,
    toClient: (_v, r) => plain(r),
  },
  ramAssessments: {
    table: t.ramAssessments,
    toClient: (_v, r) => plain(r),
  },
  shifts: { table: t.shifts, toClient: (_v, r) => plain(r) },
  shiftBookings: { table: t.shiftBookings, ...ofStudent(t.shiftBookings.studentId) },
  studentCredentials: { table: t.studentCredentials, ...ofStudent(t.studentCredentials.studentId) },
  dors: { table: t.dors, ...ofStudent(t.dors.studentId) },
  taskBooks: { table: t.taskBooks, ...ofStudent(t.taskBooks.studentId) },
  jprSignOffs: { table: t.jprSignOffs, ...ofStudent(t.jprSignOffs.studentId) },
};
