/**
 * What the audit log keeps of a write: every change a person made. An evidence row is append-only and names who
 * recorded it, when and what (schema/audit.ts EVIDENCE_SOURCES): its creation is its own entry, and the trail lists the
 * row itself. Of a derived row only the `judged` fields people set count; its figures follow from evidence rows.
 */
import { isEvidenceTable } from '#schema/audit.ts';

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** The changes to keep in the audit log; null: no entry. */
export function auditedChanges(
  tableName: string,
  action: string,
  changes: Changes,
  judged: readonly string[] | undefined,
): Changes | null {
  if (action === 'create' && isEvidenceTable(tableName)) return null;
  if (!judged) return changes;
  const kept = Object.fromEntries(judged.filter((field) => field in changes).map((field) => [field, changes[field]]));
  return Object.keys(kept).length > 0 ? kept : null;
}
