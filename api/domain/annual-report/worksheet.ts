/**
 * The annual-report worksheet of one program and calendar year: the figures (schema/annual-report.ts) and, for the
 * entry forms, each student who graduated or left that year or has no outcome yet, with their outcome and exam attempts.
 */
import { and, eq, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { annualReportFigures, type ExitReason, type Placement } from '#schema/annual-report.ts';
import type { AnnualReportAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

import { programStudents, reportProgramOr404 } from './program-access.ts';

const liveOutcomes = (q: Q, programId: string) =>
  q
    .select()
    .from(t.studentOutcomes)
    .where(and(eq(t.studentOutcomes.programId, programId), isNull(t.studentOutcomes.deletedAt)))
    .all()
    .map((o) => ({ ...o, placement: o.placement as Placement | null, exitReason: o.exitReason as ExitReason | null }));

const liveExamAttempts = (q: Q, programId: string) =>
  q
    .select()
    .from(t.examAttempts)
    .where(and(eq(t.examAttempts.programId, programId), isNull(t.examAttempts.deletedAt)))
    .all();

export function annualReportWorksheet(q: Q, actor: Actor, programId: string, year: number): AnnualReportAnswer {
  const program = reportProgramOr404(q, actor, programId);
  const students = programStudents(q, program.id);
  const outcomes = liveOutcomes(q, program.id);
  const attempts = liveExamAttempts(q, program.id);
  const figures = annualReportFigures(year, students, outcomes, attempts);
  const outcomeOf = new Map(outcomes.map((o) => [o.studentId, o]));
  const inYear = (day: string | null | undefined) => !!day && day.startsWith(`${year}-`);
  // the year's graduates and leavers, and everyone not yet accounted for (still enrolled, or left without a record)
  const rows = students
    .filter(
      (s) =>
        inYear(s.graduationDate) ||
        inYear(outcomeOf.get(s.id)?.exitDate) ||
        (!s.graduationDate && !outcomeOf.get(s.id)),
    )
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
    .map((s) => ({
      studentId: s.id,
      name: `${s.firstName} ${s.lastName}`,
      studentCode: s.studentCode,
      graduationDate: s.graduationDate,
      outcome: outcomeOf.get(s.id) ?? null,
      examAttempts: attempts
        .filter((a) => a.studentId === s.id)
        .sort((a, b) => a.attemptNumber - b.attemptNumber)
        .map((a) => ({ id: a.id, attemptNumber: a.attemptNumber, takenOn: a.takenOn, passed: a.passed })),
    }));
  return { program: { id: program.id, name: program.name }, figures, students: rows };
}
