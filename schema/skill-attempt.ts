/**
 * The skill evidence log: each attempt is appended once and never edited; a void is its own record; judgement fields
 * (status override, notes, next assessment date) are edited per field with a clock stamp (schema/hlc.ts).
 */
import { z } from 'zod';

import { clientId, happenedAt, intInRange, optionalIsoDate, optionalText, refId } from './common.ts';
import { ATTEMPT_OUTCOMES, ATTEMPT_PARTICIPATION, ATTEMPT_SETTINGS, SKILL_STATUSES } from './enums.ts';
import { HLC_PATTERN } from './hlc.ts';
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
  attemptedAt: happenedAt(),
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
  stamp: z.string().regex(HLC_PATTERN, 'Invalid clock stamp'),
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
/** GET /api/student-skills/history: one student's judgement changes on one skill. */
export const assessmentHistoryQuerySchema = z.object({
  studentId: refId(MSG.studentRequired),
  skillId: refId(MSG.skillRequired),
});
