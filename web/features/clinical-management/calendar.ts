/** The Calendar tab's month grid and the clinical shifts placed on it, as plain data. */
import { format } from 'date-fns';

import { addDays } from '#schema/dates.ts';
import { shiftEnd } from '#schema/shift.ts';
import type { DomainRows } from '#sync/client/db.ts';

export interface CalendarDay {
  day: string;
  inMonth: boolean;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month `delta` months from `month` (both `YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const monthTitle = (month: string) => format(new Date(`${month}-01T00:00:00`), 'MMMM yyyy');

/** Whole weeks, Sunday to Saturday, covering the month; days of the neighbouring months are marked. */
export function monthWeeks(month: string): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number);
  const first = `${month}-01`;
  const leading = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < Math.ceil((leading + daysInMonth) / 7); w++) {
    weeks.push(
      Array.from({ length: 7 }, (_, d) => {
        const day = addDays(first, w * 7 + d - leading);
        return { day, inMonth: monthOf(day) === month };
      }),
    );
  }
  return weeks;
}

type ShiftRow = DomainRows['shifts'];
type BookingRow = Pick<DomainRows['shiftBookings'], 'shiftId' | 'studentId'>;

export interface Shift {
  /** Unique per day: a night shift has a part on each day it covers. */
  key: string;
  shift: ShiftRow;
  day: string;
  /** 'HH:mm–HH:mm' of the shift's part on this day. */
  time: string;
  /** The students booked on the shift. */
  studentIds: string[];
  /** Full: every slot booked; open: slots left to book. */
  status: 'full' | 'open';
}

/**
 * The scheduled shifts (issue 30: a shift with slots students book; approved time requests were migrated into such
 * shifts, one slot with the student booked) on each day they cover, with who is booked. Cancelled shifts are not
 * scheduled.
 */
export function scheduledShifts(shifts: readonly ShiftRow[], bookings: readonly BookingRow[]): Shift[] {
  const booked = new Map<string, string[]>();
  for (const b of bookings) booked.set(b.shiftId, [...(booked.get(b.shiftId) ?? []), b.studentId]);
  return shifts
    .filter((s) => !s.cancelledAt)
    .flatMap((shift) => {
      const studentIds = booked.get(shift.id) ?? [];
      const status = studentIds.length >= shift.slots ? 'full' : 'open';
      const end = shiftEnd(shift);
      const [endDay, endTime] = [end.slice(0, 10), end.slice(11)];
      const parts: Shift[] = [];
      for (let day = shift.date; day < endDay || (day === endDay && endTime !== '00:00'); day = addDays(day, 1)) {
        const from = day === shift.date ? shift.startTime : '00:00';
        const to = day === endDay ? endTime : '24:00';
        parts.push({ key: `${shift.id}:${day}`, shift, day, time: `${from}–${to}`, studentIds, status });
      }
      return parts;
    });
}

/** Shifts on each day from `from` to `to` (inclusive), in time order. */
export function shiftsByDay(shifts: readonly Shift[], from: string, to: string): Map<string, Shift[]> {
  const byDay = new Map<string, Shift[]>();
  for (const s of shifts) {
    if (s.day < from || s.day > to) continue;
    byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.time.localeCompare(b.time) || a.key.localeCompare(b.key));
  return byDay;
}
