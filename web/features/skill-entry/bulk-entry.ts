/** Bulk Entry: one assessment session (site, date, preceptor) logging one attempt at one skill for several students. */
import { z } from 'zod';

import { isoDate } from '#schema/common.ts';
import { SKILL_STATUS_LABELS, SKILL_STATUSES, type SkillStatus } from '#schema/enums.ts';
import { skillAttemptSchema } from '#schema/skill-attempt.ts';
import type { MutationArgs } from '#sync/client/mutators.ts';
import { plural } from '#web/lib/format.ts';

export const SELECT_STUDENTS = 'Select at least one student';

/** The session form; the skill, setting and outcome rules are the attempt's own (shared schema). */
export const bulkEntrySchema = z.object({
  clinicalSiteId: z.string(),
  assessmentDate: isoDate(),
  preceptorId: z.string(),
  level: z.string(),
  skillId: skillAttemptSchema.shape.skillId,
  setting: skillAttemptSchema.shape.setting,
  outcome: skillAttemptSchema.shape.outcome,
  /** '' leaves each student's status to their attempts. */
  status: z.union([z.enum(SKILL_STATUSES), z.literal('')]),
  studentIds: z.array(z.string()).min(1, SELECT_STUDENTS),
});
export type BulkEntryInput = z.input<typeof bulkEntrySchema>;
export type BulkEntry = z.output<typeof bulkEntrySchema>;

/** 'Bulk entry session at St. Mary Regional Medical Center on 2026-11-21, preceptor Pat Nguyen' */
export function sessionNote(
  entry: Pick<BulkEntry, 'assessmentDate'>,
  siteName: string | undefined,
  preceptorName: string | undefined,
): string {
  return `Bulk entry session${siteName ? ` at ${siteName}` : ''} on ${entry.assessmentDate}${preceptorName ? `, preceptor ${preceptorName}` : ''}`;
}

/** One student's attempt from the session, dated at noon of the session's day on this device's clock. */
export function bulkAttemptArgs(entry: BulkEntry, studentId: string, note: string): MutationArgs<'logSkillAttempt'> {
  return {
    id: crypto.randomUUID(),
    studentId,
    skillId: entry.skillId,
    attemptedAt: new Date(`${entry.assessmentDate}T12:00:00`).toISOString(),
    setting: entry.setting,
    outcome: entry.outcome,
    clinicalSiteId: entry.clinicalSiteId || null,
    notes: note,
  };
}

/** How far along a status is: bulk entry may raise a student's status, never lower it. */
const RANK: Record<SkillStatus, number> = {
  not_started: 0,
  in_progress: 1,
  needs_improvement: 1,
  remediation_required: 1,
  failed: 1,
  completed: 2,
};

/** Whether the session's status would raise this student's current one (a missing record is not started). */
export const raisesStatus = (chosen: SkillStatus, current: string | undefined) =>
  RANK[chosen] > (RANK[(current ?? 'not_started') as SkillStatus] ?? 0);

const students = (n: number) => plural(n, 'student');

/** 'Attempt logged for 3 students' */
export const bulkSuccessText = (count: number) => `Attempt logged for ${students(count)}`;

/** 'Attempts for 3 students': what a session saved on the device with no signal, before anything is sent. */
export const bulkSavedText = (count: number) => `${count === 1 ? 'An attempt' : 'Attempts'} for ${students(count)}`;

/** 'Status In Progress given to 1 student; 2 students already had it or higher': the chosen status never lowers one. */
export function bulkStatusText(status: SkillStatus, raised: number, logged: number) {
  const kept = logged - raised;
  return [
    `Status ${SKILL_STATUS_LABELS[status]} given to ${students(raised)}`,
    kept > 0 ? `${students(kept)} already had it or higher` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
