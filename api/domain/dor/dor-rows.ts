/** Reading a Daily Observation Report with what its rules need: the trainee's student record and the program. */
import type { CommandContext } from '#api/commands/command.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { canSeeStudent, studentFieldNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { dorPhaseRulesOf } from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { DOR_MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

type StudentRow = typeof t.students.$inferSelect;

const dorNotFound = () => notFound('Report');

/** The program of a trainee, which must be a police program: its categories and rules. */
function policeProgramOf(ctx: CommandContext, student: StudentRow) {
  const program = ctx.find(t.programs, student.programId);
  if (program?.type !== 'police') throw invalid({ studentId: DOR_MSG.notPolice });
  return { program, categories: dorCategoriesOf(program), rules: dorPhaseRulesOf(program) };
}

/** A trainee the actor may see, for a new report: someone else's student record in a police program. */
export function traineeFor(ctx: CommandContext, studentId: string) {
  assertCan(ctx.actor, 'dor.write');
  const student = visibleStudentOr(ctx.tx, ctx.actor, studentId, studentFieldNotFound);
  return { student, ...policeProgramOf(ctx, student) };
}

/** A live report whose trainee the actor may see; any other id answers as one that exists nowhere. */
export function visibleDor(ctx: CommandContext, id: string) {
  const dor = ctx.find(t.dors, id);
  const student = dor && ctx.find(t.students, dor.studentId);
  if (!dor || !student || !canSeeStudent(ctx.tx, ctx.actor, student)) throw dorNotFound();
  return { dor, student, ...policeProgramOf(ctx, student) };
}
