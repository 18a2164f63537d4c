/** The audit trail's filters, shared by the server's query and the app's filter form. */
import { z } from 'zod';

import { optionalIsoDate } from './common.ts';
import { MSG } from './messages.ts';

export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_EXPORT_LIMIT = 50_000;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

export const auditFilterSchema = z.object({
  actorId: optionalText,
  /** A table's SQL name, e.g. `students`. */
  table: optionalText,
  recordId: optionalText,
  from: optionalIsoDate(),
  to: optionalIsoDate(),
  /** Entries after this one in the list (an entry's id): the next page. */
  before: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~\d+~\d+$/, MSG.auditPageInvalid)
    .optional()
    .transform((v) => (v ? cursorOf(v) : undefined)),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/**
 * The action of an audit entry that keeps values which did not take (an offline edit that lost to a later save): the
 * record is unchanged, `before` is the value that stands and `after` the one its user saved.
 */
export const SUPERSEDED_ACTION = 'superseded';

/**
 * Evidence rows are append-only and name who recorded them, when and what: each is its own audit entry, so creating
 * one writes none (api/commands/command.ts). The trail lists them among the entries, as the command that creates them.
 * The number orders a source among entries written at the same time (the audit log is 0).
 */
export const EVIDENCE_SOURCES = {
  skill_attempts: { source: 1, command: 'logSkillAttempt' },
  patient_contacts: { source: 2, command: 'logPatientContact' },
  clinical_hours: { source: 3, command: 'logClinicalHours' },
  sign_offs: { source: 4, command: 'signOff' },
} as const;
export type EvidenceTable = keyof typeof EVIDENCE_SOURCES;
export const isEvidenceTable = (table: string): table is EvidenceTable => Object.hasOwn(EVIDENCE_SOURCES, table);

/** Where an entry stands in the trail: time, source (0 the audit log) and row number within it; newest first. */
export interface AuditCursor {
  at: string;
  source: number;
  row: number;
}
export const cursorId = (c: AuditCursor) => `${c.at}~${c.source}~${c.row}`;
function cursorOf(id: string): AuditCursor {
  const [at, source, row] = id.split('~');
  return { at, source: Number(source), row: Number(row) };
}

const auditEntrySchema = z.strictObject({
  /** Its place in the trail (cursorId): pass as `before` for the entries after it. */
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  command: z.string(),
  table: z.string(),
  recordId: z.string(),
  action: z.string(),
  // each field's value before and after, whatever its type: the audit keeps any field of any table
  changes: z.record(z.string(), z.strictObject({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit: a page of the trail, newest first. */
export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
