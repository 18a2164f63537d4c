/**
 * How often a user may try to change their own e-mail: enough for a typo or two, too few to probe which addresses
 * have accounts (a checked attempt answers 409 for one) or to guess the password a borrowed session lacks. Keys are
 * signed-in users' ids, so the map stays as small as the user list; one server process keeps it in memory.
 */
const EMAIL_CHANGES = { limit: 5, windowMs: 15 * 60_000 } as const;

export class EmailChangeLimit {
  private attempts = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts an attempt by `userId` and answers 0, or counts nothing and answers the seconds until one is allowed. */
  take(userId: string): number {
    const now = this.now();
    const recent = (this.attempts.get(userId) ?? []).filter((at) => at > now - EMAIL_CHANGES.windowMs);
    this.attempts.set(userId, recent);
    if (recent.length >= EMAIL_CHANGES.limit) return Math.ceil((recent[0] + EMAIL_CHANGES.windowMs - now) / 1000);
    recent.push(now);
    return 0;
  }
}
