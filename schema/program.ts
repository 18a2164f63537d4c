import { z } from 'zod';

import {
  clientId,
  intInRange,
  optionalRefId,
  optionalText,
  patchOf,
  refId,
  requiredText,
  stringList,
} from './common.ts';
import { ASSIGNABLE_ROLES, CERTIFICATION_LEVELS } from './enums.ts';
import { MSG } from './messages.ts';
import { programType } from './spelling.ts';

/** What a program is made of, whichever form created it (the createProgram command's arguments). */
export const programSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.programNameRequired),
  type: programType(MSG.programTypeRequired),
  certificationLevel: z
    .enum(CERTIFICATION_LEVELS)
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(2000),
  durationWeeks: intInRange(1, 520, MSG.durationWeeksMin)
    .nullish()
    .transform((v) => v ?? null),
  durationText: optionalText(100),
  requiredHours: intInRange(1, 100000, MSG.requiredHoursMin)
    .nullish()
    .transform((v) => v ?? null),
  directorId: optionalRefId(),
  credits: intInRange(1, 1000, MSG.creditsMin)
    .nullish()
    .transform((v) => v ?? null),
  capacity: intInRange(1, 100000, MSG.capacityMin)
    .nullish()
    .transform((v) => v ?? null),
  prerequisites: optionalText(2000),
  certifications: stringList(),
});
const { id: _id, ...programFields } = programSchema.shape;
export const programUpdateSchema = patchOf(programFields);

/** Create New Program dialog of Program Management: duration in weeks, required hours. */
export const programManagementFormSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.programNameRequired),
  type: programType(MSG.programTypeRequired),
  description: optionalText(2000),
  duration: intInRange(1, 520, MSG.durationWeeksMin),
  requiredHours: intInRange(1, 100000, MSG.requiredHoursMin),
  directorId: optionalRefId('none'),
});

/** Create Training Program dialog of Data Management: type EMS/Fire/Police, duration as text, credits, capacity. */
export const dataManagementProgramFormSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.programNameRequired),
  type: programType(MSG.programTypeRequired),
  description: requiredText(MSG.descriptionRequired, 2000),
  duration: requiredText(MSG.durationRequired, 100),
  credits: intInRange(1, 1000, MSG.creditsMin),
  capacity: intInRange(1, 100000, MSG.capacityMin),
  prerequisites: optionalText(2000),
  certifications: z.union([z.string(), z.array(z.string())]).nullish(),
});

/** What either create form sends to POST /api/programs. */
export type ProgramForm = z.input<typeof programManagementFormSchema> | z.input<typeof dataManagementProgramFormSchema>;

/** The two create forms send different shapes to POST /api/programs; both become a `ProgramInput`. */
export function programFromForm(
  body: unknown,
): { success: true; data: z.input<typeof programSchema> } | { success: false; error: z.ZodError } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const isDataManagementForm = typeof b.duration === 'string' || 'credits' in b || 'capacity' in b;
  if (isDataManagementForm) {
    const r = dataManagementProgramFormSchema.safeParse(body);
    if (!r.success) return r;
    const { duration, certifications, ...rest } = r.data;
    const certs =
      typeof certifications === 'string'
        ? certifications
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : (certifications ?? []);
    return { success: true, data: { ...rest, durationText: duration, certifications: certs } };
  }
  const r = programManagementFormSchema.safeParse(body);
  if (!r.success) return r;
  const { duration, ...rest } = r.data;
  return { success: true, data: { ...rest, durationWeeks: duration } };
}

export const programAssignmentSchema = z.object({
  userId: refId(MSG.userRequired),
  assignedRole: z.enum(ASSIGNABLE_ROLES, { error: MSG.roleRequired }).default('instructor'),
});
