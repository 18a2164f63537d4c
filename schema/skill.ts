import { z } from 'zod';

import { clientId, optionalText, patchOf, requiredText } from './common.ts';
import { CERTIFICATION_LEVELS, CONFIDENCE_LEVELS } from './enums.ts';
import { MSG } from './messages.ts';
import { programType } from './spelling.ts';

const hours = z
  .number()
  .min(0)
  .max(10000)
  .nullish()
  .transform((v) => v ?? null);

/** A skill of the standards catalogue, editable by program directors (items carry source and confidence). */
export const skillSchema = z.object({
  id: clientId(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9-]+$/, 'Code may use lowercase letters, digits and dashes')
    .optional(),
  name: requiredText('Skill name is required', 300),
  description: optionalText(2000),
  category: requiredText('Category is required', 100),
  programType: programType(MSG.programTypeRequired),
  certificationLevel: z.enum(CERTIFICATION_LEVELS, { error: MSG.certificationLevelRequired }),
  competencyDomain: optionalText(100),
  smcMatrixNumber: optionalText(20),
  smcMotorSkillName: optionalText(300),
  smcPathologyCategory: optionalText(300),
  clinicalHoursRequired: hours,
  fieldHoursRequired: hours,
  minimumAttempts: z.number().int().min(1, 'Minimum attempts must be at least 1').max(1000).default(1),
  simulationAllowed: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  standardReference: optionalText(200),
  confidence: z.enum(CONFIDENCE_LEVELS).default('uncertain'),
  source: optionalText(1000),
});
const { id: _id, code: _code, ...editableSkillFields } = skillSchema.shape;
export const skillUpdateSchema = patchOf(editableSkillFields);
