/**
 * POST /api/sync/pull: every row the user may see that changed after the client's cookie (a server version, never a
 * timestamp), tombstones and rows that left the user's view as deletes, the client's last processed mutation id and
 * its rejected mutations, all read in one transaction so they agree. A missing cookie or a changed view epoch gets
 * `clear` and a full snapshot.
 */
import { and, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import type { Actor } from '../../api/commands/command.ts';
import type { Db } from '../../api/db/open.ts';
import { readTransaction, statement } from '../../api/db/statements.ts';
import { dataVersion } from '../../api/db/version-cache.ts';
import { SYNCED_TABLES, type PatchOp, type PullRequest, type PullResponse } from '../protocol.ts';
import { lastMutationIdOf, storedReason, type StoredOutcomeRow } from './clients.ts';
import { TABLE_SPECS, type TableSpec } from './tables.ts';
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

type Row = Parameters<TableSpec['toClient']>[1];
type Table = typeof t.users;

const liveRows = (db: Db, table: TableSpec['table'], visible: SQL | undefined) => {
  const tb = table as Table;
  return db
    .select()
    .from(tb)
    .where(and(isNull(tb.deletedAt), visible))
    .all() as unknown as Row[];
};

/** Rows changed after `since` that the client may hold, each saying whether the user sees it now. */
function changedRows(
  db: Db,
  table: TableSpec['table'],
  since: number,
  visible: SQL | undefined,
  held: SQL | undefined,
) {
  const tb = table as Table;
  return db
    .select({ ...getTableColumns(tb), visible: sql<number>`${visible ?? sql`1`}` })
    .from(tb)
    .where(and(gt(tb.version, since), held))
    .all() as unknown as (Row & { visible: number })[];
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
      const visible = view.visible[name];
      if (full) {
        for (const row of liveRows(db, spec.table, visible))
          patch.push({ op: 'put', table: name, row: spec.toClient(view, row) });
        continue;
      }
      const held = spec.held ? spec.held(view, since) : visible;
      for (const { visible: seen, ...row } of changedRows(db, spec.table, since, visible, held)) {
        if (seen && !row.deletedAt) patch.push({ op: 'put', table: name, row: spec.toClient(view, row) });
        else patch.push({ op: 'del', table: name, id: row.id });
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
