import { z } from 'zod';

import { clientId, email, intInRange, optionalText, requiredText, stringList } from './common.ts';
import { MANAGEMENT_SITE_TYPES, SIMPLE_SITE_TYPES, SITE_TYPES } from './enums.ts';
import { MSG } from './messages.ts';
import { programType } from './spelling.ts';

/** The site form of the Clinical Sites screen (part 1). */
export const clinicalSiteSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.siteNameRequired),
  type: z.enum([...SITE_TYPES, ...MANAGEMENT_SITE_TYPES, ...SIMPLE_SITE_TYPES], { error: MSG.siteTypeRequired }),
  address: requiredText(MSG.addressRequired, 300),
  city: requiredText(MSG.cityRequired, 100),
  state: requiredText(MSG.stateRequired, 50),
  zipCode: requiredText(MSG.zipRequired, 20),
  phone: requiredText(MSG.phoneRequired, 40),
  email: email(),
  contactPerson: requiredText(MSG.contactPersonRequired, 100),
  contactTitle: requiredText(MSG.contactTitleRequired, 100),
  maxStudents: intInRange(1, 10000, MSG.maxStudentsMin),
  programTypes: z
    .array(programType(MSG.programTypesRequired), { error: MSG.programTypesRequired })
    .min(1, MSG.programTypesRequired),
  specialties: stringList(),
  notes: optionalText(5000),
  requirements: optionalText(2000),
  requiresBackground: z.boolean().default(true),
  requiresInsurance: z.boolean().default(true),
  requiresOrientation: z.boolean().default(true),
  isActive: z.boolean().default(true),
});

/** The Data Management site form (part 2): contactEmail, contactPhone, capacity, at least one specialty. */
export const managementSiteSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.siteNameRequired),
  type: z.enum(MANAGEMENT_SITE_TYPES, { error: MSG.siteTypeRequired }),
  address: requiredText(MSG.addressRequired, 300),
  city: requiredText(MSG.cityRequired, 100),
  state: requiredText(MSG.stateRequired, 50),
  zipCode: requiredText(MSG.zipRequired, 20),
  contactPerson: requiredText(MSG.contactPersonRequired, 100),
  contactEmail: email(),
  contactPhone: requiredText(MSG.phoneRequired, 40),
  capacity: intInRange(1, 10000, MSG.capacityMin),
  specialties: z
    .array(z.string().trim().min(1).max(100), { error: MSG.specialtyRequired })
    .min(1, MSG.specialtyRequired)
    .max(50),
  requirements: optionalText(2000),
  notes: optionalText(5000),
});

/** The simpler Add Clinical Site modal of Clinical Management (part 2). */
export const simpleSiteSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.siteNameRequired),
  type: z.enum(SIMPLE_SITE_TYPES, { error: MSG.siteTypeRequired }).default('hospital'),
  address: requiredText(MSG.addressRequired, 300),
  contactPerson: requiredText(MSG.contactPersonRequired, 100),
  capacity: intInRange(1, 10000, MSG.capacityMin),
  contactEmail: email(),
  contactPhone: requiredText(MSG.phoneRequired, 40),
});

export const siteEmailSchema = z.object({
  id: clientId(),
  clinicalSiteId: z.string({ error: MSG.selectClinicalSite }).trim().min(1, MSG.selectClinicalSite),
  emailAddress: z
    .string({ error: MSG.fillRequiredFields })
    .trim()
    .min(1, MSG.fillRequiredFields)
    .toLowerCase()
    .pipe(z.email(MSG.emailInvalid)),
  contactName: optionalText(100),
  emailType: z.enum(['primary', 'secondary']).default('secondary'),
  isActive: z.boolean().default(true),
});
