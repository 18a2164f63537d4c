/**
 * Who sees which row, once per table, as SQL: the REST lists and the sync pull both filter with these conditions, so
 * what a device holds is what the REST reads show the same user. `undefined` means every row. Tombstones are left to
 * the caller: the lists skip them, the pull sends them as deletes.
 */
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

import { emailKey } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import type { Actor } from '../commands/command.ts';
import type { Q } from '../db/open.ts';
import { can } from './matrix.ts';
import { ownStudentRecords, programScope, visibleStudentsWhere } from './scope.ts';

type Where = (q: Q, actor: Actor) => SQL | undefined;

const none = sql`0`;
const staffOnly: Where = (_q, actor) => (can(actor.role, 'staff.read') ? undefined : none);

/** Ids of the live students the actor may see, as a subquery. */
const visibleStudentIds = (q: Q, actor: Actor) =>
  q
    .select({ id: t.students.id })
    .from(t.students)
    .where(and(isNull(t.students.deletedAt), visibleStudentsWhere(q, actor)));

/** Rows that belong to no program, or to one the actor works in. */
function ofProgramInScope(q: Q, actor: Actor, programId: SQLiteColumn) {
  const scope = programScope(q, actor);
  if (scope === 'all') return undefined;
  return scope.size > 0 ? or(isNull(programId), inArray(programId, [...scope])) : isNull(programId);
}

/** A message shows in its recipient's inbox until the recipient deletes it from their view. */
export const receivedBy = (actor: Actor) =>
  and(eq(t.messages.recipientId, actor.id), eq(t.messages.recipientDeleted, false));
/** A message shows among its sender's sent messages until the sender deletes it from their view. */
export const sentBy = (actor: Actor) => and(eq(t.messages.senderId, actor.id), eq(t.messages.senderDeleted, false));

/**
 * Who may see a document: everyone a public one; its uploader; staff and students of its program; staff a
 * non-public one of no program; director and administration all. One rule for the list, the pull, downloads and deletes.
 */
function documentsWhere(q: Q, actor: Actor): SQL | undefined {
  if (can(actor.role, 'documents.readAll')) return undefined;
  const scope = programScope(q, actor);
  return or(
    eq(t.documents.isPublic, true),
    eq(t.documents.uploadedBy, actor.id),
    scope === 'all'
      ? isNotNull(t.documents.programId)
      : scope.size > 0
        ? inArray(t.documents.programId, [...scope])
        : undefined,
    can(actor.role, 'staff.read') ? isNull(t.documents.programId) : undefined,
  );
}

/** Reviewers read every request; others their own, and a student also the preceptor and clinical-time requests about their student record. */
function requestsWhere(q: Q, actor: Actor): SQL | undefined {
  if (can(actor.role, 'requests.readAll')) return undefined;
  const own = actor.role === 'student' ? ownStudentRecords(q, actor).map((s) => s.id) : [];
  return own.length
    ? or(
        eq(t.requests.userId, actor.id),
        and(inArray(t.requests.kind, ['preceptor', 'clinical-time']), inArray(t.requests.studentId, own)),
      )
    : eq(t.requests.userId, actor.id);
}

/**
 * The sign-offs given in this user's name: the contact the preceptor wrote is their account's e-mail. A preceptor
 * sees only these, not every sign-off of their programs' students.
 */
function signedBy(q: Q, actor: Actor): SQL {
  const email = q.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, actor.id)).get()?.email;
  return email ? sql`lower(trim(json_extract(${t.signOffs.preceptor}, '$.contact'))) = ${emailKey(email)}` : sql`0`;
}

/** The shifts of the programs a user works in or studies in (each has one program). */
function shiftsWhere(q: Q, actor: Actor): SQL | undefined {
  const scope = programScope(q, actor);
  if (scope === 'all') return undefined;
  return scope.size > 0 ? inArray(t.shifts.programId, [...scope]) : none;
}

export const visibleWhere = {
  users: () => undefined,
  instructors: staffOnly,
  programs: () => undefined,
  programMembers: (_q, actor) => (can(actor.role, 'staff.read') ? undefined : eq(t.programMembers.userId, actor.id)),
  students: visibleStudentsWhere,
  skills: () => undefined,
  studentSkills: (q, actor) => inArray(t.studentSkills.studentId, visibleStudentIds(q, actor)),
  skillAttempts: (q, actor) => inArray(t.skillAttempts.studentId, visibleStudentIds(q, actor)),
  skillAttemptVoids: (q, actor) => inArray(t.skillAttemptVoids.studentId, visibleStudentIds(q, actor)),
  patientContacts: (q, actor) => inArray(t.patientContacts.studentId, visibleStudentIds(q, actor)),
  signOffs: (q, actor) =>
    actor.role === 'preceptor' ? signedBy(q, actor) : inArray(t.signOffs.studentId, visibleStudentIds(q, actor)),
  clinicalSites: () => undefined,
  siteEmails: staffOnly,
  clinicalHours: (q, actor) => inArray(t.clinicalHours.studentId, visibleStudentIds(q, actor)),
  documents: documentsWhere,
  messages: (_q, actor) => or(receivedBy(actor), sentBy(actor)),
  requests: requestsWhere,
  accreditationRequirements: (q, actor) =>
    can(actor.role, 'staff.read') ? ofProgramInScope(q, actor, t.accreditationRequirements.programId) : none,
  ramAssessments: (q, actor) =>
    can(actor.role, 'staff.read') ? ofProgramInScope(q, actor, t.ramAssessments.programId) : none,
  shifts: shiftsWhere,
  shiftBookings: (q, actor) => inArray(t.shiftBookings.studentId, visibleStudentIds(q, actor)),
  studentCredentials: (q, actor) => inArray(t.studentCredentials.studentId, visibleStudentIds(q, actor)),
  dors: (q, actor) => inArray(t.dors.studentId, visibleStudentIds(q, actor)),
  taskBooks: (q, actor) => inArray(t.taskBooks.studentId, visibleStudentIds(q, actor)),
  jprSignOffs: (q, actor) => inArray(t.jprSignOffs.studentId, visibleStudentIds(q, actor)),
} satisfies Record<string, Where>;
