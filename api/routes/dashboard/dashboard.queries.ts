/** Loads the rows the dashboard computations read, limited to what the caller may see. */
import { and, type AnyColumn, count, eq, getTableName, gte, inArray, isNull, lte, sql } from 'drizzle-orm';

import type { Actor, SyncedTable } from '#api/commands/command.ts';
import { SYNCED_TABLES } from '#api/commands/synced-tables.ts';
import type { Q } from '#api/db/open.ts';
import { trailEntries } from '#api/domain/audit-trail.ts';
import { studentFigures } from '#api/domain/student-figures.ts';
import { can } from '#api/permissions/matrix.ts';
import { liveVisibleStudents } from '#api/permissions/scope.ts';
import { cursorId } from '#schema/audit.ts';
import { addDays } from '#schema/dates.ts';
import type { ActivityEntry, DashboardStats, Deadline } from '#schema/reports.ts';
import { signOffVerifier } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import { complianceSummary } from '../reports/compliance-report.ts';
import { studentName } from '../reports/progress-report.ts';
import { accreditationInScope, complianceRecordsFor } from '../reports/reports.queries.ts';
import { activityActorName, type ActivityNames, type AuditRow, toActivityEntry } from './activity.ts';
import { dashboardStats, ownProgressRate } from './dashboard-stats.ts';
import { DASHBOARD_SPAN, type DeadlineSpan, upcomingDeadlines } from './deadlines.ts';

/** One SQL parameter holding any number of ids (no bound-variable limit). */
const inIds = (column: AnyColumn, ids: string[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

function pendingReviews(q: Q, actor: Actor): number {
  const mine = can(actor.role, 'requests.review') ? undefined : eq(t.requests.userId, actor.id);
  return (
    q
      .select({ n: count() })
      .from(t.requests)
      .where(and(eq(t.requests.status, 'pending'), isNull(t.requests.deletedAt), mine))
      .get()?.n ?? 0
  );
}

export function statsFor(q: Q, actor: Actor, today: string): DashboardStats {
  const students = liveVisibleStudents(q, actor);
  const complianceRate =
    actor.role === 'student'
      ? ownProgressRate([...studentFigures(q, students).values()].map((s) => s.progressPercentage))
      : complianceSummary(complianceRecordsFor(q, actor, today)).overallCompliance;
  return dashboardStats({ students, pendingReviews: pendingReviews(q, actor), complianceRate }, today);
}

// ---- activity ----

const TABLES = new Map<string, SyncedTable>(SYNCED_TABLES.map((table) => [getTableName(table), table]));

function rowById(q: Q, tableName: string, id: string | null | undefined): Record<string, unknown> | undefined {
  const table = TABLES.get(tableName) as typeof t.users | undefined;
  return table && id ? q.select().from(table).where(eq(table.id, id)).get() : undefined;
}

/** A student's records: their entries show to everyone who sees the student. */
const STUDENT_RECORDS = [t.studentSkills, t.skillAttempts, t.skillAttemptVoids, t.patientContacts, t.clinicalHours];
const STUDENT_RECORD_TABLES = new Set<string>(STUDENT_RECORDS.map((table) => getTableName(table)));

/**
 * Entries one sentence already tells: the correction the progress form appends (the summary's entry says what it
 * changed). Logging or voiding an attempt no longer audits the summary row (api/commands/audit-policy.ts).
 */
const TOLD = `not (tableName = 'skill_attempts' and command = 'recordSkillProgress')`;

/** Entries made by the caller, and entries about the records of students the caller may see. */
function visibleEntries(q: Q, actor: Actor): { where: string; params: unknown[] } {
  if (can(actor.role, 'audit.read')) return { where: TOLD, params: [] };
  const ids = JSON.stringify(liveVisibleStudents(q, actor).map((s) => s.id));
  const about = STUDENT_RECORDS.map(
    (table) =>
      `(tableName = '${getTableName(table)}' and recordId in
        (select id from ${getTableName(table)} where student_id in (select value from json_each(?))))`,
  );
  return {
    where: `${TOLD} and (actorId = ? or ${about.join(' or ')})`,
    params: [actor.id, ...STUDENT_RECORDS.map(() => ids)],
  };
}

/** The sign-off an entry is about: the row itself, or the one whose state verified (or stopped verifying) an attempt. */
function signOffOf(q: Q, entry: AuditRow, record: Record<string, unknown> | undefined) {
  if (entry.tableName === getTableName(t.signOffs)) return record;
  if (entry.tableName !== getTableName(t.skillAttempts)) return undefined;
  const verifier = [entry.changes.verifiedBy?.after, entry.changes.verifiedBy?.before].find(
    (v): v is string => typeof v === 'string' && v.startsWith(signOffVerifier('')),
  );
  return verifier ? rowById(q, getTableName(t.signOffs), verifier.slice(signOffVerifier('').length)) : undefined;
}

function namesFor(q: Q, entry: AuditRow, actors: Map<string, string>): ActivityNames {
  const record = rowById(q, entry.tableName, entry.recordId);
  const signOff = signOffOf(q, entry, record);
  const student =
    STUDENT_RECORD_TABLES.has(entry.tableName) || signOff
      ? rowById(q, 'students', record?.studentId as string | undefined)
      : undefined;
  return {
    actorName: activityActorName(entry.actorId, actors, signOff),
    record,
    studentName: student && studentName(student as { firstName: string; lastName: string }),
    skillName: typeof record?.skillId === 'string' ? (rowById(q, 'skills', record.skillId)?.name as string) : undefined,
    signOff,
  };
}

export function recentActivity(q: Q, actor: Actor, limit = 10): ActivityEntry[] {
  const { where, params } = visibleEntries(q, actor);
  // an entry's version is not shown; its place in the trail names it
  const entries = trailEntries(q, where, params, limit).map((e) => ({ ...e, id: cursorId(e), version: 0 }));
  const actorIds = [...new Set(entries.map((e) => e.actorId).filter((id): id is string => !!id))];
  const actors = new Map(
    actorIds.length
      ? q
          .select()
          .from(t.users)
          .where(inArray(t.users.id, actorIds))
          .all()
          .map((u) => [u.id, `${u.firstName} ${u.lastName}`])
      : [],
  );
  return entries.map((e) => toActivityEntry(e, namesFor(q, e, actors)));
}

// ---- deadlines ----

export function deadlinesFor(q: Q, actor: Actor, today: string, span: DeadlineSpan = DASHBOARD_SPAN): Deadline[] {
  const students = liveVisibleStudents(q, actor);
  const assessments = q
    .select({
      id: t.studentSkills.id,
      studentId: t.studentSkills.studentId,
      skillId: t.studentSkills.skillId,
      nextAssessmentDate: t.studentSkills.nextAssessmentDate,
    })
    .from(t.studentSkills)
    .where(
      and(
        isNull(t.studentSkills.deletedAt),
        gte(t.studentSkills.nextAssessmentDate, addDays(today, -span.daysBefore)),
        lte(t.studentSkills.nextAssessmentDate, addDays(today, span.daysAfter)),
        inIds(
          t.studentSkills.studentId,
          students.map((s) => s.id),
        ),
      ),
    )
    .all();
  const skillNames = new Map(
    q
      .select({ id: t.skills.id, name: t.skills.name })
      .from(t.skills)
      .all()
      .map((s) => [s.id, s.name]),
  );
  const requirements =
    actor.role === 'student'
      ? []
      : accreditationInScope(
          q,
          actor,
          q.select().from(t.accreditationRequirements).where(isNull(t.accreditationRequirements.deletedAt)).all(),
        );
  return upcomingDeadlines(
    {
      students,
      assessments,
      skillNames,
      programs: new Map(
        q
          .select()
          .from(t.programs)
          .all()
          .map((p) => [p.id, p]),
      ),
      requirements,
    },
    today,
    span,
  );
}
