/**
 * POST /api/sync/pull: every row the user may see that changed after the client's cookie (a server version, never a
 * timestamp), tombstones and rows that left the user's view as deletes, the client's last processed mutation id and
 * its rejected mutations, all read in one transaction so they agree. A missing cookie or a changed view epoch gets
 * `clear` and a full snapshot.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import type { Actor } from '../../api/commands/command.ts';
import type { Db } from '../../api/db/open.ts';
import { SYNCED_TABLES, type MutationResult, type PatchOp, type PullRequest, type PullResponse } from '../protocol.ts';
import { lastMutationIdOf } from './clients.ts';
import { TABLE_SPECS } from './tables.ts';
import { viewOf } from './view.ts';

export function handlePull(db: Db, actor: Actor, req: PullRequest): PullResponse {
  return db.transaction((tx) => {
    const version = tx.get<{ version: number }>(sql`select version from sync_meta where id = 1`).version;
    const view = viewOf(tx, actor);
    const full = !req.cookie || req.cookie.epoch !== view.epoch || req.cookie.version > version;
    const since = full ? 0 : req.cookie!.version;
    const patch: PatchOp[] = full ? [{ op: 'clear' }] : [];
    for (const name of SYNCED_TABLES) {
      const spec = TABLE_SPECS[name];
      const table = spec.table as typeof t.users;
      for (const row of tx.select().from(table).where(gt(table.version, since)).all() as never[]) {
        const r = row as Parameters<typeof spec.visible>[1];
        if (!r.deletedAt && spec.visible(view, r)) patch.push({ op: 'put', table: name, row: spec.toClient(view, r) });
        else if (!full) patch.push({ op: 'del', table: name, id: r.id });
      }
    }
    const rejectedSince = req.cookie?.version ?? 0;
    const rejected: MutationResult[] = tx.select().from(t.mutationResults).where(and(
      eq(t.mutationResults.clientId, req.clientId), eq(t.mutationResults.status, 'rejected'), gt(t.mutationResults.version, rejectedSince),
    )).all().map((r) => ({
      id: r.mutationId, status: 'rejected', ...(r.code && { code: r.code }), ...(r.message && { message: r.message }),
      ...(r.fields && { fields: r.fields }),
    }));
    return { cookie: { version, epoch: view.epoch }, lastMutationId: lastMutationIdOf(tx, actor, req.clientId), patch, rejected };
  });
}
