import { isDeepStrictEqual } from 'node:util';

import { and, eq, isNull } from 'drizzle-orm';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { rowWhere } from '#api/db/rows.ts';
import { restateStudent } from '#api/domain/evidence/sign-off-effects.ts';
import { restateStudentSummaries } from '#api/domain/evidence/skill-summary.ts';
import { conflict, forbidden, invalid } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram, studentNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { byId } from '#schema/common.ts';
import { ERR } from '#schema/messages.ts';
import { studentCreateSchema, studentUpdateArgs } from '#schema/student.ts';
import * as t from '#schema/tables.ts';

function assertProgramUsable(ctx: CommandContext, programId: string) {
  if (!ctx.find(t.programs, programId)) throw invalid({ programId: 'Program not found' });
  if (!inProgram(ctx.tx, ctx.actor, programId)) throw forbidden();
}

/** A cached statement, not one built per call: a roster import asks it once a row (10,000 rows: ~1 s less). */
function assertCodeFree(ctx: CommandContext, code: string, exceptId = '') {
  const clash = rowWhere(ctx.tx, t.students, 'student_code = ? and deleted_at is null and id <> ?', code, exceptId);
  if (clash) throw conflict(ERR.studentCodeTaken, { studentId: ERR.studentCodeTaken });
}

/**
 * The student's account: only the one staff chose. Never found by the record's e-mail: a user picks their own address
 * and nothing proves they own it, so matching on it let a student claim a recruit's record by taking their address.
 */
function linkedUserId(ctx: CommandContext, userId: string | null): string | null {
  if (!userId) return null;
  const user = ctx.find(t.users, userId);
  if (!user || user.role !== 'student') throw invalid({ userId: 'Not a student account' });
  return user.id;
}

/** A student's records: they follow their student in and out of users' views. */
const STUDENT_RECORDS = [
  t.studentSkills,
  t.skillAttempts,
  t.skillAttemptVoids,
  t.patientContacts,
  t.clinicalHours,
  t.taskBooks,
  t.jprSignOffs,
];

function touchRecordsOf(ctx: CommandContext, studentId: string) {
  for (const table of STUDENT_RECORDS) ctx.touchWhere(table, 'studentId', studentId);
}

/**
 * A moved student's records answer to the new program: what verifies their attempts (the sign-off states it counts)
 * and, where its minimums differ, what their figures are measured against.
 */
function followProgram(ctx: CommandContext, studentId: string, fromId: string, toId: string) {
  restateStudent(ctx, studentId);
  const [from, to] = [ctx.find(t.programs, fromId), ctx.find(t.programs, toId)];
  if (!isDeepStrictEqual(from?.skillMinimums ?? null, to?.skillMinimums ?? null)) {
    restateStudentSummaries(ctx, studentId);
  }
}

export const createStudent = defineCommand({
  name: 'createStudent',
  offline: true,
  args: studentCreateSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'students.create');
    assertProgramUsable(ctx, args.programId);
    assertCodeFree(ctx, args.studentId);
    const { studentId, userId, ...rest } = args;
    return ctx.insert(t.students, { ...rest, studentCode: studentId, userId: linkedUserId(ctx, userId) });
  },
});

export const updateStudent = defineCommand({
  name: 'updateStudent',
  offline: true,
  args: studentUpdateArgs,
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'students.update');
    const current = visibleStudentOr(ctx.tx, ctx.actor, id, studentNotFound);
    if (changes.programId && changes.programId !== current.programId) assertProgramUsable(ctx, changes.programId);
    if (changes.studentId) assertCodeFree(ctx, changes.studentId, id);
    const { studentId, userId, ...rest } = changes;
    const moved = !!changes.programId && changes.programId !== current.programId;
    if (moved) touchRecordsOf(ctx, id);
    const updated = ctx.update(t.students, current, {
      ...rest,
      ...(studentId !== undefined && { studentCode: studentId }),
      ...(userId !== undefined && { userId: linkedUserId(ctx, userId) }),
    });
    if (moved) followProgram(ctx, id, current.programId, updated.programId);
    return updated;
  },
});

/** Removes the student from all programs. Their progress and hours stay in the database as accreditation evidence. */
export const deleteStudent = defineCommand({
  name: 'deleteStudent',
  offline: true,
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'students.delete');
    const current = ctx.get(t.students, id, 'Student');
    if (current.userId) {
      for (const m of ctx.tx
        .select()
        .from(t.programMembers)
        .where(and(eq(t.programMembers.userId, current.userId), isNull(t.programMembers.deletedAt)))
        .all()) {
        ctx.remove(t.programMembers, m);
      }
    }
    touchRecordsOf(ctx, id);
    ctx.remove(t.students, current);
    return { id };
  },
});

export const studentCommands = [createStudent, updateStudent, deleteStudent];
