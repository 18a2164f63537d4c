import { and, eq, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

export type ProgramRow = typeof t.programs.$inferSelect;

/**
 * The live EMS program an annual-report read is about, if the actor may manage its reports; a program outside their
 * scope answers as one that exists nowhere, so a guessed id learns nothing, and a fire or police program is refused.
 */
export function reportProgramOr404(q: Q, actor: Actor, programId: string): ProgramRow {
  assertCan(actor, 'annualReport.manage');
  const program = q
    .select()
    .from(t.programs)
    .where(and(eq(t.programs.id, programId), isNull(t.programs.deletedAt)))
    .get();
  if (!program || !inProgram(q, actor, program.id)) throw notFound('Program');
  // CoAEMSP's outcomes and the SMC are an EMS program's: a fire or police program's would be EMS tables of nothing
  if (program.type !== 'ems') throw invalid({ programId: MSG.annualReportEmsOnly });
  return program;
}

/** The program's live students. */
export const programStudents = (q: Q, programId: string) =>
  q
    .select()
    .from(t.students)
    .where(and(eq(t.students.programId, programId), isNull(t.students.deletedAt)))
    .all();
