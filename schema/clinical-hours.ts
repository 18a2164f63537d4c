import { z } from 'zod';
import { HOUR_TYPES } from './enums.ts';
import { MSG } from './messages.ts';
import { clientId, isoDate, optionalText, refId } from './common.ts';

export const clinicalHoursSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  clinicalSiteId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null)),
  date: isoDate(),
  hoursCompleted: z.number({ error: MSG.hoursPositive }).gt(0, MSG.hoursPositive).max(24, MSG.hoursPositive),
  hourType: z.enum(HOUR_TYPES).default('clinical'),
  notes: optionalText(2000),
});
