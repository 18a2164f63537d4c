/** Loads what `summarizeStudent` (schema/student-summary.ts) needs for many students at once, in a few queries. */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { ProgressLike } from '../../schema/progress.ts';
import { skillsByTrack, summarizeStudent, type HoursTotals, type StudentRow, type StudentSummary } from '../../schema/student-summary.ts';
import * as t from '../../schema/tables.ts';
import type { Q } from '../db/open.ts';

export type { ProgramRow, SkillRow, StudentRow, StudentSummary } from '../../schema/student-summary.ts';

const CHUNK = 500;
/** Splits ids for `IN (...)` lists, below SQLite's parameter limit. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function summarizeStudents(q: Q, students: StudentRow[]): Map<string, StudentSummary> {
  const programs = new Map(q.select().from(t.programs).all().map((p) => [p.id, p]));
  const skillsFor = skillsByTrack(q.select().from(t.skills).where(isNull(t.skills.deletedAt)).all());
  const progress = new Map<string, Map<string, ProgressLike & { updatedAt: string }>>();
  const hours = new Map<string, HoursTotals>();
  for (const chunk of chunks(students.map((s) => s.id))) {
    for (const p of q.select({
      studentId: t.studentSkills.studentId, skillId: t.studentSkills.skillId, status: t.studentSkills.status,
      progressPercentage: t.studentSkills.progressPercentage, updatedAt: t.studentSkills.updatedAt,
    }).from(t.studentSkills).where(and(inArray(t.studentSkills.studentId, chunk), isNull(t.studentSkills.deletedAt))).all()) {
      let m = progress.get(p.studentId);
      if (!m) progress.set(p.studentId, (m = new Map()));
      m.set(p.skillId, p);
    }
    for (const h of q.select({
      studentId: t.clinicalHours.studentId, hourType: t.clinicalHours.hourType,
      total: sql<number>`sum(${t.clinicalHours.hoursCompleted})`, last: sql<string | null>`max(${t.clinicalHours.date})`,
    }).from(t.clinicalHours).where(and(inArray(t.clinicalHours.studentId, chunk), isNull(t.clinicalHours.deletedAt)))
      .groupBy(t.clinicalHours.studentId, t.clinicalHours.hourType).all()) {
      const entry = hours.get(h.studentId) ?? { clinical: 0, field: 0, last: null };
      if (h.hourType === 'field') entry.field += h.total;
      else entry.clinical += h.total;
      if (h.last && (!entry.last || h.last > entry.last)) entry.last = h.last;
      hours.set(h.studentId, entry);
    }
  }
  const out = new Map<string, StudentSummary>();
  for (const s of students) {
    const totals = hours.get(s.id) ?? { clinical: 0, field: 0, last: null };
    out.set(s.id, summarizeStudent(s, programs.get(s.programId), skillsFor, progress.get(s.id) ?? new Map(), totals));
  }
  return out;
}
