/**
 * POST /api/sync/pull: every row the user may see that changed after the client's cookie (a server version, never a
 * timestamp), tombstones and rows that left the user's view as deletes, the client's last processed mutation id and
 * its rejected mutations, all read in one transaction so they agree. A missing cookie or a changed view epoch gets
 * `clear` and a full snapshot.
 */
import { gt } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import type { Actor } from '../../api/commands/command.ts';
import type { Db } from '../../api/db/open.ts';
import { readTransaction, statement } from '../../api/db/statements.ts';
import { dataVersion } from '../../api/db/version-cache.ts';
import { SYNCED_TABLES, type PatchOp, type PullRequest, type PullResponse } from '../protocol.ts';
import { lastMutationIdOf, storedReason, type StoredOutcomeRow } from './clients.ts';
import { TABLE_SPECS } from './tables.ts';
import { viewAt } from './view.ts';

/**
 * At or after the cookie's version: a rejection takes no version of its own (push.ts), so one refused at the cookie's
 * version may be news to this client. It is reported again until the data moves on; the client ignores what it settled.
 */
const REJECTED_SINCE = `select mutation_id as mutationId, code, message, fields from mutation_results
  where client_id = @clientId and status = 'rejected' and version >= @since`;
interface RejectedRow extends StoredOutcomeRow {
  mutationId: number;
}

export function handlePull(db: Db, actor: Actor, req: PullRequest): PullResponse {
  return readTransaction(db, () => {
    const version = dataVersion(db);
    const view = viewAt(db, actor, version);
    const full = !req.cookie || req.cookie.epoch !== view.epoch || req.cookie.version > version;
    const since = full ? 0 : req.cookie!.version;
    const patch: PatchOp[] = full ? [{ op: 'clear' }] : [];
    for (const name of since < version ? SYNCED_TABLES : []) {
      const spec = TABLE_SPECS[name];
      const table = spec.table as typeof t.users;
      for (const row of db.select().from(table).where(gt(table.version, since)).all() as never[]) {
        const r = row as Parameters<typeof spec.visible>[1];
        if (!r.deletedAt && spec.visible(view, r)) patch.push({ op: 'put', table: name, row: spec.toClient(view, r) });
        else if (!full) patch.push({ op: 'del', table: name, id: r.id });
      }
    }
    const rejected = (
      statement(db, REJECTED_SINCE).all({ clientId: req.clientId, since: req.cookie?.version ?? 0 }) as RejectedRow[]
    ).map((r) => ({ id: r.mutationId, status: 'rejected' as const, ...storedReason(r) }));
    return {
      cookie: { version, epoch: view.epoch },
      lastMutationId: lastMutationIdOf(db, actor, req.clientId),
      patch,
      rejected,
    };
  });
}
