import { describe, expect, it } from 'vitest';

import { clockInNeedsReason, clockOutNeedsReason, DEFAULT_CLOCK_WINDOW, upcomingShiftsOf } from './shift.ts';

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

describe("a student's upcoming shifts (the home's card and My Shifts)", () => {
  const at = (id: string, date: string, over: { startTime?: string; cancelledAt?: string } = {}) => ({
    id,
    date,
    startTime: over.startTime ?? '07:00',
    durationMinutes: 720,
    cancelledAt: over.cancelledAt ?? null,
  });
  const on = (shiftId: string, over: { studentId?: string; clockOutAt?: string; deletedAt?: string } = {}) => ({
    id: `b-${shiftId}`,
    shiftId,
    studentId: over.studentId ?? 's1',
    clockOutAt: over.clockOutAt ?? null,
    deletedAt: over.deletedAt ?? null,
  });

  it('are their live bookings on shifts not cancelled, not over and not clocked out of, soonest first', () => {
    const shifts = [
      at('later', '2026-12-03'),
      at('tomorrow', '2026-12-02'),
      at('night', '2026-11-30', { startTime: '19:00' }),
      at('past', '2026-11-30'),
      at('cancelled', '2026-12-04', { cancelledAt: '2026-11-29T10:00' }),
      at('dropped', '2026-12-05'),
      at('done', '2026-12-01'),
      at('theirs', '2026-12-02'),
    ];
    const bookings = [
      on('later'),
      on('tomorrow'),
      on('night'),
      on('past'),
      on('cancelled'),
      on('dropped', { deletedAt: '2026-11-29T10:00' }),
      on('done', { clockOutAt: '2026-12-01T19:00' }),
      on('theirs', { studentId: 's2' }),
    ];
    // today is Dec 1: the night shift that started yesterday ends this morning, so it is still ahead of clocking out
    expect(upcomingShiftsOf('s1', shifts, bookings, '2026-12-01').map((u) => u.shift.id)).toEqual([
      'night',
      'tomorrow',
      'later',
    ]);
  });
});
