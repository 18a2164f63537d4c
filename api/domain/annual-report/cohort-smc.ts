/**
 * A program's cohort SMC summary: each live student's SMC by the one definition (`studentSmc`, schema/smc.ts) over
 * the records in the date range and setting asked for, then met / not met summed per item (schema/cohort-smc.ts).
 * Records are read once for the whole program, not per student.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { type CohortSmcFilter, cohortSmcSummary, inCohortFilter } from '#schema/cohort-smc.ts';
import { studentSmc } from '#schema/smc.ts';
import type { CohortSmcAnswer } from '#schema/smc-answer.ts';
import * as t from '#schema/tables.ts';

import { programStudents, reportProgramOr404 } from './program-access.ts';

const groupBy = <T extends { studentId: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.studentId);
    if (list) list.push(r);
    else map.set(r.studentId, [r]);
  }
  return map;
};

/** Every live student's SMC over the filtered records, by name; the summary sums exactly these. */
export function cohortSmcOf(q: Q, actor: Actor, programId: string, filter: CohortSmcFilter): CohortSmcAnswer {
  const program = reportProgramOr404(q, actor, programId);
  const students = programStudents(q, program.id).sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  );
  const ids = students.map((s) => s.id);
  const skills = q
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'ems'), isNull(t.skills.deletedAt)))
    .all();
  const contacts = groupBy(
    q
      .select()
      .from(t.patientContacts)
      .where(inArray(t.patientContacts.studentId, ids))
      .all()
      .filter((c) => inCohortFilter(filter, c)),
  );
  const attemptRows = q.select().from(t.skillAttempts).where(inArray(t.skillAttempts.studentId, ids)).all();
  const voidedAttemptIds = new Set(
    q
      .select({ attemptId: t.skillAttemptVoids.attemptId })
      .from(t.skillAttemptVoids)
      .where(
        and(
          isNull(t.skillAttemptVoids.deletedAt),
          inArray(
            t.skillAttemptVoids.attemptId,
            q.select({ id: t.skillAttempts.id }).from(t.skillAttempts).where(inArray(t.skillAttempts.studentId, ids)),
          ),
        ),
      )
      .all()
      .map((v) => v.attemptId),
  );
  const attempts = groupBy(
    attemptRows.filter((a) => inCohortFilter(filter, { date: a.attemptedAt, setting: a.setting })),
  );
  const rows = students.map((s) => ({
    studentId: s.id,
    name: `${s.firstName} ${s.lastName}`,
    studentCode: s.studentCode,
    smc: studentSmc({
      student: s,
      program,
      skills,
      contacts: contacts.get(s.id) ?? [],
      attempts: attempts.get(s.id) ?? [],
      voidedAttemptIds,
    }),
  }));
  return { program: { id: program.id, name: program.name }, filter, students: rows, items: cohortSmcSummary(rows) };
}
