import { describe, expect, it } from 'vitest';

import { clockInNeedsReason, clockOutNeedsReason, DEFAULT_CLOCK_WINDOW } from './shift.ts';

const shift = { date: '2026-12-01', startTime: '07:00', durationMinutes: 720 };

describe('the clock-in window rule (device and server)', () => {
  it('by default a clock-in from 10 minutes early to 5 late needs no reason', () => {
    const needs = (at: string) => clockInNeedsReason(shift, DEFAULT_CLOCK_WINDOW, `2026-12-01T${at}`, null);
    expect([needs('06:50'), needs('07:05'), needs('06:49'), needs('07:06')]).toEqual([false, false, true, true]);
  });

  it("follows the program's window, and away from the site always needs a reason", () => {
    const wide = { clockEarlyMinutes: 30, clockLateMinutes: 20 };
    expect(clockInNeedsReason(shift, wide, '2026-12-01T06:30', null)).toBe(false);
    expect(clockInNeedsReason(shift, wide, '2026-12-01T07:20', true)).toBe(false);
    expect(clockInNeedsReason(shift, wide, '2026-12-01T07:21', true)).toBe(true);
    expect(clockInNeedsReason(shift, wide, '2026-12-01T07:00', false)).toBe(true);
  });

  it("a clock-out needs a reason beyond the window's wider side of the shift's end", () => {
    const w = { clockEarlyMinutes: 10, clockLateMinutes: 5 };
    expect(clockOutNeedsReason(shift, w, '2026-12-01T19:10')).toBe(false);
    expect(clockOutNeedsReason(shift, w, '2026-12-01T18:49')).toBe(true);
  });
});
