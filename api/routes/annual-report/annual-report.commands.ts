/**
 * What a program enters for its annual report: each student's outcome (a graduate's placement, a leaver's exit) and
 * each graduate's written-exam attempts. Online only: these are desk work for the program's director or coordinator.
 */
import { and, eq, isNull } from 'drizzle-orm';

import { type Actor, type CommandContext, defineCommand } from '#api/commands/command.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram, studentFieldNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { examAttemptSchema, outcomeSchema } from '#schema/annual-report.ts';
import { byId } from '#schema/common.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

/** The student a form names, if the actor manages their program's report; otherwise the form's "not found". */
function reportStudent(ctx: CommandContext, actor: Actor, studentId: string) {
  assertCan(actor, 'annualReport.manage');
  const student = visibleStudentOr(ctx.tx, actor, studentId, studentFieldNotFound);
  if (!inProgram(ctx.tx, actor, student.programId)) throw studentFieldNotFound();
  return student;
}

/** Sets a student's one outcome, replacing the one they had: a placement needs a graduate, an exit a non-graduate. */
export const setStudentOutcome = defineCommand({
  name: 'setStudentOutcome',
  args: outcomeSchema,
  apply(ctx, args) {
    const student = reportStudent(ctx, ctx.actor, args.studentId);
    if (args.placement && !student.graduationDate) throw invalid({ placement: MSG.placementNotGraduate });
    if (args.exitReason && student.graduationDate) throw invalid({ exitReason: MSG.exitOfGraduate });
    const current = ctx.tx
      .select()
      .from(t.studentOutcomes)
      .where(and(eq(t.studentOutcomes.studentId, student.id), isNull(t.studentOutcomes.deletedAt)))
      .get();
    const values = { ...args, programId: student.programId, recordedBy: ctx.actor.id };
    return current ? ctx.update(t.studentOutcomes, current, values) : ctx.insert(t.studentOutcomes, values);
  },
});

export const recordExamAttempt = defineCommand({
  name: 'recordExamAttempt',
  args: examAttemptSchema,
  apply(ctx, args) {
    const student = reportStudent(ctx, ctx.actor, args.studentId);
    if (!student.graduationDate) throw invalid({ studentId: MSG.examOfNonGraduate });
    const taken = ctx.tx
      .select({ id: t.examAttempts.id })
      .from(t.examAttempts)
      .where(
        and(
          eq(t.examAttempts.studentId, student.id),
          eq(t.examAttempts.attemptNumber, args.attemptNumber),
          isNull(t.examAttempts.deletedAt),
        ),
      )
      .get();
    if (taken) throw invalid({ attemptNumber: MSG.examAttemptTaken });
    return ctx.insert(t.examAttempts, { ...args, programId: student.programId, recordedBy: ctx.actor.id });
  },
});

/** Removes an attempt entered by mistake; the audit log keeps what it said. */
export const removeExamAttempt = defineCommand({
  name: 'removeExamAttempt',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'annualReport.manage');
    const attempt = ctx.find(t.examAttempts, id);
    if (!attempt || !inProgram(ctx.tx, ctx.actor, attempt.programId)) throw notFound('Exam attempt');
    ctx.remove(t.examAttempts, attempt);
    return { id };
  },
});

export const annualReportCommands = [setStudentOutcome, recordExamAttempt, removeExamAttempt];
