import { describe, expect, it } from 'vitest';

import { COSIGN_FAILURES } from '#schema/cosign.ts';

import { CosignFailures } from './cosign-failures.ts';

describe('failed co-sign checks', () => {
  let clock = 0;
  const failures = () => new CosignFailures(() => clock);
  const student = (n: number) => `student:${n}`;
  const address = 'address:preceptor@example.org';

  it('lock a named address after the limit, whichever students the guesses were for', () => {
    clock = 0;
    const f = failures();
    for (let n = 1; n < COSIGN_FAILURES.max; n++) expect(f.fail([student(n), address])).toEqual([]);
    expect(f.lockedFor([student(9), address])).toBe(0);
    expect(f.fail([student(COSIGN_FAILURES.max), address])).toEqual([address]);
    expect(f.lockedFor([student(9), address])).toBe(COSIGN_FAILURES.seconds);
    expect(f.lockedFor([student(9), 'address:other@example.org'])).toBe(0);
  });

  it('lock a student after the limit, whichever addresses were named', () => {
    clock = 0;
    const f = failures();
    for (let n = 1; n <= COSIGN_FAILURES.max; n++) f.fail([student(1), `address:${n}@example.org`]);
    expect(f.lockedFor([student(1), 'address:new@example.org'])).toBe(COSIGN_FAILURES.seconds);
    expect(f.lockedFor([student(2), 'address:new@example.org'])).toBe(0);
  });

  it('forget failures once they leave the window, oldest first', () => {
    clock = 0;
    const f = failures();
    for (let n = 0; n < COSIGN_FAILURES.max; n++) {
      clock = n * 60_000;
      f.fail([student(1)]);
    }
    clock = COSIGN_FAILURES.seconds * 1000 - 1;
    expect(f.lockedFor([student(1)])).toBe(1);
    clock = COSIGN_FAILURES.seconds * 1000;
    expect(f.lockedFor([student(1)])).toBe(0);
  });
});
