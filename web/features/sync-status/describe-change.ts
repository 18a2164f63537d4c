/** Puts a queued or rejected change into words: its name, and its input with record ids shown as names. */
import {
  ASSESSMENT_FIELD_LABELS,
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_PARTICIPATION_LABELS,
  ATTEMPT_SETTING_LABELS,
  CARE_LEVEL_LABELS,
  CERTIFICATION_LEVEL_LABELS,
  CONTACT_DISPOSITION_LABELS,
  CONTACT_GENDER_LABELS,
  HOUR_TYPE_LABELS,
  MESSAGE_CATEGORY_LABELS,
  MESSAGE_PRIORITY_LABELS,
  PRECEPTOR_LEVEL_LABELS,
  ROLE_LABELS,
  SKILL_STATUS_LABELS,
} from '../../../schema/enums.ts';
import type { DomainTable, TrainingDb } from '../../../sync/client/db.ts';
import { formatDate } from '../../lib/format.ts';

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
};

/** The record an update or delete acts on (its `id`), for the mutations whose record has a name. */
const RECORD_OF: Record<string, { label: string; table: DomainTable }> = {
  updateStudent: { label: 'Student', table: 'students' },
  deleteStudent: { label: 'Student', table: 'students' },
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
};

/** Fields nobody typed: the record's own id, and a judgement edit's clock stamp. */
const HIDDEN = new Set(['id', 'stamp']);

export interface DescribedField {
  key: string;
  label: string;
  value: string;
}

type Row = Record<string, unknown>;

/** A referenced record as people know it: a person by first and last name, an attempt by its skill and day. */
async function nameOf(db: TrainingDb, row: Row): Promise<string | undefined> {
  if (typeof row.firstName === 'string') return `${row.firstName} ${String(row.lastName ?? '')}`.trim();
  if (typeof row.name === 'string') return row.name;
  if (typeof row.attemptedAt !== 'string') return undefined;
  const skill = typeof row.skillId === 'string' ? await db.domain('skills').get(row.skillId) : undefined;
  const outcome = ATTEMPT_OUTCOME_LABELS[row.outcome as keyof typeof ATTEMPT_OUTCOME_LABELS];
  return [skill?.name ?? 'Attempt', formatDate(row.attemptedAt), outcome].filter(Boolean).join(' · ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A referenced record's name. One no longer on this device (often why the change was refused: the record was moved or
 * removed) says so rather than show its id; a value that is no id (a student's own ID when creating one) stays.
 */
async function referenceName(db: TrainingDb, table: DomainTable, id: string): Promise<string | undefined> {
  const row = await db.domain(table).get(id);
  if (row) return nameOf(db, row);
  return UUID.test(id) ? 'Not on this device' : undefined;
}

function show(key: string, value: unknown): string {
  const labels = VALUE_LABELS[key];
  const one = (v: unknown) => (labels && typeof v === 'string' ? (labels[v] ?? v) : String(v));
  if (Array.isArray(value)) return value.map(one).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : one(value);
}

async function describeField(db: TrainingDb, key: string, value: unknown): Promise<DescribedField> {
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
    described.push(await describeField(db, key, value));
  }
  for (const [key, value] of Object.entries(changed)) {
    if (value === undefined) continue;
    const field = await describeField(db, key, value);
    described.push(value === null || value === '' ? { ...field, value: 'Cleared' } : field);
  }
  return described;
}
