import { describe, expect, it } from 'vitest';

import { LoginThrottle, SIGN_IN_RULES } from './throttle.ts';

function clock() {
  let now = 1_000_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const VICTIM = 'director@test.local';

describe('sign-in throttling', () => {
  it('lets the real user in from their address while an attacker fails the same account from another', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    for (let i = 0; i < 20; i++) throttle.fail(VICTIM, '203.0.113.9');
    expect(throttle.retryAfter(VICTIM, '203.0.113.9')).toBeGreaterThan(0);
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(0);
  });

  it('gives five free tries per account and address, then a wait that doubles with each failure, up to the cap', () => {
    const throttle = new LoginThrottle(SIGN_IN_RULES, clock().now);
    const after = [];
    for (let i = 0; i < 12; i++) {
      throttle.fail(VICTIM, '203.0.113.9');
      after.push(throttle.retryAfter(VICTIM, '203.0.113.9'));
    }
    expect(after).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128]);
    for (let i = 0; i < 10; i++) throttle.fail(VICTIM, '203.0.113.9');
    expect(throttle.retryAfter(VICTIM, '203.0.113.9')).toBe(SIGN_IN_RULES.maxDelayMs / 1000);
  });

  it('one address trying as fast as it is allowed for two hours never reaches the account ceiling', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    const attempts: number[] = [];
    const end = time.now() + 2 * 3_600_000;
    while (time.now() < end) {
      const wait = throttle.retryAfter(VICTIM, '203.0.113.9');
      if (wait > 0) time.advance(wait * 1000);
      else {
        attempts.push(time.now());
        throttle.fail(VICTIM, '203.0.113.9');
      }
    }
    const mostInAWindow = Math.max(
      ...attempts.map((at) => attempts.filter((b) => b >= at && b < at + SIGN_IN_RULES.windowMs).length),
    );
    expect(mostInAWindow).toBeLessThan(SIGN_IN_RULES.accountCeiling / 4);
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(0);
  });

  it('past the account ceiling, an address that failed for the account waits out the window; a new one gets one try', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    for (let i = 0; i < SIGN_IN_RULES.accountCeiling; i++) throttle.fail(VICTIM, `10.0.${i % 20}.1`);
    expect(throttle.retryAfter(VICTIM, '10.0.3.1')).toBe(SIGN_IN_RULES.windowMs / 1000);
    // the owner, from an address that has not failed for the account, is let in to try their password
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(0);
    throttle.fail(VICTIM, '198.51.100.7');
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(SIGN_IN_RULES.windowMs / 1000);
    expect(throttle.retryAfter('student@test.local', '10.0.3.1')).toBe(0);
    time.advance(SIGN_IN_RULES.windowMs);
    expect(throttle.retryAfter(VICTIM, '10.0.3.1')).toBe(0);
  });

  it('past the account ceiling, the owner still signs in from an address they signed in from before, typos included', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    throttle.succeed(VICTIM, '198.51.100.7');
    time.advance(24 * 3_600_000);
    for (let i = 0; i < SIGN_IN_RULES.accountCeiling; i++) throttle.fail(VICTIM, `10.0.${i % 20}.1`);
    throttle.fail(VICTIM, '198.51.100.7');
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(0);
  });

  it('past a shared address ceiling, an account that signed in from it before still may; others wait', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    const campus = '198.51.100.1';
    throttle.succeed('student@test.local', campus);
    for (let i = 0; i < SIGN_IN_RULES.addressCeiling; i++) throttle.fail(`user${i}@test.local`, campus);
    expect(throttle.retryAfter('student@test.local', campus)).toBe(0);
    expect(throttle.retryAfter('someone-else@test.local', campus)).toBe(SIGN_IN_RULES.windowMs / 1000);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', () => {
    const throttle = new LoginThrottle(SIGN_IN_RULES, clock().now);
    for (let i = 0; i < 10; i++) throttle.fail(VICTIM, `2001:db8:1:2:${i.toString(16)}::${i + 1}`);
    expect(throttle.retryAfter(VICTIM, '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBeGreaterThan(0);
    expect(throttle.retryAfter(VICTIM, '2001:db8:1:3::1')).toBe(0);
    for (let i = 0; i < 10; i++) throttle.fail(VICTIM, '::ffff:203.0.113.9');
    expect(throttle.retryAfter(VICTIM, '203.0.113.9')).toBeGreaterThan(0);
  });

  it('stops guessing spread over many accounts from one address at the address ceiling, and only there', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    for (let i = 0; i < SIGN_IN_RULES.addressCeiling; i++) throttle.fail(`user${i}@test.local`, '203.0.113.9');
    expect(throttle.retryAfter('someone-else@test.local', '203.0.113.9')).toBe(SIGN_IN_RULES.windowMs / 1000);
    expect(throttle.retryAfter('someone-else@test.local', '198.51.100.7')).toBe(0);
  });

  it('the right password restarts the count of its own account and address only', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_RULES, time.now);
    for (let i = 0; i < 5; i++) throttle.fail(VICTIM, '198.51.100.7');
    throttle.succeed(VICTIM, '198.51.100.7');
    throttle.fail(VICTIM, '198.51.100.7');
    expect(throttle.retryAfter(VICTIM, '198.51.100.7')).toBe(0);
  });
});
