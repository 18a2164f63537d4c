/**
 * POST /api/sync/push: replays an offline client's queued mutations exactly once, in order.
 * Per client the server keeps the last mutation id it processed (as Replicache's lastMutationID): a client numbers its
 * mutations 1, 2, 3... and the server takes them only in that order, so that one counter says which were processed.
 * A mutation at or below it is a duplicate, answered as applied unless a rejection is stored for it (only rejections
 * are kept one a row: the client must be told their reason); one that skips an id stops the batch (OutOfOrder). The batch is one transaction with a
 * savepoint per mutation, and the counter moves once at its end: a permanent failure (invalid, forbidden, conflict...)
 * rolls back to its savepoint and its reason is recorded, so the queue never blocks and nothing vanishes. The batch's
 * applied mutations share one data version, taken by the first of them: they commit together, so no reader can tell
 * them apart by version, and moving the counter once per mutation was a tenth of a push's cost. A transient
 * failure (database busy, disk full) rolls the whole batch back with nothing advanced; the client retries it.
 * A batch stops early, at a mutation boundary, once it has run for PUSH_TIME_BUDGET_MS: the server's one thread serves
 * everyone, and the client sends the rest in its next push. It also stops before a mutation over its user's write quota
 * (api/limits/quotas.ts): what came before is kept, that mutation and the rest are not processed, and the push answers
 * 429 with Retry-After, so the client keeps them queued and sends them then (its pull meanwhile settles the rest).
 */
import type { Actor, Command } from '#api/commands/command.ts';
import { applyCommand } from '#api/commands/command.ts';
import type { Db, Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { isTransientDbError, TransientError } from '#api/db/transient.ts';
import { dataVersion } from '#api/db/version-cache.ts';
import { AppError } from '#api/http/errors.ts';
import { QuotaExceeded, quotasOf } from '#api/limits/quotas.ts';
import { log } from '#api/log.ts';

import type { Mutation, MutationResult, PushRequest, PushResponse } from '../protocol.ts';
import { clientFor, type StoredOutcomeRow, storedReason } from './clients.ts';

export function handlePush(
  db: Db,
  actor: Actor,
  req: PushRequest,
  commands: ReadonlyMap<string, Command>,
): PushResponse {
  let batch: Batch;
  try {
    batch = db.transaction((tx) => pushBatch(tx, actor, req, commands), { behavior: 'immediate' });
  } catch (e) {
    throw isTransientDbError(e) ? new TransientError(e) : e;
  }
  if (batch.quotaWait) throw new QuotaExceeded(batch.quotaWait);
  return batch.response;
}

/** How long one push may hold the server before it stops at the next mutation (the aim: no request holds it 100 ms). */
export const PUSH_TIME_BUDGET_MS = 50;

/** What a batch did; `quotaWait` (seconds) when it stopped at a mutation over its user's quota. */
interface Batch {
  response: PushResponse;
  quotaWait: number;
}

function pushBatch(tx: Q, actor: Actor, req: PushRequest, commands: ReadonlyMap<string, Command>): Batch {
  const started = performance.now();
  const quotas = quotasOf(tx);
  const first = clientFor(tx, actor, req.clientId, req.clientGroupId).lastMutationId;
  let last = first;
  const results: MutationResult[] = [];
  let error: PushResponse['error'];
  let quotaWait = 0;
  let version: number | undefined;
  for (const m of [...req.mutations].sort((a, b) => a.id - b.id)) {
    if (results.length > 0 && performance.now() - started > PUSH_TIME_BUDGET_MS) break;
    if (m.id <= last) {
      results.push(storedOutcome(tx, req.clientId, m.id));
      continue;
    }
    if (m.id > last + 1) {
      error = 'OutOfOrder';
      break;
    }
    quotaWait = quotas.retryAfter(actor.id, m.name);
    if (quotaWait > 0) break;
    const result = processMutation(tx, actor, req.clientId, m, commands, version);
    if (result.status === 'applied') {
      quotas.spend(actor.id, m.name);
      version = result.version;
    }
    results.push(result.outcome);
    last = m.id;
  }
  if (last !== first) advanceCounter(tx, req.clientId, first, last);
  return { response: { results, lastMutationId: last, ...(error && { error }) }, quotaWait };
}

/**
 * Applies one mutation under a savepoint, stamped with the batch's version (`batchVersion`; none yet: it takes the next,
 * which its rollback gives back); a permanent failure undoes its writes and is recorded for the client. An applied one
 * leaves no row of its own: the counter the batch moves at its end records it (a fifth of a push's writes, issue 31).
 */
function processMutation(
  tx: Q,
  actor: Actor,
  clientId: string,
  m: Mutation,
  commands: ReadonlyMap<string, Command>,
  batchVersion: number | undefined,
): { outcome: MutationResult; status: 'applied'; version: number } | { outcome: MutationResult; status: 'rejected' } {
  statement(tx, 'savepoint mutation').run();
  try {
    const command = commands.get(m.name);
    if (!command) throw new AppError(400, `Unknown mutation ${m.name}`);
    const { version } = applyCommand(tx, asQueued(command, m), actor, m.args, undefined, batchVersion);
    statement(tx, 'release mutation').run();
    return { outcome: { id: m.id, status: 'applied' }, status: 'applied', version };
  } catch (e) {
    statement(tx, 'rollback to mutation').run();
    statement(tx, 'release mutation').run();
    if (isTransientDbError(e)) throw e;
    const outcome = rejection(m.id, e);
    recordOutcome(tx, clientId, outcome, dataVersion(tx));
    return { outcome, status: 'rejected' };
  }
}

/** A mutation an older app queued (no argsVersion) is checked against the arguments that app was allowed. */
const asQueued = (command: Command, m: Mutation): Command =>
  m.argsVersion === undefined && command.queuedArgs ? { ...command, args: command.queuedArgs } : command;

function rejection(id: number, e: unknown): MutationResult {
  if (e instanceof AppError) {
    return {
      id,
      status: 'rejected',
      code: String(e.status),
      message: e.message,
      ...(e.fields && { fields: e.fields }),
    };
  }
  log.error('sync push: mutation failed', e);
  return { id, status: 'rejected', code: 'ServerError', message: 'The server could not apply this change.' };
}

function advanceCounter(tx: Q, clientId: string, from: number, to: number) {
  const updated = statement(
    tx,
    'update sync_clients set last_mutation_id = ?, updated_at = ? where client_id = ? and last_mutation_id = ?',
  ).run(to, new Date().toISOString(), clientId, from);
  if (updated.changes !== 1) throw new TransientError(new Error('client counter moved during push'));
}

/**
 * Kept to answer duplicates and to report the rejection on a pull. A rejection keeps the data version current when it was refused, without taking a new one
 * (that would drop every user's kept answers for a change that changed nothing); a pull from a cookie at or before that
 * version reports it, so a device whose push answer was lost still learns of it.
 */
function recordOutcome(tx: Q, clientId: string, result: MutationResult, version: number) {
  statement(
    tx,
    'insert into mutation_results (client_id, mutation_id, status, code, message, fields, version) values (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    clientId,
    result.id,
    result.status,
    result.code ?? null,
    result.message ?? null,
    result.fields ? JSON.stringify(result.fields) : null,
    version,
  );
}

/** A processed mutation without a stored rejection was applied: the counter, not a row, records those. */
function storedOutcome(tx: Q, clientId: string, id: number): MutationResult {
  const stored = statement(
    tx,
    'select status, code, message, fields from mutation_results where client_id = ? and mutation_id = ?',
  ).get(clientId, id) as (StoredOutcomeRow & { status: 'applied' | 'rejected' }) | undefined;
  if (!stored) return { id, status: 'duplicate', original: 'applied' };
  return { id, status: 'duplicate', original: stored.status, ...storedReason(stored) };
}
