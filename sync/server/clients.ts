import * as t from '../../schema/tables.ts';
import type { Actor } from '../../api/commands/command.ts';
import type { Q } from '../../api/db/open.ts';
import { rowWhere } from '../../api/db/rows.ts';
import { forbidden } from '../../api/http/errors.ts';

/** The server's record of a client database; a client id belongs to the user who first used it. */
export function clientFor(q: Q, actor: Actor, clientId: string, clientGroupId: string) {
  const existing = rowWhere<typeof t.syncClients.$inferSelect>(q, t.syncClients, 'client_id = ?', clientId);
  if (existing) {
    if (existing.userId !== actor.id) throw forbidden('This device database belongs to another user');
    return existing;
  }
  const created = { clientId, clientGroupId, userId: actor.id, lastMutationId: 0, updatedAt: new Date().toISOString() };
  q.insert(t.syncClients).values(created).run();
  return created;
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
