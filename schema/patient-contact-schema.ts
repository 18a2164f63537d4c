/**
 * The zod schema of a patient contact as a device or form sends it. Apart from the catalogue and rules in
 * patient-contact.ts, so screens that only count contacts load no zod.
 */
import { z } from 'zod';

import { clientId, happenedOn, intInRange, optionalRefId, optionalText, refId } from './common.ts';
import { ATTEMPT_SETTINGS, CARE_LEVELS, CONTACT_DISPOSITIONS, CONTACT_GENDERS } from './enums.ts';
import { MSG } from './messages.ts';
import { CHIEF_COMPLAINTS, IMPRESSIONS } from './patient-contact.ts';

/** POST /api/patient-contacts, mutation logPatientContact. The recorder is the signed-in user (server-set). */
export const patientContactSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  date: happenedOn(),
  setting: z.enum(ATTEMPT_SETTINGS, { error: MSG.settingRequired }),
  clinicalSiteId: optionalRefId(),
  ageYears: intInRange(0, 120, MSG.ageRequired),
  ageMonths: intInRange(0, 11, MSG.ageMonthsRange).default(0),
  gender: z.enum(CONTACT_GENDERS),
  chiefComplaints: z.array(z.enum(CHIEF_COMPLAINTS)).min(1, MSG.complaintRequired).max(10),
  primaryImpression: z.enum(IMPRESSIONS, { error: MSG.impressionRequired }),
  secondaryImpression: z
    .enum(IMPRESSIONS)
    .nullish()
    .transform((v) => v ?? null),
  teamLead: z.boolean().default(false),
  careLevel: z.enum(CARE_LEVELS),
  disposition: z.enum(CONTACT_DISPOSITIONS),
  notes: optionalText(2000),
});
