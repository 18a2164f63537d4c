/**
 * The server's reads of the SMC (schema/smc.ts): the records `studentSmc` needs, loaded for the students the caller
 * may see. The figures themselves are the shared function's, so the server's answers equal the device's.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { liveVisibleStudents } from '#api/permissions/scope.ts';
import { type SmcFigures, studentSmc } from '#schema/smc.ts';
import type { studentSmcRowSchema } from '#schema/smc-answer.ts';
import type { StudentRow } from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

const liveEmsSkills = (q: Q) =>
  q
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'ems'), isNull(t.skills.deletedAt)))
    .all();

/** One student's SMC; the caller has checked the student is visible. A cohort passes the catalogue, read once. */
export function smcOfStudent(q: Q, student: StudentRow, skills = liveEmsSkills(q)): SmcFigures {
  const program = q.select().from(t.programs).where(eq(t.programs.id, student.programId)).get();
  const attempts = q.select().from(t.skillAttempts).where(eq(t.skillAttempts.studentId, student.id)).all();
  // by attempt id, the voids' one index
  const voids = q
    .select({ attemptId: t.skillAttemptVoids.attemptId })
    .from(t.skillAttemptVoids)
    .where(
      and(
        isNull(t.skillAttemptVoids.deletedAt),
        inArray(
          t.skillAttemptVoids.attemptId,
          q.select({ id: t.skillAttempts.id }).from(t.skillAttempts).where(eq(t.skillAttempts.studentId, student.id)),
        ),
      ),
    )
    .all();
  return studentSmc({
    student,
    program: program && !program.deletedAt ? program : undefined,
    skills,
    contacts: q.select().from(t.patientContacts).where(eq(t.patientContacts.studentId, student.id)).all(),
    attempts,
    voidedAttemptIds: new Set(voids.map((v) => v.attemptId)),
  });
}

export type StudentSmcRow = z.infer<typeof studentSmcRowSchema>;

/** The SMC of every EMS student the actor may see (a program's, when given), by name. */
export function smcOfVisibleStudents(q: Q, actor: Actor, programId?: string): StudentSmcRow[] {
  const emsPrograms = new Set(
    q
      .select({ id: t.programs.id })
      .from(t.programs)
      .where(and(eq(t.programs.type, 'ems'), isNull(t.programs.deletedAt)))
      .all()
      .map((p) => p.id),
  );
  const students = liveVisibleStudents(q, actor).filter(
    (s) => emsPrograms.has(s.programId) && (!programId || s.programId === programId),
  );
  const skills = liveEmsSkills(q);
  return students
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
    .map((s) => ({
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      studentCode: s.studentCode,
      programId: s.programId,
      smc: smcOfStudent(q, s, skills),
    }));
}
