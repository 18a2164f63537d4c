/** Loads the rows the report computations read, limited to what the caller may see. */
import { and, inArray, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { fieldTrainingFiguresOf } from '#api/domain/dor/dor-figures.ts';
import { studentFigures } from '#api/domain/student-figures.ts';
import { summarizeStudents, tracksOf } from '#api/domain/student-summary.ts';
import { taskBookFiguresOf } from '#api/domain/task-book/task-book-figures.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { liveVisibleStudents, programScope } from '#api/permissions/scope.ts';
import * as t from '#schema/tables.ts';

import { complianceRecords } from './compliance-report.ts';
import { graduationCandidates } from './graduation-report.ts';
import { progressReports } from './progress-report.ts';
import { progressTrend, type TrendAuditEntry, type TrendProgressRow } from './progress-trend.ts';

export function progressReportsFor(q: Q, actor: Actor, today: string) {
  const students = liveVisibleStudents(q, actor);
  return progressReports(
    students,
    studentFigures(q, students),
    today,
    taskBookFiguresOf(q, students),
    fieldTrainingFiguresOf(q, students),
  );
}

const PROGRESS_HISTORY_ROWS = `select id, student_id as studentId, skill_id as skillId, progress_percentage as progressPercentage,
  updated_at as updatedAt, deleted_at as deletedAt from student_skills where student_id in (select value from json_each(?))`;
const PROGRESS_AUDIT = `select id, at, record_id as recordId, changes from audit_log
  where table_name = 'student_skills' and record_id in (select value from json_each(?))`;

/** The progress history of the visible students: every progress record (deleted ones too) and its audit entries. */
export function progressTrendFor(q: Q, actor: Actor, today: string) {
  const students = liveVisibleStudents(q, actor);
  const progressRows = statement(q, PROGRESS_HISTORY_ROWS).all(
    JSON.stringify(students.map((s) => s.id)),
  ) as TrendProgressRow[];
  const auditEntries = (
    statement(q, PROGRESS_AUDIT).all(JSON.stringify(progressRows.map((r) => r.id))) as (Omit<
      TrendAuditEntry,
      'changes'
    > & { changes: string })[]
  ).map((e) => ({ ...e, changes: JSON.parse(e.changes) as TrendAuditEntry['changes'] }));
  return progressTrend({ students, tracks: tracksOf(q, students), progressRows, auditEntries }, today);
}

export function graduationFor(q: Q, actor: Actor, today: string) {
  const students = liveVisibleStudents(q, actor);
  const skills = q.select().from(t.skills).where(isNull(t.skills.deletedAt)).all();
  return { students, candidates: graduationCandidates(students, summarizeStudents(q, students), skills, today) };
}

/** Compliance reports are for staff; a student's only figure is their own progress. */
function assertStaff(actor: Actor): void {
  assertCan(actor, 'staff.read');
}

/** Accreditation rows of every program for roles that span all programs, else of the caller's programs and general ones. */
export function accreditationInScope<R extends { programId: string | null }>(q: Q, actor: Actor, rows: R[]): R[] {
  const scope = programScope(q, actor);
  return scope === 'all' ? rows : rows.filter((r) => r.programId === null || scope.has(r.programId));
}

export function complianceRecordsFor(q: Q, actor: Actor, today: string) {
  assertStaff(actor);
  const students = liveVisibleStudents(q, actor);
  const programs = new Map(
    q
      .select()
      .from(t.programs)
      .all()
      .map((p) => [p.id, p]),
  );
  const directorIds = [...new Set([...programs.values()].map((p) => p.directorId).filter((id): id is string => !!id))];
  const directors = directorIds.length
    ? q
        .select()
        .from(t.users)
        .where(and(inArray(t.users.id, directorIds), isNull(t.users.deletedAt)))
        .all()
    : [];
  return complianceRecords(
    {
      requirements: accreditationInScope(
        q,
        actor,
        q.select().from(t.accreditationRequirements).where(isNull(t.accreditationRequirements.deletedAt)).all(),
      ),
      ramAssessments: accreditationInScope(
        q,
        actor,
        q.select().from(t.ramAssessments).where(isNull(t.ramAssessments.deletedAt)).all(),
      ),
      programs,
      students,
      summaries: studentFigures(q, students),
      userNames: new Map(directors.map((u) => [u.id, `${u.firstName} ${u.lastName}`])),
    },
    today,
  );
}
