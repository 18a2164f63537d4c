/**
 * Write quotas (schema/quotas.ts), per user, in memory: the server is one process, and a restart forgetting the last
 * hour's counts costs little. A write is checked before it runs and counted once applied, so refused writes (invalid,
 * forbidden) never use up a quota.
 */
import type { Database } from 'better-sqlite3';
import { ERR } from '#schema/messages.ts';
import { WRITE_QUOTAS, type QuotaWindow } from '#schema/quotas.ts';
import type { Q } from '../db/open.ts';
import { connectionOf } from '../db/statements.ts';

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
  /** Times of applied writes per user and kind, oldest first, none older than the kind's longest window. */
  private used = new Map<string, number[]>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Seconds until `userId` may run `commandName` again; 0 now (always, for a command without a quota). */
  retryAfter(userId: string, commandName: string): number {
    const entry = QUOTA_OF_COMMAND.get(commandName);
    if (!entry) return 0;
    const times = this.recent(`${userId}:${entry.kind}`, entry.quota);
    let waitMs = 0;
    for (const { max, seconds } of entry.quota.windows) {
      const inWindow = times.filter((at) => at > this.now() - seconds * 1000);
      if (inWindow.length >= max)
        waitMs = Math.max(waitMs, inWindow[inWindow.length - max] + seconds * 1000 - this.now());
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Throws QuotaExceeded when `userId` may not run `commandName` now. */
  check(userId: string, commandName: string): void {
    const wait = this.retryAfter(userId, commandName);
    if (wait > 0) throw new QuotaExceeded(wait);
  }

  /** Counts an applied write. */
  spend(userId: string, commandName: string): void {
    const entry = QUOTA_OF_COMMAND.get(commandName);
    if (entry)
      this.used.set(`${userId}:${entry.kind}`, [...this.recent(`${userId}:${entry.kind}`, entry.quota), this.now()]);
  }

  private recent(key: string, quota: Quota): number[] {
    const since = this.now() - Math.max(...quota.windows.map((w) => w.seconds)) * 1000;
    const kept = (this.used.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.used.set(key, kept);
    else this.used.delete(key);
    return kept;
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
