/**
 * Progress reports and program summaries (GET /api/reports/progress, /api/reports/program-summaries).
 *
 * Rules:
 * - One report per visible student: overall progress, skills completed/total, verified and unverified attempts,
 *   hours (clinical + field) and last activity as every screen shows them (api/domain/student-summary.ts).
 * - Status: 'completed' when overall progress is 100 and hours >= the program's required hours; otherwise
 *   expected = 100 * clamp((today - enrollment) / (expected graduation - enrollment), 0, 1) and the student is
 *   'on_track' at progress >= expected - 10, 'at_risk' at >= expected - 25, else 'behind'.
 * - Program summary, per program with visible students: totalStudents; averageProgress = rounded mean progress;
 *   completionRate = rounded % of students completed; averageGPA = mean of the GPAs recorded, 2 decimals, null when
 *   none; onTrackStudents = on_track + completed; atRiskStudents = at_risk + behind.
 */
import type { StudentFigures } from '#api/domain/student-figures.ts';
import type { StudentRow } from '#api/domain/student-summary.ts';
import type { FieldTraining } from '#schema/dor-progress.ts';
import type { BookFigures } from '#schema/fire-task-book.ts';
import { byPersonName } from '#schema/names.ts';
import { type ProgramSummary, type ProgressReport, progressStatus } from '#schema/reports.ts';

export const studentName = (s: Pick<StudentRow, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`;

/** The facts the status rules read, from a student and their summary. */
export function progressFacts(s: StudentRow, sum: StudentFigures | undefined) {
  return {
    overallProgress: sum?.progressPercentage ?? 0,
    hours: sum?.totalHours ?? 0,
    requiredHours: sum?.requiredHours ?? 0,
    enrollmentDate: s.enrollmentDate,
    expectedGraduation: s.expectedGraduation,
  };
}

/** A fire candidate's book as the report shows it (JPRs signed of those required, its state); nothing for others. */
const taskBookOf = (f: BookFigures | undefined) =>
  f ? { taskBook: { signed: f.signed, required: f.required, state: f.state } } : {};

/** A police recruit's field training as the report shows it; nothing for others. */
const fieldTrainingIn = (f: FieldTraining | undefined) => (f ? { fieldTraining: f } : {});

export function progressReports(
  students: StudentRow[],
  summaries: Map<string, StudentFigures>,
  today: string,
  taskBooks: Map<string, BookFigures> = new Map(),
  fieldTraining: Map<string, FieldTraining> = new Map(),
): ProgressReport[] {
  return [...students].sort(byPersonName).map((s) => {
    const sum = summaries.get(s.id);
    return {
      id: s.id,
      studentId: s.studentCode,
      studentName: studentName(s),
      programId: s.programId,
      programName: sum?.program?.name ?? '',
      programType: sum?.program?.type ?? '',
      enrollmentDate: s.enrollmentDate,
      expectedGraduation: s.expectedGraduation,
      overallProgress: sum?.progressPercentage ?? 0,
      skillsCompleted: sum?.skillsCompleted ?? 0,
      skillsTotal: sum?.totalSkills ?? 0,
      verifiedAttempts: sum?.verifiedAttempts ?? 0,
      unverifiedAttempts: sum?.unverifiedAttempts ?? 0,
      clinicalHours: sum?.totalHours ?? 0,
      requiredHours: sum?.requiredHours ?? 0,
      lastActivity: sum?.lastActivity ?? null,
      status: progressStatus(progressFacts(s, sum), today),
      gpa: s.gpa ?? null,
      ...taskBookOf(taskBooks.get(s.id)),
      ...fieldTrainingIn(fieldTraining.get(s.id)),
    };
  });
}

const mean = (ns: number[]) => ns.reduce((a, b) => a + b, 0) / ns.length;

export function programSummaries(reports: ProgressReport[]): ProgramSummary[] {
  const byProgram = new Map<string, ProgressReport[]>();
  for (const r of reports) byProgram.set(r.programId, [...(byProgram.get(r.programId) ?? []), r]);
  return [...byProgram.values()]
    .map((rs) => {
      const count = (...statuses: string[]) => rs.filter((r) => statuses.includes(r.status)).length;
      const gpas = rs.map((r) => r.gpa).filter((g): g is number => g !== null);
      return {
        programId: rs[0].programId,
        programName: rs[0].programName,
        programType: rs[0].programType,
        totalStudents: rs.length,
        averageProgress: Math.round(mean(rs.map((r) => r.overallProgress))),
        completionRate: Math.round((count('completed') / rs.length) * 100),
        averageGPA: gpas.length ? Math.round(mean(gpas) * 100) / 100 : null,
        onTrackStudents: count('on_track', 'completed'),
        atRiskStudents: count('at_risk', 'behind'),
      };
    })
    .sort((a, b) => a.programName.localeCompare(b.programName));
}
