import { z } from 'zod';

import {
  clientId,
  email,
  isoDate,
  optionalIsoDate,
  optionalText,
  patchOf,
  refId,
  requiredText,
  updateOf,
} from './common.ts';
import { EMS_LEVELS } from './enums.ts';
import { MSG } from './messages.ts';

const studentFields = {
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: email(),
  phone: requiredText(MSG.phoneRequired, 40),
  studentId: requiredText(MSG.studentIdRequired, 40),
  programId: refId(MSG.programRequired),
  enrollmentDate: isoDate(MSG.enrollmentDateRequired),
  expectedGraduation: isoDate(MSG.expectedGraduationRequired),
  address: optionalText(300),
  emergencyContact: optionalText(200),
  emergencyPhone: optionalText(40),
  emsCertificationLevel: z.enum(EMS_LEVELS, { error: MSG.certificationLevelRequired }).default('emt'),
  graduationDate: optionalIsoDate(),
  gpa: z
    .number({ error: MSG.gpaRange })
    .min(0, MSG.gpaRange)
    .max(4, MSG.gpaRange)
    .nullish()
    .transform((v) => v ?? null),
  isActive: z.boolean().default(true),
  /** The linked student account; the form's "No account" sends ''. */
  userId: z
    .string()
    .max(64)
    .nullish()
    .transform((v) => v || null),
};

const graduationAfterEnrollment = (s: { enrollmentDate?: string; expectedGraduation?: string }) =>
  !s.enrollmentDate || !s.expectedGraduation || s.expectedGraduation >= s.enrollmentDate;
const graduationIssue = {
  message: 'Expected graduation must be on or after the enrollment date',
  path: ['expectedGraduation'],
};

export const studentCreateSchema = z
  .object({ id: clientId(), ...studentFields })
  .refine(graduationAfterEnrollment, graduationIssue);
export type StudentCreate = z.infer<typeof studentCreateSchema>;

export const studentUpdateSchema = patchOf(studentFields).refine(graduationAfterEnrollment, graduationIssue);
export type StudentUpdate = z.infer<typeof studentUpdateSchema>;
export const studentUpdateArgs = updateOf(studentUpdateSchema);
