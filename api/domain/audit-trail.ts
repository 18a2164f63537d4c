/**
 * The audit trail, newest first: the append-only audit log (every human change, written by its command in its own
 * transaction) merged with the evidence rows, which are their own audit entries (schema/audit.ts EVIDENCE_SOURCES). The
 * Audit Trail screen, its CSV and the dashboard's recent activity read it.
 */
import { inArray } from 'drizzle-orm';

import { createdChanges } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { type AuditEntry, EVIDENCE_SOURCES, type EvidenceTable, isEvidenceTable } from '#schema/audit.ts';
import * as t from '#schema/tables.ts';

const EVIDENCE_ROWS: Record<
  EvidenceTable,
  typeof t.skillAttempts | typeof t.patientContacts | typeof t.clinicalHours | typeof t.signOffs
> = {
  skill_attempts: t.skillAttempts,
  patient_contacts: t.patientContacts,
  clinical_hours: t.clinicalHours,
  sign_offs: t.signOffs,
};

/** A correction is the progress form's absolute record (recordSkillProgress), not a logged attempt. */
const commandOf = (table: EvidenceTable) =>
  table === 'skill_attempts'
    ? `case kind when 'correction' then 'recordSkillProgress' else '${EVIDENCE_SOURCES[table].command}' end`
    : `'${EVIDENCE_SOURCES[table].command}'`;

/**
 * One list: the audit log and each evidence table as rows of the same shape; filters apply to all of them. An evidence
 * row written before rows stopped being repeated in the log is listed once, by its audit entry.
 */
const TRAIL = [
  `select at, actor_id as actorId, command, table_name as tableName, record_id as recordId, action, changes,
    0 as source, id as row from audit_log`,
  ...Object.entries(EVIDENCE_SOURCES).map(
    ([table, { source }]) =>
      `select created_at, recorded_by, ${commandOf(table as EvidenceTable)}, '${table}', id, 'create', null,
        ${source}, rowid from ${table} where not exists (select 1 from audit_log
          where table_name = '${table}' and record_id = ${table}.id and action = 'create')`,
  ),
].join(' union all ');

export interface TrailRow {
  at: string;
  actorId: string | null;
  command: string;
  tableName: string;
  recordId: string;
  action: string;
  changes: string | null;
  source: number;
  row: number;
}

/**
 * Each listed evidence row's fields as it was created: its current values with every later change (a verification, a
 * removal) taken back to the value it replaced, which its own audit entry keeps.
 */
function evidenceChanges(q: Q, rows: TrailRow[]) {
  const changes = new Map<string, AuditEntry['changes']>();
  for (const [table, rowsOf] of Object.entries(EVIDENCE_ROWS)) {
    const ids = rows.filter((r) => r.changes === null && r.tableName === table).map((r) => r.recordId);
    if (ids.length === 0 || !isEvidenceTable(table)) continue;
    const firstValues = valuesBeforeChanges(q, table, ids);
    for (const row of q.select().from(rowsOf).where(inArray(rowsOf.id, ids)).all())
      changes.set(row.id, createdChanges(table, Object.assign({}, row, firstValues.get(row.id))));
  }
  return changes;
}

/** Per record, each field a later audit entry changed, with the value it had before the first such change. */
function valuesBeforeChanges(q: Q, table: string, ids: string[]) {
  const first = new Map<string, Record<string, unknown>>();
  const entries = statement(
    q,
    `select record_id as recordId, changes from audit_log
      where table_name = ? and record_id in (select value from json_each(?)) and action != 'create' order by id`,
  ).all(table, JSON.stringify(ids)) as { recordId: string; changes: string }[];
  for (const { recordId, changes } of entries) {
    const values = first.get(recordId) ?? {};
    for (const [field, { before }] of Object.entries(JSON.parse(changes) as AuditEntry['changes']))
      if (!(field in values)) values[field] = before;
    first.set(recordId, values);
  }
  return first;
}

/**
 * The trail's entries matching `where` (SQL over TrailRow's columns), newest first: each with its changes, an evidence
 * row's as its creation would have said them.
 */
export function trailEntries(q: Q, where: string, params: unknown[], limit: number) {
  const rows = statement(
    q,
    `select * from (${TRAIL}) ${where ? `where ${where}` : ''} order by at desc, source desc, row desc limit ?`,
  ).all(...params, limit) as TrailRow[];
  const created = evidenceChanges(q, rows);
  return rows.map((r) => ({
    ...r,
    changes: r.changes === null ? (created.get(r.recordId) ?? {}) : (JSON.parse(r.changes) as AuditEntry['changes']),
  }));
}
export type TrailEntry = ReturnType<typeof trailEntries>[number];
