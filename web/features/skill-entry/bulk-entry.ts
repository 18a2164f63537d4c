/** Bulk Entry: one assessment session (site, date, preceptor) recording one skill for several students. */
import { z } from 'zod';
import { isoDate } from '../../../schema/common.ts';
import { skillProgressSchema } from '../../../schema/skill-progress.ts';
import type { DomainRows } from '../../../sync/client/db.ts';
import type { MutationArgs } from '../../../sync/client/mutators.ts';

export const SELECT_STUDENTS = 'Select at least one student';
const NOTES_MAX = 5000;

/** The session form; the skill, status and progress rules are the progress form's own (shared schema). */
export const bulkEntrySchema = z.object({
  clinicalSiteId: z.string(),
  assessmentDate: isoDate(),
  preceptorId: z.string(),
  level: z.string(),
  skillId: skillProgressSchema.shape.skillId,
  status: skillProgressSchema.shape.status,
  progressPercentage: skillProgressSchema.shape.progressPercentage,
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

type Existing = Pick<DomainRows['studentSkills'], 'attempts' | 'successfulAttempts' | 'nextAssessmentDate' | 'notes'>;

/**
 * One student's progress record from the session. The session is one assessment attempt: it adds an attempt (a
 * successful one when the status is completed) and dates it; the record's next assessment date and earlier notes
 * stay, since a record write replaces every field.
 */
export function bulkProgressArgs(
  entry: BulkEntry,
  studentId: string,
  existing: Existing | undefined,
  note: string,
): MutationArgs<'recordSkillProgress'> {
  return {
    studentId,
    skillId: entry.skillId,
    status: entry.status,
    progressPercentage: entry.progressPercentage,
    attempts: (existing?.attempts ?? 0) + 1,
    successfulAttempts: (existing?.successfulAttempts ?? 0) + (entry.status === 'completed' ? 1 : 0),
    lastAttemptDate: entry.assessmentDate,
    nextAssessmentDate: existing?.nextAssessmentDate ?? null,
    notes: [note, existing?.notes].filter(Boolean).join('\n').slice(0, NOTES_MAX),
  };
}

/** 'Skill progress updated successfully for 3 students' */
export const bulkSuccessText = (count: number) =>
  `Skill progress updated successfully for ${count} ${count === 1 ? 'student' : 'students'}`;
