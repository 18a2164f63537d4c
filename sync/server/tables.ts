/**
 * For each table a client keeps: how a row travels, and which changed rows a client may hold although it may no
 * longer see them. Which rows a user sees is api/permissions/visibility.ts, the REST lists' rule too.
 */
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

import type { UserRow } from '#api/http/context.ts';
import { userAsSeenBy } from '#api/routes/users/user-fields.ts';
import * as t from '#schema/tables.ts';

import type { SyncedTableName } from '../protocol.ts';
import type { View } from './view.ts';

type Row = { id: string; deletedAt: string | null; version: number } & Record<string, unknown>;
export interface TableSpec {
  table: SQLiteTable & { version: unknown; id: unknown };
  /**
   * The rows changed after the cookie's version that the client may hold: those it sees now and, where a row's own
   * fields can take it out of view, those it may have seen before (sent as deletes when no longer visible). Without
   * it, the rows the user sees: every other way out of view is a tombstone or changes the view's epoch.
   */
  held?: (view: View, since: number) => SQL | undefined;
  toClient: (view: View, row: Row) => Record<string, unknown> & { id: string };
}

const plain = ({ deletedAt: _d, ...row }: Row) => row;
/**
 * A student's progress or hours the user sees, and those of students changed since: moving a student to another
 * program, or removing them, changes their row and touches their records (students.commands.ts).
 */
const ofStudentsHeld = (visible: SQL | undefined, studentId: SQLiteColumn, since: number) =>
  visible &&
  or(
    visible,
    inArray(studentId, sql`(select ${t.students.id} from ${t.students} where ${t.students.version} > ${since})`),
  );

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
    toClient: (_v, { studentCode, ...s }) => ({ ...plain(s as Row), studentId: studentCode }),
  },
  skills: { table: t.skills, toClient: (_v, r) => plain(r) },
  studentSkills: {
    table: t.studentSkills,
    held: (view, since) => ofStudentsHeld(view.visible.studentSkills, t.studentSkills.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  skillAttempts: {
    table: t.skillAttempts,
    held: (view, since) => ofStudentsHeld(view.visible.skillAttempts, t.skillAttempts.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  skillAttemptVoids: {
    table: t.skillAttemptVoids,
    held: (view, since) => ofStudentsHeld(view.visible.skillAttemptVoids, t.skillAttemptVoids.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  patientContacts: {
    table: t.patientContacts,
    held: (view, since) => ofStudentsHeld(view.visible.patientContacts, t.patientContacts.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  signOffs: {
    table: t.signOffs,
    held: (view, since) => ofStudentsHeld(view.visible.signOffs, t.signOffs.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  clinicalSites: { table: t.clinicalSites, toClient: (_v, r) => plain(r) },
  siteEmails: { table: t.siteEmails, toClient: (_v, r) => plain(r) },
  clinicalHours: {
    table: t.clinicalHours,
    held: (view, since) => ofStudentsHeld(view.visible.clinicalHours, t.clinicalHours.studentId, since),
    toClient: (_v, r) => plain(r),
  },
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
  taskBooks: {
    table: t.taskBooks,
    held: (view, since) => ofStudentsHeld(view.visible.taskBooks, t.taskBooks.studentId, since),
    toClient: (_v, r) => plain(r),
  },
  jprSignOffs: {
    table: t.jprSignOffs,
    held: (view, since) => ofStudentsHeld(view.visible.jprSignOffs, t.jprSignOffs.studentId, since),
    toClient: (_v, r) => plain(r),
  },
};
