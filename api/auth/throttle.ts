/**
 * Sign-in throttling that slows a guesser without handing them a way to lock the real user out. Failures count per
 * (account, address) pair: the first few are free, then each further one doubles the wait, up to a cap. An account
 * and an address each also have a ceiling of failures per window, high enough that one address cannot reach an
 * account's ceiling (the pair's delays allow about 15 failures a window) and a shared office address is not shut
 * out by a few typos, low enough to stop guessing spread over many accounts or many addresses.
 */
export const SIGN_IN_RULES = {
  windowMs: 15 * 60_000,
  /** Failures of one account from one address before delays start. */
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** Failures of one account, from all addresses together, per window. */
  accountCeiling: 100,
  /** Failures from one address, for all accounts together, per window. */
  addressCeiling: 50,
};
export type SignInRules = typeof SIGN_IN_RULES;

/** Failure times per key within a sliding window. Keys are attacker-chosen, so expired ones are swept as it grows. */
class FailureLog {
  private times = new Map<string, number[]>();
  private sweepAt = 1_000;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.times.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.times.set(key, kept);
    else this.times.delete(key);
    return kept;
  }

  add(key: string): void {
    this.times.set(key, [...this.recent(key), this.now()]);
    if (this.times.size >= this.sweepAt) this.sweep();
  }

  clear(key: string): void {
    this.times.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.times.keys()]) this.recent(key);
    this.sweepAt = Math.max(1_000, this.times.size * 2);
  }
}

export class LoginThrottle {
  private readonly pairs: FailureLog;
  private readonly accounts: FailureLog;
  private readonly addresses: FailureLog;

  constructor(
    private readonly rules: SignInRules = SIGN_IN_RULES,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new FailureLog(rules.windowMs, now);
    this.accounts = new FailureLog(rules.windowMs, now);
    this.addresses = new FailureLog(rules.windowMs, now);
  }

  /** Seconds until `account` may try again from `address`, or 0. */
  retryAfter(account: string, address: string): number {
    const waitMs = Math.max(
      this.pairDelay(this.pairs.recent(pairKey(account, address))),
      this.ceilingWait(this.accounts.recent(account), this.rules.accountCeiling),
      this.ceilingWait(this.addresses.recent(address), this.rules.addressCeiling),
    );
    return Math.ceil(waitMs / 1000);
  }

  fail(account: string, address: string): void {
    this.pairs.add(pairKey(account, address));
    this.accounts.add(account);
    this.addresses.add(address);
  }

  /** The right password from this address: its own count starts again; the account's and address's ceilings stay. */
  succeed(account: string, address: string): void {
    this.pairs.clear(pairKey(account, address));
  }

  private pairDelay(failures: number[]): number {
    const over = failures.length - this.rules.freeFailures;
    if (over < 0) return 0;
    const delay = Math.min(this.rules.firstDelayMs * 2 ** over, this.rules.maxDelayMs);
    return Math.max(0, failures[failures.length - 1] + delay - this.now());
  }

  /** Until the oldest failure that keeps the count at the ceiling leaves the window. */
  private ceilingWait(failures: number[], ceiling: number): number {
    if (failures.length < ceiling) return 0;
    return failures[failures.length - ceiling] + this.rules.windowMs - this.now();
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;
