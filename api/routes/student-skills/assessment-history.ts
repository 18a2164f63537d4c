import { and, desc, eq, inArray } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { rowWhere } from '#api/db/rows.ts';
import { studentNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { ASSESSMENT_FIELDS, type AssessmentChange, type FieldStamps } from '#schema/assessment-fields.ts';
import { SUPERSEDED_ACTION } from '#schema/audit.ts';
import { hlcTime } from '#schema/hlc.ts';
import * as t from '#schema/tables.ts';

/**
 * Every change of a student's judgement fields on one skill (status and % overrides, notes, next assessment date),
 * newest first, from the audit log of the skill's summary row: who made it and when they saved it. An offline save
 * that lost to a later one is listed too, marked superseded, with the value its user typed.
 */
export function assessmentHistory(q: Q, actor: Actor, studentId: string, skillId: string): AssessmentChange[] {
  visibleStudentOr(q, actor, studentId, studentNotFound);
  const summary = rowWhere<{ id: string }>(q, t.studentSkills, 'student_id = ? and skill_id = ?', studentId, skillId);
  if (!summary) return [];
  const entries = q
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.tableName, 'student_skills'), eq(t.auditLog.recordId, summary.id)))
    .orderBy(desc(t.auditLog.id))
    .all();
  const actorIds = [...new Set(entries.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
  const names = new Map(
    (actorIds.length ? q.select().from(t.users).where(inArray(t.users.id, actorIds)).all() : []).map((u) => [
      u.id,
      `${u.firstName} ${u.lastName}`,
    ]),
  );
  return entries.flatMap((e) => {
    const stamps = (e.changes.fieldStamps?.after ?? {}) as FieldStamps;
    return ASSESSMENT_FIELDS.filter((field) => field in e.changes).map((field) => ({
      at: stamps[field] ? hlcTime(stamps[field].stamp) : e.at,
      byName: (e.actorId && names.get(e.actorId)) || 'System',
      field,
      before: e.changes[field].before,
      after: e.changes[field].after,
      ...(e.action === SUPERSEDED_ACTION ? { superseded: true } : {}),
    }));
  });
}
