/**
 * Failed co-sign checks (schema/cosign.ts COSIGN_FAILURES), per student and per named address, in memory. Kept
 * outside the database on purpose: a refused sign-off rolls back every write of its command (the REST route's
 * transaction, the sync push's savepoint), so a count written there would vanish with the refusal. The address is
 * counted whether or not it names an account, so the lock answers alike for both and tells no one which addresses
 * are staff. A restart forgets the counts, as it does the write quotas'.
 */
import { COSIGN_FAILURES } from '#schema/cosign.ts';
import type { Q } from '../db/open.ts';
import { connectionOf } from '../db/statements.ts';

export class CosignFailures {
  /** Times of failures per key, oldest first, none older than the window. */
  private failed = new Map<string, number[]>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Seconds until checks for all these keys run again; 0 now. */
  lockedFor(keys: readonly string[]): number {
    let waitMs = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= COSIGN_FAILURES.max) {
        const freedAt = times[times.length - COSIGN_FAILURES.max] + COSIGN_FAILURES.seconds * 1000;
        waitMs = Math.max(waitMs, freedAt - this.now());
      }
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Counts one failure against each key; answers the keys this failure locked. */
  fail(keys: readonly string[]): string[] {
    return keys.filter((key) => {
      const times = [...this.recent(key), this.now()];
      this.failed.set(key, times);
      return times.length === COSIGN_FAILURES.max;
    });
  }

  private recent(key: string): number[] {
    const since = this.now() - COSIGN_FAILURES.seconds * 1000;
    const kept = (this.failed.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failed.set(key, kept);
    else this.failed.delete(key);
    return kept;
  }
}

const byConnection = new WeakMap<object, CosignFailures>();

/** The counts of the server working on this database. */
export function cosignFailuresOf(q: Q): CosignFailures {
  const conn = connectionOf(q);
  let failures = byConnection.get(conn);
  if (!failures) byConnection.set(conn, (failures = new CosignFailures()));
  return failures;
}
