/**
 * Progress over time (GET /api/reports/progress-trend): the average overall progress of each program type's students
 * at the end of each of the last 12 weeks.
 *
 * Rules:
 * - Points: 12 week ends, 7 days apart, the last one today (oldest first).
 * - Students: the same ones as GET /api/reports/progress (live, visible to the caller), each counted for the program
 *   type of their current program from the week their enrollment date falls in or before (enrollmentDate <= week
 *   end). A student is measured against their current skills track (the skills the progress report counts).
 * - A skill's progress at a week end comes from the audit log of its progress record: every change that sets the
 *   percentage, the last attempt date or the deletion is one value (the record's state after the change; 0 once
 *   deleted). A value counts from the day of the attempt it reports when the change sets a last attempt date earlier
 *   than the day it was recorded (progress entered after the fact), else from the day it was recorded. At a week end
 *   the value is that of the latest recorded change counting by then; none means 0. A record without audit entries
 *   counts its current value from the day it was last updated.
 * - A student's progress at a week end: overall progress (schema/progress.ts) over those values, so today's point
 *   uses the same figures as the progress report.
 * - averageProgress[type]: rounded mean over the type's counted students; null when none are counted.
 *   students[type]: how many were counted.
 */
import type { StudentRow, StudentSummary } from '#api/domain/student-summary.ts';
import { addDays } from '#schema/dates.ts';
import { PROGRAM_TYPES, type ProgramType } from '#schema/enums.ts';
import { overallProgress } from '#schema/progress.ts';
import type { ProgressTrendPoint } from '#schema/reports.ts';

const TREND_WEEKS = 12;

/** A progress record as the trend reads it (deleted ones included: their history still counts). */
export interface TrendProgressRow {
  id: string;
  studentId: string;
  skillId: string;
  progressPercentage: number;
  updatedAt: string;
  deletedAt: string | null;
}

/** An audit entry of a progress record, in the shape of the audit_log table. */
export interface TrendAuditEntry {
  id: number;
  at: string;
  recordId: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

interface ValueFrom {
  day: string;
  /** Recording order: the latest recorded value counting by a day wins. */
  order: number;
  value: number;
}

const dayOf = (stamp: string) => stamp.slice(0, 10);

/** The values a progress record took, replayed from its audit entries (sorted by id). */
function recordValues(row: TrendProgressRow, entries: TrendAuditEntry[]): ValueFrom[] {
  if (entries.length === 0) {
    return [{ day: dayOf(row.updatedAt), order: -1, value: row.deletedAt ? 0 : row.progressPercentage }];
  }
  let progress = 0;
  let deleted = false;
  const values: ValueFrom[] = [];
  for (const e of [...entries].sort((a, b) => a.id - b.id)) {
    const { progressPercentage, lastAttemptDate, deletedAt } = e.changes;
    if (!progressPercentage && !lastAttemptDate && !deletedAt) continue;
    if (progressPercentage) progress = Number(progressPercentage.after) || 0;
    if (deletedAt) deleted = deletedAt.after != null;
    const recorded = dayOf(e.at);
    const attempt = typeof lastAttemptDate?.after === 'string' ? dayOf(lastAttemptDate.after) : null;
    values.push({
      day: attempt && attempt < recorded ? attempt : recorded,
      order: e.id,
      value: deleted ? 0 : progress,
    });
  }
  return values;
}

function valueAt(values: ValueFrom[], day: string): number {
  let best: ValueFrom | undefined;
  for (const v of values) if (v.day <= day && (!best || v.order > best.order)) best = v;
  return best?.value ?? 0;
}

export const trendWeekEnds = (today: string) =>
  Array.from({ length: TREND_WEEKS }, (_, i) => addDays(today, -7 * (TREND_WEEKS - 1 - i)));

const perType = <T>(value: () => T) =>
  Object.fromEntries(PROGRAM_TYPES.map((type) => [type, value()])) as Record<ProgramType, T>;

export interface TrendInput {
  students: StudentRow[];
  /** Each student's program and the skills of their track. */
  tracks: Map<string, Pick<StudentSummary, 'program' | 'skillIds'>>;
  progressRows: TrendProgressRow[];
  auditEntries: TrendAuditEntry[];
}

export function progressTrend(input: TrendInput, today: string): ProgressTrendPoint[] {
  const entriesByRecord = new Map<string, TrendAuditEntry[]>();
  for (const e of input.auditEntries) {
    const list = entriesByRecord.get(e.recordId);
    if (list) list.push(e);
    else entriesByRecord.set(e.recordId, [e]);
  }
  const valuesByStudent = new Map<string, Map<string, ValueFrom[]>>();
  for (const row of input.progressRows) {
    let bySkill = valuesByStudent.get(row.studentId);
    if (!bySkill) valuesByStudent.set(row.studentId, (bySkill = new Map()));
    bySkill.set(row.skillId, recordValues(row, entriesByRecord.get(row.id) ?? []));
  }
  const tracked = input.students.flatMap((s) => {
    const summary = input.tracks.get(s.id);
    const type = summary?.program?.type as ProgramType | undefined;
    return summary && type && PROGRAM_TYPES.includes(type) ? [{ student: s, summary, type }] : [];
  });

  return trendWeekEnds(today).map((weekEnding) => {
    const sums = perType(() => 0);
    const students = perType(() => 0);
    for (const { student, summary, type } of tracked) {
      if (student.enrollmentDate > weekEnding) continue;
      const bySkill = valuesByStudent.get(student.id);
      sums[type] += overallProgress(summary.skillIds, (skillId) => {
        const values = bySkill?.get(skillId);
        return values ? valueAt(values, weekEnding) : 0;
      });
      students[type] += 1;
    }
    const averageProgress = perType<number | null>(() => null);
    for (const type of PROGRAM_TYPES)
      if (students[type]) averageProgress[type] = Math.round(sums[type] / students[type]);
    return { weekEnding, averageProgress, students };
  });
}
