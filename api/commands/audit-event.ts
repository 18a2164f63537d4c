/**
 * Audit entries of actions that write no synced record (a calendar feed issued or revoked, records exported): they
 * take the current data version rather than a new one, so they clear nobody's kept answers, and they name what was
 * acted on as a record does, so the Audit Trail filters them by user, table and record like any other entry.
 */
import type { Q } from '../db/open.ts';
import { statement } from '../db/statements.ts';
import type { Actor } from './command.ts';

export interface AuditEvent {
  command: string;
  /** What was acted on, as the Audit Trail's table filter names it. */
  tableName: string;
  recordId: string;
  action: string;
  /** Facts worth keeping (never a secret): shown as `after` values. */
  details?: Record<string, unknown>;
}

export function recordAuditEvent(q: Q, actor: Actor, event: AuditEvent): void {
  const changes = Object.fromEntries(
    Object.entries(event.details ?? {}).map(([key, value]) => [key, { before: null, after: value }]),
  );
  statement(
    q,
    `insert into audit_log (at, actor_id, command, table_name, record_id, action, changes, version)
    values (?, ?, ?, ?, ?, ?, ?, (select version from sync_meta where id = 1))`,
  ).run(
    new Date().toISOString(),
    actor.id,
    event.command,
    event.tableName,
    event.recordId,
    event.action,
    JSON.stringify(changes),
  );
}
