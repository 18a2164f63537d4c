import { z } from 'zod';

import { clientId, intInRange, optionalIsoDate, optionalText, refId } from './common.ts';
import { SKILL_STATUSES } from './enums.ts';
import { MSG } from './messages.ts';

/** Recording a student's progress on one skill (POST /api/student-skills, mutation recordSkillProgress). */
export const skillProgressSchema = z
  .object({
    id: clientId(),
    studentId: refId(MSG.studentRequired),
    skillId: refId(MSG.skillRequired),
    /** Ignored: the server records the signed-in user. Accepted so the spec's payload validates. */
    instructorId: z
      .unknown()
      .optional()
      .transform(() => undefined),
    status: z.enum(SKILL_STATUSES, { error: MSG.statusInvalid }),
    progressPercentage: intInRange(0, 100, MSG.progressRange),
    attempts: intInRange(0, 100000, MSG.attemptsMin),
    successfulAttempts: intInRange(0, 100000, MSG.successfulAttemptsRange),
    lastAttemptDate: optionalIsoDate(),
    nextAssessmentDate: optionalIsoDate(),
    notes: optionalText(5000),
  })
  .refine((p) => p.successfulAttempts <= p.attempts, {
    message: MSG.successfulAttemptsRange,
    path: ['successfulAttempts'],
  });
