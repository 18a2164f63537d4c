/** Puts a queued or rejected change into words: its name, and its input with record ids shown as names. */
import {
  ASSESSMENT_FIELD_LABELS,
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_PARTICIPATION_LABELS,
  ATTEMPT_SETTING_LABELS,
  CARE_LEVEL_LABELS,
  CERTIFICATION_LEVEL_LABELS,
  type CertificationLevel,
  CONTACT_DISPOSITION_LABELS,
  CONTACT_GENDER_LABELS,
  HOUR_TYPE_LABELS,
  MESSAGE_CATEGORY_LABELS,
  MESSAGE_PRIORITY_LABELS,
  PRECEPTOR_LEVEL_LABELS,
  ROLE_LABELS,
  SKILL_STATUS_LABELS,
} from '#schema/enums.ts';
import { JPR_METHOD_LABELS } from '#schema/fire-task-book.ts';
import { SHIFT_TYPE_LABELS, type ShiftType } from '#schema/shift.ts';
import type { DomainTable, TrainingDb } from '#sync/client/db.ts';
import { formatDate, formatDateTime, plural } from '#web/lib/format.ts';

/** 'recordSkillProgress' -> 'Record skill progress'. */
export function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const REFERENCES: Record<string, DomainTable> = {
  studentId: 'students',
  skillId: 'skills',
  clinicalSiteId: 'clinicalSites',
  recipientId: 'users',
  programId: 'programs',
  requestedPreceptorId: 'users',
  userId: 'users',
  attemptId: 'skillAttempts',
  patientContactId: 'patientContacts',
  shiftId: 'shifts',
  taskBookId: 'taskBooks',
};

/** A student record's `studentId` is the ID the program gave them, typed in the form, not a reference. */
const STUDENT_RECORD = new Set(['createStudent', 'updateStudent']);
const OWN_STUDENT_ID = 'Student ID';

/** What a reference reads as when its record is not on this device, where 'Not on this device' would mislead. */
const ABSENT: Partial<Record<DomainTable, string>> = {
  patientContacts: 'A patient contact',
  shifts: 'A shift',
  shiftBookings: 'A shift',
  taskBooks: 'A task book',
};

/** The record an update or delete acts on (its `id`), for the mutations whose record has a name. */
const RECORD_OF: Record<string, { label: string; table: DomainTable }> = {
  updateStudent: { label: 'Student', table: 'students' },
  deleteStudent: { label: 'Student', table: 'students' },
  markMessageRead: { label: 'Message', table: 'messages' },
  updateMessageFlags: { label: 'Message', table: 'messages' },
  deleteClinicalHours: { label: 'Hours', table: 'clinicalHours' },
  deletePatientContact: { label: 'Patient contact', table: 'patientContacts' },
  dropShiftBooking: { label: 'Shift', table: 'shiftBookings' },
  offerShiftSwap: { label: 'Shift', table: 'shiftBookings' },
  clockIntoShift: { label: 'Shift', table: 'shiftBookings' },
  clockOutOfShift: { label: 'Shift', table: 'shiftBookings' },
};

/** An enumerated field's values as the forms show them, by field name (a student's and a preceptor request's levels differ). */
const VALUE_LABELS: Record<string, Readonly<Record<string, string>>> = {
  status: SKILL_STATUS_LABELS,
  statusOverride: SKILL_STATUS_LABELS,
  setting: ATTEMPT_SETTING_LABELS,
  outcome: ATTEMPT_OUTCOME_LABELS,
  participation: ATTEMPT_PARTICIPATION_LABELS,
  requestedRole: ROLE_LABELS,
  emsCertificationLevel: { ...PRECEPTOR_LEVEL_LABELS, ...CERTIFICATION_LEVEL_LABELS },
  certificationLevel: CERTIFICATION_LEVEL_LABELS,
  priority: MESSAGE_PRIORITY_LABELS,
  category: MESSAGE_CATEGORY_LABELS,
  hourType: HOUR_TYPE_LABELS,
  gender: CONTACT_GENDER_LABELS,
  careLevel: CARE_LEVEL_LABELS,
  disposition: CONTACT_DISPOSITION_LABELS,
  method: JPR_METHOD_LABELS,
};

/**
 * Fields nobody typed or could read: the record's own id, a judgement edit's clock stamp, a sign-off's digests, device
 * id and drawn strokes, and the co-sign code (a one-time secret). `attested` is always true: a sign-off cannot be sent
 * without it.
 */
const HIDDEN: ReadonlySet<string> = new Set([
  'id',
  'stamp',
  'contentHash',
  'previousHash',
  'hash',
  'deviceId',
  'signature',
  'cosignCode',
  'attested',
  'hoursEntryId',
]);
/** Whether a field of a change is one nobody typed or could read (shown neither in the list nor for editing). */
export const isHiddenField = (key: string) => HIDDEN.has(key);

const scored = (v: unknown) => Object.values(v ?? {}).filter((r) => r !== null).length;

/** Fields whose value is a structure, each summed up as a person reads it. */
const SUMMARIES: Record<string, (value: unknown) => string> = {
  records: (v) => plural(Array.isArray(v) ? v.length : 0, 'record'),
  preceptor: (v) => {
    const p = v as { name?: string; credential?: string; number?: string };
    return [p.name, [p.credential, p.number].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  },
  evaluation: (v) => plural(scored(v), 'item') + ' rated',
  teamLeadScores: (v) => plural(scored(v), 'team-lead contact') + ' scored',
};

export interface DescribedField {
  key: string;
  label: string;
  value: string;
}

type Row = Record<string, unknown>;

/** A person by first and last name, else the record's name or subject. */
const plainName = (row: Row) =>
  typeof row.firstName === 'string'
    ? `${row.firstName} ${String(row.lastName ?? '')}`.trim()
    : typeof row.name === 'string'
      ? row.name
      : typeof row.subject === 'string'
        ? row.subject
        : undefined;

/** Records known by what they hold rather than a name: an attempt, a patient contact, a shift's hours. */
const NAMERS: Partial<Record<DomainTable, (db: TrainingDb, row: Row) => Promise<string | undefined>>> = {
  async skillAttempts(db, row) {
    const skill = typeof row.skillId === 'string' ? await db.domain('skills').get(row.skillId) : undefined;
    const outcome = ATTEMPT_OUTCOME_LABELS[row.outcome as keyof typeof ATTEMPT_OUTCOME_LABELS];
    return [skill?.name ?? 'Attempt', formatDate(row.attemptedAt as string), outcome].filter(Boolean).join(' · ');
  },
  patientContacts: async (_db, row) =>
    [formatDate(row.date as string), row.primaryImpression].filter(Boolean).join(' · '),
  taskBooks: async (_db, row) => `Task book, ${CERTIFICATION_LEVEL_LABELS[row.level as CertificationLevel] ?? 'fire'}`,
  clinicalHours: async (_db, row) =>
    [`${String(row.hoursCompleted)} h`, formatDate(row.date as string)].filter(Boolean).join(' · '),
  shifts: async (_db, row) => shiftName(row),
  async shiftBookings(db, row) {
    const shift = typeof row.shiftId === 'string' ? await db.domain('shifts').get(row.shiftId) : undefined;
    return shift ? shiftName(shift) : 'A shift';
  },
};

/** A shift by its type, day and start: 'Clinical · Dec 1, 2026 07:00'. */
const shiftName = (row: Row) =>
  [SHIFT_TYPE_LABELS[row.type as ShiftType], `${formatDate(row.date as string)} ${String(row.startTime ?? '')}`.trim()]
    .filter(Boolean)
    .join(' · ');

const NOT_ON_DEVICE = 'Not on this device';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGEST = /^[0-9a-f]{64}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A referenced record's name. One no longer on this device (often why the change was refused: the record was moved or
 * removed) says so rather than show its id; a value that is no id (a student's own ID when creating one) stays.
 */
async function referenceName(db: TrainingDb, table: DomainTable, id: string): Promise<string | undefined> {
  const row = await db.domain(table).get(id);
  if (row) return (await NAMERS[table]?.(db, row)) ?? plainName(row);
  return UUID.test(id) ? (ABSENT[table] ?? NOT_ON_DEVICE) : undefined;
}

/** A value in words: a label for a code, a date as the app shows dates, and never an id or a structure's raw text. */
function show(key: string, value: unknown): string {
  if (Object.hasOwn(SUMMARIES, key)) return SUMMARIES[key](value);
  if (Array.isArray(value)) return value.map((v) => show(key, v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${words(k)}: ${show(k, v)}`)
      .join('; ');
  if (typeof value !== 'string') return String(value);
  if (ISO_TIME.test(value)) return formatDateTime(value);
  if (ISO_DATE.test(value)) return formatDate(value);
  if (UUID.test(value)) return NOT_ON_DEVICE;
  return VALUE_LABELS[key]?.[value] ?? value;
}

async function describeField(db: TrainingDb, name: string, key: string, value: unknown): Promise<DescribedField> {
  if (key === 'studentId' && STUDENT_RECORD.has(name)) return { key, label: OWN_STUDENT_ID, value: show(key, value) };
  const table = REFERENCES[key];
  const referenced = table && typeof value === 'string' ? await referenceName(db, table, value) : undefined;
  const label = ASSESSMENT_FIELD_LABELS[key as keyof typeof ASSESSMENT_FIELD_LABELS] ?? words(key.replace(/Id$/, ''));
  return { key, label, value: referenced ?? show(key, value) };
}

/**
 * The fields a person typed, in words: ids of records on this device are replaced by their names, enumerated values by
 * their labels. An update's changed fields are listed one by one; a field it clears reads 'Cleared'.
 */
export async function describeArgs(db: TrainingDb, name: string, args: unknown): Promise<DescribedField[]> {
  const { changes, ...rest } = (args ?? {}) as Row;
  // an update's input is { id, changes }: the fields a person typed are in `changes`
  const nested = typeof changes === 'object' && changes !== null;
  const fields = nested ? rest : ((args ?? {}) as Row);
  const changed = nested ? (changes as Row) : {};
  const described: DescribedField[] = [];
  const record = RECORD_OF[name];
  if (record && typeof fields.id === 'string') {
    const value = (await referenceName(db, record.table, fields.id)) ?? fields.id;
    described.push({ key: 'id', label: record.label, value });
  }
  for (const [key, value] of Object.entries(fields)) {
    if (HIDDEN.has(key) || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' && DIGEST.test(value)) continue;
    described.push(await describeField(db, name, key, value));
  }
  for (const [key, value] of Object.entries(changed)) {
    if (value === undefined) continue;
    const field = await describeField(db, name, key, value);
    described.push(value === null || value === '' ? { ...field, value: 'Cleared' } : field);
  }
  return described;
}
