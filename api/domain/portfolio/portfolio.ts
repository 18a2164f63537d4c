/**
 * A student's portfolio (schema/portfolio.ts) read from the server's tables. The SMC tables come from `smcOfStudent`,
 * the one definition; hours are split by `hoursStanding` (schema/student-summary.ts) as every figure is, and hours only
 * rejected sign-offs hold are left out of every line. A fire candidate's book and a police recruit's reports are read here too, and counted by
 * the same functions as the fire tracker and the DOR tracker.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import { smcOfStudent } from '#api/domain/smc/student-smc.ts';
import { dorPhaseRulesOf } from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { taskBookRulesOf } from '#schema/fire-task-book.ts';
import {
  hoursLines,
  hourTypeLabel,
  noSiteLabel,
  type Portfolio,
  portfolioDor,
  type PortfolioEvaluation,
  portfolioTaskBook,
} from '#schema/portfolio.ts';
import { round1 } from '#schema/progress.ts';
import { addUpHours, type StudentRow } from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

type SignOffRow = typeof t.signOffs.$inferSelect;

function portfolioHours(q: Q, studentId: string): Portfolio['hours'] {
  const all = q
    .select()
    .from(t.clinicalHours)
    .where(and(eq(t.clinicalHours.studentId, studentId), isNull(t.clinicalHours.deletedAt)))
    .all();
  const siteNames = new Map(
    q
      .select({ id: t.clinicalSites.id, name: t.clinicalSites.name })
      .from(t.clinicalSites)
      .all()
      .map((s) => [s.id, s.name]),
  );
  const totals = addUpHours(all);
  return {
    byType: hoursLines(all, (h) => hourTypeLabel(h.hourType)),
    bySite: hoursLines(all, (h) =>
      h.clinicalSiteId ? (siteNames.get(h.clinicalSiteId) ?? 'Unknown site') : noSiteLabel(h.hourType),
    ),
    verified: round1(totals.clinical + totals.field),
    awaiting: round1(totals.awaiting),
    rejected: round1(totals.refused),
  };
}

const evaluationOf = (s: SignOffRow, scores: Record<string, number | null>): PortfolioEvaluation => ({
  signOffId: s.id,
  date: s.capturedAt,
  preceptor: `${s.preceptor.name}, ${s.preceptor.credential}`,
  scores,
});

const hasScores = (scores: Record<string, number | null>) => Object.values(scores).some((v) => v !== null);

type ProgramRow = typeof t.programs.$inferSelect;

/** A fire candidate's book at their program's level, with every JPR that level requires. */
function taskBookOf(q: Q, student: StudentRow, program: ProgramRow) {
  const level = program.certificationLevel ?? '';
  const required = q
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'fire'), eq(t.skills.certificationLevel, level), isNull(t.skills.deletedAt)))
    .all();
  const book = q
    .select()
    .from(t.taskBooks)
    .where(and(eq(t.taskBooks.studentId, student.id), eq(t.taskBooks.level, level), isNull(t.taskBooks.deletedAt)))
    .get();
  const records = book
    ? q
        .select()
        .from(t.jprSignOffs)
        .where(and(eq(t.jprSignOffs.taskBookId, book.id), isNull(t.jprSignOffs.deletedAt)))
        .all()
    : [];
  return portfolioTaskBook(book, required, records, taskBookRulesOf(program.taskBookRules));
}

/** A police recruit's DOR record by their program's categories and advancement rules. */
function dorOf(q: Q, student: StudentRow, program: ProgramRow) {
  const dors = q
    .select()
    .from(t.dors)
    .where(and(eq(t.dors.studentId, student.id), isNull(t.dors.deletedAt)))
    .all();
  return portfolioDor(dors, dorCategoriesOf(program), dorPhaseRulesOf(program));
}

const disciplineOf = (program: ProgramRow | undefined): Portfolio['discipline'] =>
  program?.type === 'fire' ? 'fire' : program?.type === 'police' ? 'police' : 'ems';

/** One student's portfolio; the caller has checked the student is visible. */
export function portfolioOf(q: Q, student: StudentRow): Portfolio {
  const program = q.select().from(t.programs).where(eq(t.programs.id, student.programId)).get();
  const signOffs = q
    .select()
    .from(t.signOffs)
    .where(and(eq(t.signOffs.studentId, student.id), isNull(t.signOffs.deletedAt)))
    .orderBy(asc(t.signOffs.capturedAt))
    .all();
  const documents = q
    .select()
    .from(t.documents)
    .where(
      and(
        eq(t.documents.programId, student.programId),
        eq(t.documents.type, 'Certification'),
        isNull(t.documents.deletedAt),
      ),
    )
    .all();
  const discipline = disciplineOf(program);
  return {
    discipline,
    student: {
      id: student.id,
      name: `${student.firstName} ${student.lastName}`,
      studentCode: student.studentCode,
      programId: student.programId,
      programName: program?.name ?? '',
    },
    smc: smcOfStudent(q, student),
    taskBook: discipline === 'fire' && program ? taskBookOf(q, student, program) : null,
    dor: discipline === 'police' && program ? dorOf(q, student, program) : null,
    hours: portfolioHours(q, student.id),
    requiredHours: program?.requiredHours ?? null,
    affective: signOffs.filter((s) => hasScores(s.evaluation)).map((s) => evaluationOf(s, s.evaluation)),
    teamLeads: signOffs.filter((s) => hasScores(s.teamLeadScores)).map((s) => evaluationOf(s, s.teamLeadScores)),
    signOffs: signOffs.map((s) => ({
      id: s.id,
      capturedAt: s.capturedAt,
      status: s.status,
      preceptor: { name: s.preceptor.name, credential: s.preceptor.credential, agency: s.preceptor.agency },
      signature:
        s.signature.kind === 'typed' ? { kind: 'typed', name: s.signature.name } : { kind: 'drawn', name: null },
      hash: s.hash,
      records: s.records.length,
    })),
    documents: documents.map((d) => ({ id: d.id, name: d.name, type: d.type, uploadedAt: d.createdAt })),
  };
}
