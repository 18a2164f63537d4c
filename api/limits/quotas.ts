/**
 * Write quotas (schema/quotas.ts), per user, in memory: the server is one process, and a restart forgetting the last
 * hour's counts costs little. A write is checked before it runs and counted once applied, so refused writes (invalid,
 * forbidden) never use up a quota.
 */
import type { Database } from 'better-sqlite3';

import { ERR } from '#schema/messages.ts';
import { type QuotaWindow, WRITE_QUOTAS } from '#schema/quotas.ts';

import type { Q } from '../db/open.ts';
import { connectionOf } from '../db/statements.ts';
import { EventLog } from './event-log.ts';

/**
 * A write refused for now, not for good: the same write succeeds after `retryAfter` seconds. Deliberately not an
 * AppError, so that no path records it as a permanent refusal (the sync push stops its batch there instead).
 */
export class QuotaExceeded extends Error {
  constructor(readonly retryAfter: number) {
    super(ERR.tooManyChanges);
  }
}

type Quota = { windows: readonly QuotaWindow[] };
const QUOTA_OF_COMMAND = new Map<string, { kind: string; quota: Quota }>(
  Object.entries(WRITE_QUOTAS).flatMap(([kind, quota]) => quota.commands.map((name) => [name, { kind, quota }])),
);

export class WriteQuotas {
  /** Applied writes per user and kind. */
  private readonly used: EventLog;

  constructor(now: () => number = () => Date.now()) {
    this.used = new EventLog(now);
  }

  /** Seconds until `userId` may run `commandName` again; 0 now (always, for a command without a quota). */
  retryAfter(userId: string, commandName: string): number {
    const entry = QUOTA_OF_COMMAND.get(commandName);
    return entry ? this.used.waitFor(`${userId}:${entry.kind}`, entry.quota.windows) : 0;
  }

  /** Throws QuotaExceeded when `userId` may not run `commandName` now. */
  check(userId: string, commandName: string): void {
    const wait = this.retryAfter(userId, commandName);
    if (wait > 0) throw new QuotaExceeded(wait);
  }

  /** Counts an applied write. */
  spend(userId: string, commandName: string): void {
    const entry = QUOTA_OF_COMMAND.get(commandName);
    if (entry) this.used.add(`${userId}:${entry.kind}`, entry.quota.windows);
  }
}

const byConnection = new WeakMap<Database, WriteQuotas>();

/** The quotas of the server working on this database (tests that move the clock give it theirs with `replaceQuotas`). */
export function quotasOf(q: Q): WriteQuotas {
  const conn = connectionOf(q);
  let quotas = byConnection.get(conn);
  if (!quotas) byConnection.set(conn, (quotas = new WriteQuotas()));
  return quotas;
}

export function replaceQuotas(q: Q, quotas: WriteQuotas): void {
  byConnection.set(connectionOf(q), quotas);
}
