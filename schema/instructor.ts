import { z } from 'zod';

import { clientId, email, isoDate, optionalText, requiredText, stringList } from './common.ts';
import { DEPARTMENTS } from './enums.ts';
import { MSG } from './messages.ts';
import { programType } from './spelling.ts';

export const instructorCreateSchema = z.object({
  id: clientId(),
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: email(),
  phone: requiredText(MSG.phoneRequired, 40),
  employeeId: requiredText(MSG.employeeIdRequired, 40),
  title: requiredText(MSG.jobTitleRequired, 100),
  department: z.enum(DEPARTMENTS, { error: MSG.departmentRequired }),
  hireDate: isoDate(MSG.hireDateRequired),
  programTypes: z
    .array(programType(MSG.programTypesRequired), { error: MSG.programTypesRequired })
    .min(1, MSG.programTypesRequired),
  certifications: stringList(),
  specialties: stringList(),
  experience: optionalText(500),
  education: optionalText(500),
  notes: optionalText(5000),
  isActive: z.boolean().default(true),
  isPreceptor: z.boolean().default(false),
});
export type InstructorCreate = z.infer<typeof instructorCreateSchema>;
