/**
 * Sign-in throttling that slows a guesser without handing them a way to lock the real user out. Failures count per
 * (account, address) pair: the first few are free, then each further one doubles the wait, up to a cap. An account
 * and an address each also have a ceiling of failures per window, high enough that one address cannot reach an
 * account's ceiling (the pair's delays allow about 15 failures a window) and a shared office address is not shut
 * out by a few typos, low enough to stop guessing spread over many accounts or many addresses.
 * A ceiling never shuts out the owner: it holds back only pairs that are not known good (signed in successfully in
 * the last 30 days), and the account's ceiling only addresses that already failed for it in the window. So past the
 * account's ceiling each new address gets one guess a window, and a campus NAT past its ceiling still lets in those
 * who signed in from it before. An address is an IPv4 address or an IPv6 /64 (one host's usual allocation).
 */
import { isIP } from 'node:net';

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
  /** How long a successful sign-in makes its (account, address) pair known good, exempt from both ceilings. */
  knownPairMs: 30 * 86_400_000,
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
  /** Pairs that signed in, with when. Only a right password adds one, so an attacker cannot grow it. */
  private readonly knownPairs = new Map<string, number>();

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
    const bucket = addressBucket(address);
    const pair = this.pairs.recent(pairKey(account, bucket));
    const waits = [this.pairDelay(pair)];
    if (!this.isKnown(pairKey(account, bucket))) {
      if (pair.length > 0) waits.push(this.ceilingWait(this.accounts.recent(account), this.rules.accountCeiling));
      waits.push(this.ceilingWait(this.addresses.recent(bucket), this.rules.addressCeiling));
    }
    return Math.ceil(Math.max(...waits) / 1000);
  }

  fail(account: string, address: string): void {
    const bucket = addressBucket(address);
    this.pairs.add(pairKey(account, bucket));
    this.accounts.add(account);
    this.addresses.add(bucket);
  }

  /**
   * The right password from this address: its own count starts again and the pair is known good; the account's and
   * address's ceilings stay.
   */
  succeed(account: string, address: string): void {
    const key = pairKey(account, addressBucket(address));
    this.pairs.clear(key);
    this.knownPairs.delete(key);
    this.knownPairs.set(key, this.now());
    this.forgetOldPairs();
  }

  private isKnown(key: string): boolean {
    const at = this.knownPairs.get(key);
    return at !== undefined && at > this.now() - this.rules.knownPairMs;
  }

  /** The map is in sign-in order (succeed re-inserts), so the expired pairs are at its start. */
  private forgetOldPairs(): void {
    for (const [key, at] of this.knownPairs) {
      if (at > this.now() - this.rules.knownPairMs) return;
      this.knownPairs.delete(key);
    }
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

const pairKey = (account: string, bucket: string) => `${account}\n${bucket}`;

/**
 * What one client is: an IPv4 address, or an IPv6 address's /64 (a single home or phone gets a whole /64, so counting
 * by address would give it 2^64 buckets). An IPv4-mapped IPv6 address (a dual-stack socket's) is its IPv4 address.
 */
function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  if (address.includes('::')) {
    const rest = tail ? tail.split(':') : [];
    groups.push(...Array<string>(8 - groups.length - rest.length).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
