/**
 * POST /api/sync/push: replays an offline client's queued mutations exactly once, in order.
 * Per client the server keeps the last mutation id it processed. A mutation at or below it is a duplicate (answered
 * with the stored outcome); one that skips an id stops the batch (OutOfOrder); the next one is applied and the counter
 * bumped in one transaction. A permanent failure (invalid, forbidden, conflict...) rolls the mutation back, then a
 * second transaction advances the counter and records why, so the queue never blocks and nothing vanishes. A
 * transient failure (database busy, disk full) stops the batch with nothing advanced; the client retries.
 */
import { and, eq } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import type { Actor, Command } from '../../api/commands/command.ts';
import { applyCommand, nextVersion } from '../../api/commands/command.ts';
import type { Db, Q } from '../../api/db/open.ts';
import { statement } from '../../api/db/statements.ts';
import { AppError } from '../../api/http/errors.ts';
import type { Mutation, MutationResult, PushRequest, PushResponse } from '../protocol.ts';
import { TransientError, isTransientDbError } from './transient.ts';
import { clientFor } from './clients.ts';

export function handlePush(db: Db, actor: Actor, req: PushRequest, commands: ReadonlyMap<string, Command>): PushResponse {
  let last = clientFor(db, actor, req.clientId, req.clientGroupId).lastMutationId;
  const results: MutationResult[] = [];
  for (const m of [...req.mutations].sort((a, b) => a.id - b.id)) {
    if (m.id <= last) {
      results.push(storedOutcome(db, req.clientId, m.id));
      continue;
    }
    if (m.id > last + 1) return { results, lastMutationId: last, error: 'OutOfOrder' };
    results.push(processMutation(db, actor, req.clientId, m, commands));
    last = m.id;
  }
  return { results, lastMutationId: last };
}

function processMutation(db: Db, actor: Actor, clientId: string, m: Mutation, commands: ReadonlyMap<string, Command>): MutationResult {
  try {
    return db.transaction((tx) => {
      const command = commands.get(m.name);
      if (!command) throw new AppError(400, `Unknown mutation ${m.name}`);
      applyCommand(tx, command, actor, m.args);
      const result: MutationResult = { id: m.id, status: 'applied' };
      advance(tx, clientId, result, currentVersion(tx));
      return result;
    }, { behavior: 'immediate' });
  } catch (e) {
    if (isTransientDbError(e)) throw new TransientError(e);
    const result = rejection(m.id, e);
    db.transaction((tx) => advance(tx, clientId, result, nextVersion(tx)), { behavior: 'immediate' });
    return result;
  }
}

function rejection(id: number, e: unknown): MutationResult {
  if (e instanceof AppError) {
    return { id, status: 'rejected', code: String(e.status), message: e.message, ...(e.fields && { fields: e.fields }) };
  }
  console.error('sync push: mutation failed', e);
  return { id, status: 'rejected', code: 'ServerError', message: 'The server could not apply this change.' };
}

function advance(tx: Q, clientId: string, result: MutationResult, version: number) {
  const updated = statement(tx, 'update sync_clients set last_mutation_id = ?, updated_at = ? where client_id = ? and last_mutation_id = ?')
    .run(result.id, new Date().toISOString(), clientId, result.id - 1);
  if (updated.changes !== 1) throw new TransientError(new Error('client counter moved during push'));
  statement(tx, 'insert into mutation_results (client_id, mutation_id, status, code, message, fields, version) values (?, ?, ?, ?, ?, ?, ?)')
    .run(clientId, result.id, result.status, result.code ?? null, result.message ?? null, result.fields ? JSON.stringify(result.fields) : null, version);
}

const currentVersion = (tx: Q) => (statement(tx, 'select version from sync_meta where id = 1').get() as { version: number }).version;

function storedOutcome(db: Db, clientId: string, id: number): MutationResult {
  const stored = db.select().from(t.mutationResults)
    .where(and(eq(t.mutationResults.clientId, clientId), eq(t.mutationResults.mutationId, id))).get();
  if (!stored) return { id, status: 'duplicate', original: 'applied' };
  return {
    id, status: 'duplicate', original: stored.status as 'applied' | 'rejected',
    ...(stored.code && { code: stored.code }), ...(stored.message && { message: stored.message }),
    ...(stored.fields && { fields: stored.fields }),
  };
}
