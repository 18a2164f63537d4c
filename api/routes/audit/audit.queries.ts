/** Reads the append-only audit log (written by every command in its own transaction), newest first. */
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import { LINK_ACTOR } from '#api/domain/evidence/link-actor.ts';
import { SYSTEM_ACTOR } from '#api/seed/standards.ts';
import type { AuditEntry, AuditFilter, AuditPage } from '#schema/audit.ts';
import * as t from '#schema/tables.ts';

function conditions(f: AuditFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    f.actorId ? eq(t.auditLog.actorId, f.actorId) : undefined,
    f.table ? eq(t.auditLog.tableName, f.table) : undefined,
    f.recordId ? eq(t.auditLog.recordId, f.recordId) : undefined,
    f.from ? gte(t.auditLog.at, f.from) : undefined,
    // `to` is a whole day: everything before the next midnight
    f.to ? lte(t.auditLog.at, `${f.to}T23:59:59.999Z`) : undefined,
    f.before ? lt(t.auditLog.id, f.before) : undefined,
  ];
  return and(...where.filter(Boolean));
}

export function auditEntries(q: Q, filter: AuditFilter, limit: number): AuditEntry[] {
  const rows = q.select().from(t.auditLog).where(conditions(filter)).orderBy(desc(t.auditLog.id)).limit(limit).all();
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  const names = new Map(
    actorIds.length
      ? q
          .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
          .from(t.users)
          .where(inArray(t.users.id, actorIds))
          .all()
          .map((u) => [u.id, `${u.firstName} ${u.lastName}`])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
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
