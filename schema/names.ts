/** How people and roles are written on screen (no zod here: the app's first screen imports it). */
export const roleDisplay = (role: string) => role.replace(/_/g, ' ');
export const initials = (firstName?: string | null, lastName?: string | null) =>
  `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
/** Text in the order people expect: case and accents aside, numbers by value ("Cohort 2" before "Cohort 10"). */
export const compareText = (a: string, b: string) => collator.compare(a, b);

type Named = { lastName: string; firstName: string };
/** People by last name, then first name. */
export const byPersonName = (a: Named, b: Named) => compareText(a.lastName, b.lastName) || compareText(a.firstName, b.firstName);
