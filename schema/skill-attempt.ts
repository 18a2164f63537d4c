/**
 * The skill evidence log: each attempt is appended once and never edited; a void is its own record; judgement fields
 * (status override, notes, next assessment date) are edited per field with a clock stamp (schema/hlc.ts).
 */
import { z } from 'zod';
import { ATTEMPT_OUTCOMES, ATTEMPT_PARTICIPATION, ATTEMPT_SETTINGS, SKILL_STATUSES } from './enums.ts';
import { clientId, intInRange, isoDateTime, optionalIsoDate, optionalText, refId } from './common.ts';
import { hlcSchema } from './hlc.ts';
import { MSG } from './messages.ts';

const optionalRef = () =>
  z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/skill-attempts, mutation logSkillAttempt. The recorder is the signed-in user (server-set). */
export const skillAttemptSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  skillId: refId(MSG.skillRequired),
  /** When the attempt happened, as the device saw it. */
  attemptedAt: isoDateTime(),
  setting: z.enum(ATTEMPT_SETTINGS, { error: MSG.settingRequired }),
  outcome: z.enum(ATTEMPT_OUTCOMES, { error: MSG.outcomeRequired }),
  participation: z.enum(ATTEMPT_PARTICIPATION).default('performed'),
  patientContactId: optionalRef(),
  clinicalSiteId: optionalRef(),
  notes: optionalText(2000),
});

/** POST /api/skill-attempts/{id}/void, mutation voidSkillAttempt: `id` is the void record's own id. */
export const voidSkillAttemptSchema = z.object({
  id: clientId(),
  attemptId: refId('Attempt is required'),
  reason: z.string({ error: MSG.voidReasonRequired }).trim().min(1, MSG.voidReasonRequired).max(500),
});

/**
 * Mutation editSkillAssessment: the judgement fields a user changed, each applied only if its stamp is later than
 * the one already kept for that field. `null` clears a field (a cleared status override shows the derived status).
 */
export const skillAssessmentSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  skillId: refId(MSG.skillRequired),
  stamp: hlcSchema,
  changes: z
    .object({
      statusOverride: z.enum(SKILL_STATUSES, { error: MSG.statusInvalid }).nullable(),
      progressOverride: intInRange(0, 100, MSG.progressRange).nullable(),
      notes: optionalText(5000),
      nextAssessmentDate: optionalIsoDate(),
    })
    .partial()
    .refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
export const ASSESSMENT_FIELDS = ['statusOverride', 'progressOverride', 'notes', 'nextAssessmentDate'] as const;
export type AssessmentField = (typeof ASSESSMENT_FIELDS)[number];
/** Who last set each judgement field, and when (the stamp). Kept on the skill's summary row. */
export type FieldStamps = Partial<Record<AssessmentField, { stamp: string; by: string }>>;

/**
 * Applies the judgement fields whose stamp is later than the one kept for that field (the later save wins, whenever
 * it arrives); the others are left as they are. Returns the fields to write and the stamps to keep.
 */
export function mergeAssessment<C extends Partial<Record<AssessmentField, unknown>>>(
  stamps: FieldStamps | null | undefined,
  changes: C,
  stamp: string,
  by: string,
): { fields: Partial<C>; stamps: FieldStamps } {
  const kept: FieldStamps = { ...(stamps ?? {}) };
  const fields: Partial<C> = {};
  for (const field of ASSESSMENT_FIELDS) {
    if (!(field in changes)) continue;
    const current = kept[field];
    if (current && current.stamp >= stamp) continue;
    fields[field] = (changes[field] ?? null) as C[typeof field];
    kept[field] = { stamp, by };
  }
  return { fields, stamps: kept };
}

/** GET /api/student-skills/history: one student's judgement changes on one skill. */
export const assessmentHistoryQuerySchema = z.object({
  studentId: refId(MSG.studentRequired),
  skillId: refId(MSG.skillRequired),
});

/** One judgement field's change, as the skill's history shows it. */
export interface AssessmentChange {
  /** When the change was saved on its device (its clock stamp), else when it reached the server. */
  at: string;
  byName: string;
  field: AssessmentField;
  before: unknown;
  after: unknown;
}
