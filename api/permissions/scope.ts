/** Ownership and program scope: which records a user may see or act on, beyond the role matrix. */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

import type { Signer } from '#schema/attestation.ts';
import * as t from '#schema/tables.ts';

import type { Q } from '../db/open.ts';
import { rowById } from '../db/rows.ts';
import { preparedQuery, statement } from '../db/statements.ts';
import { type AppError, invalid, notFound } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { can } from './matrix.ts';

/** Programs whose students the actor works with; `'all'` for roles that see every program's students. */
export function programScope(q: Q, actor: Actor): 'all' | Set<string> {
  if (can(actor.role, 'students.readAll')) return 'all';
  const memberships = preparedQuery(q, 'scope:memberships', () =>
    q
      .select({ programId: t.programMembers.programId })
      .from(t.programMembers)
      .where(and(eq(t.programMembers.userId, sql.placeholder('userId')), isNull(t.programMembers.deletedAt)))
      .prepare(),
  );
  const ids = new Set(memberships.all({ userId: actor.id }).map((r) => r.programId));
  if (actor.role === 'student') for (const s of ownStudentRecords(q, actor)) ids.add(s.programId);
  return ids;
}

/** A student user's own student records (normally one). */
export function ownStudentRecords(q: Q, actor: Actor) {
  return q
    .select()
    .from(t.students)
    .where(and(eq(t.students.userId, actor.id), isNull(t.students.deletedAt)))
    .all();
}

type StudentRow = typeof t.students.$inferSelect;

/** One membership lookup, not the actor's whole scope: a push checks this for every mutation. */
export function canSeeStudent(q: Q, actor: Actor, student: Pick<StudentRow, 'userId' | 'programId'>): boolean {
  return seesStudent(
    actor,
    student,
    () =>
      statement(
        q,
        'select 1 from program_members where user_id = ? and program_id = ? and deleted_at is null limit 1',
      ).get(actor.id, student.programId) !== undefined,
  );
}

/** The rule: a student sees their own record, roles that span all programs every student, others their programs'. */
function seesStudent(actor: Actor, student: Pick<StudentRow, 'userId'>, isMember: () => boolean): boolean {
  if (actor.role === 'student') return student.userId === actor.id;
  if (can(actor.role, 'students.readAll')) return true;
  return isMember();
}

/** Whether the actor works in the program (member, or a role that spans all programs). */
export function inProgram(q: Q, actor: Actor, programId: string): boolean {
  const scope = programScope(q, actor);
  return scope === 'all' || scope.has(programId);
}

/** The actor as one who signs for the program: its named director, and the role they are assigned to it in. */
export function signerFor(q: Q, actor: Actor, programId: string): Signer {
  const program = q
    .select({ directorId: t.programs.directorId })
    .from(t.programs)
    .where(eq(t.programs.id, programId))
    .get();
  const membership = q
    .select({ assignedRole: t.programMembers.assignedRole })
    .from(t.programMembers)
    .where(
      and(
        eq(t.programMembers.programId, programId),
        eq(t.programMembers.userId, actor.id),
        isNull(t.programMembers.deletedAt),
      ),
    )
    .get();
  return {
    userId: actor.id,
    role: actor.role,
    programDirectorId: program?.directorId ?? null,
    assignedRole: membership?.assignedRole ?? null,
  };
}

/** A student id in a path that names no student the caller may see. */
export const studentNotFound = () => notFound('Student');
/** A student id in a form's field that names no student the caller may see. */
export const studentFieldNotFound = () => invalid({ studentId: 'Student not found' });

/**
 * The live student with this id if the actor may see it. Otherwise the very error an id that exists nowhere gets, so
 * that no answer, read or write, tells a caller that a record outside their scope exists.
 */
export function visibleStudentOr(q: Q, actor: Actor, id: string, unknown: () => AppError): StudentRow {
  const student = rowById<StudentRow>(q, t.students, id);
  if (!student || student.deletedAt || !canSeeStudent(q, actor, student)) throw unknown();
  return student;
}

/**
 * visibleStudentOr for a caller that needs only the check: one statement reads what it depends on, the student's account
 * and the actor's membership of their program, not the whole row (an evidence command in a push runs it for every
 * mutation, and a second statement for the membership was a thirtieth of a pushed progress record).
 */
export function assertStudentVisible(q: Q, actor: Actor, id: string, unknown: () => AppError): void {
  const student = statement(
    q,
    `select user_id as userId, exists(select 1 from program_members m where m.user_id = ? and m.program_id = students.program_id
      and m.deleted_at is null) as member from students where id = ? and deleted_at is null`,
  ).get(actor.id, id) as (Pick<StudentRow, 'userId'> & { member: 0 | 1 }) | undefined;
  if (!student || !seesStudent(actor, student, () => student.member === 1)) throw unknown();
}

/**
 * The SQL condition for the students an actor may see: a student their own records, roles that span all programs
 * every student, everyone else the students of their programs.
 */
export function visibleStudentsWhere(q: Q, actor: Actor): SQL | undefined {
  if (actor.role === 'student') return eq(t.students.userId, actor.id);
  const scope = programScope(q, actor);
  if (scope === 'all') return undefined;
  return scope.size > 0 ? inArray(t.students.programId, [...scope]) : sql`0`;
}

/** The live students the actor may see. */
export function liveVisibleStudents(q: Q, actor: Actor): StudentRow[] {
  return q
    .select()
    .from(t.students)
    .where(and(isNull(t.students.deletedAt), visibleStudentsWhere(q, actor)))
    .all();
}
