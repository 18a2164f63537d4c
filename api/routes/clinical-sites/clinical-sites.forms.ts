/**
 * The spec has three site forms: part 1's Clinical Sites dialog, part 2's Data Management form and part 2's simple
 * Clinical Management modal. Each is validated with its own schema (so each answers its own messages), then mapped
 * onto the one stored shape that the createClinicalSite command takes.
 */
import type { z } from 'zod';

import { invalid } from '#api/http/errors.ts';
import { clinicalSiteSchema, managementSiteSchema, simpleSiteSchema } from '#schema/clinical-site.ts';
import { fieldErrors } from '#schema/common.ts';
import type { ProgramType } from '#schema/enums.ts';

import type { SiteRecord } from './clinical-sites.commands.ts';

/** The part-2 forms have no program types; the site type implies one (Fire_Station, police_department, ...). */
function programTypesOf(type: string): ProgramType[] {
  const lower = type.toLowerCase();
  if (lower.includes('fire')) return ['fire'];
  if (lower.includes('police')) return ['police'];
  return ['ems'];
}

const REQUIREMENT_DEFAULTS = {
  requiresBackground: true,
  requiresInsurance: true,
  requiresOrientation: true,
  isActive: true,
} as const;

function fromManagement(f: z.output<typeof managementSiteSchema>): SiteRecord {
  const { contactEmail, contactPhone, capacity, ...rest } = f;
  return {
    ...rest,
    ...REQUIREMENT_DEFAULTS,
    email: contactEmail,
    phone: contactPhone,
    maxStudents: capacity,
    contactTitle: null,
    programTypes: programTypesOf(f.type),
  };
}

function fromSimple(f: z.output<typeof simpleSiteSchema>): SiteRecord {
  const { contactEmail, contactPhone, capacity, ...rest } = f;
  return {
    ...rest,
    ...REQUIREMENT_DEFAULTS,
    email: contactEmail,
    phone: contactPhone,
    maxStudents: capacity,
    city: null,
    state: null,
    zipCode: null,
    contactTitle: null,
    specialties: [],
    notes: null,
    requirements: null,
    programTypes: programTypesOf(f.type),
  };
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/** What any of the three site forms sends to POST /api/clinical-sites. */
export type SiteForm =
  z.input<typeof clinicalSiteSchema> | z.input<typeof managementSiteSchema> | z.input<typeof simpleSiteSchema>;

/** Picks the form by the body's shape: contactEmail marks a part-2 form, city tells the two apart. */
export function siteFromForm(body: unknown): SiteRecord {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (fields.contactEmail === undefined) return parse(clinicalSiteSchema, body);
  if (fields.city !== undefined) return fromManagement(parse(managementSiteSchema, body));
  return fromSimple(parse(simpleSiteSchema, body));
}
