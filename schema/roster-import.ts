/**
 * Importing a roster (students, instructors, preceptors, clinical sites) or a program's history (skill attempts,
 * patient contacts, hours) from another system's CSV or XLSX file. The server and the import screen share what each
 * kind of file may hold, how a cell becomes a form value and how columns are matched; every row is then checked by the
 * same zod schema and messages as the record's own form (api/domain/imports/).
 */
import { z } from 'zod';

import {
  ATTEMPT_OUTCOMES,
  ATTEMPT_PARTICIPATION,
  ATTEMPT_SETTINGS,
  CARE_LEVELS,
  CONTACT_DISPOSITIONS,
  CONTACT_GENDERS,
  DEPARTMENTS,
  EMS_LEVELS,
  HOUR_TYPES,
  MANAGEMENT_SITE_TYPES,
  PROGRAM_TYPES,
  type Role,
  SIMPLE_SITE_TYPES,
  SITE_TYPES,
} from './enums.ts';
import { IMPORT_MSG, MSG } from './messages.ts';
import { CHIEF_COMPLAINTS, IMPRESSIONS } from './patient-contact.ts';
import { type Action, can } from './permissions.ts';

const ROSTER_KINDS = ['students', 'instructors', 'preceptors', 'sites'] as const;
const HISTORY_KINDS = ['skill_attempts', 'patient_contacts', 'hours'] as const;
export const IMPORT_KINDS = [...ROSTER_KINDS, ...HISTORY_KINDS] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export type RosterKind = (typeof ROSTER_KINDS)[number];
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const isHistoryKind = (kind: string): kind is HistoryKind => (HISTORY_KINDS as readonly string[]).includes(kind);

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  students: 'Students',
  instructors: 'Instructors',
  preceptors: 'Preceptors',
  sites: 'Clinical sites',
  skill_attempts: 'Skill attempts (history)',
  patient_contacts: 'Patient contacts (history)',
  hours: 'Clinical and field hours (history)',
};

/**
 * Who may import each kind: whoever may create those records by hand (staff and preceptor accounts also join the
 * program, which only directors and administration may do); a program's history only who works its verification
 * queue, who also attest it. The server enforces this (api/domain/imports/); the screen offers only these kinds.
 */
export const IMPORT_ACTIONS: Record<ImportKind, readonly Action[]> = {
  students: ['students.create', 'students.update'],
  instructors: ['instructors.create', 'programs.manage'],
  preceptors: ['instructors.create', 'programs.manage'],
  sites: ['sites.manage'],
  skill_attempts: ['signOffs.review'],
  patient_contacts: ['signOffs.review'],
  hours: ['signOffs.review'],
};
export const mayImport = (role: Role, kind: ImportKind) => IMPORT_ACTIONS[kind].every((a) => can(role, a));
/** Who attests a history file: the verification queue's roles. */
export const ATTEST_ACTION: Action = 'signOffs.review';

/** A file larger than this is refused before any of it is parsed (the request body is cut off at it). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows below the header: a college's whole roster, or years of one program's records. */
export const IMPORT_MAX_ROWS = 10_000;
/** Uncompressed size an XLSX's parts may declare: a small zip that unpacks to gigabytes is refused unopened. */
export const IMPORT_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** What a cell holds once read: CSV gives text, XLSX also numbers, booleans and dates. */
export type CellValue = string | number | boolean | Date | null;

type Coerce = 'text' | 'number' | 'boolean' | 'list' | 'date' | 'dateTime' | 'time';
export interface ImportField {
  key: string;
  label: string;
  coerce: Coerce;
  required?: boolean;
  /** Other headers this column goes by in other systems' exports. */
  aliases?: readonly string[];
  /** The values the field's form offers: a cell naming one in another case or spacing is taken as it. */
  options?: readonly string[];
}

const f = (key: string, label: string, coerce: Coerce = 'text', required = false, aliases: string[] = []) =>
  ({ key, label, coerce, required, aliases }) satisfies ImportField;
/** A field whose value is one of the form's options. */
const choice = (key: string, label: string, options: readonly string[], required = false, aliases: string[] = []) => ({
  ...f(key, label, 'text', required, aliases),
  options,
});

const PERSON = [
  f('firstName', 'First name', 'text', true, ['first', 'given name']),
  f('lastName', 'Last name', 'text', true, ['last', 'surname', 'family name']),
  f('email', 'E-mail', 'text', true, ['email address', 'e-mail address']),
  f('phone', 'Phone', 'text', true, ['phone number', 'mobile', 'telephone']),
];
const STAFF = [
  ...PERSON,
  f('employeeId', 'Employee ID', 'text', true, ['employee number', 'staff id']),
  f('title', 'Job title', 'text', true, ['position']),
  choice('department', 'Department', DEPARTMENTS, true),
  f('hireDate', 'Hire date', 'date', true, ['start date']),
  { ...f('programTypes', 'Program types', 'list', true, ['programs', 'disciplines']), options: PROGRAM_TYPES },
  f('certifications', 'Certifications', 'list'),
  f('specialties', 'Specialties', 'list'),
  f('experience', 'Experience'),
  f('education', 'Education'),
  f('notes', 'Notes'),
  f('isActive', 'Active', 'boolean'),
];
const STUDENT_REF = f('studentId', 'Student ID', 'text', true, ['student number', 'student code', 'id number']);

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  students: [
    ...PERSON,
    STUDENT_REF,
    f('enrollmentDate', 'Enrollment date', 'date', true, ['enrolled', 'start date']),
    f('expectedGraduation', 'Expected graduation', 'date', true, ['graduation expected']),
    choice('emsCertificationLevel', 'EMS level', EMS_LEVELS, false, ['certification level', 'level']),
    f('address', 'Address'),
    f('emergencyContact', 'Emergency contact'),
    f('emergencyPhone', 'Emergency phone'),
    f('graduationDate', 'Graduation date', 'date', false, ['graduated']),
    f('gpa', 'GPA', 'number'),
    f('isActive', 'Active', 'boolean'),
  ],
  instructors: STAFF,
  preceptors: STAFF,
  sites: [
    f('name', 'Site name', 'text', true, ['site', 'clinical site']),
    choice('type', 'Site type', [...SITE_TYPES, ...MANAGEMENT_SITE_TYPES, ...SIMPLE_SITE_TYPES], true),
    f('address', 'Address', 'text', true, ['street']),
    f('city', 'City', 'text', true),
    f('state', 'State', 'text', true),
    f('zipCode', 'ZIP code', 'text', true, ['zip', 'postal code']),
    f('phone', 'Phone', 'text', true),
    f('email', 'E-mail', 'text', true),
    f('contactPerson', 'Contact person', 'text', true, ['contact']),
    f('contactTitle', 'Contact title', 'text', true),
    f('maxStudents', 'Maximum students', 'number', true, ['capacity']),
    { ...f('programTypes', 'Program types', 'list', true, ['programs']), options: PROGRAM_TYPES },
    f('specialties', 'Specialties', 'list'),
    f('requirements', 'Requirements'),
    f('notes', 'Notes'),
    f('isActive', 'Active', 'boolean'),
  ],
  skill_attempts: [
    STUDENT_REF,
    f('skill', 'Skill (name or code)', 'text', true, ['skill name', 'skill code']),
    f('attemptedAt', 'Date', 'dateTime', true, ['attempted', 'attempt date']),
    choice('setting', 'Setting', ATTEMPT_SETTINGS, true),
    choice('outcome', 'Outcome', ATTEMPT_OUTCOMES, true, ['result']),
    choice('participation', 'Participation', ATTEMPT_PARTICIPATION),
    f('notes', 'Notes'),
  ],
  patient_contacts: [
    STUDENT_REF,
    f('date', 'Date', 'date', true, ['contact date']),
    choice('setting', 'Setting', ATTEMPT_SETTINGS, true),
    f('ageYears', 'Age (years)', 'number', true, ['age']),
    f('ageMonths', 'Age (months)', 'number'),
    choice('gender', 'Gender', CONTACT_GENDERS, true, ['sex']),
    {
      ...f('chiefComplaints', 'Chief complaints', 'list', true, ['chief complaint', 'complaint']),
      options: CHIEF_COMPLAINTS,
    },
    choice('primaryImpression', 'Primary impression', IMPRESSIONS, true, ['impression']),
    choice('secondaryImpression', 'Secondary impression', IMPRESSIONS),
    f('teamLead', 'Team lead', 'boolean'),
    choice('careLevel', 'Care level', CARE_LEVELS, true, ['level of care']),
    choice('disposition', 'Disposition', CONTACT_DISPOSITIONS, true),
    f('notes', 'Notes'),
  ],
  hours: [
    STUDENT_REF,
    f('date', 'Date', 'date', true, ['shift date']),
    f('hoursCompleted', 'Hours', 'number', false, ['hours completed', 'total hours']),
    f('startTime', 'Start time', 'time', false, ['start']),
    f('endTime', 'End time', 'time', false, ['end']),
    choice('hourType', 'Hour type', HOUR_TYPES, false, ['type']),
    f('site', 'Clinical site (name)', 'text', false, ['site', 'clinical site']),
    f('unit', 'Unit'),
    f('preceptorName', 'Preceptor', 'text', false, ['preceptor name']),
    f('notes', 'Notes'),
  ],
};

/**
 * A cell a spreadsheet would run as a formula. A leading + or - is a phone number or a signed number often enough
 * (+1 555 0100, -3) that only those followed by anything else are refused; the exports escape what is stored anyway
 * (schema/csv.ts).
 */
export function looksLikeFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text);
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** US spreadsheets write 3/14/2024; the forms take 2024-03-14. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);
const NUMBER = /^-?\d+(\.\d+)?$/;

function toDate(value: CellValue): unknown {
  if (value instanceof Date) return isoDay(value);
  const text = String(value).trim();
  const us = US_DATE.exec(text);
  return us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : text.slice(0, 10);
}

/*
 * Spreadsheet times. Excel stores a date and time as days since 1899-12-30 and a time of day as the fraction of a day;
 * read-excel-file gives a cell formatted as a date or time as a Date holding the wall clock the cell shows, in UTC
 * fields (a time alone falls on 1899-12-30, a duration past 24 hours on the days after). A fraction rarely lands on a
 * whole minute, so each is taken to the nearest minute, as the cell shows it.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
/** A time alone, or a duration, lies within the first days of Excel's calendar; no real date does. */
const EXCEL_DURATION_DAYS = 31;
const toMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;
const sinceDayZero = (d: Date) => toMinute(d.getTime()) - EXCEL_DAY_ZERO;
const isTimeAlone = (d: Date) => sinceDayZero(d) >= 0 && sinceDayZero(d) < EXCEL_DURATION_DAYS * 24 * HOUR_MS;
const pad2 = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(toMinute(ms));
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
};
/** 7:00, 07:00:00, 7 PM, 7:30 pm: a time of day as people type it. */
const TYPED_TIME = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap]\.?m\.?)?$/i;

/** A time of day as the form takes it (HH:MM); a cell that is none stays as it is, so the field's schema says why. */
function toTime(value: CellValue): unknown {
  if (value instanceof Date) return clock(value.getTime());
  if (typeof value === 'number') return value >= 0 && value < 1 ? clock(value * 24 * HOUR_MS) : value;
  const text = String(value).trim();
  const typed = TYPED_TIME.exec(text);
  if (!typed || (!typed[2] && !typed[3])) return text;
  const hour = (Number(typed[1]) % (typed[3] ? 12 : 24)) + (typed[3]?.toLowerCase().startsWith('p') ? 12 : 0);
  return `${pad2(hour)}:${typed[2] ?? '00'}`;
}

/** A number of hours: a cell formatted as a duration ([h]:mm, 12:30) is that many hours. */
const toNumber = (value: CellValue): unknown => {
  if (value instanceof Date && isTimeAlone(value)) return sinceDayZero(value) / HOUR_MS;
  const text = String(value).trim();
  return typeof value === 'number' ? value : NUMBER.test(text) ? Number(text) : text;
};

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
/** How far the zone's wall clock is ahead of UTC at this instant. */
function zoneOffset(utcMs: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(utcMs).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(utcMs / MINUTE_MS) * MINUTE_MS;
}

/** The instant a wall clock shows in the zone (the offset taken again at the result, for a day the clocks change). */
function wallClockInstant(wallMs: number, timeZone: string): string {
  const first = wallMs - zoneOffset(wallMs, timeZone);
  return new Date(wallMs - zoneOffset(first, timeZone)).toISOString();
}

/** 2026-02-03 14:30 or 2/3/2026 2:30 PM: a date and a time of day typed in one cell. */
const TYPED_DATE_TIME = /^(\S+)[ T]+(\d{1,2}(?::\d{2}){0,2}\s*(?:[ap]\.?m\.?)?)$/i;

/** A date and time as the importer's clock showed it, as an instant; a date alone is its midnight. */
function toDateTime(value: CellValue, timeZone: string): unknown {
  if (value instanceof Date) return wallClockInstant(toMinute(value.getTime()), timeZone);
  const text = String(value).trim();
  if (/T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) return text;
  const typed = TYPED_DATE_TIME.exec(text);
  const day = String(toDate(typed ? typed[1] : text));
  const time = typed ? toTime(typed[2]) : '00:00';
  const wall = Date.parse(`${day}T${String(time)}:00Z`);
  return Number.isNaN(wall) ? text : wallClockInstant(wall, timeZone);
}

/** The option a text names in any case or spacing, else the text as it is (its schema then refuses it). */
const asOption = (text: string, options: readonly string[] | undefined) =>
  options?.find((o) => squash(o) === squash(text)) ?? text;

/** A cell as its form field takes it; a value that cannot be converted stays as text, so the field's schema says why. */
function coerceCell(value: CellValue, { coerce, options }: ImportField, timeZone: string): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  switch (coerce) {
    case 'number':
      return toNumber(value);
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = String(value).trim().toLowerCase();
      return YES.has(word) ? true : NO.has(word) ? false : value;
    }
    case 'list':
      return String(value)
        .split(/[;,]/)
        .map((s) => asOption(s.trim(), options))
        .filter(Boolean);
    case 'date':
      return toDate(value);
    case 'dateTime':
      return toDateTime(value, timeZone);
    case 'time':
      return toTime(value);
    default:
      return value instanceof Date ? isoDay(value) : asOption(String(value).trim(), options);
  }
}

/** Maps each field key to the header of the column that fills it. */
const importMappingSchema = z.record(z.string().max(64), z.string().max(200)).default({});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export type RowErrors = Record<string, string>;

/**
 * One row's values by field key, as the record's form would send them, with the errors found before its schema runs:
 * a formula-like cell, a yes/no that is neither. Unmapped fields are left out (an update then keeps them).
 */
export function rowValues(
  kind: ImportKind,
  headers: readonly string[],
  cells: readonly CellValue[],
  mapping: ImportMapping,
  timeZone = 'UTC',
): { values: Record<string, unknown>; errors: RowErrors } {
  const values: Record<string, unknown> = {};
  const errors: RowErrors = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const header = mapping[field.key];
    if (!header) continue;
    const cell = cells[headers.indexOf(header)] ?? null;
    if (typeof cell === 'string' && looksLikeFormula(cell)) {
      errors[field.key] = IMPORT_MSG.formula;
      continue;
    }
    const value = coerceCell(cell, field, timeZone);
    if (field.coerce === 'boolean' && value !== undefined && typeof value !== 'boolean')
      errors[field.key] = IMPORT_MSG.yesNo;
    else if (value !== undefined) values[field.key] = value;
  }
  return { values, errors };
}

/** A first guess at the mapping: each field to the column whose header is its name, label or an alias. */
function suggestMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const names = new Set([field.key, field.label, ...(field.aliases ?? [])].map(squash));
    const header = headers.find((h) => names.has(squash(h)));
    if (header) mapping[field.key] = header;
  }
  return mapping;
}

/** The remembered mapping where its columns are still in the file, else a guess from the headers. */
export function startingMapping(
  kind: ImportKind,
  headers: readonly string[],
  remembered: ImportMapping | null,
): ImportMapping {
  const kept = Object.entries(remembered ?? {}).filter(([, header]) => headers.includes(header));
  return kept.length > 0 ? Object.fromEntries(kept) : suggestMapping(kind, headers);
}

/** The form fields of an import request (multipart: these and the file). */
export const importRequestSchema = z.object({
  programId: z.string({ error: MSG.programRequired }).trim().min(1, MSG.programRequired).max(64),
  kind: z.enum(IMPORT_KINDS, { error: IMPORT_MSG.kindRequired }),
  mapping: z
    .string()
    .max(20_000)
    .default('{}')
    .transform((text, ctx) => {
      try {
        return importMappingSchema.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.fillRequiredFields });
        return z.NEVER;
      }
    }),
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The importer's time zone (the browser's): a spreadsheet's dates and times are the wall clock there. */
  timeZone: z.string().max(64).default('UTC').refine(isTimeZone, IMPORT_MSG.timeZone),
});

/** A row the file could not import, by its row number in the spreadsheet (the header is row 1). */
const importRowErrorSchema = z.object({ row: z.number().int(), fields: z.record(z.string(), z.string()) });

/** What an import (or its dry run) did or would do: the answer of POST /api/imports. */
export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  /** Whether the rows were saved: never when any row has an error, never on a dry run. */
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importRowErrorSchema),
  batchId: z.string().nullable(),
  /** A history file imported before: nothing was added. */
  alreadyImported: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** What the server read of a file, to map its columns: the answer of POST /api/imports/inspect. */
export const importInspectionSchema = z.object({
  headers: z.array(z.string()),
  rowCount: z.number().int(),
  sample: z.array(z.array(z.string())),
  mapping: z.record(z.string(), z.string()),
  remembered: z.boolean(),
});
export type ImportInspection = z.infer<typeof importInspectionSchema>;

/** A history import as listed for attestation (GET /api/imports). */
export const importBatchSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  fileName: z.string(),
  rowCount: z.number().int(),
  importedBy: z.string(),
  createdAt: z.string(),
  attestedBy: z.string().nullable(),
  attestedAt: z.string().nullable(),
});
export type ImportBatchSummary = z.infer<typeof importBatchSummarySchema>;

/** POST /api/imports/:id/attest: who attested the file, and when. */
export const importAttestationSchema = z.object({ id: z.string(), attestedBy: z.string(), attestedAt: z.string() });
export type ImportAttestation = z.infer<typeof importAttestationSchema>;
