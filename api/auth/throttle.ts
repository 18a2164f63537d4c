/** Sign-in throttling: after `limit` failures for one e-mail (or one address) within the window, refuse until it passes. */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until the key may try again, or 0. */
  retryAfter(keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= this.limit) wait = Math.max(wait, Math.ceil((times[times.length - this.limit] + this.windowMs - this.now()) / 1000));
    }
    return wait;
  }

  fail(keys: string[]): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}
