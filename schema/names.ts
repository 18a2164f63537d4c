/** How people, roles and levels are written on screen (no zod here: the app's first screen imports it). */
import { CERTIFICATION_LEVEL_LABELS, SHORT_LEVEL_LABELS } from './enums.ts';

export const roleDisplay = (role: string) => role.replace(/_/g, ' ');
export const initials = (firstName?: string | null, lastName?: string | null) =>
  `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';

// made on first use: building a collator loads the locale's collation data, 80 ms of a phone's start-up at 4x CPU
let collator: Intl.Collator | undefined;
/** Text in the order people expect: case and accents aside, numbers by value ("Cohort 2" before "Cohort 10"). */
export const compareText = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })).compare(a, b);

type Named = { lastName: string; firstName: string };
/** An account's name as records and notes name its holder: first name, then last name. */
export const accountName = (u: Named) => `${u.firstName} ${u.lastName}`;
/** People by last name, then first name. */
export const byPersonName = (a: Named, b: Named) =>
  compareText(a.lastName, b.lastName) || compareText(a.firstName, b.firstName);
/** Students with their figures by the student's name, last name first, as the server lists them. */
export const byStudentName = (a: { student: Named }, b: { student: Named }) => byPersonName(a.student, b.student);
/** Programs, clinical sites and other records by their name. */
export const byRecordName = (a: { name: string }, b: { name: string }) => compareText(a.name, b.name);

const SHORT_NAMES: Readonly<Record<string, string | undefined>> = SHORT_LEVEL_LABELS;
const CATALOGUE_NAMES: Readonly<Record<string, string | undefined>> = CERTIFICATION_LEVEL_LABELS;
/** A level's short EMS name ('EMT'); undefined for a level without one. */
export const shortLevelName = (level: string) => SHORT_NAMES[level];
/** A level's name in the catalogue ('EMT - Emergency Medical Technician'), or with `short` its short name where it has one; an unknown level as it is. */
export const levelName = (level: string, { short = false } = {}) =>
  (short ? SHORT_NAMES[level] : undefined) ?? CATALOGUE_NAMES[level] ?? level;

/** The app itself, as the sender of automatic notices (a co-sign lock, for one): no account stands behind it. */
export const SYSTEM_SENDER = { id: 'system', name: 'Training Records', role: 'Automatic notice' } as const;
