/** The Audit Trail screen's and CSV's reads of the trail (api/domain/audit-trail.ts), filtered and paged. */
import { inArray } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import { trailEntries, type TrailEntry } from '#api/domain/audit-trail.ts';
import { LINK_ACTOR } from '#api/domain/evidence/link-actor.ts';
import { SYSTEM_ACTOR } from '#api/seed/standards.ts';
import { type AuditCursor, type AuditEntry, type AuditFilter, type AuditPage, cursorId } from '#schema/audit.ts';
import * as t from '#schema/tables.ts';

function conditions(f: AuditFilter) {
  const where: [string, unknown[]][] = [];
  if (f.actorId) where.push(['actorId = ?', [f.actorId]]);
  if (f.table) where.push(['tableName = ?', [f.table]]);
  if (f.recordId) where.push(['recordId = ?', [f.recordId]]);
  if (f.from) where.push(['at >= ?', [f.from]]);
  // `to` is a whole day: everything before the next midnight
  if (f.to) where.push(['at <= ?', [`${f.to}T23:59:59.999Z`]]);
  if (f.before) where.push(['(at, source, row) < (?, ?, ?)', cursorParams(f.before)]);
  return {
    sql: where.map(([sql]) => sql).join(' and '),
    params: where.flatMap(([, params]) => params),
  };
}
const cursorParams = (c: AuditCursor) => [c.at, c.source, c.row];

export function auditEntries(q: Q, filter: AuditFilter, limit: number): AuditEntry[] {
  const { sql, params } = conditions(filter);
  const rows = trailEntries(q, sql, params, limit);
  const names = actorNames(q, rows);
  return rows.map((r) => ({
    id: cursorId(r),
    at: r.at,
    actorId: r.actorId,
    actorName: actorName(r.actorId, names),
    command: r.command,
    table: r.tableName,
    recordId: r.recordId,
    action: r.action,
    changes: r.changes,
  }));
}

function actorNames(q: Q, rows: TrailEntry[]) {
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  return new Map(
    actorIds.length
      ? q
          .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
          .from(t.users)
          .where(inArray(t.users.id, actorIds))
          .all()
          .map((u) => [u.id, `${u.firstName} ${u.lastName}`])
      : [],
  );
}

/**
 * Seeds and the first-director setup write as the system, a preceptor's link answer as the link; an id no longer among
 * users was an account since deleted.
 */
function actorName(actorId: string | null, names: Map<string, string>) {
  if (!actorId || actorId === SYSTEM_ACTOR.id) return 'System';
  if (actorId === LINK_ACTOR.id) return LINK_ACTOR.name;
  return names.get(actorId) ?? 'Deleted user';
}

export function auditPage(q: Q, filter: AuditFilter, pageSize: number): AuditPage {
  const entries = auditEntries(q, filter, pageSize + 1);
  const more = entries.length > pageSize;
  const page = more ? entries.slice(0, pageSize) : entries;
  return { entries: page, nextBefore: more ? page[page.length - 1].id : null };
}

/** One row per changed field, the shape a spreadsheet reads best. */
export function auditCsvRows(entries: AuditEntry[]) {
  return entries.flatMap((e) => {
    const fields = Object.entries(e.changes);
    const base = {
      at: e.at,
      actor: e.actorName,
      actorId: e.actorId ?? '',
      command: e.command,
      table: e.table,
      recordId: e.recordId,
      action: e.action,
    };
    if (fields.length === 0) return [{ ...base, field: '', before: '', after: '' }];
    return fields.map(([field, { before, after }]) => ({ ...base, field, before: show(before), after: show(after) }));
  });
}

const show = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
