import { z } from 'zod';

import { optionalIsoDate } from './common.ts';
import { ACCREDITATION_STATUSES, RAM_PERCENT_OPTIONS } from './enums.ts';
import { MSG } from './messages.ts';

export const requirementUpdateSchema = z.object({
  completionStatus: z.enum(ACCREDITATION_STATUSES, { error: MSG.statusInvalid }),
  dueDate: optionalIsoDate().optional(),
});

export const ramUpdateSchema = z.object({
  status: z.enum(ACCREDITATION_STATUSES, { error: MSG.statusInvalid }).default('completed'),
  /** Ignored: the server dates an assessment when it is saved. Accepted so the spec's payload validates. */
  assessmentDate: z
    .unknown()
    .optional()
    .transform(() => undefined),
  compliancePercentage: z
    .number({ error: MSG.compliancePercentInvalid })
    .refine((n) => (RAM_PERCENT_OPTIONS as readonly number[]).includes(n), MSG.compliancePercentInvalid)
    .optional(),
  /** Sent only when non-blank after trimming. */
  improvementPlan: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
