/** The audit trail's filters, shared by the server's query and the app's filter form. */
import { z } from 'zod';

import { optionalIsoDate } from './common.ts';

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
  /** Entries with an id below this one: the next page. */
  before: z.coerce.number().int().positive().optional(),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/**
 * The action of an audit entry that keeps values which did not take (an offline edit that lost to a later save): the
 * record is unchanged, `before` is the value that stands and `after` the one its user saved.
 */
export const SUPERSEDED_ACTION = 'superseded';

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorName: string;
  command: string;
  table: string;
  recordId: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: number | null;
}
