import { describe, expect, it } from 'vitest';

import { createHlcClock, formatHlc, HLC_PATTERN, hlcTime, parseHlc } from './hlc.ts';

describe('hybrid logical clock', () => {
  it('orders stamps by when the user saved, as plain string comparison', () => {
    const early = formatHlc(Date.UTC(2026, 10, 23, 10, 0, 2), 0, 'device-b');
    const late = formatHlc(Date.UTC(2026, 10, 23, 10, 0, 4), 0, 'device-a');
    expect(early < late).toBe(true);
    expect(formatHlc(5, 2, 'a') > formatHlc(5, 1, 'z')).toBe(true);
  });

  it('never goes backwards when the wall clock does, and moves past stamps it has seen', () => {
    let wall = 1_000;
    const clock = createHlcClock('phone', () => wall);
    const a = clock.tick();
    wall = 500;
    const b = clock.tick();
    expect(b > a).toBe(true);
    clock.observe(formatHlc(9_000, 3, 'desk'));
    const c = clock.tick();
    expect(parseHlc(c)).toEqual({ ms: 9_000, counter: 4, node: 'phone' });
  });

  it('round-trips, says when it was made, and refuses malformed stamps', () => {
    const s = formatHlc(Date.UTC(2026, 0, 2), 7, 'client-1');
    expect(parseHlc(s)).toEqual({ ms: Date.UTC(2026, 0, 2), counter: 7, node: 'client-1' });
    expect(hlcTime(s)).toBe('2026-01-02T00:00:00.000Z');
    expect(HLC_PATTERN.test(s)).toBe(true);
    expect(HLC_PATTERN.test('9999-1-x')).toBe(false);
    expect(HLC_PATTERN.test(`${s}' or 1=1`)).toBe(false);
  });
});
