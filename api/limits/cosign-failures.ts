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
import { EventLog } from './event-log.ts';

/** The lock as a quota: at most COSIGN_FAILURES.max failures in its window. */
const LOCK = [COSIGN_FAILURES] as const;

export class CosignFailures {
  /** Failed checks per key. */
  private readonly failed: EventLog;

  constructor(now: () => number = () => Date.now()) {
    this.failed = new EventLog(now);
  }

  /** Seconds until checks for all these keys run again; 0 now. */
  lockedFor(keys: readonly string[]): number {
    return Math.max(0, ...keys.map((key) => this.failed.waitFor(key, LOCK)));
  }

  /** Counts one failure against each key; answers the keys this failure locked. */
  fail(keys: readonly string[]): string[] {
    return keys.filter((key) => this.failed.add(key, LOCK) === COSIGN_FAILURES.max);
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
