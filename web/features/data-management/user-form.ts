/** Rules of the Add New User form (spec section 5), apart from the shared schema's validation. */
import { type Role, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '#schema/enums.ts';
import type { UserCreate } from '#schema/user.ts';

/** The six role cards, chosen before the fields appear. */
export const ROLE_CARDS = ROLES.map((role) => ({
  role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));

const STAFF_DETAIL_ROLES: ReadonlySet<string> = new Set<Role>(['instructor', 'preceptor', 'director']);
/** Department, certifications and specialties appear only for instructor, preceptor and director. */
export const hasStaffDetails = (role: string | undefined) => role !== undefined && STAFF_DETAIL_ROLES.has(role);

/** A comma-separated entry as a list, blanks dropped. */
export const splitList = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Array.isArray(text)
      ? text
      : [];

/** What POST /api/users receives: details typed for a staff role and then hidden by choosing another role are not sent. */
export function userPayload(values: UserCreate): UserCreate {
  if (hasStaffDetails(values.role)) return values;
  return { ...values, department: null, certifications: [], specialties: [] };
}
