/** Puts a queued or rejected change into words: its name, and its input with record ids shown as names. */
import type { DomainTable, TrainingDb } from '../../../sync/client/db.ts';

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
};

export interface DescribedField {
  key: string;
  label: string;
  value: string;
}

function nameOf(row: Record<string, unknown> | undefined): string | undefined {
  if (!row) return undefined;
  if (typeof row.firstName === 'string') return `${row.firstName} ${String(row.lastName ?? '')}`.trim();
  return typeof row.name === 'string' ? row.name : undefined;
}

const show = (value: unknown) =>
  Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);

/** The fields a person typed, in words; ids of records on this device are replaced by their names. */
export async function describeArgs(db: TrainingDb, args: unknown): Promise<DescribedField[]> {
  const fields: DescribedField[] = [];
  for (const [key, value] of Object.entries((args ?? {}) as Record<string, unknown>)) {
    if (key === 'id' || value === undefined || value === null || value === '') continue;
    const table = REFERENCES[key];
    const referenced = table && typeof value === 'string' ? nameOf(await db.domain(table).get(value)) : undefined;
    fields.push({ key, label: words(key.replace(/Id$/, '')), value: referenced ?? show(value) });
  }
  return fields;
}
