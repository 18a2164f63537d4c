import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { rowWhere } from '#api/db/rows.ts';
import { statement } from '#api/db/statements.ts';
import { forbidden } from '#api/http/errors.ts';
import { MAX_SYNC_CLIENTS_PER_USER } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

/** The server's record of a client database; a client id belongs to the user who first used it. */
export function clientFor(q: Q, actor: Actor, clientId: string, clientGroupId: string) {
  const existing = rowWhere<typeof t.syncClients.$inferSelect>(q, t.syncClients, 'client_id = ?', clientId);
  if (existing) {
    if (existing.userId !== actor.id) throw forbidden('This device database belongs to another user');
    return existing;
  }
  forgetUnusedClients(q, actor.id);
  const created = { clientId, clientGroupId, userId: actor.id, lastMutationId: 0, updatedAt: new Date().toISOString() };
  q.insert(t.syncClients).values(created).run();
  return created;
}

/**
 * Makes room for one more client of the user: a new client id costs a row, and anyone signed in can send any number
 * of them. The ones pushed to longest ago go, with their stored outcomes. Such a device, if it comes back, is answered
 * OutOfOrder with a counter of 0 and starts again under a new client id with its queue renumbered (sync/client/engine.ts),
 * so its queued changes still arrive.
 */
function forgetUnusedClients(q: Q, userId: string) {
  const forgotten = statement(
    q,
    `select client_id as clientId from sync_clients where user_id = ?
     order by updated_at desc, rowid desc limit -1 offset ?`,
  ).all(userId, MAX_SYNC_CLIENTS_PER_USER - 1) as { clientId: string }[];
  for (const { clientId } of forgotten) {
    statement(q, 'delete from mutation_results where client_id = ?').run(clientId);
    statement(q, 'delete from sync_clients where client_id = ?').run(clientId);
  }
}

/** For pull: the client's counter without creating a record (0 for a client that never pushed). */
export function lastMutationIdOf(q: Q, actor: Actor, clientId: string): number {
  const existing = rowWhere<typeof t.syncClients.$inferSelect>(q, t.syncClients, 'client_id = ?', clientId);
  if (existing && existing.userId !== actor.id) throw forbidden('This device database belongs to another user');
  return existing?.lastMutationId ?? 0;
}

/** A stored outcome's reason (mutation_results as raw row: fields are JSON text), without empty parts. */
export interface StoredOutcomeRow {
  code: string | null;
  message: string | null;
  fields: string | null;
}
export const storedReason = (r: StoredOutcomeRow) => ({
  ...(r.code && { code: r.code }),
  ...(r.message && { message: r.message }),
  ...(r.fields && { fields: JSON.parse(r.fields) as Record<string, string> }),
});
